"""The stances of every entry: its forbidding clauses, and the clauses that ask for or permit an action ("no need to X"
forbids nothing; a passive practice answers a verb-only ban)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from curator import lazyre as re
from curator.rules.facts import StatementFacts
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem, subject_tokens
from curator.rules.polarity.action import HISTORY, _object
from curator.rules.polarity.commands import command_practice
from curator.rules.polarity.families import family
from curator.rules.polarity.imperatives import _LEAD_NEGATED, _NEGATED, PASSIVE_WAIVER, _readings
from curator.rules.polarity.pronouns import resolved
from curator.rules.polarity.remembered import digest, remembered_action
from curator.rules.polarity.reported import chinese_practice, reported_practice
from curator.rules.polarity.stance import Stance, _leads_with_any, _named, _verb, _ways
from curator.scanmemo import joinable, joined, remembered, split, string

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
    Each entry's forbidding clauses are a pure function of its statements; its asking clauses depend on the store
    only through the verbs and words the forbidding clauses name, so both are kept per entry in the scan memo (the
    second under a digest of those words: a new forbidden verb anywhere reads every entry again).
    """
    found: list[Stance] = []
    for owner, facts in enumerate(statements_by_owner):
        found.extend(stance for _, stance in _entry_stances("entry-bans", "", owner, facts, _bans))
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
    words = _Forbidden(verbs, verb_families, named, translated, verb_only)
    for owner, facts in enumerate(statements_by_owner):
        found.extend(
            stance
            for _, stance in _entry_stances(
                "entry-asks", words.digest(), owner, facts, lambda owner, facts: _asks(owner, facts, words)
            )
        )
    return found


@dataclass(frozen=True)
class _Forbidden:
    """The store-wide words the asking clauses are read against: the forbidden verbs, their families, the words bans
    name, those read across languages, and the verbs banned with no object."""

    verbs: set[str]
    verb_families: set[str]
    named: set[str]
    translated: set[str]
    verb_only: set[str]

    def digest(self) -> str:
        return digest(self.verbs, self.verb_families, self.named, self.translated, self.verb_only)


StanceRow = tuple[int, str, bool, str, str, bool, str, str, str, bool, tuple[str, ...], bool]
"""(statement position, action core, strong, polarity, stance core, asked, acted, opening, lead, without, passive,
reported): the arguments a Stance and its Action are built from."""


def _entry_stances(
    kind: str,
    digest: str,
    owner: int,
    facts: list[StatementFacts],
    read: Callable[[int, list[StatementFacts]], list[tuple[StanceRow, Stance]]],
) -> list[tuple[StanceRow, Stance]]:
    """`read(owner, facts)`, or the rows the scan memo holds for the same statements (and store-wide `digest`)."""
    texts = [fact.text for fact in facts]
    if not texts or not joinable(texts):
        return read(owner, facts)
    return remembered(
        kind,
        f"{digest}\0{joined(texts)}",
        lambda: read(owner, facts),
        lambda rows: [[*row[:10], joined(row[10]), row[11]] for row, _ in rows],
        lambda raw: _decode_stances(raw, owner, facts),
        keep=lambda rows: all(joinable(row[10]) for row, _ in rows),
    )


def _built(owner: int, facts: list[StatementFacts], row: StanceRow) -> Stance | None:
    index, core, strong, polarity, stance_core, asked, acted, opening, lead, without, passive, reported = row
    statement = facts[index].text
    if polarity == "neg":
        action = remembered_action("neg", core, statement, practice=acted)
        if action is None:
            return None
        return Stance(owner, "neg", stance_core, action, True, opening=opening, lead=lead, without=without)
    action = remembered_action("pos", core, statement, strong)
    if action is None:
        return None
    acting = None
    if acted:
        tail = remembered_action("pos", acted, statement, True)
        acting = tail.words if tail is not None else ()
    return Stance(owner, "pos", stance_core, action, asked, acting, without=without, passive=passive, reported=reported)


def _decode_stances(raw: Any, owner: int, facts: list[StatementFacts]) -> list[tuple[StanceRow, Stance]]:
    if type(raw) is not list:
        raise TypeError("not a list of stances")
    found: list[tuple[StanceRow, Stance]] = []
    for item in raw:
        if type(item) is not list or len(item) != 12 or type(item[0]) is not int or not 0 <= item[0] < len(facts):
            raise TypeError("not a stance row")
        if item[3] not in ("neg", "pos") or any(type(item[at]) is not bool for at in (2, 5, 9, 11)):
            raise TypeError("not a stance row")
        row: StanceRow = (
            item[0],
            string(item[1]),
            item[2],
            item[3],
            string(item[4]),
            item[5],
            string(item[6]),
            string(item[7]),
            string(item[8]),
            item[9],
            tuple(split(item[10])),
            item[11],
        )
        stance = _built(owner, facts, row)
        if stance is None:
            raise ValueError("a kept stance whose action reads as none")
        found.append((row, stance))
    return found


def _kept(owner: int, facts: list[StatementFacts], row: StanceRow, found: list[tuple[StanceRow, Stance]]) -> None:
    stance = _built(owner, facts, row)
    if stance is not None:
        found.append((row, stance))


def _bans(owner: int, facts: list[StatementFacts]) -> list[tuple[StanceRow, Stance]]:
    """The forbidding clauses of one entry, each with the row it is built from."""
    found: list[tuple[StanceRow, Stance]] = []
    before: str | None = None
    for index, lowered, negated, _, _, _ in _readings(facts):
        previous, before = before, lowered
        if negated is not None and not _waived(lowered):
            bare, without = _unconditioned(negated)
            if previous is not None:
                bare = resolved(bare, previous)
            lead, opening = _lead(lowered)
            row = (index, bare, False, "neg", bare.strip(), True, negated, opening, lead, without, (), False)
            _kept(owner, facts, row, found)
    return found


def _asks(owner: int, facts: list[StatementFacts], forbidden: _Forbidden) -> list[tuple[StanceRow, Stance]]:
    """The clauses of one entry that ask for or permit an action, read against the store's forbidden words."""
    verbs, verb_families = forbidden.verbs, forbidden.verb_families
    found: list[tuple[StanceRow, Stance]] = []
    for index, lowered, negated, core, strong, _ in _readings(facts):
        statement = facts[index].text
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
        practised = None if asked else _passive_practice(core, forbidden.verb_only)
        if practised is not None:
            core, passive = practised
            _kept(owner, facts, (index, core, True, "pos", core, True, "", "", "", False, passive, False), found)
            continue
        if not asked and not _leads_with_any(core, verbs, verb_families):
            done = (
                reported_practice(statement, lowered, core, verbs, verb_families)
                or chinese_practice(lowered, core, forbidden.translated, verb_families)
                or command_practice(lowered, forbidden.named, verb_families)
            )
            if done:
                _kept(owner, facts, (index, done, True, "pos", done, True, "", "", "", False, (), True), found)
            continue
        row = (index, core, asked, "pos", core.strip(), asked, acted, "", "", without, (), False)
        _kept(owner, facts, row, found)
    return found


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
