"""Quantity claims in a statement: value, comparator, unit and rate ("at most 4 posts per week", "每周最多发 4 篇")."""

from __future__ import annotations

from dataclasses import dataclass

from curator import lazyre as re
from curator.rules.facts.binding import bound_value, names_ceiling
from curator.rules.facts.clock import clock_matches
from curator.rules.facts.glossary import GLOSSARY, concept
from curator.rules.facts.scope import component_tokens, language_scope, scope_tokens
from curator.rules.facts.subject import proper_names, segment, stem, subject_tokens
from curator.rules.text import CJK_CHAR, IS_CJK, STOPWORDS, tokens

_NUMBER = re.compile(
    r"(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?P<suffix>[kK](?![a-zA-Z]))?(?P<plus>\+)?"
    r"(?:\s*(?:-|–|~|～|to|到|至)\s*(?P<num2>\d+(?:\.\d+)?)(?P<suffix2>[kK](?![a-zA-Z]))?)?"
)
_LEFT_OK = re.compile(f"(?:^|[\\s(~≈<>=≤≥:：,，、（$￥{CJK_CHAR}])$")
_UPPER_LEFT = re.compile(
    r"(?<![a-z])(?:at most|up to|no more than|not more than|maximum(?: of)?|max(?:imum)?\.?|under|below|less than|fewer than"
    r"|capped at|cap(?: of| at| is)?|limit(?:ed)? (?:of|to|at)|limits?(?: is| of)?|no longer than|<=?|≤|最多|至多|最大|不超过|不得超过|不能超过|上限|封顶)"
    r"[\s:：]*(?:[" + CJK_CHAR + r"]{1,3}\s*|[a-z][\w-]{1,15}\s+)?$"
)
_LOWER_LEFT = re.compile(
    r"(?<![a-z])(?:at least|minimum(?: of)?|min\.?|no less than|not less than|no fewer than|(?<!no )(?<!not )more than|(?<!no )over|above|>=?|≥|至少|不少于|不低于|最少|最小)"
    r"[\s:：]*(?:[" + CJK_CHAR + r"]{1,3}\s*|[a-z][\w-]{1,15}\s+)?$"
)
_APPROX_LEFT = re.compile(r"(?:about|around|roughly|approximately|approx\.?|~|≈|约|大约|大概|差不多)[\s:：]*$")
_UPPER_RIGHT = re.compile(
    r"^\s*(?:[^\s\d]{0,12}\s+)?(?:or (?:fewer|less)|max\b|以内|以下|之内)|^\s*(?:[a-z]{1,8}\s+){0,2}(?:at (?:the )?most|tops)\b"
    r"|^\s*内(?![容部存网])"
)
_LIMIT_LABEL = re.compile(
    r"\b(?:cap|caps|limit|limits|max|maximum|ceiling|quota|budget)\b[^.;:!?]{0,40}[:：]\s*$|上限[^，。；]{0,10}[:：是为]?\s*$"
    r"|\b(?:max|maximum|cap|limit)\b[^.;:!?]{0,30}\s(?:is|=)\s*$"
)
_THRESHOLD_LEFT = re.compile(
    r"(?:\bexceeds?|\bexceeding|\bgoes (?:above|over|below)|\bdrops below|\babove|\bbelow|\b(?:more|greater|higher|less|lower|fewer) than"
    r"|\bover|\bunder|[<>]=?|超过|高于|低于|大于|小于)\s*$"
)
_TRIGGER = re.compile(
    r"\b(?:pag(?:e|es|ing)|alerts?|alarms?|fires?|triggers?|notify|wake)\b|\bwarn(?:s|ing)?(?![a-z])|告警|报警|触发"
)
_LOWER_RIGHT = re.compile(r"^\s*(?:[^\s\d]{0,12}\s+)?(?:or more|plus\b|以上|起)")
_APPROX_RIGHT = re.compile(r"^\s*(?:[^\s\d]{0,6}\s*)?(?:左右|上下)")
_CJK_UNITS = ("分钟", "小时", "毫秒", "个月", "星期", "万字", "千字", "字节")
_UNIT_ALIASES = {
    "s": "second",
    "sec": "second",
    "secs": "second",
    "second": "second",
    "秒": "second",
    "m": "minute",
    "min": "minute",
    "mins": "minute",
    "minute": "minute",
    "分钟": "minute",
    "h": "hour",
    "hr": "hour",
    "hrs": "hour",
    "hour": "hour",
    "小时": "hour",
    "ms": "millisecond",
    "millisecond": "millisecond",
    "毫秒": "millisecond",
    "d": "day",
    "day": "day",
    "天": "day",
    "日": "day",
    "week": "week",
    "wk": "week",
    "周": "week",
    "星期": "week",
    "month": "month",
    "个月": "month",
    "月": "month",
    "year": "year",
    "年": "year",
    "%": "percent",
    "percent": "percent",
    "word": "word",
    "字": "word",
    "post": "post",
    "篇": "post",
    "article": "post",
    "character": "char",
    "column": "char",
    "col": "char",
    "字符": "char",
    "char": "char",
    "line": "line",
    "行": "line",
    "request": "request",
    "req": "request",
    "call": "request",
    "deployment": "deploy",
    "次": "time",
    "time": "time",
    "x": "time",
    "attempt": "attempt",
    "retry": "retry",
    "retri": "retry",
    "遍": "time",
    "worker": "worker",
    "job": "job",
    "thread": "thread",
    "线程": "thread",
    "步": "step",
    "轮": "epoch",
    "批": "batch",
    "editor": "editor",
    "reviewer": "reviewer",
    "approval": "approval",
    "replica": "replica",
    "副本": "replica",
    "kb": "kb",
    "mb": "mb",
    "gb": "gb",
    "tb": "tb",
    "byte": "byte",
    "kilobyte": "kb",
    "megabyte": "mb",
    "gigabyte": "gb",
    "terabyte": "tb",
    "kib": "kb",
    "mib": "mb",
    "gib": "gb",
    "ki": "kb",
    "mi": "mb",
    "gi": "gb",
    "gig": "gb",
    "meg": "mb",
    "hz": "hz",
    "khz": "khz",
    "mhz": "mhz",
    "ghz": "ghz",
    "baud": "baud",
    "bps": "baud",
    "波特": "baud",
    "rpm": "rpm",
    "fps": "fps",
    "帧": "fps",
}
_RATE = re.compile(
    r"(?:\b(?:per|a|an|each|every)|/)\s*(second|sec|minute|min|hour|hr|day|week|month|year|post|article|pr|request|run|session|file)s?\b"
    r"|\b(daily|weekly|monthly|hourly|yearly)\b|每(?:个)?(秒|分钟|小时|天|日|周|星期|月|年|篇|次|个)"
    r"|(?:(?<=\d)|(?<=[\d\s])[a-z]{1,12})/(s|m|h)\b(?![\w/-]|\.\w)"
)
_RATE_ALIASES = {
    "daily": "day",
    "weekly": "week",
    "monthly": "month",
    "hourly": "hour",
    "yearly": "year",
    "sec": "second",
    "s": "second",
    "m": "minute",
    "h": "hour",
    "min": "minute",
    "hr": "hour",
    "article": "post",
    "秒": "second",
    "分钟": "minute",
    "小时": "hour",
    "天": "day",
    "日": "day",
    "周": "week",
    "星期": "week",
    "月": "month",
    "年": "year",
    "篇": "post",
    "次": "time",
    "个": "item",
}
_NOT_UNITS = frozenset(
    "of the and or to in on at for from with is are was be by as it this that we i you they he she our your "
    "now today already again instead anymore currently then below above".split()
)
_KNOWN_UNITS = frozenset(_UNIT_ALIASES.values())
_FILLER = re.compile(
    r"at most|up to|no more than|not more than|maximum|max|at least|minimum|about|around|roughly|approximately"
    r"|capped at|rate[- ]?limit(?:ed|s)?|limit|raised to|lowered to|increased to|reduced to|bumped to|set to|changed to|dropped to"
    r"|最多|至多|最大|最小|不超过|不得超过|上限|至少|不少于|约|大约|左右|以上|以内|可以|只能|能|应该|需要|控制在|改成|改为"
    r"|moved to|switched to|放到|开到|加到|扩到|缩到|放宽到|收紧到|限制为|限制在|限制|设的是|设的|默认|by default|default"
    r"|设置为|设为|设成|定为|调整为|调到|调成|提高到|提到|降低到|降到|改到|增加到|减少到|[了的吗呢吧]"
)


@dataclass(frozen=True)
class Quantity:
    """A number stated in a statement, as an interval with the comparator that produced it; `ceiling` marks one value
    set under a name that makes it a cap (`max_retries: 3`, "PRs per reviewer: 3")."""

    statement: str
    span: str
    kind: str
    low: float
    high: float
    unit: str
    rate: str | None
    subject: frozenset[str]
    sequence: tuple[str, ...] = ()
    scope: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    qualifier: str | None = None
    measure: str | None = None
    ceiling: bool = False

    @property
    def key(self) -> str:
        return self.unit

    def display(self) -> str:
        return self.span


_ANY_DIGIT = re.compile(r"\d")


def extract(statement: str) -> list[Quantity]:
    """Quantities with a unit in one statement; dates, versions, times, ids and code are skipped."""
    if not _ANY_DIGIT.search(statement):
        return []
    lowered = statement.lower()
    code_spans = [match.span() for match in re.finditer(r"`[^`]*`", statement)]
    code_spans += [match.span() for match in _CALENDAR.finditer(lowered)]
    code_spans += [(start, end) for start, end, _, _ in clock_matches(lowered)]
    found: list[Quantity] = []
    for match in _NUMBER.finditer(lowered):
        start, end = match.span()
        if any(left <= start < right for left, right in code_spans):
            continue
        if not _LEFT_OK.search(lowered[:start]) or _FROM_VALUE.search(lowered[max(0, start - 12) : start]):
            continue
        after = lowered[end:]
        memory_suffix = (
            re.match(r"([kmgt])(?![a-z])", after)
            and _MEMORY_CONTEXT.search(lowered)
            and not _CODE_KEY_BEFORE.search(lowered[max(0, start - 60) : start])
        )
        if memory_suffix:
            after = after[0] + "b" + after[1:]
        if re.match(r"[.:/\-]\d|[a-z_]|\.\d", after) and not re.match(
            r"(?:ms|s|h|m|d|kb|mb|gb|[kmg]ib?|x|[kmg]?hz)\b", after
        ):
            continue
        if match.group("num").count(".") > 1 or (match.group("num") in _STATUS_CODES and after[:1] == "s"):
            continue
        value = _value(match.group("num"), match.group("suffix"))
        if re.match(r"[MBT](?![a-zA-Z])", statement[end : end + 2]):
            continue
        unit, unit_length = _unit(after)
        if unit is None and _PER_TIME.match(after) and _REQUEST_CONTEXT.search(lowered):
            unit = "request"
        year_like = re.fullmatch(r"(19|20)\d\d", match.group("num")) and not re.match(
            r"\s*(?:[a-z]+s\b|[步个次条篇])", after
        )
        if year_like and unit not in _KNOWN_UNITS - {"year", "month"}:
            continue
        if unit in ("year", "month") and value > 12 and unit_length and after[:1] in "年月":
            continue
        nouns = _classified_nouns(after[unit_length:]) if unit in _CLASSIFIERS else []
        if unit in _CLASSIFIERS:
            unit = nouns[0] if nouns else _BARE_CLASSIFIERS.get(unit, "count")
        limited = _LIMIT_OBJECT.search(lowered[:start]) if unit is None else None
        if limited:
            unit = _UNIT_ALIASES.get(_singular(limited.group(1)), _singular(limited.group(1)))
        changed = _CHANGED_TO.search(lowered[:start]) if unit is None and not limited else None
        if changed:
            noun = (
                changed.group(2) if changed.group(2) not in ("count", "number", "total", "size") else changed.group(1)
            )
            if noun and noun not in STOPWORDS:
                unit = _UNIT_ALIASES.get(_singular(noun), _singular(noun))
        bound = None
        if unit is None and not (_UPPER_LEFT.search(lowered[:start]) or _LOWER_LEFT.search(lowered[:start])):
            bound = bound_value(lowered[_clause_bounds(lowered, start, end)[0] : start], after)
            if bound is None:
                continue
        if unit is None:
            unit = "count"
        kind, low, high = "exact", value, value
        if bound == "upper" or (changed and names_ceiling(lowered[_clause_bounds(lowered, start, end)[0] : start])):
            kind, low = "upper", float("-inf")
        if match.group("num2"):
            kind, high = "range", _value(match.group("num2"), match.group("suffix2"))
        elif match.group("plus") or _LOWER_RIGHT.match(after[unit_length:]) or _LOWER_LEFT.search(lowered[:start]):
            kind, high = "lower", float("inf")
        elif limited or _UPPER_LEFT.search(lowered[:start]) or _UPPER_RIGHT.match(after[unit_length:]):
            kind, low = "upper", float("-inf")
        elif _APPROX_LEFT.search(lowered[:start]) or _APPROX_RIGHT.match(after[unit_length:]):
            kind, low, high = "approx", value * 0.9, value * 1.1
        elif _LIMIT_LABEL.search(lowered[_clause_bounds(lowered, start, end)[0] : start]):
            kind, low = "upper", float("-inf")
        if _THRESHOLD_LEFT.search(lowered[:start]) and _TRIGGER.search(lowered):
            kind, low, high = "exact", value, value
        bounds = _clause_bounds(lowered, start, end + unit_length)
        interval = _EVERY.search(lowered[max(0, start - 12) : start]) or _INTERVAL.search(
            lowered[bounds[0] : bounds[1]]
        )
        rate = "interval" if interval else _rate(lowered[bounds[0] : bounds[1]], unit)
        span = statement[max(0, start - 12) : min(len(statement), end + unit_length + 12)].strip()
        if unit in _CALENDAR_SPANS and kind == "exact":
            shortest, longest = _CALENDAR_SPANS[unit]
            unit, kind, low, high = "duration", "approx", value * shortest, value * longest
        elif unit in _CALENDAR_SPANS:
            unit, low, high = "duration", low * sum(_CALENDAR_SPANS[unit]) / 2, high * sum(_CALENDAR_SPANS[unit]) / 2
        unit, factor = _canonical_unit(unit)
        low, high = low * factor, high * factor
        clause = _clause_bounds(lowered, start, end + unit_length)
        scope = scope_tokens(_segment_of(statement, start))
        sequence = with_head(
            lowered,
            clause[0],
            tuple(token for token in _subject(lowered, start, end + unit_length) if token not in scope),
            scope,
        )
        subject = frozenset(sequence) - {""}
        if nouns and all(concept(token) == unit for token in subject):
            subject = frozenset()
        if unit == "space":
            subject |= {"indent"}
        scope |= component_tokens(statement) | _purpose(after[unit_length:]) | _measured_for(lowered)
        scope |= language_scope(lowered[clause[0] : start])
        names = proper_names(statement)
        measure = _measured(lowered[clause[0] : start]) if unit == "duration" else None
        found.append(
            Quantity(statement, span, kind, low, high, unit, rate, subject, sequence, scope, names, None, measure)
        )
        if unit in _CONCURRENCY_UNITS or _CONCURRENT.match(after):
            doing = subject | ({unit} - _CONCURRENCY_UNITS)
            found.append(Quantity(statement, span, kind, low, high, "concurrency", rate, doing, sequence, scope, names))
        head = (
            nouns[1] if len(nouns) > 1 else _head_noun(after, unit_length, statement[end : end + unit_length].strip())
        )
        if unit == "count" and [token for token in sequence if token]:
            words = [token for token in sequence if token]
            for noun in dict.fromkeys((words[-1], words[0], _first_phrase_end(sequence))):
                counted = concept(noun) if IS_CJK.match(noun) and noun in GLOSSARY else noun
                found.append(
                    Quantity(statement, span, kind, low, high, counted, rate, subject - {noun}, sequence, scope, names)
                )
        if head and head != unit:
            qualifier = unit if unit != "time" else None
            found.append(
                Quantity(
                    statement,
                    span,
                    kind,
                    low,
                    high,
                    head,
                    rate,
                    (subject - {head}) | ({stem(qualifier)} if qualifier else set()),
                    sequence,
                    scope,
                    names,
                    qualifier,
                )
            )
        if unit in _COUNT_UNITS:
            action = _action_before(lowered[:start]) or _cjk_action_before(lowered[:start])
            if action:
                found.append(
                    Quantity(statement, span, kind, low, high, action, rate, subject - {action}, sequence, scope)
                )
    return found


_MONTH_NAME = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_CALENDAR = re.compile(
    r"(?:20\d\d\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*[日号]|20\d\d\s*年(?:\s*\d{1,2}\s*月)?|\d{1,2}\s*月(?:底|初|中旬|上旬|下旬|份)"
    r"|(?:每月|每个月)\s*\d{1,2}\s*[日号]|\b20\d\d[-/.]\d{1,2}(?:[-/.]\d{1,2})?\b"
    rf"|\b{_MONTH_NAME}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+20\d\d)?|\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH_NAME}\b"
    r"|\b\d{1,2}:\d{2}\b"
)
_CHANGED_TO = re.compile(
    r"\b(?:bump|rais|increas|set|chang|lower|reduc|drop|cut|scal)\w*\s+(?:the\s+|our\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:([a-z][\w-]*)\s+)?([a-z][\w-]*)\s+to\s*$"
)
_LIMIT_OBJECT = re.compile(
    r"\b(?:limit|cap|throttle)(?:ed|s)?\s+(?:the\s+|our\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?!(?:rais|lower|increas|reduc|bump|set|chang|drop|cut|mov|tighten|loosen|adjust|updat)\w*\s)([a-z][\w-]*)\s+(?:to|at)\s*$"
)


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "is", "us")) else word


_INTERVAL = re.compile(r"\binterval\b|间隔|每隔")
_PURPOSE = re.compile(r"^\s*(?:for|on)\s+(?:the\s+|all\s+|our\s+)?([a-z][\w-]+)\b")
_NOT_PURPOSES = frozenset(
    "reference safety speed example instance now good sure free more less later each every all a an one two it them "
    "this that these those us you me everyone everything anything both either the first last next".split()
)
_STATUS_CODES = frozenset("400 401 403 404 409 410 422 429 500 502 503 504".split())


_MEASURED_FOR = re.compile(
    r"\b(?:ttl|timeout|limit|size|retention|budget|quota|cap|interval|threshold|retries|rate|expiry|lifetime)"
    r"\s+(?:for|of|on)\s+(?:the\s+|all\s+|our\s+)?([a-z][\w-]+(?:\s+(?!is\b|are\b|was\b|to\b|at\b)[a-z][\w-]+)?)"
)


def _measured_for(lowered: str) -> frozenset[str]:
    """What a measure is said to be for ("cache TTL for search results"): a scope of the statement's quantities."""
    found: set[str] = set()
    for match in _MEASURED_FOR.finditer(lowered):
        words = match.group(1).split()
        if words[0] not in _NOT_PURPOSES and words[0] not in STOPWORDS:
            found.update(subject_tokens(match.group(1)))
    return frozenset(found)


def _purpose(after: str) -> frozenset[str]:
    """What a quantity is for, right after it ("10 MB for avatars"): a scope of that quantity alone."""
    found = _PURPOSE.match(after)
    if not found or found.group(1) in _NOT_PURPOSES or found.group(1) in STOPWORDS:
        return frozenset()
    return frozenset(subject_tokens(found.group(1)))


_EVERY = re.compile(r"(?:\bevery|\beach|每隔|每)\s*$")
_PER_TIME = re.compile(r"/\s*(?:s|sec|second|min|minute|h|hr|hour|d|day)\b")
_REQUEST_CONTEXT = re.compile(r"rate[- ]?limit|throttl|\brequests?\b|\bcalls?\b|\bqps\b|\brps\b|限流|请求|调用")
_FROM_VALUE = re.compile(r"(?:\bfrom|从|由)\s*$")
_COUNT_UNITS = frozenset({"time"})


def _action_before(before: str) -> str | None:
    """The verb counted by '... deploy 6 times' or '... retries up to 5 times', as a unit ('deploy', 'retry')."""
    words = [word for word in tokens(_FILLER.sub(" ", before)) if word != "#" and not IS_CJK.match(word)]
    verbs = [word for word in words if word in _COUNTED_VERBS]
    return verbs[0] if verbs else words[-1] if words else None


def _cjk_action_before(before: str) -> str | None:
    """The Chinese verb counted by '… 重试 5 次' as its English unit ('retry'), when the glossary knows it."""
    run = re.search(f"([{CJK_CHAR}]+)\\s*$", before)
    if not run:
        return None
    words = segment(run.group(1))
    english = concept(words[-1]) if words else ""
    return english if english in _COUNTED_VERBS else None


_COUNTED_VERBS = frozenset(
    "retry deploy run publish release push restart rerun ping poll call send merge review rotate backup build".split()
)


_CLAUSE_BREAK = re.compile(
    r"[,，;；。!?！？]|\s[—–-]\s|\s(?=(?:now that|because|since|so that|as long as|unless|while|once|which|where|when|whenever|if)\b)"
    r"|(?=因为|所以|由于|以便|等到)|(?<=[\u4e00-\u9fff])\s*[（(]|\s(?=and (?:the|a|an|we|it|they|you|our|each|every)\b)"
)


_SEGMENT_BREAK = re.compile(r"[;；]|\s[—–]\s|—")


def _segment_of(statement: str, position: int) -> str:
    """The part of a statement between semicolons or dashes that holds `position`: a scope said after a dash is another point's."""
    if not _SEGMENT_BREAK.search(statement):
        return statement
    starts = [0] + [match.end() for match in _SEGMENT_BREAK.finditer(statement) if match.end() <= position]
    ends = [match.start() for match in _SEGMENT_BREAK.finditer(statement) if match.start() >= position]
    return statement[starts[-1] : min(ends, default=len(statement))]


_RETAINED = re.compile(r"\b(?:kept|keeps?|retained|retains?|retention)\b|保留|留存|(?<![\u4e00-\u9fff])留\s*$")
_LASTING = re.compile(r"\b(?:lasts?|lasted|takes|took|runs? for)\b|持续|耗时|要跑|跑了|占了")
RETAINED, LASTING = "retention", "lasting"


def _measured(before: str) -> str | None:
    """What a duration measures when its clause says so: how long something is kept, or how long something lasts."""
    if _RETAINED.search(before):
        return RETAINED
    if _LASTING.search(before):
        return LASTING
    return None


def _clause_bounds(lowered: str, start: int, end: int) -> tuple[int, int]:
    breaks = [match.start() for match in _CLAUSE_BREAK.finditer(lowered)]
    return max([b + 1 for b in breaks if b < start], default=0), min(
        [b for b in breaks if b >= end], default=len(lowered)
    )


_DAY = 86400.0
_CALENDAR_SPANS = {"month": (28 * _DAY, 31 * _DAY), "year": (365 * _DAY, 366 * _DAY)}
_HERTZ = {"hz": 1.0, "khz": 1e3, "mhz": 1e6, "ghz": 1e9}
_SECONDS = {"millisecond": 0.001, "second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0, "week": 604800.0}
_BYTES = {"byte": 1.0, "kb": 1024.0, "mb": 1024.0**2, "gb": 1024.0**3, "tb": 1024.0**4}


def _canonical_unit(unit: str) -> tuple[str, float]:
    """Units compared after conversion ("2h" vs "90 min" are both durations in seconds), and the factor."""
    if unit in _SECONDS:
        return "duration", _SECONDS[unit]
    if unit in _BYTES:
        return "byte", _BYTES[unit]
    if unit in _HERTZ:
        return "frequency", _HERTZ[unit]
    if unit == "attempt":
        return "retry", 1.0
    return unit, 1.0


def with_head(lowered: str, clause_start: int, sequence: tuple[str, ...], scope: frozenset[str]) -> tuple[str, ...]:
    """A bare later clause ("…, otherwise 4.90 EUR") takes the statement's first clause as its subject too."""
    if len([token for token in sequence if token]) > 1 or clause_start == 0:
        return sequence
    head_end = min((b.start() for b in _CLAUSE_BREAK.finditer(lowered)), default=len(lowered))
    return tuple(token for token in _content(_without_paths(lowered[:head_end])) if token not in scope) + sequence


def _subject(lowered: str, start: int, end: int) -> tuple[str, ...]:
    """Content tokens of the clause holding the number (and the clause before, when that one is bare); an aside in
    full-width parentheses after the number is not part of it."""
    breaks = [match.start() for match in _CLAUSE_BREAK.finditer(lowered)]
    clause_start = max([b + 1 for b in breaks if b < start], default=0)
    clause_end = min([b for b in breaks if b >= end], default=len(lowered))
    subject = _content(lowered[clause_start:start] + " " + lowered[end:clause_end].split("（")[0])
    if not subject and clause_start > 0:
        previous_start = max([b + 1 for b in breaks if b < clause_start - 1], default=0)
        subject = _content(_without_paths(lowered[previous_start : clause_start - 1]))
    return subject


def _first_phrase_end(sequence: tuple[str, ...]) -> str:
    """The last word of a subject's first unbroken run ("release tags are pruned" → tag): the noun a bare count counts."""
    words = list(sequence)
    while words and not words[0]:
        words.pop(0)
    run = words[: words.index("")] if "" in words else words
    return run[-1]


_CODE_PATH = re.compile(r"`[^`]*/[^`]*`")


def _without_paths(text: str) -> str:
    """A clause without the paths it names in code: where something goes is not what a later bare number counts."""
    return _CODE_PATH.sub(" | ", text)


_QUALIFIERS = re.compile(
    r"\b(?:now|currently|from now on|for now|temporarily|going forward|these days|this (?:week|month|quarter|sprint|year)"
    r"|(?:during|for|throughout|in|until|through) (?:the |this |our )?(?:[\w-]+ ){0,2}?"
    r"(?:push|period|launch|sprint|quarter|season|month|week|campaign|freeze|release|migration|holidays?)"
    r"|q[1-4]|we|our|us|they|you|can|may|should|must|will|need to|needs to|has to|have to"
    r"|target(?:s|ed|ing)?|goal|aim(?:s|ed)? (?:for|at)|settled on|decided on|agreed on|planned|plan(?:s)? (?:for|on)|stays? at|keep(?:s)?"
    r"|takes?|took|runs? with|is|are|was|were|set to|defaults? to|typically|usually|normally|only|just"
    r"|kept|keeps?|retain(?:s|ed)?|stored|expires?(?: after)?|lives?|lasts?|holds?|uses?|using|used|allows?|allowed|permits?|permitted|bump(?:s|ed)?"
    r"|rais(?:e|es|ed)|increas(?:e|es|ed)|lower(?:s|ed)?|reduc(?:e|es|ed)|dropp(?:ed)?|count)\b"
    r"|现在|目前|暂时|以后|今后|从现在起|保留|保存|留存|保持|维持|这段时间|本(?:周|月|季度)|[qQ][1-4]|[^，。；\s]{0,6}期间|[^，。；]{0,6}的时候|临时"
)


def _content(text: str) -> tuple[str, ...]:
    """Subject tokens with gap markers ("") where filler, qualifiers or punctuation stood."""
    text = _TIMES_OUT.sub("timeout", text) if "out" in text else text
    return subject_tokens(_FILLER.sub(" | ", _QUALIFIERS.sub(" | ", _RATE.sub(" | ", text))), gaps=True)


_TIMES_OUT = re.compile(r"\btim(?:e|es|ed|ing) out\b")


def _value(number: str, suffix: str | None) -> float:
    value = float(number.replace(",", ""))
    return value * 1000 if suffix else value


def _unit(after: str) -> tuple[str | None, int]:
    """The unit right after a number and how many characters it spans."""
    stripped = after.lstrip(" ")
    gap = len(after) - len(stripped)
    if not stripped:
        return None, 0
    hyphenated = _HYPHENATED_UNIT.match(stripped)
    if hyphenated:
        return _UNIT_ALIASES[hyphenated.group(1)], gap + hyphenated.end()
    if stripped[0] == "%":
        return "percent", gap + 1
    for cjk_unit in _CJK_UNITS:
        if stripped.startswith(cjk_unit):
            return _UNIT_ALIASES.get(cjk_unit, cjk_unit), gap + len(cjk_unit)
    if stripped[0] in _CJK_PARTICLES:
        return None, 0
    if re.match(f"[{CJK_CHAR}]", stripped[0]):
        if stripped[0] not in _UNIT_ALIASES and stripped[0] not in _CLASSIFIERS and _starts_word(stripped):
            return None, 0
        return _UNIT_ALIASES.get(stripped[0], stripped[0]), gap + 1
    word = re.match(
        r"(?:(?:more|extra|new|old|open|separate|different|concurrent|parallel|simultaneous|active|total|human|required|consecutive|failed|most recent|recent|latest|newest) )*([a-z][a-z\-]*)",
        stripped,
    )
    if not word:
        return None, 0
    name = word.group(1)
    if name in _NOT_UNITS or name in STOPWORDS:
        return None, 0
    base = name[:-1] if len(name) > 3 and name.endswith("s") and not name.endswith(("ss", "is", "us")) else name
    if base.endswith("ie"):
        base = base[:-2] + "y"
    return _UNIT_ALIASES.get(base, _UNIT_ALIASES.get(name, base)), gap + word.end()


_CONCURRENCY_UNITS = frozenset({"worker", "concurrency"})
_CONCURRENT = re.compile(r"\s*(?:concurrent|parallel|simultaneous)\b")
_HYPHENATED_UNIT = re.compile(
    r"-(second|minute|hour|day|week|month|year|millisecond|line|character|word|worker|thread|replica)(?![\w-])"
)


def _starts_word(text: str) -> bool:
    """Whether the Chinese character at the start begins a longer word ("650 直接拦截"), so it is no measure word."""
    run = re.match(f"[{CJK_CHAR}]{{1,4}}", text)
    words = segment(run.group(0)) if run else ()
    return bool(words) and len(words[0]) > 1


_CLASSIFIERS = frozenset("个 条 份 名 位 台 项 张 只 件 套 组 家 处 颗 块 根 把".split())
_BARE_CLASSIFIERS = {"份": "copy", "名": "person", "位": "person", "台": "machin"}
_NOUN_RUN = re.compile(f"[\\s{CJK_CHAR}A-Za-z_-]{{1,16}}")


def _classified_nouns(after: str) -> list[str]:
    """The nouns a Chinese classifier counts, as English concepts: "20 个 Redis 连接" → [redis, connection]."""
    run = _NOUN_RUN.match(after)
    if not run:
        return []
    words = [word for word in subject_tokens(run.group(0)) if word]
    if words and not words[0].isascii() and concept(words[0]) == words[0]:
        return [words[0]]
    known: list[str] = []
    for word in words[:2]:
        if not (word.isascii() or concept(word) != word):
            break
        known.append(concept(word))
    return known


_CJK_PARTICLES = frozenset("了的吗呢吧啊是和与或就都也还在才再又即便则会要能可")
_HEAD_STOP = frozenset(
    "max min maximum minimum total each still left remaining now only ago later long old per plus more less once".split()
)


def _head_noun(after: str, unit_length: int, written: str = "") -> str | None:
    """The noun a two-word unit names ("3 NAT gateways" → gateway, "5 Redis connections"), when the first word only qualifies it."""
    following = re.match(r" ([a-z][a-z-]{2,})\b", after[unit_length:])
    name = written[:1].isupper()
    if not following or (
        not name and after[:unit_length].strip().endswith("s") and not after[:unit_length].strip().endswith("ss")
    ):
        return None
    word = following.group(1)
    if word in _HEAD_STOP or word in _NOT_UNITS or word in STOPWORDS:
        return None
    base = word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
    return _canonical_unit(_UNIT_ALIASES.get(base, base))[0]


def _rate(lowered: str, unit: str) -> str | None:
    for match in _RATE.finditer(lowered):
        word = next(group for group in match.groups() if group)
        rate = _RATE_ALIASES.get(word, word)
        if rate != unit:
            return rate
    if _PER_SPAN.search(lowered):
        return None
    for match in _PER_NOUN.finditer(lowered):
        noun = _singular(match.group(1))
        if noun not in STOPWORDS and noun != unit:
            return _UNIT_ALIASES.get(noun, noun)
    return None


_PER_NOUN = re.compile(r"\bper\s+([a-z][a-z-]{2,})\b")
_PER_SPAN = re.compile(r"(?:\bper|/)\s*\d")


SECONDS_PER = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0, "week": 604800.0}
_MEMORY_CONTEXT = re.compile(r"mem|heap|ram\b|xmx|内存|显存|堆")
_CODE_KEY_BEFORE = re.compile(r"[a-z_][\w]*[._][\w.]*[`'\"]?\s*(?:[=:]|\s)\s*[`'\"]?$")
