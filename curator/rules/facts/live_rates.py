"""Readings of a live system stated as where it stands: traffic and spend rates ("about 1.2M reads a day", "现在每天大约 120 万次读取"),
shares named after the number ("98.7 % crash-free users"), audience and sizes after "now" ("现在 3.2k 关注", "现在总共 412 MB")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.count_shapes import year_value
from curator.rules.facts.snapshots import dated_past, reading_span, sentence_start

_N = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_MAGNITUDE = r"(?:k|m|b|bn|million|thousand|w|万|千|亿)"
_EVENTS = (
    r"reads|writes|requests|reqs|queries|calls|api calls|events|messages|orders|sessions|visits|page ?views|signups|sign-ups"
    r"|downloads|installs|uploads|jobs|emails|notifications|invocations|lookups|hits|transactions|payments|searches|logins"
    r"|users|visitors|players|errors|crashes|tickets"
)
_EN_RATE = re.compile(
    rf"(?<![\w.#/-])[$€£]?{_N}\s*{_MAGNITUDE}?\s+(?:[a-z][\w-]*\s+){{0,2}}?(?:{_EVENTS})\s+(?:a|an|per|/|each)\s*"
    r"(?:day|hour|minute|second|week|month|sec|min)\b"
    rf"|(?<![\w.#/-])[$€£]{_N}\s*{_MAGNITUDE}?\s*(?:a|per|/|each)\s*(?:month|year|week|day|mo)\b"
)
_ZH_RATE = re.compile(
    r"(?:每天|每日|每小时|每分钟|每秒|每周|每月|每个月|日均|月均|周均|一天|一个月)\s*(?:大约|大概|约|将近|差不多|平均|有|能有|稳定在|在)*\s*"
    rf"[$€£￥¥]?{_N}\s*({_MAGNITUDE})?\s*(?:多|余)?\s*(?:次|个|条|单|笔|人|元|美元|块|篇|张|请求|调用)?"
)
_SHARE_AFTER = re.compile(
    rf"(?<![\w.#/-]){_N}\s*%\s+(?:of\s+)?(?:(?:the|our|all)\s+)?(?:crash-free|error|success|failure|cache hit|hit|uptime|availability"
    r"|coverage|retention|conversion|churn|bounce|open|click|pass|adoption)\b"
    rf"|(?<![\d.]){_N}\s*%\s*(?:的)?\s*(?:用户|会话|设备)?\s*(?:无崩溃|不崩溃|崩溃率|错误率|成功率|失败率|覆盖率|留存|转化|命中率)"
)
_ZH_NOW = re.compile(r"现在|目前|当前|这阵子|最近")
_NOW = re.compile(r"现在|目前|当前|这阵子|最近|\b(?:currently|right now|at the moment|these days|today|now)\b")
_ZH_AFTER_NOW = re.compile(
    rf"\s*(?:总共|一共|共|合计|大约|大概|约|将近|有|是|在|已经|已)*\s*[$€£￥¥]?{_N}\s*(?:{_MAGNITUDE}(?![a-z])|(?:kb|mb|gb|tb)\b|(?=[\u4e00-\u9fff]))"
)
_APPROXIMATE = re.compile(
    r"\b(?:about|around|roughly|approximately|nearly|almost|over|some|averag\w*)\s*$|~\s*$|大约|大概|约|将近|差不多|左右|上下|平均|日均|月均"
)
_DOING = re.compile(
    r"\b(?:we|it|they|the app|the site|the api|the service)?\s*(?:does|do|serves?|handles?|gets?|sees?|process(?:es)?|makes?|receives?"
    r"|shows?|showing|reports?|reporting|is at|are at|sits at|stands at|hovers (?:at|around)|runs? at|costs?|bills?|burns?|spends?)\s+"
    r"(?:(?:about|around|roughly|approximately|nearly|almost|over|some|only|~)\s*)?[$€£]?$"
)
_LIMIT = re.compile(
    r"\b(?:limit(?:ed|s)?|quota|caps?|capped|max(?:imum)?|at most|up to|allows?|allowed|budget|must|should|needs? to|target|goal"
    r"|sla|slo|free tier|no more than|under|below|above|keep|keeps|threshold|gate|if|when|whenever|once|alerts?|fires?|pages? (?:on-?call|the|someone|us)|drops?"
    r"|falls?|plan(?:ned)?|expect(?:ed)?|will|would|could|aim|projected|forecast)\b"
    r"|上限|下限|最多|至多|不超过|不能|不得|配额|额度|限额|限制|免费|目标|(?<![主重只])要|必须|控制|阈值|如果|若|一旦|预算|预计|计划|希望|争取|低于|高于|超过|告警|报警"
)
_PER_UNIT = re.compile(
    r"\s*(?:per|/|each|a|an|every)\s*(?:worker|node|instance|core|thread|pod|machine|server|host|user|client|connection"
    r"|process|shard|partition|replica|container|tenant|account)\b|\s*(?:每)(?:个|台|条)?(?:worker|节点|实例|核|线程|进程|机器|用户|连接|分片)"
)
_TOLD_AS_PAST = re.compile(
    r"\b(?:was|were|had|closed|ended|finished|averaged|peaked|hit|reached|dropped|fell|rose)\b"
    r"|\b(?:q[1-4]|h[12])\s+20\d\d\b|去年|当时|那时"
)
_PEAK = re.compile(r"过|\bpeak(?:ed)?\b|峰值|最高")
_SIZED = re.compile(rf"\d\s*{_MAGNITUDE}(?![a-z])")
_CLAUSE_END = re.compile(r"[,.;:!?，。；：！？](?:\s|$)|[。；！？，：]")


def live_spans(lowered: str, statement: str) -> list[tuple[str, str]]:
    """(number, span) of rates, shares and sizes a statement gives as where a live system stands."""
    return _rates(lowered, statement) + _shares(lowered, statement) + _after_now(lowered, statement)


def _rates(lowered: str, statement: str) -> list[tuple[str, str]]:
    """Traffic and spend per unit of time, said as approximate, current or what the system does ("does about 1.2M reads a day")."""
    found: list[tuple[str, str]] = []
    for pattern in (_EN_RATE, _ZH_RATE):
        for match in pattern.finditer(lowered):
            number = next(group for group in match.groups() if group)
            number_start = match.start(1) if match.group(1) else match.start(2)
            approximate = _APPROXIMATE.search(lowered, max(0, number_start - 14), number_start)
            current = approximate or _NOW.search(_clause(lowered, match.start()))
            if pattern is _EN_RATE and not (current or _DOING.search(lowered, max(0, number_start - 40), number_start)):
                continue
            volume = _SIZED.search(match.group(0)) or float(number.replace(",", "")) >= 100
            if pattern is _ZH_RATE and not (current and (volume or _APPROXIMATE.search(match.group(0)))):
                continue
            if not _ruled_out(lowered, statement, match.start(), number_start, match.end()):
                found.append((number, reading_span(statement, match.start(), match.end())))
    return found


def _shares(lowered: str, statement: str) -> list[tuple[str, str]]:
    """Percentages with the metric named after them ("98.7 % crash-free users")."""
    return [
        (match.group(1) or match.group(2), reading_span(statement, match.start(), match.end()))
        for match in _SHARE_AFTER.finditer(lowered)
        if not _ruled_out(lowered, statement, match.start(), match.start(), match.end())
    ]


def _after_now(lowered: str, statement: str) -> list[tuple[str, str]]:
    """A size or a large total right after "现在/目前" ("现在 3.2k 关注", "现在总共 412 MB")."""
    found: list[tuple[str, str]] = []
    for moment in _ZH_NOW.finditer(lowered):
        match = _ZH_AFTER_NOW.match(lowered, moment.end())
        if match is None or year_value(lowered, match.start(1), match.end(1)):
            continue
        if match.group(0).rstrip()[-1].isdigit() and float(match.group(1).replace(",", "")) < 100:
            continue
        if not _ruled_out(lowered, statement, moment.start(), match.start(1), match.end()):
            found.append((match.group(1), reading_span(statement, moment.start(), match.end())))
    return found


def _ruled_out(lowered: str, statement: str, start: int, number_start: int, end: int) -> bool:
    """Whether a reading is a limit, a target, a condition, a per-unit capacity, a past reading or code."""
    clause = _clause(lowered, start)
    before_number = lowered[_clause_start(lowered, start) : number_start]
    lead = lowered[sentence_start(lowered, start) : number_start]
    if _LIMIT.search(clause) or _LIMIT.search(lead) or statement.count("`", 0, number_start) % 2 == 1:
        return True
    if _PER_UNIT.match(lowered, end) or _TOLD_AS_PAST.search(lead):
        return True
    return dated_past(lowered, number_start) or bool(_PEAK.search(before_number))


def _clause_start(lowered: str, position: int) -> int:
    start = 0
    for match in _CLAUSE_END.finditer(lowered, 0, position):
        start = match.end()
    return start


def _clause(lowered: str, position: int) -> str:
    following = _CLAUSE_END.search(lowered, position)
    return lowered[_clause_start(lowered, position) : following.start() if following else len(lowered)]
