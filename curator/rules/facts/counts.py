"""Point-in-time counts and metrics a statement states ("58 posts still to delete", "还有 58 篇待删", "coverage is 61 %")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.count_shapes import enumerated, year_value
from curator.rules.facts.live_rates import live_spans
from curator.rules.facts.quantity_comparators import CAPPED_BEFORE
from curator.rules.facts.snapshots import dated_past, laid_out, snapshot_spans
from curator.rules.facts.tallies import tally_spans

_N = r"(\d{1,3}(?:,\d{3})+|\d+)"
_DECIMAL = r"(\d+(?:\.\d+)?)"
_CLAUSE_WORDS = (
    r"and\b|or\b|but\b|to\b|per\b|of\b|so\b|because\b|when\b|if\b|while\b|that\b|which\b|unless\b|until\b|even\b"
)
_SIZE = r"kb|mb|gb|tb|kib|mib|gib|k|m|g|t|字节|bytes?"
_RESOURCES = r"磁盘|硬盘|内存|存储|空间|配额|额度|预算|带宽|流量|cpu|gpu|flash|ram|rom|disk|heap|堆"
_TIME_UNITS = r"(?:(?:business |working |calendar )?days?|weeks?|months?|years?|hours?|minutes?|sprints?)\b"
_TODO_VERBS = (
    r"delete|fix|migrate|review|remove|clean(?: up)?|convert|update|triage|merge|do|write|publish|process"
    r"|rewrite|translate|move|close|check|test|label|tag|upload|import|archive|deploy|resolve|triage|go"
)
_POINT_IN_TIME = [
    re.compile(
        rf"(?<![\w.#/-]){_N}\s+(?:more\s+)?(?:(?!and\b|or\b|but\b|then\b|to\b|are\b|is\b|was\b|were\b)[^\s\d]+\s+){{0,4}}?(?:still\s+)?"
        rf"(?:left|remaining|to go|pending|outstanding|open|unmerged|unresolved|unfixed|waiting|awaiting|in review"
        rf"|in progress|in (?:the )?(?:queue|backlog)|(?:still )?(?:need(?:s|ing)? )?to (?:be )?(?:{_TODO_VERBS})(?:d|ed)?)\b"
    ),
    re.compile(
        rf"(?<![\w.#/-]){_N}\s+(?:currently\s+|still\s+)?(?:open|unmerged|unresolved|failing|flaky|broken|pending|outstanding"
        r"|remaining|unread|unanswered|unreviewed|queued|blocked|undeployed|unfixed|unmigrated"
        r"|quarantined|skipped|disabled|muted|overdue|outdated|out-of-date|stale|unassigned|untriaged|stuck)\s+[a-z]"
    ),
    re.compile(
        rf"\b(?:still|currently|right now|at the moment|so far)\s+(?:have\s+|has\s+|are\s+|is\s+|at\s+|got\s+|contains\s+|holds\s+"
        r"|lists\s+|tracks\s+|sits at\s+|stands at\s+)?"
        rf"(?:(?:about|around|roughly|nearly|over|~)\s*)?{_N}\s+"
        rf"(?!{_TIME_UNITS})[a-z]"
    ),
    re.compile(
        rf"\b(?:backlog|queue|todo list|retry set|dead set|dlq|dead[- ]letter queue|inbox|outbox)\s+"
        rf"(?:of|is|has|at|holds|contains|sits at|stands at|is at|is (?:now )?(?:down|up) to|is now)\s+"
        rf"(?:about\s+|around\s+)?{_N}\b"
    ),
    re.compile(
        rf"(?<![\w.#/-]){_N}\s*(?:/|of|out of)\s*\d+\s+(?:[a-z][\w-]*\s+){{0,3}}?(?:(?:are|is)\s+)?(?:done|migrated|complete"
        r"|completed|finished|converted|fixed|passing|pass|green|ported|covered|typed|translated|upgraded)\b"
    ),
    re.compile(
        rf"(?:还有|还剩|还差|只剩|就剩|剩下|剩余|尚有|仍有|目前有|目前还有|现有|现在有|现在还有|当前有|当前还有|积压|累计积压)[了着]?\s*(?:约|大约)?\s*{_N}(?!\s*(?:多|来)?\s*(?:天|周|个月|个?星期|小时|分钟|年|个?工作日))"
    ),
    re.compile(
        rf"(?<![\w.#/-]){_N}\s+(?:(?!{_CLAUSE_WORDS})[a-z][\w-]*\s+){{1,6}}?(?:still|remain|remains|show|shows|are showing)\b"
    ),
    re.compile(
        rf"\bthere (?:are|is|were) (?:still )?(?:(?:about|around|roughly|approximately|over|nearly|almost|some|~)\s*)?{_N}\s+"
        r"(?:[a-z][\w-]*\s+){0,3}?(?:sitting|stuck|waiting|queued|lying|left|remaining|pending|piled|piling|parked"
        r"|lingering|backed up|unprocessed|failing)\b"
    ),
    re.compile(
        rf"(?<![\w.#/-]){_DECIMAL}\s*(?:{_SIZE})?\s*(?:/|of|out of)\s*\d+(?:\.\d+)?\s*(?:[a-z]+\s+)?(?:used|full|consumed|in use|occupied|taken)\b"
        rf"|\b(?:using|uses|used up|eating|consuming|consumes|takes up|taking up)\s+(?:about\s+|around\s+|~)?{_DECIMAL}\s*(?:{_SIZE})?\s*(?:/|of|out of)\s*\d+(?:\.\d+)?\s*(?:{_SIZE})"
        rf"|(?:已经|已|现在|目前)?(?:用了|占了|占用了|用掉了|吃了|已用)\s*(?:约|大约|将近)?\s*{_DECIMAL}\s*(?:(?:{_SIZE})\s*(?:/|／)\s*\d+(?:\.\d+)?|\s*(?:/|／)\s*\d+(?:\.\d+)?\s*(?:{_SIZE}))"
        rf"|(?:{_RESOURCES})\s*(?:已经|已|现在|目前)?(?:用了|占了|占用了|用掉了|吃了|已用)\s*(?:约|大约|将近)?\s*{_DECIMAL}\s*%"
    ),
    re.compile(
        r"\b(?:apk|ipa|aab|app bundle|js bundle|bundle|docker image|container image|image|binary|wheel|installer|firmware)"
        r"\s+(?:size\s+)?(?:is|was|weighs|comes in at|sits at)\s+(?:(?:now|currently|about|around|roughly|~)\s*)*"
        rf"{_DECIMAL}\s*(?:kb|mb|gb)\b"
    ),
    re.compile(
        rf"\b(?:takes|is taking)\s+(?:(?:about|around|roughly|over|nearly|almost|~)\s*)?{_DECIMAL}\s*"
        r"(?:ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?)\b(?!\s*(?:per|/|each|every))"
    ),
    re.compile(
        rf"(?<![多少])(?:要跑|跑了|得跑|需要跑|耗时|用时|花了|要花|得花)\s*(?:约|大约|将近|差不多)?\s*{_DECIMAL}\s*多?\s*(?:分钟|秒|小时|毫秒)"
        rf"|{_DECIMAL}\s*(?:秒|分钟|小时)多|(?<![\d.]){_N}\s*多\s*(?:秒|分钟|小时)"
    ),
    re.compile(
        r"(?:这个月|本月|这周|本周|今年|本季度|上个月|上周)[^，。；\d]{0,12}?(?:用了|花了|消耗了?|烧了|跑了|新增了?|用掉了?)"
        rf"\s*(?:约|大约|将近)?\s*{_N}"
        r"|\b(?:this|last) (?:month|week|quarter|year)\b[^.;]{0,30}?\b(?:used|spent|burned|consumed|billed|cost)\s+"
        rf"(?:(?:about|around|over|nearly)\s+)?[$€£]?{_N}"
        rf"|\b(?:used|spent|burned|consumed|billed)\s+(?:(?:about|around|over|nearly)\s+)?[$€£]?{_N}\s*(?:[a-z]+\s+){{0,2}}"
        r"(?:so far )?this (?:month|week|quarter|year)\b"
    ),
    re.compile(
        rf"\b(?:has|have|holds|contains|lists|counts)\s+(?:about\s+|around\s+)?{_N}\s+(?:[a-z][\w-]*\s+){{0,2}}?[a-z][\w-]*\s+(?:now|today|currently|right now|at the moment|as of)\b"
    ),
    re.compile(rf"\bnow\s+(?:has|have|holds|contains|at|is|are)\s+(?:about\s+|around\s+)?{_N}\s+[a-z]"),
    re.compile(
        rf"(?:现在|目前|当前)[^，。；\d]{{0,6}}?(?:是|(?<![设改调定配])为|有|共有|一共有|报|剩|剩下|积压|挂着|卡着|堆着)\s*{_N}"
    ),
    re.compile(rf"(?:现在|目前|当前)[^，。；\d]{{0,8}}?(?:率|数|量|占用|用量)\s*(?:是|为|约|大约|在)?\s*{_DECIMAL}"),
    re.compile(
        rf"(?:现在|目前|当前)\s*(?:是|为|约|大约|在|还是)?\s*{_DECIMAL}\s*(?:%|秒|毫秒|分钟|小时|ms|s|mb|kb|gb)(?![a-z])"
        rf"|\b(?:currently|right now|at the moment)\s+(?:(?:at|about|around|only)\s+)?{_DECIMAL}\s*"
        r"(?:%|ms|s|secs?|seconds?|mins?|minutes?|mb|gb|kb)(?![a-z])"
    ),
    re.compile(rf"(?<![\w.#/-]){_N}\s*(?:个|条|篇|项|处|台|家)\s*[\u4e00-\u9fff]{{1,6}}?(?:还在|仍在|依然在|仍然在)"),
    re.compile(
        rf"\b(?:down to|got (?:it|them) down to)\s+(?:only\s+|just\s+)?{_N}\s+"
        r"(?!(?:ms|sec|seconds?|minutes?|mins?|hours?|mb|gb|kb|percent)\b)[a-z]{3,}"
    ),
    re.compile(
        rf"(?<![\w.#/-]){_DECIMAL}\s*(?:%|[a-z]{{0,3}}\b)?(?:\s+[^\s.;,]+){{0,4}}?\s+(?:right now|at the moment|as of (?:today|now))\b"
    ),
    re.compile(
        rf"(?:现在|目前|当前|至今)\s*(?:还有|仍有|有)?\s*(?:约|大约)?\s*{_N}\s*(?:个|条|篇|项|份|处|张|家|位|台|套)"
        r"[^，。；,;]{0,12}?(?:还在|仍在|仍然|还没|尚未|依然|还是|没有?)"
    ),
    re.compile(
        rf"{_N}\s*(?:多|余|来)?\s*(?:个|条|篇|项|份|处|张|次|页|家|位|人|台)?\s*(?:[\u4e00-\u9fff]{{0,4}}|[a-z][\w.-]*\s*)?(?:待|未|没有?|尚未|还没)"
        r"(?:删|处理|修|迁移|合并|完成|审|发|解决|关闭|回复|上线|部署|清理|跟进|review|重写|翻译)"
    ),
    re.compile(
        rf"(?:待处理|待删除?|待修复?|待迁移|待合并|未完成|未合并|未关闭|未处理|待办)[^\d，。；,;]{{0,12}}?(?:约|大约)?\s*{_N}"
    ),
]


_CONDITION_BEFORE = re.compile(
    r"\b(?:after|if|when|whenever|once|than|every|each|per|at most|up to|no more than|max|needs?|requires?|required|must have"
    r"|should have)\s+$|\b(?:hold|holds|held|keep|keeps|kept|leave|leaves)\s+(?:the\s+|all\s+|our\s+)?$|(?:如果|若|一旦|超过|最多|至多|不超过|每)\s*$"
)
_DIGIT = re.compile(r"\d")
_CAPPED = re.compile(CAPPED_BEFORE)
_LOOK_BACK_BEFORE = re.compile(r"(?:最近|过去|近|\blast|\bpast)\s*$")
_SPAN = re.compile(r"[\d,]+\s*(?:个?工作日|天|日|周|个?星期|个?月|个?小时|分钟)\s*(?:之内|以内|内)")
_PER = re.compile(r"[\w\s]{0,12}?(?:/|\bper\b|每)")
_METRIC = re.compile(
    r"\b(?P<name>(?:test |code |line |branch )?coverage|accuracy|precision|recall|f1(?: score)?|auc|bleu|rouge[\w-]*|wer|cer|mrr|ndcg"
    r"|p50|p90|p95|p99|(?:median |mean |average )?latency|error rate|uptime|throughput|perplexity|loss|success rate"
    r"|hit rate|pass rate|win rate|open rate|click rate|reply rate|(?:app store |play store |average |avg )?rating|bundle size|build time|cold start(?: time)?|startup time|launch time|time to interactive|memory (?:usage|footprint)"
    r"|peak memory|heap usage|crash(?:-free)? rate|anr rate|(?:app|apk|ipa|binary|install|download) size"
    r"|lighthouse(?: performance)? score|lcp|fcp|inp|ttfb|tti|(?:daily|weekly|monthly) active users|conversion(?: rate)?|(?:user |customer |day-\d+ |d\d+ |\d+-day )retention(?: rate)?|retention rate|churn(?: rate)?|bounce rate|click-through rate|ctr|cvr"
    r"|dau|mau|wau|gmv|arpu|arppu|ltv|nps|(?:average |mean |median )?response time|cpu usage|disk usage|payer rate|paying rate)\b(?:[^\d.;:=]{0,40}?(?:\bis|\bwas|\bsits(?: at)?|\bstands(?: at)?|\bhovers(?: at)?|\bat|=|:|\breached|是|为|在|大概|大约|约))?"
    r"(?:\s+(?:now|currently|around|about|only))*"
    r"[\s:=]*(?P<value>\d+(?:\.\d+)?)\s*(?:%|ms|s|kb|mb|gb)?"
    r"|(?P<zname>覆盖率|准确率|召回率|精确率|精度|延迟|错误率|可用性|成功率|命中率|通过率|打包后|包体积|体积|首屏|冷启动|热启动|启动耗时|启动时间"
    r"|内存占用|内存峰值|峰值内存|崩溃率|闪退率|卡顿率|anr ?率|包体|安装包|包大小|apk ?大小"
    r"|转化率|(?:次日|7 ?日|七日|30 ?日|次周|次月)?留存率?|次留|付费率|流失率|点击率|跳出率|复购率|退款率|失败率|超时率|丢包率"
    r"|(?:cpu|gpu|磁盘|内存)?(?:使用率|利用率|占用率)|日活|月活|周活|(?:平均)?响应时间|(?<![a-z])(?:dau|mau|wau|gmv|arpu|arppu|ltv|nps|ctr|cvr)(?![a-z]))[^，。；\d]{0,6}?"
    r"(?P<zvalue>\d+(?:\.\d+)?)\s*%?",
    re.I,
)
_TARGET = re.compile(
    r"(?:\b(?:target|goal|aim|threshold|must|should|keep|at least|minimum|min\.?|no less than|above|below|under|over|>=?|<=?|≥|≤"
    r"|budget|limit|required|requires|slo|sla|fail(?:s)? (?:if|when|below|under))\b|[<>≥≤]|目标|要求|不低于|不少于|至少|保持|低于|高于|超过|阈值|门槛"
    r"|控制|上限|下限|预算|红线|以内|不能|不得|争取|力争|希望|要到|提到|做到|冲到)(?:[^.;。；]|\.\d){0,24}$",
    re.I,
)


_ONCE_REACHED = re.compile(
    r"[到达冲涨破]过|曾经?|历史最高|最高(?:到|达|时)|\b(?:peaked|at (?:its|the) peak|all-time|record high|once hit|once reached)\b"
)
_DELTA = re.compile(
    r"快了|慢了|降了|少了|多了|减少|降低|提升|提高|省了|缩短|增加|涨了|\b(?:dropped|fell|rose|grew|improved|faster|slower|by)\b"
)
_LIMIT_AFTER = re.compile(
    r"\s*(?:以内|以下|之内|内|以上|or (?:less|lower|below|under|more|higher|above)\b|max\b|at most\b|tops\b)"
)


_STATE_PERCENT = re.compile(
    r"\b(?P<name>[a-z][\w-]*)(?:\s+(?:on|of|for|in)\s+[\w.-]+)?\s+(?:is|are|was|sits at|stands at|hovers at|hovering at|at)\s+"
    r"(?:(?:now|currently|only|about|around|roughly)\s+)*(?P<value>\d+(?:\.\d+)?)\s*%"
)
_METRIC_NOUNS = re.compile(
    r"(?:usage|utili[sz]ation|users?|sessions?|share|score|availability|occupancy|uptime|free|full|adoption"
    r"|churn|conversion|retention|completion|progress|done)$"
)
_STANDS_AT = re.compile(r"\b(?:is|are|was|sits|stands|hovers|hovering)\s+(?:(?:now|currently)\s+)?at\s")
_CONDITION = re.compile(r"\b(?:when|whenever|if|once|until|alerts?|alarms?|fires?|triggers?|pages?)\b")
_NOW = re.compile(r"\b(?:right now|currently|at the moment|as of (?:today|now)|these days|so far)\b|\bnow\b")


def _state_percentages(lowered: str, statement: str) -> list[tuple[str, str]]:
    """'crash-free users is 98.4 %', 'flash usage is 87 % right now': a measured share, not a setting or a target."""
    found: list[tuple[str, str]] = []
    for match in _STATE_PERCENT.finditer(lowered):
        if not (_METRIC_NOUNS.search(match.group("name")) or _NOW.search(lowered) or _STANDS_AT.search(match.group(0))):
            continue
        if _CONDITION.search(lowered[max(0, match.start() - 40) : match.start()]):
            continue
        if _in_code(statement, match.start()) or _TARGET.search(lowered[max(0, match.start() - 40) : match.end()]):
            continue
        found.append((match.group("value"), statement[max(0, match.start() - 10) : match.end() + 12].strip()))
    return found


def count_spans(statement: str) -> list[tuple[str, str]]:
    if not _DIGIT.search(statement):
        return []
    lowered = statement.lower()
    found: list[tuple[str, str]] = []
    for pattern in _POINT_IN_TIME:
        for match in pattern.finditer(lowered):
            index = next(index for index, group in enumerate(match.groups(), start=1) if group)
            number = match.group(index)
            if _in_code(statement, match.start()) or dated_past(lowered, match.start()):
                continue
            if _not_a_count(lowered, match.start(index), match.end(index)):
                continue
            if laid_out(lowered, match.end()):
                continue
            if _CONDITION_BEFORE.search(lowered, max(0, match.start() - 16), match.start()):
                continue
            if _LOOK_BACK_BEFORE.search(lowered, max(0, match.start() - 8), match.start()) or _SPAN.match(
                lowered, match.start()
            ):
                continue
            found.append((number, statement[max(0, match.start() - 10) : match.end() + 12].strip()))
    found.extend(_state_percentages(lowered, statement))
    found.extend(snapshot_spans(lowered, statement))
    found.extend(live_spans(lowered, statement))
    found.extend(
        (number, span)
        for number, span, position in tally_spans(lowered, statement)
        if not (_in_code(statement, position) or dated_past(lowered, position))
    )
    for match in _METRIC.finditer(lowered):
        if _in_code(statement, match.start()) or _TARGET.search(lowered[max(0, match.start() - 40) : match.end()]):
            continue
        if (
            _LIMIT_AFTER.match(lowered, match.end())
            or _DELTA.search(match.group(0))
            or dated_past(lowered, match.start())
        ):
            continue
        value = "value" if match.group("value") else "zvalue"
        value_start = match.start(value)
        if _not_a_count(lowered, value_start, match.end(value)) or _ONCE_REACHED.search(
            lowered, match.start(), value_start
        ):
            continue
        if _PER.match(lowered[match.end() :]) or _CAPPED.search(lowered[max(0, match.start() - 80) : value_start]):
            continue
        found.append(
            (
                match.group("value") or match.group("zvalue"),
                statement[max(0, match.start() - 10) : match.end() + 12].strip(),
            )
        )
    return found


_MEASURE = re.compile(
    r"\d\s*(?:%|ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|kb|mb|gb|tb|kib|mib|gib|fps|qps|rps)(?![a-z])"
    r"|\d\s*(?:毫秒|秒|分钟|小时|美元|元)|(?:率|耗时|用时|延迟|时长|体积|占用|留存)"
)


def is_measurement(number: str, span: str) -> bool:
    """Whether a stated number is a measured metric (a share, a duration, a size, a named metric), re-measured rather than re-counted."""
    return bool(_MEASURE.search(span.lower()) or _METRIC.search(span))


def _not_a_count(lowered: str, start: int, end: int) -> bool:
    return year_value(lowered, start, end) or enumerated(lowered, start)


def _in_code(statement: str, position: int) -> bool:
    return statement.count("`", 0, position) % 2 == 1
