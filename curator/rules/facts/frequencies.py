"""A schedule as how often it happens: "every 4 hours" and "three times a day" in one unit, events per second."""

from __future__ import annotations

from dataclasses import replace

from curator import lazyre as re
from curator.rules.facts.cadences import CADENCE
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_units import SECONDS_PER

_OCCURRENCES = frozenset(
    "time post retry deploy run publish release push restart rerun ping poll call send merge review rotate backup build "
    "pull sync check refresh upload export import".split()
)
"""Units that count occurrences, so "3 times a day" or "2 posts a week" is how often something happens."""


_EVERY_NUMBER = re.compile(
    r"(?:\bevery|\beach|每隔|每)\s*\d|\b(?:hourly|daily|nightly|weekly)\b|\bevery\s+(?:hour|day|night|week)\b"
    r"|@(?:hourly|daily|weekly)\b|每(?:个)?(?:小时|天|日|晚|星期)|每周(?![一二三四五六日天1-7])",
    re.I,
)
"""A period said with its number ("every 4 hours", 每 12 小时) or as a cadence word ("hourly", 每天); "every Friday"
names a day, not how often in all."""


_TIMES = re.compile(r"\d\s*次|\b(?:times|twice|once)\b", re.I)
"""A count per period said in times ("每天 2 次", "twice a day"), whatever noun the count was read as."""


def as_frequency(quantity: Quantity) -> Quantity | None:
    """How often a schedule happens, in events per second, whether said as a period ("every 4 hours", 每 12 小时) or
    as a count per period ("three times a day", 每天三次), so the two forms compare; None for any other quantity."""
    low, high = quantity.low, quantity.high
    if (
        quantity.rate == "interval"
        and quantity.unit == "duration"
        and quantity.kind == "exact"
        and low > 0
        and (_EVERY_NUMBER.search(quantity.span) or quantity.measure == CADENCE)
    ):
        return replace(quantity, unit=FREQUENCY, rate=None, low=_rounded(1 / low), high=_rounded(1 / high))
    if quantity.rate in SECONDS_PER and (quantity.unit in _OCCURRENCES or _TIMES.search(quantity.span)):
        seconds = SECONDS_PER[quantity.rate]
        return replace(quantity, unit=FREQUENCY, rate=None, low=_rounded(low / seconds), high=_rounded(high / seconds))
    return None


FREQUENCY = "frequency"


def _rounded(value: float) -> float:
    """A frequency to twelve significant digits, so "every 8 hours" and "three times a day" are one value."""
    return value if value in (float("inf"), float("-inf")) else float(f"{value:.12g}")
