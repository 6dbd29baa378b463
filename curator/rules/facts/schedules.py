"""Calendar schedules as intervals ("every Sunday" and "每周日" are weekly) and times of day ("at 20:00", "晚上 8 点")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.clock import clock_matches
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_subjects import _clause_bounds, _subject
from curator.rules.facts.scope import scope_tokens
from curator.rules.facts.subject import proper_names, stem

_DAY = 86400.0
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_ZH_WEEKDAY = r"(?:周|星期|礼拜)[一二三四五六日天1-7]"
_WEEKLY = re.compile(
    rf"\b(?:every|each)\s+{_WEEKDAY}\b|\bon\s+{_WEEKDAY}s\b|每(?:个)?{_ZH_WEEKDAY}",
    re.I,
)
_MONTHLY = re.compile(
    rf"\b(?:the\s+)?(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+{_WEEKDAY}\s+(?:of|in)\s+(?:the|each|every)\s+month\b"
    rf"|每(?:个)?月(?:的)?(?:第[一二三四1-4]个|最后一个){_ZH_WEEKDAY}",
    re.I,
)
_FORTNIGHTLY = re.compile(
    rf"\b(?:every|each)\s+(?:second|other|2nd)\s+(?:{_WEEKDAY}|week)\b(?!\s+(?:of|in)\b)|\b(?:bi-?weekly|fortnightly)\b|隔周",
    re.I,
)
_KEYS = re.compile(r"day\b|days\b|week|fortnight|周|星期|礼拜", re.I)


def schedules(statement: str) -> list[Quantity]:
    """A weekly, fortnightly or monthly schedule stated by weekday, as an interval of days, with its clause's subject."""
    if not _KEYS.search(statement):
        return []
    lowered = statement.lower()
    found: list[Quantity] = []
    for pattern, low, high in (
        (_WEEKLY, 7 * _DAY, 7 * _DAY),
        (_FORTNIGHTLY, 14 * _DAY, 14 * _DAY),
        (_MONTHLY, 28 * _DAY, 31 * _DAY),
    ):
        for match in pattern.finditer(lowered):
            start, end = match.span()
            sequence = tuple(token for token in _subject(lowered, start, end) if token not in _SCHEDULE_WORDS)
            subject = frozenset(sequence) - {""}
            if not subject:
                continue
            kind = "exact" if low == high else "approx"
            found.append(
                Quantity(
                    statement,
                    statement[max(0, start - 12) : end + 12].strip(),
                    kind,
                    low,
                    high,
                    "duration",
                    "interval",
                    subject,
                    sequence,
                    scope_tokens(statement),
                    proper_names(statement),
                )
            )
    return found


_SCHEDULE_WORDS = frozenset({"month", "week", "day"})


_WEEK_PARTS = re.compile(rf"\b(?:{_WEEKDAY}s?|weekends?|weekdays?|workdays?)\b|{_ZH_WEEKDAY}|周末|工作日|节假日", re.I)


def clock_times(statement: str) -> list[Quantity]:
    """Times of day ("runs at 20:00", "晚上 8 点推送") with their clause's subject and the days they fall on."""
    if not _CLOCK_HINT.search(statement):
        return []
    lowered = statement.lower()
    found: list[Quantity] = []
    days = frozenset(stem(day) for day in _WEEK_PARTS.findall(lowered))
    for start, end, low, high in clock_matches(lowered):
        sequence = _clock_subject(lowered, start, end)
        subject = frozenset(sequence) - {""}
        if not subject:
            continue
        found.append(
            Quantity(
                statement,
                statement[max(0, start - 12) : end + 12].strip(),
                "exact" if low == high else "range",
                low,
                high,
                "clock",
                None,
                subject | days,
                sequence,
                scope_tokens(statement),
                proper_names(statement),
            )
        )
    return found


def _clock_subject(lowered: str, start: int, end: int) -> tuple[str, ...]:
    """The words of a clock time's clause, or of the clause after it when the time leads alone ("每天凌晨两点，数据库全量备份")."""
    sequence = tuple(token for token in _subject(lowered, start, end) if token not in _SCHEDULE_WORDS)
    clause_end = _clause_bounds(lowered, start, end)[1]
    if any(sequence) or clause_end >= len(lowered):
        return sequence
    return tuple(token for token in _subject(lowered, clause_end + 1, clause_end + 1) if token not in _SCHEDULE_WORDS)


_CLOCK_HINT = re.compile(r"\d\s*(?::\d|[ap]\.?m\b)|[点點]|\d \* \*", re.I)
