"""Rates on one time base: "60/min", "1 rps", "每分钟 60 次" and "3600 requests an hour" compare as events per second."""

from __future__ import annotations

from dataclasses import replace

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_units import SECONDS_PER

_PER_SECOND_UNITS = frozenset({"rps", "qps", "tps", "req/s"})
_REQUEST_CONTEXT = re.compile(
    r"rate[- ]?limit|throttl|\brequests?\b|\breqs?\b|\bcalls?\b|\bqps\b|\brps\b|限流|限速|请求|调用|频率", re.I
)
_RATE_AFTER = re.compile(
    r"^\s*(?:(?:req(?:uest)?s?|calls?|次)\s*)?(?:/\s*|\bper\s+|\ba\s+|\ban\s+|\beach\s+)"
    r"(?P<rate>second|sec|s|minute|min|m|hour|hr|h|day|d)\b|^\s*(?P<rps>rps|qps)\b",
    re.I,
)
_LIMIT = re.compile(r"rate[- ]?limit|throttl|\blimit|\bcap(?:ped)?\b|\bquota|限流|限速|上限|配额", re.I)
_REQUEST_WORDS = frozenset({"request", "req", "call", "rate", "limit", "throttl", "调用", "次"})
_RATE_NAMES = {"sec": "second", "s": "second", "min": "minute", "m": "minute", "hr": "hour", "h": "hour", "d": "day"}


def on_time_base(quantity: Quantity) -> Quantity:
    """The quantity with a per-second unit ("1 rps") or a setting followed by a rate ("rate: 60 per minute") made a rate."""
    if quantity.unit in _PER_SECOND_UNITS:
        return replace(quantity, unit="request", rate="second")
    rate = quantity.rate
    if rate is None and quantity.unit.startswith("value:"):
        at = quantity.statement.find(quantity.span)
        following = _RATE_AFTER.match(quantity.statement[at + len(quantity.span) :]) if at >= 0 else None
        if following:
            rate = (
                "second"
                if following.group("rps")
                else _RATE_NAMES.get(following.group("rate").lower(), following.group("rate").lower())
            )
    if rate not in SECONDS_PER:
        return quantity
    unit = quantity.unit
    if unit in ("time", "count", "item", "message", "messag", "msg", "event") or unit.startswith("value:"):
        unit = "request" if _REQUEST_CONTEXT.search(quantity.statement) else unit
    if unit != "request":
        return quantity if rate == quantity.rate else replace(quantity, rate=rate)
    subject = frozenset(word for word in quantity.subject if concept(word) not in _REQUEST_WORDS)
    sequence = tuple(word if concept(word) not in _REQUEST_WORDS else "" for word in quantity.sequence)
    rated = replace(quantity, unit=unit, rate=rate, subject=subject, sequence=sequence)
    if quantity.kind == "exact" and _LIMIT.search(quantity.statement):
        return replace(rated, kind="upper", low=float("-inf"))
    return rated


_OCCURRENCES = frozenset({"time"})
MIN_TIMES_PER_PERIOD = 2
_WEEKDAYS = re.compile(
    r"\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?s?\b|(?:周|星期|礼拜)[一二三四五六日天1-7]", re.I
)


def as_interval(quantity: Quantity) -> Quantity | None:
    """How often something happens written as several times per period ("每天 2 次", "twice a week") also read as the
    interval between two of them (12 hours, 3.5 days), so it meets "every 6 hours" / 每 6 小时; a cap, a range and "once
    a minute" (already an interval of one period) and times named by weekday ("twice a week, Tuesday and Friday") are
    left as they are."""
    if quantity.kind != "exact" or quantity.unit not in _OCCURRENCES or quantity.rate not in SECONDS_PER:
        return None
    if quantity.low < MIN_TIMES_PER_PERIOD or _WEEKDAYS.search(quantity.statement):
        return None
    every = SECONDS_PER[quantity.rate] / quantity.low
    return replace(quantity, unit="duration", rate="interval", low=every, high=every)
