"""Quantity claims in a statement: value, comparator, unit and rate ("at most 4 posts per week", "每周最多发 4 篇")."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from curator.rules.text import CJK_CHAR, IS_CJK, tokens

_NUMBER = re.compile(
    r"(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?P<suffix>[kK](?![a-zA-Z]))?(?P<plus>\+)?"
    r"(?:\s*(?:-|–|~|～|to|到|至)\s*(?P<num2>\d+(?:\.\d+)?)(?P<suffix2>[kK](?![a-zA-Z]))?)?"
)
_LEFT_OK = re.compile(f"(?:^|[\\s(~≈<>=≤≥:：,，、（$￥{CJK_CHAR}])$")
_UPPER_LEFT = re.compile(
    r"(?:at most|up to|no more than|not more than|maximum(?: of)?|max(?:imum)?\.?|under|below|less than|fewer than"
    r"|capped at|cap(?: of| at)?|limit(?:ed)? (?:of|to|at)|no longer than|<=?|≤|最多|至多|不超过|不得超过|不能超过|上限|封顶)"
    r"[\s:：]*(?:[" + CJK_CHAR + r"]{1,3}\s*)?$"
)
_LOWER_LEFT = re.compile(
    r"(?:at least|minimum(?: of)?|min\.?|no less than|not less than|no fewer than|more than|over|above|>=?|≥|至少|不少于|不低于|最少)"
    r"[\s:：]*(?:[" + CJK_CHAR + r"]{1,3}\s*)?$"
)
_APPROX_LEFT = re.compile(r"(?:about|around|roughly|approximately|approx\.?|~|≈|约|大约|大概|差不多)[\s:：]*$")
_UPPER_RIGHT = re.compile(r"^\s*(?:[^\s\d]{0,12}\s+)?(?:or (?:fewer|less)|max\b|以内|以下|之内)")
_LOWER_RIGHT = re.compile(r"^\s*(?:[^\s\d]{0,12}\s+)?(?:or more|plus\b|以上|起)")
_APPROX_RIGHT = re.compile(r"^\s*(?:[^\s\d]{0,6}\s*)?(?:左右|上下)")
_CJK_UNITS = ("分钟", "小时", "毫秒", "个月", "星期", "万字", "千字", "字节")
_UNIT_ALIASES = {
    "s": "second", "sec": "second", "secs": "second", "second": "second", "秒": "second",
    "m": "minute", "min": "minute", "mins": "minute", "minute": "minute", "分钟": "minute",
    "h": "hour", "hr": "hour", "hrs": "hour", "hour": "hour", "小时": "hour",
    "ms": "millisecond", "millisecond": "millisecond", "毫秒": "millisecond",
    "d": "day", "day": "day", "天": "day", "日": "day", "week": "week", "wk": "week", "周": "week",
    "星期": "week", "month": "month", "个月": "month", "月": "month", "year": "year", "年": "year",
    "%": "percent", "percent": "percent", "word": "word", "字": "word", "post": "post", "篇": "post",
    "article": "post", "character": "char", "char": "char", "line": "line", "行": "line",
    "request": "request", "req": "request", "次": "time", "time": "time", "attempt": "attempt", "kb": "kb", "mb": "mb", "gb": "gb",
}
_RATE = re.compile(
    r"(?:per|a|an|each|every|/)\s*(second|sec|minute|min|hour|hr|day|week|month|year|post|article|pr|request|run|session|file)s?\b"
    r"|\b(daily|weekly|monthly|hourly|yearly)\b|每(?:个)?(秒|分钟|小时|天|日|周|星期|月|年|篇|次|个)"
)
_RATE_ALIASES = {"daily": "day", "weekly": "week", "monthly": "month", "hourly": "hour", "yearly": "year",
                 "sec": "second", "min": "minute", "hr": "hour", "article": "post", "秒": "second",
                 "分钟": "minute", "小时": "hour", "天": "day", "日": "day", "周": "week", "星期": "week",
                 "月": "month", "年": "year", "篇": "post", "次": "time", "个": "item"}
_NOT_UNITS = frozenset(
    "of the and or to in on at for from with is are was be by as it this that we i you they he she our your".split()
)
_KNOWN_UNITS = frozenset(_UNIT_ALIASES.values())
_FILLER = re.compile(
    r"at most|up to|no more than|not more than|maximum|max|at least|minimum|about|around|roughly|approximately"
    r"|capped at|limit|raised to|lowered to|increased to|reduced to|bumped to|set to|changed to|dropped to"
    r"|最多|至多|不超过|不得超过|上限|至少|不少于|约|大约|左右|以上|以内|可以|只能|能|应该|需要|控制在|改成|改为"
    r"|设置为|设为|设成|定为|调整为|调到|调成|提高到|提到|降低到|降到|改到|增加到|减少到|[了的吗呢吧]"
)


@dataclass(frozen=True)
class Quantity:
    """A number stated in a statement, as an interval with the comparator that produced it."""

    statement: str
    span: str
    kind: str
    low: float
    high: float
    unit: str
    rate: str | None
    subject: frozenset[str]
    sequence: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return self.unit

    def display(self) -> str:
        return self.span


_ANY_DIGIT = re.compile(r"\d")
CONTEXT_CHARS = 80


def extract(statement: str) -> list[Quantity]:
    """Quantities with a unit in one statement; dates, versions, times, ids and code are skipped."""
    if _ANY_DIGIT.search(statement) is None:
        return []
    lowered = statement.lower()
    code_spans = [match.span() for match in re.finditer(r"`[^`]*`", statement)]
    code_starts = [left for left, _ in code_spans]
    breaks = [match.start() for match in _CLAUSE_BREAK.finditer(lowered)]
    rates = _rates(lowered)
    found: list[Quantity] = []
    for match in _NUMBER.finditer(lowered):
        start, end = match.span()
        inside = bisect.bisect_right(code_starts, start) - 1
        if inside >= 0 and start < code_spans[inside][1]:
            continue
        before = lowered[max(0, start - CONTEXT_CHARS) : start]
        if (start and not _LEFT_OK.search(before[-1:])) or _FROM_VALUE.search(before[-12:]):
            continue
        after = lowered[end : end + CONTEXT_CHARS]
        if re.match(r"[.:/\-]\d|[a-z_]|\.\d", after) and not re.match(r"(?:ms|s|h|m|d|kb|mb|gb|x)\b", after):
            continue
        if match.group("num").count(".") > 1:
            continue
        value = _value(match.group("num"), match.group("suffix"))
        unit, unit_length = _unit(after)
        if re.fullmatch(r"(19|20)\d\d", match.group("num")) and unit not in _KNOWN_UNITS - {"year", "month"}:
            continue
        if unit is None or unit in ("year", "month") and value > 12 and unit_length and after[:1] in "年月":
            continue
        kind, low, high = "exact", value, value
        if match.group("num2"):
            kind, high = "range", _value(match.group("num2"), match.group("suffix2"))
        elif match.group("plus") or _LOWER_RIGHT.match(after[unit_length:]) or _LOWER_LEFT.search(before):
            kind, high = "lower", float("inf")
        elif _UPPER_LEFT.search(before) or _UPPER_RIGHT.match(after[unit_length:]):
            kind, low = "upper", float("-inf")
        elif _APPROX_LEFT.search(before) or _APPROX_RIGHT.match(after[unit_length:]):
            kind, low, high = "approx", value * 0.85, value * 1.15
        rate = rates[0] if rates[0] != unit else rates[1]
        span = statement[max(0, start - 12) : min(len(statement), end + unit_length + 12)].strip()
        sequence = _subject(lowered, start, end + unit_length, breaks)
        subject = frozenset(sequence)
        found.append(Quantity(statement, span, kind, low, high, unit, rate, subject, sequence))
        if unit in _COUNT_UNITS:
            action = _action_before(before)
            if action:
                found.append(Quantity(statement, span, kind, low, high, action, rate, subject - {action}, sequence))
    return found


CJK_SHARED_SHARE = 0.5
_FROM_VALUE = re.compile(r"(?:\bfrom|从|由)\s*$")
_COUNT_UNITS = frozenset({"time", "attempt"})


def _action_before(before: str) -> str | None:
    """The verb counted by '... deploy 6 times' or '... retries up to 5 times', as a unit ('deploy', 'retry')."""
    words = [word for word in tokens(_FILLER.sub(" ", before)) if word != "#" and not IS_CJK.match(word)]
    return words[-1] if words else None


_CLAUSE_BREAK = re.compile(
    r"[,，;；。!?！？]|\s[—–-]\s|\s(?=(?:now that|because|since|so that|as long as|unless|while|once|which|where)\b)"
    r"|(?=因为|所以|由于|以便|等到)"
)


def _subject(lowered: str, start: int, end: int, breaks: list[int]) -> tuple[str, ...]:
    """Content tokens of the clause holding the number (and the clause before, when that one is bare); `breaks` sorted."""
    below = bisect.bisect_left(breaks, start)
    clause_start = breaks[below - 1] + 1 if below else 0
    above = bisect.bisect_left(breaks, end)
    clause_end = breaks[above] if above < len(breaks) else len(lowered)
    subject = _content(lowered[clause_start:start] + " " + lowered[end:clause_end])
    if not subject and clause_start > 0:
        earlier = bisect.bisect_left(breaks, clause_start - 1)
        previous_start = breaks[earlier - 1] + 1 if earlier else 0
        subject = _content(lowered[previous_start : clause_start - 1])
    return subject


_QUALIFIERS = re.compile(
    r"\b(?:now|currently|from now on|for now|temporarily|going forward|these days|this (?:week|month|quarter|sprint|year)"
    r"|(?:during|for|throughout|in|until|through) (?:the |this |our )?(?:[\w-]+ ){0,2}?"
    r"(?:push|period|launch|sprint|quarter|season|month|week|campaign|freeze|release|migration|holidays?)"
    r"|q[1-4]|we|our|us|they|you|can|may|should|must|will|need to|needs to|has to|have to)\b"
    r"|现在|目前|暂时|以后|今后|从现在起|这段时间|本(?:周|月|季度)|[qQ][1-4]|[^，。；\s]{0,6}期间|[^，。；]{0,6}的时候|临时"
)


def _content(text: str) -> tuple[str, ...]:
    return tuple(token for token in tokens(_FILLER.sub(" ", _QUALIFIERS.sub(" ", _RATE.sub(" ", text)))) if token != "#")


def same_subject(left: Quantity, right: Quantity) -> bool:
    """Same quantity: one subject contains the other, or they mostly overlap; an empty subject needs a shared rate."""
    if not left.subject or not right.subject:
        return bool(left.rate and left.rate == right.rate)
    shared = left.subject & right.subject
    if not shared:
        return False
    if shared == left.subject or shared == right.subject:
        return True
    if _different_modifiers(left.sequence, right.sequence, shared):
        return False
    return True


def _different_modifiers(left: tuple[str, ...], right: tuple[str, ...], shared: frozenset[str]) -> bool:
    """'search API' vs 'billing API', '支付接口' vs '支付网关': each side qualifies the shared words differently.

    English names its thing with modifiers before the head word, so a word of its own before a shared
    word on both sides means two things; Chinese compounds differ anywhere, so any own word on both does.
    """
    left_own = [token for token in left if token not in shared]
    right_own = [token for token in right if token not in shared]
    if not left_own or not right_own:
        return False
    if all(IS_CJK.match(token) for token in left_own + right_own):
        return len(shared) / (len(shared) + len(left_own) + len(right_own)) < CJK_SHARED_SHARE
    return _modifies_shared(left, shared) and _modifies_shared(right, shared)


def _modifies_shared(sequence: tuple[str, ...], shared: frozenset[str]) -> bool:
    return any(token not in shared and following in shared for token, following in zip(sequence, sequence[1:]))


def _value(number: str, suffix: str | None) -> float:
    value = float(number.replace(",", ""))
    return value * 1000 if suffix else value


def _unit(after: str) -> tuple[str | None, int]:
    """The unit right after a number and how many characters it spans."""
    stripped = after.lstrip(" ")
    gap = len(after) - len(stripped)
    if not stripped:
        return None, 0
    if stripped[0] == "%":
        return "percent", gap + 1
    for cjk_unit in _CJK_UNITS:
        if stripped.startswith(cjk_unit):
            return _UNIT_ALIASES.get(cjk_unit, cjk_unit), gap + len(cjk_unit)
    if re.match(f"[{CJK_CHAR}]", stripped[0]):
        return _UNIT_ALIASES.get(stripped[0], stripped[0]), gap + 1
    word = re.match(r"(?:more |extra |new |old |open |separate |different )?([a-z][a-z\-]*)", stripped)
    if not word:
        return None, 0
    name = word.group(1)
    if name in _NOT_UNITS:
        return None, 0
    base = name[:-1] if len(name) > 3 and name.endswith("s") and not name.endswith("ss") else name
    if base.endswith("ie"):
        base = base[:-2] + "y"
    return _UNIT_ALIASES.get(base, _UNIT_ALIASES.get(name, base)), gap + word.end()


def _rates(lowered: str) -> tuple[str | None, str | None]:
    """The statement's first rate word and the first one that differs from it (a number's own unit is skipped)."""
    first: str | None = None
    for match in _RATE.finditer(lowered):
        word = next(group for group in match.groups() if group)
        rate = _RATE_ALIASES.get(word, word)
        if first is None:
            first = rate
        elif rate != first:
            return first, rate
    return first, None


def incompatible(left: Quantity, right: Quantity) -> bool:
    """Whether two quantities for the same subject and unit cannot both hold."""
    if left.rate and right.rate and left.rate != right.rate:
        return False
    if left.kind == "lower" and right.kind == "lower":
        return False
    if left.kind == "upper" and right.kind == "upper":
        return left.high != right.high
    if left.kind == right.kind == "exact" or {left.kind, right.kind} == {"range"}:
        return (left.low, left.high) != (right.low, right.high)
    return left.high < right.low or right.high < left.low
