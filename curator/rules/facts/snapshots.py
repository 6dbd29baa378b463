"""Counts a state, a defect noun or a time word marks as a snapshot ("9 contract tests are failing", "48 violations", "现在一共 143 页")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.count_shapes import enumerated

_N = r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
_CN_CLASSIFIER = r"个|条|篇|项|份|处|张|家|位|台|套|次|页|只|件|人|名|行|本|座|颗|批|封|版|字|词|章|节|段"
_STATES = (
    r"quarantined|skipped|disabled|failing|flaky|pending|open|blocked|behind|outdated|out of date|overdue|missing"
    r"|broken|stuck|stale|unassigned|unowned|unmerged|unreviewed|untriaged|unpatched|unresolved|unanswered|red"
    r"|muted|xfail(?:ed)?|commented out|paused|queued|lagging|down|offline|unhealthy|in flight|waiting|awaiting|sitting"
    r"|lingering|piling up|unacknowledged|unacked"
)
_CLAUSE_WORD = r"(?:are|is|were|was|and|or|but|then|so|because|if|when|to|of|per)\b"
_NOT_A_NOUN = r"(?:consecutive|successive|new|additional|extra|went|got|had|came|are|is|were|was|and|or|to|of|per|with|the|a|an|in|on|at|for|from|by|than|as)\b"
_EN_STATE = re.compile(
    rf"(?<![\w.#/$€£-]){_N}(?:-?odd|-ish|\+)?\s+(?:(?!{_CLAUSE_WORD})[a-z][\w'-]*\s+){{1,6}}?"
    rf"(?:are|were|remain|stay|sit|show up as|still show as)\s+(?:still\s+|currently\s+|now\s+|all\s+)*(?:{_STATES})\b"
    rf"|(?<![\w.#/$€£-])(1)\s+(?:(?!{_CLAUSE_WORD})[a-z][\w'-]*\s+){{1,4}}?(?:is|remains|stays)\s+(?:still\s+|currently\s+|now\s+)*(?:{_STATES})\b"
    rf"|(?<![\w.#/$€£-]){_N}(?:-?odd|-ish|\+)?\s+(?:(?!{_NOT_A_NOUN})[a-z][\w'-]*\s+){{1,3}}?"
    r"(?:missing|overdue|out of date|outdated|unassigned|unmerged|in flight|down|offline|unhealthy|failing|behind)\b"
    r"(?=\s+(?:from|in|on|upstream|behind|against|with|since|for|the|latest|main|master|prod|production)\b|\s*[,.;:)]|\s*$)"
)
_TODO_DONE = (
    r"migrated|converted|updated|upgraded|adopted|moved|ported|fixed|reviewed|merged|deployed|onboarded|triaged|backfilled"
    r"|translated|renamed|cleaned up|deleted|removed|archived|tagged|labell?ed|assigned|rotated|patched|released|switched"
)
_EN_NOT_YET = re.compile(
    rf"(?<![\w.#/$€£-]){_N}\s+(?:(?!{_CLAUSE_WORD})[a-z][\w'-]*\s+){{1,4}}?"
    r"(?:(?:haven't|have not|hasn't|has not|aren't|are not|isn't|is not|weren't)\s+(?:been\s+|yet\s+)?(?:"
    rf"{_TODO_DONE})\b|(?:are|is|have|has)\s+yet\s+to\s+[a-z])"
)
_PROGRESS = re.compile(
    rf"\b(?:is|are)\s+(?:(?:now|about|roughly|around|only|already)\s+)*{_N}\s*%\s+(?:done|complete|finished|migrated|converted|through)\b"
    rf"|(?<![\w.#/$€£-]){_N}\s*%\s+of\s+(?:the\s+|our\s+|all\s+)?(?:[a-z][\w-]*\s+){{1,3}}?(?:are|is|have|has)\s+"
    rf"(?:(?:now|already|been)\s+)*(?:{_TODO_DONE}|typed|covered|done|tested)\b"
    rf"|\b(?:passes|passing|fails|failing|works|green|red)\s+(?:on|for|in)\s+{_N}\s*(?:/|of|out of)\s*\d+(?!\s+(?:attempts?|tries|retries|runs)\b)"
)
_ZH_STATE = re.compile(
    rf"(?<![\d.]){_N}\s*(?:多|余|来)?\s*(?:{_CN_CLASSIFIER})\s*[^，。；,;:：]{{0,10}}?"
    r"(?:被隔离|被跳过|被禁用|被屏蔽|被阻塞|被卡|挂着|挂了|一直挂|一直失败|失败了?|不稳定|偶发失败|还没跑|没跑|未跑|还没合|没合|逾期|过期了"
    r"|缺失|卡住|卡着|阻塞|在排队|排着队|落后|跳过了|禁用了|标记为 ?flaky|是 ?flaky|在等|等着|排着|飘红|一直红|还红着|是红的|报错|(?:没人|无人)(?:认领|处理|管|跟进?|看|修|review)|没有负责人|有(?:安全)?漏洞"
    r"|(?:未|没|还没|尚未)(?:确认|认领|分配|升级|适配|同步|验证|回复|关闭|合并?))"
    rf"|(?:缺了?|少了|差了?|落后(?:于)?[^\d，。；,;]{{0,6}}?)\s*{_N}\s*(?:多|余|来)?\s*(?:{_CN_CLASSIFIER})"
)
_DEFECTS = re.compile(
    rf"(?<![\w.#/$€£-]){_N}(?:-?odd|\+)?\s+(?:(?!{_NOT_A_NOUN})[a-z][\w-]*\s+){{0,2}}?"
    r"(?:todos?|fixmes?|(?:lint |type |compiler |build |deprecation |typescript |mypy |eslint |clippy )?warnings?"
    r"|(?:lint|type|typescript|mypy|eslint|clippy|compile|compiler|build) errors?|vulnerabilit(?:y|ies)|cves?|code smells?"
    r"|violations?|advisories|offen[cs]es|lint (?:issues|findings)|security findings)\b"
    rf"|\b(?:shows|showed|says|reports|plan:?)\s+{_N} to (?:add|change|destroy|import)\b"
    rf"|\b{_N} to (?:add|change|destroy)\b(?=\s*(?:,|and)\s*\d+ to (?:add|change|destroy))"
    rf"|(?<![\d.]){_N}\s*(?:多|余|来)?\s*(?:个|条|处)\s*(?:todo|fixme|警告|编译警告|lint ?(?:警告|错误|问题)|类型错误|编译错误|漏洞|高危漏洞)"
    rf"|\b(?:open|flaky|failing|pending|unresolved|unread|unassigned|skipped|quarantined|blocked|overdue|outstanding|stale)"
    rf"\s+(?!(?:files?|connections?|handles?|fds|ports?|sockets?|timeouts?|limit)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s*(?::\s+|：\s*){_N}\b"
    rf"|(?:堆了|积了|攒了|积压了|压了|堵了)\s*(?:约|大约|将近)?\s*{_N}"
    rf"|(?:队列|收件箱|死信队列|重试队列|待办列表)(?:里|中)?(?:有|还有|堆着|积压着?|躺着)\s*(?:约|大约|将近)?\s*{_N}"
)
_EN_MOMENT = re.compile(
    r"\b(?:last|this|past) (?:month|week|sprint|quarter)\b|\byesterday\b|\btoday\b|\bas of (?:today|now|this week|this morning)\b"
    r"|\bthis morning\b|\btonight\b|\bso far\b"
)
_EN_NOW = re.compile(r"\b(?:currently|right now|at the moment|at present)\b")
_OUR_SETUP = re.compile(
    r"\b(?:we|i|you)\s+(?:(?:currently|now|still)\s+)?(?:have|'ve got|run|keep|maintain|operate|own)\b"
)
_CAPACITY = (
    r"replicas?|shards?|partitions?|workers?|threads?|processes|cores?|brokers?|instances?|nodes?|pods?|zones?|regions?"
    r"|副本|分片|分区|实例|节点|线程|进程|核|可用区|机房"
)
_EN_AFTER_MOMENT = re.compile(
    rf"(?<![\w.#/$€£:-])[$€£]?{_N}\s*(?:%|(?!(?:am|pm|days?|weeks?|months?|years?|hours?|hrs?|h|mins?|minutes?|seconds?|secs?|s|ms"
    rf"|times? (?:a|per|each|every)|st|nd|rd|th|[ap]\.m|(?:[a-z][\w-]*\s+)?(?:{_CAPACITY}))\b)[a-z][\w-]*)"
)
_ZH_MOMENT = re.compile(
    r"截至目前|截至今天|截至今日|截止目前|到目前为止|目前|现在|当前|这周|本周|上周|这个月|本月|上个月|昨天|今天|今日|最近一周"
)
_ZH_AFTER_MOMENT = re.compile(
    rf"(?:要等|得等|等了|(?<![需只])要|用了|花了|跑了|耗时|用时|大约|大概|约|将近|差不多)\s*(?:约|大约|将近)?\s*{_N}\s*多?\s*(?:分钟|秒|小时|毫秒)"
    rf"|(?<![\d.]){_N}\s*(?:多|余|来)?\s*(?:{_CN_CLASSIFIER}|%|万)(?!\s*(?:{_CAPACITY})(?![a-z]))"
    rf"|(?<![\d.]){_N}\s*(?:kb|mb|gb|tb)\b(?=[^，。；,;]{{0,8}}?[（(，,]\s*[^，。；,;\d]{{0,4}}?(?:总共|一共|共|总量|总容量|上限)\s*{_N})"
)
_ZH_TOTAL = re.compile(rf"(?:一共|总共|共计|合计|(?<![一总])共)\s*{_N}\s*(?:{_CN_CLASSIFIER})")
_PLAN_OR_RULE = re.compile(
    r"\b(?:if|when|whenever|once|unless|until|after|before|at most|up to|no more than|more than|fewer than|less than"
    r"|at least|max(?:imum)?|min(?:imum)?|limit(?:ed)?|cap(?:ped)?|allow(?:s|ed)?|need(?:s|ed)?|require[sd]?|must|should"
    r"|will|(?:plan(?:s|ned)?|planning) to|target|goal|aim|budget|keep|set (?:to|at)|starting|from now on|going forward|every|each"
    r"|decided|agreed|chose|switched|moved|changed|asked|wants?|prefers?|said|use[sd]?|using|(?<!has )(?<!have )run)\b"
    r"|如果|若|一旦|超过|多于|少于|最多|至多|不超过|至少|上限|下限|每|(?<![主重只])要|必须|应该|计划|打算|目标|争取|保持|控制|限制"
    r"|设为|设成|改为|改成|调到|调成|配置|配成|配了|允许|只能|只许|仅限|(?<!使)用(?![户了])|部署|定了|(?<![一对])起(?!码)|开始|之后|以后|(?:周|月|天|年|季度)内|决定|改用|换成|采用|统一|规定|规则|约定|政策|配额|名额"
)
_LEADS_TO_NUMBER = re.compile(
    r"\b(?:to|by|from|than|of|over|under|below|above)\s*[$€£]?$|\bto\s+[a-z]+\s+(?:(?:the|all|our|these|those)\s+)?[$€£]?$"
)
_CONDITION_AFTER = re.compile(r"\s*(?:就|则|时|的话|以上|以内|以下|之内|后|之后|以后|per\b|each\b|/)")
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|[。；！？\n]")
_CLAUSE_END = re.compile(r"[,.;:!?，。；：！？]\s|[。；！？，]")
_DATED_PAST = re.compile(
    r"\b(?:back (?:in|when|then)|in (?:early |late |mid-?)?(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|q[1-4]|(?:19|20)\d\d)\b)|\bat the time\b"
    r"|\b(?:on|during|in) (?:the )?(?:19|20)\d\d-\d\d"
    r"|(?<![\d.])(?:19|20)\d\d[-/.]\d{1,2}[-/.]\d{1,2}(?!\d|\s*[:：\]】])|(?:19|20)\d\d\s*年\s*\d{1,2}\s*月"
    r"|去年|前年|当时|那时|上次|上回|那次|那回|\d{1,2}\s*月份?(?:时|的时候|那会)"
)
_DESIGNED_TIMES = re.compile(r"[1-9]\s*次")
_VERB_BEFORE = re.compile(r"(?<![了过已])(?:发|跑|推|推送|调用?|同步|执行|重试|提醒|检查|备份|通知|扫描?)\s*$")
_AS_OF = re.compile(r"\bas of\b|\bsince\b|截至|截止|自从|以来")


def snapshot_spans(lowered: str, statement: str) -> list[tuple[str, str]]:
    """(number, span) of counts a state, a defect noun or a time word of the writing day marks as current."""
    found: list[tuple[str, str]] = []
    for pattern in (_EN_STATE, _EN_NOT_YET, _PROGRESS, _ZH_STATE, _DEFECTS):
        for match in pattern.finditer(lowered):
            number = next(group for group in match.groups() if group)
            if not _ruled_out(lowered, statement, match.start(), match.end()):
                found.append((number, reading_span(statement, match.start(), match.end())))
    for moments, after in ((_EN_MOMENT, _EN_AFTER_MOMENT), (_EN_NOW, _EN_AFTER_MOMENT), (_ZH_MOMENT, _ZH_AFTER_MOMENT)):
        for moment in moments.finditer(lowered):
            clause = _clause_around(lowered, moment.start(), moment.end())
            if moments is _EN_NOW and _OUR_SETUP.search(lowered, clause[0], clause[1]):
                continue
            for match in after.finditer(lowered, clause[0], clause[1]):
                if _ruled_out(lowered, statement, match.start(), match.end(), since=clause[0]):
                    continue
                if _DESIGNED_TIMES.match(lowered, match.start()) and _VERB_BEFORE.search(lowered, 0, match.start()):
                    continue
                number = next(group for group in match.groups() if group)
                found.append((number, reading_span(statement, min(moment.start(), match.start()), match.end())))
                break
            else:
                found.extend(_total_later(lowered, statement, moment.end()) if moments is _ZH_MOMENT else [])
    return found


def _total_later(lowered: str, statement: str, position: int) -> list[tuple[str, str]]:
    """A total later in the sentence a time word opens ("论文现在写到第 4 章，共 97 页")."""
    following = _SENTENCE_END.search(lowered, position)
    match = _ZH_TOTAL.search(lowered, position, following.start() if following else len(lowered))
    if match is None or _ruled_out(
        lowered, statement, match.start(), match.end(), since=_clause_start(lowered, position)
    ):
        return []
    return [(match.group(1), reading_span(statement, match.start(), match.end()))]


def sentence_start(lowered: str, position: int) -> int:
    """Where the sentence holding `position` starts."""
    start = 0
    for match in _SENTENCE_END.finditer(lowered, 0, position):
        start = match.end()
    return start


def dated_past(lowered: str, position: int) -> bool:
    """Whether the sentence before `position` dates what it says to a past moment ("in March we had 12", "去年有 40 个")."""
    start = sentence_start(lowered, position)
    return bool(_DATED_PAST.search(lowered, start, position)) and not _AS_OF.search(lowered, start, position)


_LAYOUT_AFTER = re.compile(
    r"[^.;。；]{0,30}?(?:\b(?:1|one) (?:per|for each|in each|in every)\b|每(?:个|一个)?[^，。；,;]{1,8}?(?:1|一)(?:个|台|套|份))"
)
_ARTICLE_ONE = re.compile(r"1\s*(?:批|波|轮|堆|些|点)")


_SPREAD_AFTER = re.compile(
    r"[\w-]*(?:\s+[a-z][\w-]*){0,3}?\s+(?:per|for each|in each|in every)\s+"
    r"(?!(?:day|week|month|hour|minute|second|year|quarter|sprint|run|request|call|release)s?\b)[a-z][\w-]*"
    r"(?![^.;]{0,24}\b(?:waiting|pending|left|remaining|queued|stuck|open|still)\b)"
)


def laid_out(lowered: str, end: int) -> bool:
    """Whether a count is a layout the words after it spread evenly ("3 NAT gateways, one per AZ", "2 replicas per zone",
    "每个机房 1 台"), a design, not a tally; a rate over time ("40 signups per day") stays a count."""
    return bool(_LAYOUT_AFTER.match(lowered, end) or _SPREAD_AFTER.match(lowered, end))


_USAGE_OF_WHOLE = re.compile(
    rf"\s*(?:[a-z]+\s+)?(?:of|out of)\s+(?:its|the|our|their|this|that|a|an)?\s*(?:[a-z]+\s+)?[$€£]?{_N}"
    rf"|[^，。；,;]{{0,8}}?[（(，,]\s*[^，。；,;\d]{{0,4}}?(?:总共|一共|共|总量|总容量|上限)\s*[$€£]?{_N}"
)
_USING = re.compile(r"\b(?:use[sd]?|using)\b|(?<!使)用(?![户了])")


def _ruled_out(lowered: str, statement: str, start: int, end: int, since: int | None = None) -> bool:
    clause_start = _clause_start(lowered, start) if since is None else min(since, _clause_start(lowered, start))
    before = lowered[clause_start:start]
    if _plan_or_rule(before, lowered, end) or _LEADS_TO_NUMBER.search(before):
        return True
    if _CONDITION_AFTER.match(lowered, end) or laid_out(lowered, end) or _ARTICLE_ONE.match(lowered, start):
        return True
    if enumerated(lowered, start):
        return True
    return dated_past(lowered, start) or statement.count("`", 0, start) % 2 == 1


def _plan_or_rule(before: str, lowered: str, end: int) -> bool:
    """Whether the words before a number make it a plan or a rule; a use counted against a whole ("uses 912 KB of its
    960 KB", "用了 7 个，总共 10 个") is a measurement, not a choice."""
    for match in _PLAN_OR_RULE.finditer(before):
        if not (_USING.fullmatch(match.group(0)) and _USAGE_OF_WHOLE.match(lowered, end)):
            return True
    return False


def _clause_start(lowered: str, position: int) -> int:
    last = 0
    for match in _CLAUSE_END.finditer(lowered, 0, position):
        last = match.end()
    return last


def _clause_around(lowered: str, start: int, end: int) -> tuple[int, int]:
    following = _CLAUSE_END.search(lowered, end)
    stop = following.start() if following else len(lowered)
    if stop - end < 3:
        nxt = _CLAUSE_END.search(lowered, stop + 1)
        stop = nxt.start() if nxt else len(lowered)
    return _clause_start(lowered, start), stop


def reading_span(statement: str, start: int, end: int) -> str:
    """The reading with a little of its context, as a finding quotes it."""
    return statement[max(0, start - 10) : end + 12].strip()
