"""Whether two quantity claims speak of one subject ("3 retries for the payment callback" vs "5 retries for the mail job")."""

from __future__ import annotations

from dataclasses import replace

from curator import lazyre as re
from curator.rules.facts.cadences import CADENCE
from curator.rules.facts.chinese_subjects import chinese, without_generic
from curator.rules.facts.cross_language import across_languages, coded
from curator.rules.facts.glossary import concept, concepts_of
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_comparators import perks
from curator.rules.facts.quantity_subjects import RETAINED
from curator.rules.facts.quantity_values import MINIMUM
from curator.rules.facts.scope import relation
from curator.rules.facts.subject import stem
from curator.rules.facts.subject_modifiers import GENERIC_CONCEPTS, as_concepts, different_modifiers
from curator.rules.facts.time_zones import ZONE_WORDS
from curator.rules.text import IS_CJK

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
        "frequency",
        "px",
        "dp",
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
    if CADENCE in (left.measure, right.measure):
        return _same_schedule(left, right) or _one_thing_runs(left, right)
    if left.unit.startswith("money:") and _other_perks(left, right):
        return False
    return _same_subject(left, right)


MINIMUM_KEY = "minimum"
"""The qualifier of a setting whose key names a floor (`min_replicas`, `MIN_PASSWORD_LENGTH`)."""

_LIMITING = re.compile(r"\b(?:caps?|capped|time(?:s|d)? out|timeouts?|limits?)\b|超时|上限", re.I)


def _other_perks(left: Quantity, right: Quantity) -> bool:
    """Two amounts that are thresholds of different perks ("free delivery over ¥30" vs "orders over ¥30 get 10 % off")."""
    one, other = perks(left.statement), perks(right.statement)
    return bool(one and other and one.isdisjoint(other))


def _names_qualifier(quantity: Quantity, qualifier: str) -> bool:
    """Whether a quantity's subject names the qualifier, in either language ("blog posts" vs 博客…篇); a floor a key
    names (`MIN_USERNAME_LENGTH`) is named by a statement that says it is a minimum."""
    if qualifier == MINIMUM_KEY and (quantity.kind == "lower" or MINIMUM.search(quantity.statement)):
        return True
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


MIN_SCHEDULED_WORDS = 2
"""A scheduled thing named in this many words or more is the same thing inside a longer name (笔记 on 周五 inside
小红书笔记 on 周五); one word alone ("the job") is too little to say so."""


def _inside(one: frozenset[str], other: frozenset[str]) -> bool:
    """One scheduled thing's name inside the other's, the shorter named in enough words to say so."""
    return len(min(one, other, key=len)) >= MIN_SCHEDULED_WORDS and (one <= other or other <= one)


def _one_script(left: Quantity, right: Quantity) -> bool:
    """Both subjects written in Chinese, or both in English (a name and its translation may be two things: 推文 and
    blog posts)."""
    return chinese(left) == chinese(right)


def _same_schedule(left: Quantity, right: Quantity) -> bool:
    """One scheduled thing: the same words, one name inside the other in one language, or shared words where each side's
    own words are named in the other statement."""
    one, other = _scheduled(left), _scheduled(right)
    if one == other or (_one_script(left, right) and _inside(one, other)):
        return True
    return bool(one & other) and one - other <= right.names and other - one <= left.names


_CADENCE_NOISE = frozenset(
    concept(word) for word in "job task cron 任务 触发 早上 晚上 凌晨 周 天 点 不用 不再 现在 now".split()
)
"""Words of a cadence's clause that name no thing that runs: the scheduler, the part of the day, a negation."""


def _runs(quantity: Quantity) -> frozenset[str]:
    """What runs at a cadence, as concepts: no scheduling or day-part words, no one-character Chinese word the glossary
    does not know (由, 把)."""
    return (
        frozenset(
            concept(token)
            for token in quantity.subject
            if not (len(token) == 1 and IS_CJK.match(token) and concept(token) == token)
        )
        - _SCHEDULING_WORDS
        - _CADENCE_NOISE
        - GENERIC_CONCEPTS
    )


def _one_thing_runs(left: Quantity, right: Quantity) -> bool:
    """A cadence and another schedule of one thing: the same words, or one's words inside the other's, the shorter named
    in enough words to say so (`mark_no_show` on pg_cron is not whatever else pg_cron triggers)."""
    one, other = _runs(left), _runs(right)
    if one and one == other:
        return True
    return len(min(one, other, key=len)) >= MIN_SCHEDULED_WORDS and (one <= other or other <= one)


TERMS = frozenset(
    "ttl api url uri cpu gpu ram sdk ui ux db sql http https json yaml xml ci cd pr qps tps rps rtt dns tls ssl cdn jvm "
    "gc io os vm id uuid".split()
)


def _same_subject(left: Quantity, right: Quantity) -> bool:
    """Same quantity: one subject contains the other, or they mostly overlap; an empty subject needs a shared rate."""
    if key_named_around(left, right):
        return True
    if not left.subject or not right.subject:
        if left.rate and left.rate == right.rate:
            return True
        if left.unit in _MEASURE_UNITS or right.unit in _MEASURE_UNITS:
            return False
        wide_left, wide_right = left.subject | left.scope, right.subject | right.scope
        return not wide_left or not wide_right or bool(concepts_of(wide_left) & concepts_of(wide_right))
    left, right = _measure_named_alike(left), _measure_named_alike(right)
    across = across_languages(left, right)
    if across is not None:
        return across
    both_chinese = chinese(left) and chinese(right)
    if both_chinese:
        left, right = without_generic(left, right)
    left, right = as_concepts(left), as_concepts(right)
    shared = left.subject & right.subject - GENERIC_CONCEPTS
    inside = left.subject <= right.subject | _scoped(right) or right.subject <= left.subject | _scoped(left)
    if inside or (shared and (shared == left.subject or shared == right.subject)):
        return True
    if not shared:
        return False
    left_words = left.subject | {concept(token) for token in left.subject}
    right_words = right.subject | {concept(token) for token in right.subject}
    left_names, right_names = left.names - TERMS, right.names - TERMS
    if (left_names - right_words) & (left.subject - shared) and (right_names - left_words) & (right.subject - shared):
        return False
    if named_anchor(left, right):
        return True
    named = int(left.unit not in _MEASURE_UNITS and left.unit not in shared)
    if different_modifiers(left.sequence, right.sequence, shared, named, both_chinese):
        return False
    return True


_MEASURE_WORDS = {
    "frequency": frozenset("frequency clock speed rate 频率 时钟 主频 速率 速度".split()),
    "px": frozenset("wide width tall high height 宽 宽度 高 高度".split()),
}
"""Words that name what a unit measures, which its unit already says ("SWD clock at 4 MHz" is the SWD frequency, "800px
wide" a size in pixels)."""


def _measure_named_alike(quantity: Quantity) -> Quantity:
    """A quantity without the words naming its unit's measure, which its unit already says (轮询频率 is how often
    轮询 runs); a subject of those words alone keeps them, written as the unit."""
    words = _MEASURE_WORDS.get(quantity.unit)
    if not words or words.isdisjoint(quantity.subject):
        return quantity
    if quantity.subject <= words:
        return replace(quantity, subject=frozenset({quantity.unit}), sequence=(quantity.unit,))
    return replace(
        quantity,
        subject=quantity.subject - words,
        sequence=tuple("" if token in words else token for token in quantity.sequence),
    )


def _scoped(quantity: Quantity) -> frozenset[str]:
    """A quantity's scope words, also as concepts: what one subject may leave to its scope ("开票接口失败" for 开票)."""
    return quantity.scope | concepts_of(quantity.scope)


_KEY_SPAN = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s*[:=]|\b[a-z]+[A-Z]\w*\s*[:=]", re.I)
"""A value set under a code key (`MAX_REFUND_RETRIES = 4`, `maxRetries: 3`)."""


def key_named_around(left: Quantity, right: Quantity) -> bool:
    """A code key's words (`MAX_REFUND_RETRIES` → refund) all named by a prose statement of the same unit, in its
    subject or in what it scopes the number to ("退款接口失败时自动重试两次"): the key sets what the sentence describes."""
    for key, prose in ((left, right), (right, left)):
        if key.subject and _KEY_SPAN.search(key.span) and not _KEY_SPAN.search(prose.span):
            named = prose.subject | prose.scope
            if concepts_of(key.subject) <= named | concepts_of(named):
                return True
    return False


def named_anchor(left: Quantity, right: Quantity) -> bool:
    """Both bind a bare number to one shared name (MAPQ, `max_conns`, BME280) and neither names another thing."""
    if not all(side.unit == "count" or side.unit.startswith("value:") for side in (left, right)):
        return False
    shared = left.subject & right.subject
    anchors = (shared & left.names & right.names) | (coded(left) & coded(right) & shared)
    return bool(anchors - TERMS) and not (left.names - anchors - TERMS) and not (right.names - anchors - TERMS)
