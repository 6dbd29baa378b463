"""Number clashes proposed by meaning: a revised value and the nearest clause of another entry that states the same measure.

The subject-word check of `number_clashes` misses one setting named two ways ("45 000 ms idle timeout" vs "raised the
websocket idle timeout to 2 minutes", 空闲超时改为 10 分钟 vs 会话空闲超时为 5 分钟). Here each quantity's own clause,
its numbers masked, is embedded; quantities of one unit in two entries that are each other's nearest such clause are
proposed, and a verifier keeps a pair only when one side says its value was changed, the values differ, both share a
subject word (neither the unit nor a time zone) that neither side qualifies as a thing of its own, and the checks
every pair of numbers passes (`number_clashes.pair_checks`) hold.
"""

from __future__ import annotations

from collections import defaultdict

from curator import lazyre as re
from curator.rules import embed
from curator.rules.conflict.clash import Clash, may_pair
from curator.rules.conflict.neighbours import mutual_nearest
from curator.rules.conflict.number_clashes import NumberClaims, number_clash, pair_checks
from curator.rules.docs import Docs
from curator.rules.facts.subject_modifiers import modified_apart, shared_concepts
from curator.rules.facts.time_zones import ZONE_WORDS
from curator.rules.quantities import Quantity, incompatible

MIN_CLAUSE_COSINE = 0.3
UNCOMPARED_UNITS = frozenset(
    {"clock"}
)  # a time of day clashes only within one schedule on the same days (number_clashes)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CLAUSE_BREAK = re.compile(r"[，,;；。:：（）()]|\s[—–]\s")
_REVISED = re.compile(
    r"\b(?:raised|lowered|increased|reduced|bumped|changed|moved|switched|slowed|sped up|upped|tightened|relaxed"
    r"|shortened|extended|went (?:up |down )?to|cut to|doubled|halved|now|since|no longer|any ?more)\b"
    r"|改成|改为|改到|调到|调成|调整为|调整到|提到|提高到|降到|降低到|升到|加到|扩到|缩到|降为|放宽|收紧|缩短|延长|现在|改了|调了|不再",
    re.I,
)
_GENERIC = frozenset("run use go do make set get have give keep full data time default new old".split())


def own_clause(quantity: Quantity) -> str:
    """The clause of the statement holding the quantity's number (the whole statement when the clause is bare)."""
    statement = quantity.statement
    at = statement.find(quantity.span)
    if at < 0:
        return statement
    breaks = list(_CLAUSE_BREAK.finditer(statement))
    start = max((found.end() for found in breaks if found.end() <= at), default=0)
    end = min((found.start() for found in breaks if found.start() >= at + len(quantity.span)), default=len(statement))
    clause = statement[start:end]
    return clause if len(_NUMBER.sub("", clause).strip()) >= 6 else statement


def masked(text: str) -> str:
    """The text with every number written as '#', so two clauses are compared on what they say the number is of."""
    return _NUMBER.sub("#", text)


def is_revised(quantity: Quantity) -> bool:
    """Whether the quantity's own clause says the value was changed or holds now ("raised to", 改成, "now")."""
    return bool(_REVISED.search(own_clause(quantity)))


def shared_subject(one: Quantity, other: Quantity) -> frozenset[str]:
    """Subject concepts both quantities name, leaving out their unit, time zones and generic words."""
    units = {one.unit, other.unit, one.unit.removeprefix("value:"), one.rate or "", other.rate or ""}
    shared = shared_concepts(one, other)
    return frozenset(word for word in shared if word not in units and word not in ZONE_WORDS and word not in _GENERIC)


def comparable(one: Quantity, other: Quantity) -> bool:
    """Whether two quantities of one unit could clash: their values differ, they share a subject word, and neither
    side qualifies it as a thing of its own."""
    return incompatible(one, other) and bool(shared_subject(one, other)) and not modified_apart(one, other)


def nearest_partners(docs: Docs, claims: NumberClaims) -> list[tuple[int, int, float]]:
    """(i, j, cosine) for quantities of one unit in two entries whose masked clauses are each other's nearest."""
    quantities, owners = claims.quantities, claims.owners
    by_unit: dict[str, list[int]] = defaultdict(list)
    for index, quantity in enumerate(quantities):
        if quantity.unit not in UNCOMPARED_UNITS:
            by_unit[quantity.unit].append(index)
    groups = {unit: members for unit, members in by_unit.items() if len(members) >= 2}
    if not groups or not any(is_revised(quantities[index]) for members in groups.values() for index in members):
        return []
    texts = [masked(own_clause(quantities[index])) for members in groups.values() for index in members]
    vectors = embed.encode_remembered(texts, leave_prefetch=True)  # the duplicate rule's prefetch keeps running
    if vectors is None:
        return []
    found: list[tuple[int, int, float]] = []
    offset = 0
    for members in groups.values():
        block = vectors[offset : offset + len(members)]
        offset += len(members)
        found.extend(mutual_nearest(block, members, owners, lambda a, b: may_pair(docs, a, b), MIN_CLAUSE_COSINE))
    return found


def meaning_verdict(docs: Docs, claims: NumberClaims, left: int, right: int) -> tuple[str | None, dict]:
    """The check that drops a proposed pair (None when it clashes), and the clash's scope evidence."""
    one, other = claims.quantities[left], claims.quantities[right]
    if not (is_revised(one) or is_revised(other)):
        return "neither value revised", {}
    if not comparable(one, other):
        return "values agree, no shared subject word, or modified apart", {}
    if any(
        quantity.qualifier and quantity.qualifier != partner.qualifier
        for quantity, partner in ((one, other), (other, one))
    ):
        return "qualified apart", {}
    if one.measure and other.measure and one.measure != other.measure:
        return "measures differ", {}
    return pair_checks(docs, claims, left, right)


def add_meaning_clashes(docs: Docs, claims: NumberClaims, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """Number clashes between nearest clauses that the subject-word pairing did not find."""
    owners = claims.owners
    for left, right, cosine in nearest_partners(docs, claims):
        key = tuple(sorted((owners[left], owners[right])))
        if any(clash.kind == "number" for clash in clashes.get(key, [])):  # type: ignore[arg-type]
            continue
        dropped, scoped = meaning_verdict(docs, claims, left, right)
        if dropped is not None:
            continue
        clashes[key].append(  # type: ignore[index]
            number_clash(docs, claims, left, right, {"clause_similarity": round(cosine * 100, 1), **scoped})
        )
