"""Cadence words as how often something runs ("hourly", "every night", `@daily`, 每天, 每小时), an interval in seconds."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_subjects import _clause_bounds, _subject
from curator.rules.facts.scope import scope_tokens
from curator.rules.facts.subject import proper_names

_HOUR = 3600.0
_DAY = 86400.0
_PERIODS = {
    "hour": _HOUR,
    "day": _DAY,
    "night": _DAY,
    "morning": _DAY,
    "evening": _DAY,
    "week": 7 * _DAY,
    "hourly": _HOUR,
    "daily": _DAY,
    "nightly": _DAY,
    "weekly": 7 * _DAY,
    "midnight": _DAY,
    "小时": _HOUR,
    "个小时": _HOUR,
    "天": _DAY,
    "日": _DAY,
    "晚": _DAY,
    "天晚上": _DAY,
    "天早上": _DAY,
    "天凌晨": _DAY,
    "周": 7 * _DAY,
    "星期": 7 * _DAY,
    "个星期": 7 * _DAY,
}

_AFTER_ADVERB = (
    r"(?=\s*(?:$|[,，;；.。:：!?！？()（）`'\"—–-]|\s(?:at|from|on|in|via|by|and|or|with|for|since|until|before|after"
    r"|now|instead|again|anymore|rather|but|so|through|across|per|around|between|starting|during|when|if|unless)\b))"
)
_CADENCE = re.compile(
    rf"\b(?P<adverb>hourly|daily|nightly|weekly){_AFTER_ADVERB}"
    r"|\bevery\s+(?:single\s+)?(?P<every>hour|day|night|morning|evening|week)\b(?!\s+(?:of|or)\b)"
    r"|(?<![\w@])@(?P<cron>hourly|daily|midnight|weekly)\b"
    r"|每(?P<zh>个小时|小时|天晚上|天早上|天凌晨|天|日|晚|个星期|星期|周)(?![一二三四五六日天1-7])",
    re.I,
)
"""A cadence said in words; an English cadence adjective only where it modifies no noun ("runs daily", not "daily
report": that names the report), and 每周 not before a weekday (每周一 is a weekday's schedule, read elsewhere)."""

_COUNTED = re.compile(r"\d+(?:\.\d+)?\s*(?:x\b|times?\b|次|遍|回)", re.I)
"""A count in the cadence's clause ("3 times a day", 每天 2 次, "twice daily" once normalised): a frequency read as a
count per period elsewhere, no period of its own."""

_NOT_NOW = re.compile(
    r"\b(?:used to|no longer|never)\s+(?:\w+\s+){0,2}$|\b(?:not|instead of|rather than|from|no more)\s+$"
    r"|(?:不用|不再|不必|不是|别|没有|不要|从|原来|以前|之前|曾经)\S{0,3}$",
    re.I,
)
"""Words before a cadence that make it no current one ("no longer daily", "from daily to weekly", 不用每天拉了)."""


def cadences(statement: str) -> list[Quantity]:
    """How often the statement says something runs, as an interval with its clause's subject, each cadence word once."""
    if not _HINT.search(statement):
        return []
    lowered = statement.lower()
    found: list[Quantity] = []
    matches = [
        (match.span(), _PERIODS[next(group for group in match.groups() if group)])
        for match in _CADENCE.finditer(lowered)
    ]
    matches += [(match.span(), seconds) for match in _CRON.finditer(lowered) if (seconds := cron_interval(match))]
    for (start, end), seconds in matches:
        clause_start, clause_end = _clause_bounds(lowered, start, end)
        if (
            _COUNTED.search(lowered, clause_start, clause_end)
            or _NOT_NOW.search(lowered[clause_start:start])
            or _KEPT_COPIES.search(lowered, 0, start)
        ):
            continue
        sequence = _runs(lowered, start, end, clause_end)
        subject = frozenset(sequence) - {""}
        if not subject:
            continue
        found.append(
            Quantity(
                statement,
                statement[max(0, start - 12) : end + 12].strip(),
                "exact",
                seconds,
                seconds,
                "duration",
                "interval",
                subject,
                sequence,
                scope_tokens(statement),
                proper_names(statement),
                measure=CADENCE,
            )
        )
    return found


_CRON = re.compile(
    r"`(?P<minute>[\d*/,-]+) (?P<hour>[\d*/,-]+) (?P<day>[\d*/,-]+) (?P<month>[\d*/,-]+) (?P<weekday>[\d*/,a-z-]+)`"
)
_EVERY_N = re.compile(r"\*/(\d+)")


def cron_interval(match: re.Match[str]) -> float | None:
    """How far apart a cron line (`*/15 * * * *`, `0 * * * *`, `0 */6 * * *`, `30 2 * * *`, `0 3 * * 1`) fires, in
    seconds; None for a line whose runs are not evenly spaced (days of the month, lists of minutes)."""
    minute, hour, day, month, weekday = (match.group(part) for part in ("minute", "hour", "day", "month", "weekday"))
    if (day, month) != ("*", "*"):
        return None
    fixed_minute = minute.isdigit()
    if weekday != "*":
        return 7 * _DAY if fixed_minute and hour.isdigit() and re.fullmatch(r"\d|[a-z]{3}", weekday) else None
    every = _EVERY_N.fullmatch(minute)
    if every and hour == "*":
        return int(every.group(1)) * 60.0
    if not fixed_minute:
        return None
    if hour == "*":
        return _HOUR
    every = _EVERY_N.fullmatch(hour)
    if every:
        return int(every.group(1)) * _HOUR
    if hour.isdigit():
        return _DAY
    hours = hour.split(",")
    return _DAY / len(hours) if all(part.isdigit() for part in hours) else None


_KEPT_COPIES = re.compile(r"\d\s*$")
"""A number right before a cadence word ("30 daily, 12 monthly" snapshots): how many copies are kept, not how often."""


def _runs(lowered: str, start: int, end: int, clause_end: int) -> tuple[str, ...]:
    """The words of a cadence's clause, or of the clause after it when the cadence leads alone ("每天凌晨三点，HA 的备份…")."""
    own = tuple(token for token in _subject(lowered, start, end) if token not in _CADENCE_WORDS)
    if any(own) or clause_end >= len(lowered):
        return own
    return tuple(token for token in _subject(lowered, clause_end + 1, clause_end + 1) if token not in _CADENCE_WORDS)


CADENCE = "cadence"
"""The measure of a quantity read from a cadence word: how often something runs, whose subject is what runs."""

_HINT = re.compile(r"hourly|daily|nightly|weekly|every|@|每|`[\d*]", re.I)

_CADENCE_WORDS = frozenset(
    "hour hourly day daily night nightly week weekly morning evening midnight every 小时 天 日 晚 周 星期 晚上 早上 凌晨 点".split()
)
