"""Whether two quantity claims speak of one subject ("3 retries for the payment callback" vs "5 retries for the mail job") and whether their values clash."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from curator import lazyre as re
from curator.rules.facts.chinese_subjects import (
    CJK_SHARED_SHARE,
    chinese,
    heads_modified_apart,
    same_head,
    without_generic,
)
from curator.rules.facts.counts import count_spans, is_measurement
from curator.rules.facts.glossary import GLOSSARY, concept, concepts_of
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_comparators import _THRESHOLD_LEFT, _TRIGGER, perks
from curator.rules.facts.quantity_subjects import _COUNTED_VERBS, RETAINED
from curator.rules.facts.quantity_units import _UNIT_ALIASES, SECONDS_PER
from curator.rules.facts.scope import relation
from curator.rules.facts.subject import stem
from curator.rules.facts.time_zones import ZONE_WORDS, in_one_zone
from curator.rules.text import IS_CJK

_STATUS_NOW = re.compile(r"\b(?:right now|currently|at the moment|as of|so far)\b|目前|当前", re.I)

_MEASURE_UNITS = frozenset(
    {
        "time",
        "duration",
        "percent",
        "count",
        "byte",
        "item",
        "char",
        "word",
        "line",
        "request",
        "post",
        "month",
        "year",
        "kb",
        "mb",
        "gb",
        "step",
        "epoch",
        "token",
        "sample",
        "row",
        "record",
        "point",
        "clock",
        "port",
    }
)


def same_subject(left: Quantity, right: Quantity) -> bool:
    """Same quantity: see _same_subject; a qualified unit ("CT tests") needs the same qualifier on the other side, and
    how long something is kept is not how long something lasts or may run ("cache kept 1.5 h" vs "cap every job at
    30 min")."""
    for one, other in ((left, right), (right, left)):
        if one.qualifier and one.qualifier != other.qualifier and not _names_qualifier(other, one.qualifier):
            return False
    if left.scope and right.scope and relation(concepts_of(left.scope), concepts_of(right.scope)) == "disjoint":
        return False
    if left.measure and right.measure and left.measure != right.measure:
        return False
    for one, other in ((left, right), (right, left)):
        if one.measure == RETAINED and other.measure != RETAINED and _LIMITING.search(other.statement):
            return False
    if left.unit == "clock":
        return _same_schedule(left, right)
    if left.unit.startswith("money:") and _other_perks(left, right):
        return False
    return _same_subject(left, right)


_LIMITING = re.compile(r"\b(?:caps?|capped|time(?:s|d)? out|timeouts?|limits?)\b|超时|上限", re.I)


def _other_perks(left: Quantity, right: Quantity) -> bool:
    """Two amounts that are thresholds of different perks ("free delivery over ¥30" vs "orders over ¥30 get 10 % off")."""
    one, other = perks(left.statement), perks(right.statement)
    return bool(one and other and one.isdisjoint(other))


def _names_qualifier(quantity: Quantity, qualifier: str) -> bool:
    """Whether a quantity's subject names the qualifier, in either language ("blog posts" vs 博客…篇)."""
    stemmed = stem(qualifier)
    return stemmed in quantity.subject or concept(stemmed) in concepts_of(quantity.subject)


_SCHEDULING_WORDS = (
    frozenset(
        concept(word)
        for word in "run start begin open happen fire kick send go push trigger schedul execut mov shift set "
        "release releas publish night nightly daily morning noon afternoon evening 开 推送 发 发送 开始 执行 运行 跑 触发 改到 改成 挪到 挪 提醒时间 时间".split()
    )
    | ZONE_WORDS
)


def _scheduled(quantity: Quantity) -> frozenset[str]:
    """What a clock time is the time of: its subject's concepts without the verbs of scheduling, time zones, or a
    weekday's lone numeral (四 of 周四)."""
    return concepts_of(quantity.subject) - _SCHEDULING_WORDS - _WEEKDAY_NUMERALS


_WEEKDAY_NUMERALS = frozenset("一二三四五六日天")


def _same_schedule(left: Quantity, right: Quantity) -> bool:
    """One scheduled thing: the same words, or shared words where each side's own words are named in the other statement."""
    one, other = _scheduled(left), _scheduled(right)
    if one == other:
        return True
    return bool(one & other) and one - other <= right.names and other - one <= left.names


def _across_languages(left: Quantity, right: Quantity) -> bool | None:
    """For an English and a Chinese statement: their subjects compared as glossary concepts.

    One subject inside the other is one subject. Otherwise they must share most concepts, or two, or
    one when the Chinese side is mostly understood (its words known to the glossary), names no Latin word
    the English side lacks, and the two sides do not each put a word of their own before a shared one
    ("image uploads" vs "视频上传").
    """
    left_cjk = any(IS_CJK.match(token) for token in left.subject)
    right_cjk = any(IS_CJK.match(token) for token in right.subject)
    if left_cjk == right_cjk or not left.subject or not right.subject:
        return None
    left_concepts = _comparable_concepts(left.subject) - _GENERIC_CONCEPTS
    right_concepts = _comparable_concepts(right.subject) - _GENERIC_CONCEPTS
    if _own_names(left, right, right_concepts) and _own_names(right, left, left_concepts):
        return False
    shared = left_concepts & right_concepts
    if not shared:
        return False
    if shared == left_concepts or shared == right_concepts:
        return True
    share = len(shared) / len(left_concepts | right_concepts)
    anchored = _anchored(left, right, shared)
    if share >= CROSS_LANGUAGE_SHARE or ((len(shared) >= 2 or anchored) and share >= CROSS_LANGUAGE_MIN_SHARE):
        return True
    chinese = left if left_cjk else right
    if share < CROSS_LANGUAGE_MIN_SHARE or _understood(chinese.subject) < CROSS_LANGUAGE_UNDERSTOOD:
        return False
    if any(word.isascii() and word not in shared for word in chinese.subject):
        return False
    left_sequence = tuple(_known(token) for token in left.sequence)
    right_sequence = tuple(_known(token) for token in right.sequence)
    return not (_modifies_shared(left_sequence, shared) and _modifies_shared(right_sequence, shared))


TERMS = frozenset(
    "ttl api url uri cpu gpu ram sdk ui ux db sql http https json yaml xml ci cd pr qps tps rps rtt dns tls ssl cdn jvm "
    "gc io os vm id uuid".split()
)

_GENERIC_CONCEPTS = frozenset("run use go do make set get have give keep".split())


def _own_names(one: Quantity, other: Quantity, other_concepts: set[str] | frozenset[str]) -> frozenset[str]:
    """Names (capitalised or written with a digit) one side's subject or scope uses that the other never does (I2C vs
    SPI, W25Q64 vs ST7789); a name elsewhere in the statement ("…, MCUboot rolls back") is not what the number is about.

    A code identifier built from the other side's words (`kCancelWindow` beside "cancel") is no name of its own.
    """
    own = (
        ((one.names & (one.subject | one.scope)) | _coded(one))
        - other.names
        - _coded(other)
        - other.subject
        - other.scope
        - other_concepts
        - _UNIT_WORDS
        - {one.unit}
    )
    words = [word for word in other_concepts if word.isascii() and len(word) >= IDENTIFIER_WORD]
    return frozenset(name for name in own if not any(word in name and word != name for word in words))


IDENTIFIER_WORD = 4


_UNIT_WORDS = frozenset(_UNIT_ALIASES) | frozenset(_UNIT_ALIASES.values())


def _coded(quantity: Quantity) -> frozenset[str]:
    """Subject and scope words written with a digit (I2C, BME280, 350M): names that need no translation."""
    return frozenset(
        token
        for token in quantity.subject | quantity.scope
        if token.isascii() and any(char.isdigit() for char in token)
    )


_PERIODIC = re.compile(r"(?:\bevery|每)\s*\d", re.I)


def _anchored(left: Quantity, right: Quantity, shared: set[str] | frozenset[str]) -> bool:
    """A shared name (Loki, 350M), or both stated as 'every N …' or at the same rate: one shared word then suffices."""
    return (
        bool(shared & (left.names | right.names))
        or bool(_coded(left) & _coded(right))
        or bool(_PERIODIC.search(left.span) and _PERIODIC.search(right.span))
        or bool(left.rate and left.rate == right.rate)
    )


def _comparable_concepts(words: frozenset[str]) -> frozenset[str]:
    """Concepts of a subject, without one-character Chinese words the glossary does not know (够, 跑, 慢)."""
    return frozenset(
        concept(word) for word in words if not (len(word) == 1 and IS_CJK.match(word) and concept(word) == word)
    )


def _understood(words: frozenset[str]) -> float:
    """The share of a Chinese subject's words (two characters or more) that are Latin or known to the glossary."""
    longer = [word for word in words if len(word) > 1]
    return sum(1 for word in longer if word.isascii() or concept(word) != word) / len(longer) if longer else 0.0


def _known(token: str) -> str:
    """A token's concept, or a gap for a Chinese word the glossary does not know."""
    mapped = concept(token)
    return "" if IS_CJK.match(token) and mapped == token else mapped


CROSS_LANGUAGE_SHARE = 0.4

CROSS_LANGUAGE_MIN_SHARE = 0.15

CROSS_LANGUAGE_UNDERSTOOD = 0.5


def _same_subject(left: Quantity, right: Quantity) -> bool:
    """Same quantity: one subject contains the other, or they mostly overlap; an empty subject needs a shared rate."""
    if not left.subject or not right.subject:
        if left.rate and left.rate == right.rate:
            return True
        if left.unit in _MEASURE_UNITS or right.unit in _MEASURE_UNITS:
            return False
        wide_left, wide_right = left.subject | left.scope, right.subject | right.scope
        return not wide_left or not wide_right or bool(concepts_of(wide_left) & concepts_of(wide_right))
    across = _across_languages(left, right)
    if across is not None:
        return across
    both_chinese = chinese(left) and chinese(right)
    if both_chinese:
        left, right = without_generic(left, right)
    left, right = _as_concepts(left), _as_concepts(right)
    shared = left.subject & right.subject - _GENERIC_CONCEPTS
    if not shared:
        return bool(left.subject <= right.subject | right.scope or right.subject <= left.subject | left.scope)
    if shared == left.subject or shared == right.subject:
        return True
    left_words = left.subject | {concept(token) for token in left.subject}
    right_words = right.subject | {concept(token) for token in right.subject}
    left_names, right_names = left.names - TERMS, right.names - TERMS
    if (left_names - right_words) & (left.subject - shared) and (right_names - left_words) & (right.subject - shared):
        return False
    if named_anchor(left, right):
        return True
    named = int(left.unit not in _MEASURE_UNITS and left.unit not in shared)
    if _different_modifiers(left.sequence, right.sequence, shared, named, both_chinese):
        return False
    return True


def named_anchor(left: Quantity, right: Quantity) -> bool:
    """Both bind a bare number to one shared name (MAPQ, `max_conns`, BME280) and neither names another thing."""
    if not all(side.unit == "count" or side.unit.startswith("value:") for side in (left, right)):
        return False
    shared = left.subject & right.subject
    anchors = (shared & left.names & right.names) | (_coded(left) & _coded(right) & shared)
    return bool(anchors - TERMS) and not (left.names - anchors - TERMS) and not (right.names - anchors - TERMS)


def _as_concepts(quantity: Quantity) -> Quantity:
    """A Chinese subject with each word the glossary knows whole as its concept, so synonyms (位置/定位) are one word."""
    if not any(IS_CJK.match(token) for token in quantity.subject):
        return quantity
    return replace(
        quantity,
        subject=frozenset(GLOSSARY.get(token, token) for token in quantity.subject),
        sequence=tuple(GLOSSARY.get(token, token) for token in quantity.sequence),
    )


def _different_modifiers(
    left: tuple[str, ...], right: tuple[str, ...], shared: frozenset[str], named: int = 0, both_chinese: bool = False
) -> bool:
    """'search API' vs 'billing API', '首页 banner' vs '活动页 banner': each side qualifies the shared words differently.

    A word of its own right before a shared word on both sides names two things; otherwise two subjects
    that share little (Chinese compounds: less than CJK_SHARED_SHARE) are two subjects.
    """
    left_own = [token for token in left if token and token not in shared]
    right_own = [token for token in right if token and token not in shared]
    if not left_own or not right_own:
        return False
    if both_chinese and same_head(left, right, shared):
        return heads_modified_apart(left, right, shared)
    if _modifies_shared(left, shared) and _modifies_shared(right, shared):
        return True
    share = (len(shared) + named) / (len(shared) + named + len(set(left_own)) + len(set(right_own)))
    if all(IS_CJK.match(token) for token in left_own + right_own):
        return share < CJK_SHARED_SHARE
    return share < LATIN_SHARED_SHARE


LATIN_SHARED_SHARE = 0.25


def shared_concepts(left: Quantity, right: Quantity) -> frozenset[str]:
    """The subject words two quantities share as concepts (Chinese subjects without their generic words)."""
    left, right = (_as_concepts(side) for side in _compared(left, right))
    return left.subject & right.subject - _GENERIC_CONCEPTS


def _compared(left: Quantity, right: Quantity) -> tuple[Quantity, Quantity]:
    """Two subjects as they are compared: Chinese ones without their generic words."""
    return without_generic(left, right) if chinese(left) and chinese(right) else (left, right)


def modified_apart(left: Quantity, right: Quantity) -> bool:
    """Each side qualifies what both name with a word of its own in one script — right before a shared word
    ("invitation links" vs "password reset links", 会员等级缓存 vs 会员价缓存) or as the head its phrase ends in (订单服务
    vs 订单接口): two things of one kind. A word in each language (登录 token vs access token) may be one word and its
    translation, so it is no evidence."""
    written_left, written_right = _compared(left, right)
    written = (written_left.sequence, written_right.sequence)
    left, right = _as_concepts(written_left), _as_concepts(written_right)
    shared = left.subject & right.subject - _GENERIC_CONCEPTS
    if not shared:
        return False
    scripts = [
        {bool(IS_CJK.match(words[position])) for position in _modifier_positions(side.sequence, shared)}
        for side, words in zip((left, right), written)
    ]
    if scripts[0] & scripts[1]:
        return True
    heads = [_head_position(side.sequence) for side in (left, right)]
    if None in heads:
        return False
    own = [side.sequence[head] for side, head in zip((left, right), heads)]  # type: ignore[index]
    written_heads = [words[head] for words, head in zip(written, heads)]  # type: ignore[index]
    return (
        all(word not in shared for word in own)
        and own[0] != own[1]
        and bool(IS_CJK.match(written_heads[0])) == bool(IS_CJK.match(written_heads[1]))
    )


def _head_position(sequence: tuple[str, ...]) -> int | None:
    """Where the first phrase of a subject ends (its last word before a gap), or None when it has no word."""
    end = sequence.index("") if "" in sequence else len(sequence)
    return end - 1 if end else None


def _modifier_positions(sequence: tuple[str, ...], shared: frozenset[str]) -> list[int]:
    """Where a word of a subject's own stands right before a shared word."""
    return [
        position
        for position, (token, following) in enumerate(zip(sequence, sequence[1:]))
        if token and token not in shared and following in shared
    ]


def _modifies_shared(sequence: tuple[str, ...], shared: frozenset[str]) -> bool:
    """Whether a word of its own stands right before a shared word (no gap between them)."""
    return bool(_modifier_positions(sequence, shared))


def common_base(left: Quantity, right: Quantity) -> tuple[Quantity, Quantity] | None:
    """Both quantities per second when they are rates over different time spans; None when they cannot be compared.

    The same number over two windows ("60 per second" and "60 per minute") reads as two windows of one policy.
    """
    if left.rate == right.rate or _each_of(left.rate, right.rate):
        return left, right
    if (left.low, left.high) == (right.low, right.high):
        return None
    if left.rate in SECONDS_PER and right.rate in SECONDS_PER:
        return _per_second(left), _per_second(right)
    return None


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


_MINIMUM = re.compile(r"\bleast\b|\bminimum\b|\bmin\b|\b(?:less|fewer) than\b|>=|≥|至少|不少于|不低于|最少|下限", re.I)


def _threshold(quantity: Quantity) -> bool:
    """A lower bound set as a threshold ('at least 30', '≥ 20', 'min 30', 不低于 650, an amount a perk starts at:
    'free delivery over ¥30'), not a size described ('4000+ words', 'above 70 %')."""
    return bool(_MINIMUM.search(quantity.span)) or (
        quantity.unit.startswith("money:") and bool(perks(quantity.statement))
    )


_THRESHOLD_BEFORE = re.compile(_THRESHOLD_LEFT.pattern.removesuffix(r"\s*$") + r"\s*\d", re.I)

_INTERVAL_WORDS = frozenset(
    {"interval", "cadenc", "frequency", "period", "heartbeat", "keepalive", "keepaliv", "keep-alive"}
)


_LIMIT_WORDS = frozenset({"timeout", "ttl", "deadline", "grace", "expiry", "超时"})


def _is_interval(quantity: Quantity) -> bool:
    """'every 6 hours', '每 500 步', 'snapshot interval is 2h', 'heartbeat is 20s': how often, not how much
    (a heartbeat timeout is how long to wait)."""
    concepts = concepts_of(quantity.subject)
    return quantity.rate == "interval" or (
        quantity.unit == "duration" and not _INTERVAL_WORDS.isdisjoint(concepts) and _LIMIT_WORDS.isdisjoint(concepts)
    )


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
