"""Opposite stances proposed by meaning: a clause that forbids an action and the nearest clause of another entry that asks for it.

The word pairings of `opposites` miss one action worded two ways ("never hardcode hex colors in components" vs "it's
fine to hardcode hex values in components again", 禁止直接 `kubectl apply` vs 生产集群紧急修改可以直接 `kubectl apply`).
Here each clause's action, its negation or modal removed, is embedded; a forbidding clause and a requiring or
permitting clause of two entries that are each other's nearest are proposed, and a verifier keeps a pair only when
the forbidden verb recurs on the other side and the forbidden action's object words all recur but one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from curator.rules import embed
from curator.rules.conflict.neighbours import mutual_nearest
from curator.rules.facts import StatementFacts
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem, subject_tokens
from curator.rules.polarity.across import chinese, proposals
from curator.rules.polarity.action import _MANNER
from curator.rules.polarity.families import families
from curator.rules.polarity.opposites import _opposite_manner
from curator.rules.polarity.reported import CONSEQUENCE
from curator.rules.polarity.same_action import _PARTICLE, _RESULTATIVE, _words, same_action
from curator.rules.polarity.stance import Stance, _named, _verb, _ways
from curator.rules.polarity.stance_reading import stances

MIN_ACTION_COSINE = 0.45
MAX_STANCES = 20000


def clashes(
    statements_by_owner: list[list[StatementFacts]], allowed: Callable[[int, int], bool]
) -> list[tuple[Stance, Stance, float]]:
    """(forbidding, asking, cosine) for clauses of two entries that are each other's nearest opposite stance and name
    the same action; a passive practice answers a verb-only ban only when the ban's entry names the practice's subject."""
    found = stances(statements_by_owner)
    if not any(stance.polarity == "neg" for stance in found) or len(found) > MAX_STANCES:
        return []
    vectors = embed.encode_remembered([stance.core for stance in found], leave_prefetch=True)
    if vectors is None:
        return []
    rows = list(range(len(found)))

    def opposite(left: int, right: int) -> bool:
        one, other = found[left], found[right]
        return one.polarity != other.polarity and one.owner != other.owner and allowed(one.owner, other.owner)

    entry_words: dict[int, set[str]] = {}

    def named(forbidden: Stance, asked: Stance) -> bool:
        if not asked.passive:
            return True
        if forbidden.owner not in entry_words:
            entry_words[forbidden.owner] = {
                concept(word) for fact in statements_by_owner[forbidden.owner] for word in subject_tokens(fact.text)
            }
        return set(asked.passive) <= entry_words[forbidden.owner]

    kept: list[tuple[Stance, Stance, float]] = []
    proposed: set[tuple[int, int]] = set()
    for left, right, cosine in mutual_nearest(vectors, rows, rows, opposite, MIN_ACTION_COSINE):
        forbidden, asked = (left, right) if found[left].polarity == "neg" else (right, left)
        proposed.add((forbidden, asked))
        if (
            same_action(found[forbidden], found[asked])
            and named(found[forbidden], found[asked])
            and not _opposite_manner(found[forbidden].action, found[asked].action)
        ):
            kept.append((found[forbidden], found[asked], cosine))
    for forbidden, asked in _across(found, opposite):
        if (forbidden, asked) in proposed or not same_action(found[forbidden], found[asked]):
            continue
        if not named(found[forbidden], found[asked]):
            continue
        if (
            not found[asked].passive
            and not _same_context(found[forbidden], found[asked])
            and not _whole_practice(found[forbidden], found[asked])
        ):
            continue
        if not _opposite_manner(found[forbidden].action, found[asked].action):
            kept.append((found[forbidden], found[asked], float(vectors[forbidden] @ vectors[asked])))
    return kept


MIN_CONTEXT_WORDS = 2


def _whole_practice(forbidden: Stance, asked: Stance) -> bool:
    """Whether a Chinese clause does the forbidden verb to every word of the forbidden object, in every situation the
    rule's statement names ("不要直接推 main" and "上周把热修复推到了 main"; "失败时不要抛异常" is not about a timeout): the
    embedding brings such a clause near neither a Chinese rule nor an English one."""
    action = _words(forbidden.action)
    situation = {
        concept(word) for word in subject_tokens(forbidden.action.statement) if not _PARTICLE.match(word)
    } - action
    held = {concept(word) for word in subject_tokens(asked.action.statement)} | _words(asked.action)
    return (
        chinese(asked.action.statement)
        and situation - _MANNER - _STANCE_WORDS <= held
        and not CONSEQUENCE.search(asked.core)
        and same_action(forbidden, replace(asked, reported=True))
    )


_STANCE_WORDS = frozenset(
    stem(word)
    for word in "never not no don't do must always should avoid stop ever 不要 禁止 严禁 不准 不许 不能 不得 别 绝不 千万".split()
)


def _same_context(forbidden: Stance, asked: Stance) -> bool:
    """Whether the two statements share MIN_CONTEXT_WORDS concepts besides the forbidden action's words: a pair the
    embedding did not propose must be about the same situation ("验签失败时 … 不要抛异常" and "验签失败时直接 throw")."""
    action = _words(forbidden.action)
    sides = [
        {concept(word) for word in subject_tokens(stance.action.statement) if not _PARTICLE.match(word)} - action
        for stance in (forbidden, asked)
    ]
    return len(sides[0] & sides[1]) >= MIN_CONTEXT_WORDS


def _across(found: list[Stance], opposite: Callable[[int, int], bool]) -> list[tuple[int, int]]:
    """(forbidding, asking) positions of stances in two languages whose asking clause holds the forbidden verb, or for
    a ban led by a generic verb ("run `kubectl apply`") the first word it names."""
    verbs = [
        {verb for after_lead in _ways(stance) if (verb := _verb(stance, after_lead)) is not None} or _named(stance)
        if stance.polarity == "neg"
        else set()
        for stance in found
    ]
    verbs = [held | families(held) for held in verbs]
    words: list[set[str]] = []
    for stance in found:
        held = set() if stance.polarity == "neg" else _words(stance.action) | set(stance.acting or ())
        held |= {match.group(1) for match in map(_RESULTATIVE.match, held) if match is not None}
        words.append(held | {concept(word) for word in held} | families(held))
    return list(proposals(verbs, words, opposite))
