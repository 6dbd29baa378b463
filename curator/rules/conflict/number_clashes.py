"""Number clashes: two quantities on one subject and scope whose values cannot both hold."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from curator.config import Config
from curator.rules import pairing
from curator.rules.conflict.clash import Clash, may_pair, named_relation, scope_evidence
from curator.rules.conflict.key_alignment import aligned_keys
from curator.rules.conflict.own_things import own_things_outweigh
from curator.rules.docs import Docs
from curator.rules.facts import statement_facts, things
from curator.rules.facts.changes import change_amount, recorded_instance
from curator.rules.facts.frequencies import as_frequency
from curator.rules.facts.glossary import concepts_of
from curator.rules.facts.quantity_match import files_apart
from curator.rules.facts.quantity_units import SECONDS_PER
from curator.rules.facts.subject import proper_names, stem
from curator.rules.facts.time_zones import ZONE_WORDS, offset_near
from curator.rules.facts.versions import names_a_version
from curator.rules.quantities import TERMS, Quantity, incompatible, key_named_around, named_anchor, same_subject


@dataclass
class NumberClaims:
    """Every quantity the number clashes compare, the entry stating each, each entry's values per unit, and for a code
    key read as a prose setting the words of the key, which the quantity it is compared with must name; a count per
    period read as a frequency meets only a period so read (two counts per period compare in their own units)."""

    owners: list[int]
    quantities: list[Quantity]
    stated: dict[tuple[int, str], set[tuple[float, float]]]
    key_words: dict[int, frozenset[str]] = field(default_factory=dict)
    counted_frequencies: set[int] = field(default_factory=set)


def number_claims(docs: Docs) -> NumberClaims:
    """The quantities of every entry's prose and code, without change amounts and versions read as values, and each code
    key also read as the prose setting another entry names with its words, and each schedule also as how often it
    happens."""
    owners: list[int] = []
    quantities: list[Quantity] = []
    counted: set[int] = set()
    for position, doc in enumerate(docs.items):
        for quantity in doc.quantities + [found for fact in doc.code_facts for found in fact.quantities]:
            if (
                change_amount(quantity)
                or recorded_instance(quantity)
                or _version_read_as_value(quantity)
                or _share_of_total(quantity)
            ):
                continue
            owners.append(position)
            quantities.append(quantity)
            frequency = as_frequency(quantity)
            if frequency is not None:
                if quantity.rate != "interval":
                    counted.add(len(quantities))
                owners.append(position)
                quantities.append(frequency)
    key_words: dict[int, frozenset[str]] = {}
    for owner, quantity, words in aligned_keys(owners, quantities):
        key_words[len(quantities)] = words
        owners.append(owner)
        quantities.append(quantity)
    stated: dict[tuple[int, str], set[tuple[float, float]]] = defaultdict(set)
    for owner, quantity in zip(owners, quantities):
        stated[(owner, quantity.unit)].add(stated_value(quantity))
    return NumberClaims(owners, quantities, stated, key_words, counted)


def number_candidates(docs: Docs, claims: NumberClaims) -> tuple[list[tuple[int, int]], list[float]]:
    """Pairs of quantities in one unit whose subjects and scopes share enough concepts, with their subject similarity."""
    from rapidfuzz import fuzz  # imported here: a warm scan reuses the cached pairwise stage

    owners, quantities = claims.owners, claims.quantities
    concepts = [concepts_of(q.subject) for q in quantities]
    token_sets = [
        (words | {f"@{q.rate}"} | (set() if words else {f"@{q.unit}"}) if q.rate else words | {f"@{q.unit}"})
        | (concepts_of(q.scope) if not words or len(words) > 1 else set())
        for q, words in zip(quantities, concepts)
    ]
    pairs = pairing.candidate_pairs(
        token_sets,
        min_overlap=0.2,
        groups=[q.unit for q in quantities],
        skip=lambda left, right: not may_pair(docs, owners[left], owners[right]),
    )
    subjects = [
        " ".join(sorted(words | {q.unit} | ({q.rate} if q.rate else set()))) for q, words in zip(quantities, concepts)
    ]
    return pairs, pairing.score_pairs(subjects, pairs, scorer=fuzz.token_set_ratio)


def number_verdict(
    docs: Docs, config: Config, claims: NumberClaims, left: int, right: int, score: float
) -> tuple[str | None, dict]:
    """The check that drops a candidate pair of quantities (None when they clash), and the clash's scope evidence."""
    one, other = claims.quantities[left], claims.quantities[right]
    if not incompatible(one, other):
        return "values agree", {}
    if score < config.conflict_subject_threshold and not (named_anchor(one, other) or key_named_around(one, other)):
        return "below subject threshold", {}
    if not same_subject(one, other):
        return "subject veto", {}
    return pair_checks(docs, claims, left, right)


def pair_checks(docs: Docs, claims: NumberClaims, left: int, right: int) -> tuple[str | None, dict]:
    """The checks every proposed pair of numbers passes, however proposed: the check that drops it, or its scope evidence."""
    owners, one, other = claims.owners, claims.quantities[left], claims.quantities[right]
    if any(
        not claims.key_words[key] <= partner.subject | concepts_of(partner.subject)
        for key, partner in ((left, other), (right, one))
        if key in claims.key_words
    ):
        return "key words unnamed", {}
    if left in claims.counted_frequencies and right in claims.counted_frequencies:
        return "two counts per period", {}
    if both_stated(claims.quantities, owners, claims.stated, left, right):
        return "both entries state both values", {}
    if files_apart(one, other):
        return "files apart", {}
    if named_apart(docs, owners[left], owners[right], one, other):
        return "named apart", {}
    if _things_apart(docs, owners[left], owners[right], one, other):
        return "things apart", {}
    if own_things_outweigh(one, other, _entry_concepts(docs, owners[left]), _entry_concepts(docs, owners[right])):
        return "own things outweigh", {}
    scoped = scope_evidence(
        docs,
        owners[left],
        one.scope | (one.subject & other.scope),
        owners[right],
        other.scope | (other.subject & one.scope),
    )
    if scoped is None:
        return "scope veto", {}
    named = named_relation(docs, owners[left], one, owners[right], other)
    if named is None:
        return "named parts apart", {}
    return None, named or scoped


def add_number_clashes(
    docs: Docs, config: Config, claims: NumberClaims, clashes: dict[tuple[int, int], list[Clash]]
) -> None:
    if len(claims.quantities) < 2:
        return
    owners = claims.owners
    pairs, scores = number_candidates(docs, claims)
    for (left, right), score in zip(pairs, scores):
        dropped, scoped = number_verdict(docs, config, claims, left, right, score)
        if dropped is not None:
            continue
        first, second = sorted((owners[left], owners[right]))
        key = (first, second)
        if any(clash.kind == "number" for clash in clashes[key]):
            continue
        clashes[key].append(number_clash(docs, claims, left, right, {"subject_score": round(score, 1), **scoped}))


def number_clash(docs: Docs, claims: NumberClaims, left: int, right: int, evidence: dict) -> Clash:
    """The clash of two quantities: both statements, the unit and rate, each side's value, and `evidence`."""
    owners, quantities = claims.owners, claims.quantities
    return Clash(
        "number",
        {owners[left]: quantities[left].statement, owners[right]: quantities[right].statement},
        {
            "unit": quantities[left].unit,
            "rate": quantities[left].rate or quantities[right].rate,
            "values": {
                docs.items[owners[left]].id: quantities[left].span,
                docs.items[owners[right]].id: quantities[right].span,
            },
            **evidence,
        },
    )


_SHARE_OF_TOTAL = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*([a-z%]*)\s*/\s*\d+(?:\.\d+)?\s*\2(?![a-z])", re.I)


_USAGE = re.compile(r"\b(?:used|uses|usage|using|occupied|full|left|free)\b|用了|已用|占用|占了|剩", re.I)


def _share_of_total(quantity: Quantity) -> bool:
    """Usage written as a part over its whole ("RAM 已经用了 58.3 KB / 64 KB"): how much is in use, no setting."""
    return (
        quantity.kind == "exact"
        and bool(_SHARE_OF_TOTAL.search(quantity.span))
        and bool(_USAGE.search(quantity.statement))
    )


def _version_read_as_value(quantity: Quantity) -> bool:
    """A named value that is a version of a known thing ("JDK 17"): the version clashes read it, as a version."""
    return quantity.unit.startswith("value:") and names_a_version(quantity.unit.removeprefix("value:"))


def named_apart(docs: Docs, left: int, right: int, one: Quantity, other: Quantity) -> bool:
    """One quantity's subject names a thing (k3s, ZFS) the other entry never mentions, and that entry names
    things of its own (Proxmox) the first never mentions: the two numbers are about two systems."""
    for owner, partner, quantity in ((left, right, one), (right, left, other)):
        partner_words = _entry_words(docs, partner)
        named = [token for token in quantity.subject if _is_name(token, quantity) and token not in partner_words]
        if named and any(name not in _entry_words(docs, owner) for name in _entry_names(docs, partner)):
            return True
    return False


def _things_apart(docs: Docs, left: int, right: int, one: Quantity, other: Quantity) -> bool:
    """The two numbers share only the words of their kind and each names a thing the other entry never mentions."""
    return things.apart(_things(one), _things(other), _entry_concepts(docs, left), _entry_concepts(docs, right))


def _things(quantity: Quantity) -> frozenset[str]:
    """What a number is about; a bare one (`timeout: 30s`) is about what its statement names."""
    words = quantity.subject | quantity.scope
    if things.bare(words):
        return things.thing_words(statement_facts(quantity.statement).subject)
    return things.thing_words(words)


def _entry_concepts(docs: Docs, position: int) -> frozenset[str]:
    """Every concept an entry's statements and code lines use."""
    doc = docs.items[position]
    words = {token for fact in doc.facts + doc.code_facts for token in fact.subject}
    return frozenset(words) | concepts_of(frozenset(words))


def _is_name(token: str, quantity: Quantity) -> bool:
    if token in _CALENDAR_NAMES or token in TERMS:
        return False
    return token in quantity.names or (token.isascii() and any(char.isdigit() for char in token) and len(token) > 1)


def _entry_words(docs: Docs, position: int) -> frozenset[str]:
    """Every word an entry uses, stemmed as subjects are."""
    return frozenset(token for fact in docs.items[position].facts for token in fact.subject)


def _entry_names(docs: Docs, position: int) -> set[str]:
    """Capitalised or digit-bearing names an entry uses (Proxmox, PVE, k3s), stemmed and lower-cased."""
    found: set[str] = set()
    for statement in docs.items[position].statements:
        found |= proper_names(statement)
        found.update(re.findall(r"\b[a-z]+\d\w*\b", statement.lower()))
    return found - _CALENDAR_NAMES - TERMS


_CALENDAR_NAMES = (
    frozenset(
        stem(word)
        for word in "january february march april may june july august september october november december monday "
        "tuesday wednesday thursday friday saturday sunday".split()
    )
    | ZONE_WORDS
)


def both_stated(
    quantities: list[Quantity],
    owners: list[int],
    stated: dict[tuple[int, str], set[tuple[float, float]]],
    left: int,
    right: int,
) -> bool:
    """Each entry also states the other's value in that unit: they say the same numbers, about different things
    (clock times written in two time zones are two moments, whatever their digits)."""
    one, other = quantities[left], quantities[right]
    if one.unit == "clock":
        zones = {offset_near(side.statement, side.span) for side in (one, other)}
        if len(zones) == 2 and None not in zones:
            return False
    return (
        stated_value(other) in stated[(owners[left], one.unit)]
        and stated_value(one) in stated[(owners[right], other.unit)]
    )


def stated_value(quantity: Quantity) -> tuple[float, float]:
    """A quantity's value as its entry states it, a count per period per second ("once a day" is not "once a week")."""
    seconds = SECONDS_PER.get(quantity.rate or "")
    if seconds is None:
        return quantity.low, quantity.high
    return float(f"{quantity.low / seconds:.12g}"), float(f"{quantity.high / seconds:.12g}")
