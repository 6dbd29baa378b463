"""Whether two quantities of one subject and unit cannot both hold ("at most 4" vs "6"; "2h" vs "120 minutes" agree)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from curator import lazyre as re
from curator.rules.facts.counts import count_spans, is_measurement
from curator.rules.facts.glossary import concepts_of
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_comparators import _THRESHOLD_LEFT, _TRIGGER, perks
from curator.rules.facts.quantity_subjects import _COUNTED_VERBS
from curator.rules.facts.quantity_units import SECONDS_PER
from curator.rules.facts.subject import stem
from curator.rules.facts.time_zones import in_one_zone

_STATUS_NOW = re.compile(r"\b(?:right now|currently|at the moment|as of|so far)\b|目前|当前", re.I)


def common_base(left: Quantity, right: Quantity) -> tuple[Quantity, Quantity] | None:
    """Both quantities per second when they are rates over different time spans; None when they cannot be compared.

    The same number over two windows ("60 per second" and "60 per minute") reads as two windows of one policy, unless
    both say how many times something happens ("once a week" vs 每天一次): two cadences.
    """
    if left.rate == right.rate or _each_of(left.rate, right.rate):
        return left, right
    if (left.low, left.high) == (right.low, right.high) and not (_occurrences(left) and _occurrences(right)):
        return None
    if left.rate in SECONDS_PER and right.rate in SECONDS_PER:
        return _per_second(left), _per_second(right)
    return None


def _occurrences(quantity: Quantity) -> bool:
    """An exact count of times per period ("1 time a week", 每天跑1次): a cadence, no cap."""
    return quantity.kind == "exact" and bool(_OCCURRENCES.search(quantity.span))


def _each_of(left: str | None, right: str | None) -> bool:
    """'per worker' and '每个 worker' (each one, rate "item"): one side names what the other counts per."""
    rates = {left, right}
    return "item" in rates and not rates & (set(SECONDS_PER) | {None, "interval"})


def _per_second(quantity: Quantity) -> Quantity:
    seconds = SECONDS_PER[quantity.rate or "second"]
    return replace(
        quantity, low=round(quantity.low / seconds, 9), high=round(quantity.high / seconds, 9), rate="second"
    )


MAX_DURATION_RATIO = 100.0


def _magnitudes_apart(left: Quantity, right: Quantity) -> bool:
    """Durations two orders of magnitude apart ("2 weeks" vs "1 hour") measure different things."""
    values = [
        abs(value)
        for value in (left.low, left.high, right.low, right.high)
        if value not in (float("inf"), float("-inf"))
    ]
    left_value = left.high if left.high != float("inf") else left.low
    right_value = right.high if right.high != float("inf") else right.low
    if not values or min(abs(left_value), abs(right_value)) == 0:
        return False
    return max(abs(left_value), abs(right_value)) / min(abs(left_value), abs(right_value)) > MAX_DURATION_RATIO


MINIMUM = re.compile(r"\bleast\b|\bminimum\b|\bmin\b|\b(?:less|fewer) than\b|>=|≥|至少|不少于|不低于|最少|下限", re.I)


def _threshold(quantity: Quantity) -> bool:
    """A lower bound set as a threshold ('at least 30', '≥ 20', 'min 30', 不低于 650, an amount a perk starts at:
    'free delivery over ¥30'), not a size described ('4000+ words', 'above 70 %')."""
    return bool(MINIMUM.search(quantity.span)) or (
        quantity.unit.startswith("money:") and bool(perks(quantity.statement))
    )


_THRESHOLD_BEFORE = re.compile(_THRESHOLD_LEFT.pattern.removesuffix(r"\s*$") + r"\s*\d", re.I)

_INTERVAL_WORDS = frozenset(
    {"interval", "cadenc", "frequency", "period", "heartbeat", "keepalive", "keepaliv", "keep-alive"}
)


_LIMIT_WORDS = frozenset({"timeout", "ttl", "deadline", "grace", "expiry", "超时"})


_LASTING_PERIODS = frozenset(
    stem(word)
    for word in "trial grace retention notice warranty probation cooling lockout freeze refund return".split()
)
"""What a period can be the length of, not the spacing of ("trial period", `trial_period_days`, "grace period")."""


def _is_interval(quantity: Quantity) -> bool:
    """'every 6 hours', '每 500 步', 'snapshot interval is 2h', 'heartbeat is 20s': how often, not how much
    (a heartbeat timeout is how long to wait, a trial period how long a trial lasts)."""
    concepts = concepts_of(quantity.subject)
    if quantity.rate == "interval":
        return True
    if quantity.unit != "duration" or not _LIMIT_WORDS.isdisjoint(concepts):
        return False
    named = _INTERVAL_WORDS & concepts
    if named == {"period"} and not _LASTING_PERIODS.isdisjoint(concepts | quantity.subject):
        return False
    return bool(named)


def alerting(quantity: Quantity) -> bool:
    """'alert fires when the pool is more than 80 % full': a level that triggers something, not a level measured or kept."""
    return bool(_TRIGGER.search(quantity.statement.lower()) and _THRESHOLD_BEFORE.search(quantity.span))


@lru_cache(maxsize=50_000)
def _measured_now(statement: str) -> bool:
    """A statement of where a metric stands ("coverage is 61 %", 首页 Lighthouse score 是 68), no goal to answer."""
    return bool(_STATUS_NOW.search(statement)) or any(
        is_measurement(number, span) for number, span in count_spans(statement)
    )


def _level_and_status(left: Quantity, right: Quantity) -> bool:
    """One is an alert level and the other a plain measurement that speaks of no alert at all."""
    for level, other in ((left, right), (right, left)):
        if alerting(level) and not alerting(other) and not _TRIGGER.search(other.statement.lower()):
            return True
    return False


def _as_ceiling(quantity: Quantity, other: Quantity) -> Quantity:
    """A value set as a cap (`max_retries: 3`) compared with a stated cap ("at most 5 times") is itself a cap."""
    if quantity.ceiling and quantity.kind == "exact" and other.kind == "upper":
        return replace(quantity, kind="upper", low=float("-inf"))
    return quantity


_OCCURRENCE_UNITS = frozenset({"time"}) | _COUNTED_VERBS
_PERIODS = frozenset(SECONDS_PER) | {"month", "quarter", "year"}
_TIMES = re.compile(r"\d\s*次|\b(?:times?|twice|once)\b", re.I)
_OCCURRENCES = re.compile(r"\d\s*[次遍回]|\b(?:times?|twice|once)\b", re.I)


def _total_and_frequency(left: Quantity, right: Quantity) -> bool:
    """How many times in all (跑了 3 次, "every 6 hours … once") and how many times per period (每月 1 次): two things."""
    if {left.rate in _PERIODS, right.rate in _PERIODS} != {True, False} or None not in (left.rate, right.rate):
        return False
    return left.unit in _OCCURRENCE_UNITS or all(_TIMES.search(side.span) for side in (left, right))


def incompatible(left: Quantity, right: Quantity) -> bool:
    """Whether two quantities for the same subject and unit cannot both hold ("every 500 steps" is no amount of
    steps; "coverage is 76 % right now" is a status, not an answer to "keep it above 80 %")."""
    if _is_interval(left) != _is_interval(right) or _level_and_status(left, right) or _total_and_frequency(left, right):
        return False
    left, right = _as_ceiling(left, right), _as_ceiling(right, left)
    if left.unit == "clock":
        left, right = in_one_zone(left, right)
    for status, goal in ((left, right), (right, left)):
        if status.kind == "exact" and goal.kind in ("lower", "upper") and _measured_now(status.statement):
            return False
    if left.rate and right.rate:
        based = common_base(left, right)
        if based is None:
            return False
        left, right = based
    if left.unit == "duration" and _magnitudes_apart(left, right):
        return False
    if left.kind == "lower" and right.kind == "lower":
        return left.low != right.low and _threshold(left) and _threshold(right)
    if left.kind == "upper" and right.kind == "upper":
        return left.high != right.high
    if left.kind == right.kind == "exact" or {left.kind, right.kind} == {"range"}:
        return (left.low, left.high) != (right.low, right.high)
    return left.high < right.low or right.high < left.low
