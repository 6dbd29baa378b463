"""The time zone a clock time is written in ("02:00 UTC", "北京时间凌晨 3 点", `timeZone: Asia/Shanghai`), as minutes east of UTC."""

from __future__ import annotations

from dataclasses import replace

from curator import lazyre as re
from curator.rules.facts.quantities import Quantity

_OFFSETS = {
    "utc": 0,
    "gmt": 0,
    "北京时间": 480,
    "东八区": 480,
    "asia/shanghai": 480,
    "china time": 480,
    "beijing time": 480,
    "jst": 540,
    "asia/tokyo": 540,
    "东京时间": 540,
    "cet": 60,
    "cest": 120,
    "europe/berlin": 60,
    "pst": -480,
    "pdt": -420,
    "america/los_angeles": -480,
    "est": -300,
    "edt": -240,
    "america/new_york": -300,
}
_ZONE = re.compile(
    r"(?<![a-z0-9_/])(?:"
    + "|".join(re.escape(name) for name in sorted(_OFFSETS, key=len, reverse=True))
    + r")(?![a-z0-9_/])",
    re.I,
)
REACH = 16
DAY = 24 * 60
ZONE_WORDS = frozenset({"utc", "gmt", "jst", "cet", "cest", "pst", "pdt", "est", "edt", "北京", "北京时间", "东八区"})


def offset_near(statement: str, span: str) -> int | None:
    """Minutes east of UTC of the zone named closest to a clock time's span (within REACH characters), if any."""
    lowered, written = statement.lower(), span.lower()
    at = lowered.find(written)
    if at < 0:
        return None
    start, end = max(0, at - REACH), min(len(lowered), at + len(written) + REACH)
    zones = [(abs((at + len(written) // 2) - m.start()), m.group(0)) for m in _ZONE.finditer(lowered, start, end)]
    return _OFFSETS[min(zones)[1]] if zones else None


def in_utc(minutes: float, offset: int) -> float:
    """A clock time written at `offset` as minutes after midnight UTC."""
    return (minutes - offset) % DAY


def in_one_zone(left: Quantity, right: Quantity) -> tuple[Quantity, Quantity]:
    """Two clock times each written in a named zone, both in UTC ("02:00 UTC" and "北京时间 10 点" are one moment)."""
    left_zone, right_zone = offset_near(left.statement, left.span), offset_near(right.statement, right.span)
    if left_zone is None or right_zone is None or left_zone == right_zone:
        return left, right
    return (
        replace(left, low=in_utc(left.low, left_zone), high=in_utc(left.high, left_zone)),
        replace(right, low=in_utc(right.low, right_zone), high=in_utc(right.high, right_zone)),
    )
