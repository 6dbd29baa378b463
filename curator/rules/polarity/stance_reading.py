"""The stances of every entry: its forbidding clauses, and the clauses that ask for or permit an action ("no need to X"
forbids nothing; a passive practice answers a verb-only ban)."""

from __future__ import annotations

from collections.abc import Iterator

from curator import lazyre as re
from curator.rules.facts import StatementFacts
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem, subject_tokens
from curator.rules.polarity.action import HISTORY, _object
from curator.rules.polarity.commands import command_practice
from curator.rules.polarity.families import family
from curator.rules.polarity.imperatives import _LEAD_NEGATED, _NEGATED, PASSIVE_WAIVER, _readings
from curator.rules.polarity.pronouns import resolved
from curator.rules.polarity.remembered import remembered_action
from curator.rules.polarity.reported import chinese_practice, reported_practice
from curator.rules.polarity.stance import Stance, _leads_with_any, _named, _verb, _ways

_WAIVED = re.compile(
    r"^\s*(?:please\s+)?(?:(?:we|you|i|they|one)\s+)?(?:no need to|needn'?t|need not|(?:don'?t|do not) (?:need|have) to"
    r"|(?:there'?s |there is )?no (?:need|reason) to|it'?s not (?:necessary|needed) to)|^\s*(?:不用|无需|不需要|不必|可以不)"
)
_WAIVED_AFTER_LEAD = re.compile(r"(?:不用|无需|不需要|不必|可以不用|可以不)$")
_ASKED_INSIDE = re.compile(r"(?<![不别没])(?:一定要|必须|务必|可以|一律|统一|直接)")
_DENIED = re.compile(
    r"\b(?:not|never|no|don'?t|doesn'?t|isn'?t|aren'?t|won'?t|cannot|can'?t|without)\b|不|没|别|勿|禁|无|非"
)
_LEAD_FILLER = re.compile(r"^\s*(?:just|simply|go ahead and|feel free to)\s+")


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
    Each entry's clauses are read once per pass rather than held for the whole store between passes.
    """
    found: list[Stance] = []
    for owner, facts in enumerate(statements_by_owner):
        before: str | None = None
        for index, lowered, negated, _, _, _ in _readings(facts):
            previous, before = before, lowered
            if negated is not None and not _waived(lowered):
                bare, without = _unconditioned(negated)
                if previous is not None:
                    bare = resolved(bare, previous)
                action = remembered_action("neg", bare, facts[index].text, practice=negated)
                if action is not None:
                    lead, opening = _lead(lowered)
                    found.append(
                        Stance(owner, "neg", bare.strip(), action, True, opening=opening, lead=lead, without=without)
                    )
    verbs = {
        verb for stance in found for after_lead in _ways(stance) if (verb := _verb(stance, after_lead)) is not None
    }
    if not found:
        return found
    verb_families = {name for verb in verbs if (name := family(verb)) is not None}
    named = verbs | {word for stance in found for word in _named(stance)}
    translated = verbs | {
        word for stance in found for word in _named(stance) if word not in stance.core or family(word)
    }
    verb_only = {
        verb for stance in found if (verb := _verb(stance)) is not None and _object(stance.action.words) <= {verb}
    }
    for owner, statement, lowered, negated, core, strong in _clause_readings(statements_by_owner):
        if negated is not None or core is None or HISTORY.search(lowered):
            continue
        asked, acted = strong or core != lowered, ""
        core, without = _unconditioned(core)
        if _DENIED.search(core):
            continue
        if not asked:
            inside = _asked_core(lowered) if not without else None
            permitted = _PERMITTED_SUBJECT.match(core) if without else None
            if inside is not None:
                (core, acted), asked = inside, True
            elif permitted is not None:
                core, asked = core[permitted.end() :], True
        filler = _LEAD_FILLER.match(core)
        if filler:
            core, asked = core[filler.end() :], True
        practised = None if asked else _passive_practice(core, verb_only)
        if practised is not None:
            core, passive = practised
            action = remembered_action("pos", core, statement, True)
            if action is not None:
                found.append(Stance(owner, "pos", core, action, True, passive=passive))
            continue
        if not asked and not _leads_with_any(core, verbs, verb_families):
            done = (
                reported_practice(statement, lowered, core, verbs, verb_families)
                or chinese_practice(lowered, core, translated, verb_families)
                or command_practice(lowered, named, verb_families)
            )
            action = remembered_action("pos", done, statement, True) if done else None
            if done and action is not None:
                found.append(Stance(owner, "pos", done, action, True, reported=True))
            continue
        action = remembered_action("pos", core, statement, asked)
        if action is not None:
            tail = remembered_action("pos", acted, statement, True) if acted else None
            acting = None if not acted else (tail.words if tail is not None else ())
            found.append(Stance(owner, "pos", core.strip(), action, asked, acting, without=without))
    return found


def _clause_readings(
    statements_by_owner: list[list[StatementFacts]],
) -> Iterator[tuple[int, str, str, str | None, str | None, bool]]:
    """Each clause of every entry as (owner, statement, clause, negated core, positive core, strong), read anew."""
    for owner, facts in enumerate(statements_by_owner):
        for index, lowered, negated, core, strong, _ in _readings(facts):
            yield owner, facts[index].text, lowered, negated, core, strong


_PASSIVE = re.compile(
    r"^\s*(?:the\s+|our\s+|all\s+)?(?P<subject>(?:[a-z][\w'-]*\s+){1,4}?)(?:are|is|get|gets)\s+(?:always\s+|usually\s+)?"
    r"(?P<verb>[a-z]+(?:-[a-z]+)?ed)\b(?P<rest>.*)$"
)


def _passive_practice(core: str, bare: set[str]) -> tuple[str, tuple[str, ...]] | None:
    """A passive practice of a verb some rule forbids with no object ("feature branches are squash-merged into develop"
    against "never squash"), as its action and its subject's words, or None."""
    found = _PASSIVE.match(core) if bare else None
    if found is None or stem(found.group("verb").split("-")[0]) not in bare:
        return None
    action = found.group("verb") + " " + found.group("subject") + found.group("rest").strip()
    return action, tuple(concept(word) for word in subject_tokens(found.group("subject")))


_CONDITION = re.compile(r"\s+(?:without|unless)\b.*$")
_PERMITTED_SUBJECT = re.compile(r"^(?:[a-z][\w'-]*\s+){1,8}?(?:can|may)\s+(?:still\s+|now\s+|just\s+)?(?=[a-z])")


def _unconditioned(core: str) -> tuple[str, bool]:
    """A clause without the condition it names ("restart prod pods without approval" → "restart prod pods"), and
    whether it named one: a ban with a condition meets only a permission that drops a condition too."""
    bare = _CONDITION.sub("", core)
    return (bare, True) if bare.strip() and bare != core else (core, False)


def _waived(lowered: str) -> bool:
    """Whether a clause only waives an action ("no need to X", "周会不用准备 slides"): it forbids nothing."""
    if _WAIVED.match(lowered) or PASSIVE_WAIVER.match(lowered):
        return True
    led = None if _NEGATED.match(lowered) else _LEAD_NEGATED.match(lowered)
    return led is not None and bool(_WAIVED_AFTER_LEAD.search(led.group(0)))


def _lead(lowered: str) -> tuple[str, str]:
    """The topic, place or condition a Chinese clause names before its negation and what follows the negation
    ("QA 包不要勾 X" → "qa 包", "勾 X"), or two empty strings when the clause opens with its negation."""
    if _NEGATED.match(lowered):
        return "", ""
    led = _LEAD_NEGATED.match(lowered)
    if led is None or not led.group(1).strip():
        return "", ""
    return led.group(1).strip(), lowered[led.end() :].strip()
