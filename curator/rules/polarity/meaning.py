"""Opposite stances proposed by meaning: a clause that forbids an action and the nearest clause of another entry that asks for it.

The word pairings of `opposites` miss one action worded two ways ("never hardcode hex colors in components" vs "it's
fine to hardcode hex values in components again", 禁止直接 `kubectl apply` vs 生产集群紧急修改可以直接 `kubectl apply`).
Here each clause's action, its negation or modal removed, is embedded; a forbidding clause and a requiring or
permitting clause of two entries that are each other's nearest are proposed, and a verifier keeps a pair only when
the forbidden verb recurs on the other side and the forbidden action's object words all recur but one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from curator import lazyre as re
from curator.rules import embed
from curator.rules.conflict.neighbours import mutual_nearest
from curator.rules.facts import StatementFacts
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem
from curator.rules.polarity.action import _GENERIC_VERBS, _MANNER, HISTORY, Action, _object
from curator.rules.polarity.imperatives import _readings
from curator.rules.polarity.opposites import _AUTOMATIC_WORD, _LIGHT_WORDS, _VERB_PREFIXES, _opposite_manner
from curator.rules.polarity.remembered import remembered_action

MIN_ACTION_COSINE = 0.45
MAX_STANCES = 20000
_WAIVED = re.compile(
    r"^\s*(?:please\s+)?(?:(?:we|you|i|they|one)\s+)?(?:no need to|needn'?t|need not|(?:don'?t|do not) (?:need|have) to"
    r"|(?:there'?s |there is )?no (?:need|reason) to|it'?s not (?:necessary|needed) to)|^\s*(?:不用|无需|不需要|不必)"
)
_ASKED_INSIDE = re.compile(r"(?<![不别没])(?:一定要|必须|务必|可以|一律|统一)")
_DENIED = re.compile(
    r"\b(?:not|never|no|don'?t|doesn'?t|isn'?t|aren'?t|won'?t|cannot|can'?t|without)\b|不|没|别|勿|禁|无|非"
)
_LEAD_FILLER = re.compile(r"^\s*(?:just|simply|go ahead and|feel free to)\s+")


@dataclass(frozen=True)
class Stance:
    """One clause of an entry that forbids ("neg") or asks for or permits ("pos") an action."""

    owner: int
    polarity: str
    core: str
    action: Action
    asked: bool
    acting: tuple[str, ...] | None = None


def _asked_core(lowered: str) -> tuple[str, str] | None:
    """The action a clause asks for with a modal inside it ("生产集群紧急修改可以直接 `kubectl apply`"), and the part
    after the modal that holds its verb, or None."""
    found = _ASKED_INSIDE.search(lowered)
    if found is None:
        return None
    return lowered[: found.start()] + lowered[found.end() :], lowered[found.end() :]


def stances(statements_by_owner: list[list[StatementFacts]]) -> list[Stance]:
    """Forbidding clauses and the clauses that ask for or permit an action, of every entry; "no need to X" forbids nothing.

    A clause with no modal counts only as a bare imperative opening with a forbidden verb, so only those are read.
    """
    readings = [
        (owner, facts[index].text, lowered, negated, core, strong)
        for owner, facts in enumerate(statements_by_owner)
        for index, lowered, negated, core, strong, _ in _readings(facts)
    ]
    found: list[Stance] = []
    for owner, statement, lowered, negated, _, _ in readings:
        if negated is not None and not _WAIVED.match(lowered):
            action = remembered_action("neg", negated, statement, practice=negated)
            if action is not None:
                found.append(Stance(owner, "neg", negated.strip(), action, True))
    verbs = {verb for verb in map(_verb, found) if verb is not None}
    if not found:
        return found
    for owner, statement, lowered, negated, core, strong in readings:
        if negated is not None or core is None or HISTORY.search(lowered) or _DENIED.search(core):
            continue
        asked, acted = strong or core != lowered, ""
        if not asked:
            inside = _asked_core(lowered)
            if inside is not None:
                (core, acted), asked = inside, True
        filler = _LEAD_FILLER.match(core)
        if filler:
            core, asked = core[filler.end() :], True
        if not asked and not any(_leads_with(core, verb) for verb in verbs):
            continue
        action = remembered_action("pos", core, statement, asked)
        if action is not None:
            tail = remembered_action("pos", acted, statement, True) if acted else None
            acting = None if not acted else (tail.words if tail is not None else ())
            found.append(Stance(owner, "pos", core.strip(), action, asked, acting))
    return found


def _words(action: Action) -> set[str]:
    """An action's words as concepts, hyphenated compounds also split ("squash-merg" holds "squash")."""
    words = set(action.words) | set(action.scope)
    for word in list(words):
        words.update(part for part in word.split("-") if part)
    return {concept(word) for word in words} | words


_MANNER_LEAD = re.compile(
    r"^\s*(?:(?:manually|directly|by hand|yourself|locally|ever|just)\s+|(?:手动|手工|直接|自己|亲自|随便|单独|临时|再)\s*)+"
)
_GENERIC_LEAD = re.compile(r"^\s*(?:(?:use|using|do|run|make|have|go|get|put|try|keep)\b|用|使用|走|跑|做|搞|弄)")
_FIRST_WORD = re.compile(r"\s*([a-z][a-z'-]*)")


def _verb(stance: Stance) -> str | None:
    """The leading verb of a forbidden action, unless it is a generic one ("use", "run", 用) or it leads with no verb."""
    core = _MANNER_LEAD.sub("", stance.core)
    if _GENERIC_LEAD.match(core) or not stance.action.verbal:
        return None
    words = [word for word in stance.action.words if word not in _MANNER]
    if len(words) > 1 and words[0] in _VERB_PREFIXES:
        words = words[1:]
    return None if not words or words[0] in _GENERIC_VERBS else words[0].split("-")[0]


def _leads_with(core: str, verb: str) -> bool:
    """Whether an English clause opens with the verb in its plain form ("squash-merge everything", not "calling X")."""
    first = _FIRST_WORD.match(core)
    if first is None or first.group(1).endswith(("ing", "ed")) or first.group(1)[-2:] in ("es", "ys", "ts"):
        return False
    return stem(first.group(1).split("-")[0]) == verb


def _whole_action(forbidden: Stance, asked: Stance) -> bool:
    """Every word of a one-word forbidden action recurs, its generic verb too ("不要全量跑" is not "每次都全量比对")."""
    generic = _GENERIC_LEAD.match(_MANNER_LEAD.sub("", forbidden.core))
    if generic and generic.group(0).strip() not in asked.core:
        return False
    words = _words(asked.action)
    return all(word in words or concept(word) in words for word in forbidden.action.words if word not in _MANNER)


def same_action(forbidden: Stance, asked: Stance) -> bool:
    """Whether an asked-for action is the forbidden one: its verb recurs (an unasked clause must lead with it), and the
    words of the forbidden object (the verb left out) all recur but at most one, fewer missing than shared."""
    target = {
        word
        for word in _object(forbidden.action.words)
        if word not in _MANNER and word not in _LIGHT_WORDS and word != _AUTOMATIC_WORD
    }
    if not target:
        return False
    words = _words(asked.action)
    verb = _verb(forbidden)
    if verb is None and not _GENERIC_LEAD.match(_MANNER_LEAD.sub("", forbidden.core)):
        return False
    acting = (
        _words(asked.action)
        if asked.acting is None
        else {form for word in asked.acting for form in (word, concept(word))}
    )
    if verb is not None and verb not in acting and concept(verb) not in acting:
        return False
    if not asked.asked and (verb is None or not _leads_with(asked.core, verb)):
        return False
    if len(target) < 2 and not _whole_action(forbidden, asked):
        return False
    objects = {word for word in target if word.split("-")[0] != verb and word not in _VERB_PREFIXES}
    if not objects:
        return False
    shared = {word for word in objects if word in words or concept(word) in words}
    missing = objects - shared
    return len(missing) <= 1 and len(missing) < len(shared)


def clashes(
    statements_by_owner: list[list[StatementFacts]], allowed: Callable[[int, int], bool]
) -> list[tuple[Stance, Stance, float]]:
    """(forbidding, asking, cosine) for clauses of two entries that are each other's nearest opposite stance and name
    the same action."""
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

    kept: list[tuple[Stance, Stance, float]] = []
    for left, right, cosine in mutual_nearest(vectors, rows, rows, opposite, MIN_ACTION_COSINE):
        forbidden, asked = (found[left], found[right]) if found[left].polarity == "neg" else (found[right], found[left])
        if same_action(forbidden, asked) and not _opposite_manner(forbidden.action, asked.action):
            kept.append((forbidden, asked, cosine))
    return kept
