"""Negated and positive imperative clauses of every statement, read as actions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from curator import lazyre as re
from curator.rules.facts import StatementFacts
from curator.rules.facts.clauses import clauses as split_clauses
from curator.rules.polarity.action import Action, _key, _object
from curator.rules.polarity.negation import NOT_CLOSING_BIE
from curator.rules.polarity.practices import practice_reader, practice_tails
from curator.rules.polarity.pronouns import resolved
from curator.rules.polarity.remembered import (
    AskRow,
    Asks,
    Reading,
    digest,
    remembered_action,
    remembered_asks,
    remembered_bans,
    remembered_readings,
)
from curator.rules.text import CJK_CHAR
from curator.scanmemo import SEPARATOR

_INTENSIFIER = r"(?:绝对|千万|一定|坚决)?"
_CJK_BANS = (
    "不可以|可以不用|可以不|不要|"
    + NOT_CLOSING_BIE
    + "别再|"
    + NOT_CLOSING_BIE
    + "别|禁止|严禁|不准|不许|不能|不得|切勿|千万别|永远不要|绝不|决不|不再|不用|无需|不需要|不必"
)
"""Chinese words that forbid (or, 可以不/不用/无需, waive) the action after them, longest first where one holds another."""
_NEGATED = re.compile(
    r"^\s*(?:please\s+)?(?:(?:we|you|i|they|one)\s+)?(?:(?:don'?t|do not|no need to|needn'?t|need not)\s+bother(?:\s+(?:with|to))?"
    r"|(?:there'?s |there is )?no (?:need|reason) to|(?:don'?t|do not|doesn'?t|does not) (?:need|have) to|needn'?t|need not"
    r"|it'?s not (?:necessary|needed) to|never|don'?t|do not|must not|mustn'?t|should not|shouldn'?t"
    r"|avoid|stop|no longer)(?:\s+(?:ever|ever again|really|actually|just|even|anymore))?\b"
    r"|^\s*" + _INTENSIFIER + r"(?:" + _CJK_BANS + r")\s*"
)
_ASIDE = re.compile(
    r"(?P<neg>\b(?:never|not|don'?t|doesn'?t|shouldn'?t|mustn'?t)|不要|禁止|别)\s*[,，]\s*[^,，.;；。]{1,40}?[,，]\s*",
    re.I,
)
_PERMITTED = re.compile(
    r"^\s*(?P<act>[a-z][\w .'/-]{2,60}?)\s+(?:is|are)\s+(?:(?:totally|perfectly|always)\s+)?"
    r"(?:fine|ok|okay|allowed|acceptable|permitted|encouraged)\b"
)
PASSIVE_WAIVER = re.compile(
    r"^\s*(?P<act>[a-z][\w .'/-]{2,60}?)\s+(?:(?:may|can|could)\s+(?:safely\s+|now\s+)?be\s+(?:skipped|omitted|left out)"
    r"|(?:is|are)\s+(?:now\s+)?optional)\b"
)
"""A passive waiver ("integration tests may be skipped for hotfixes", "the changelog is optional"): it forbids nothing,
but answers a requirement."""
_REQUIRED = re.compile(
    r"^\s*(?P<act>[a-z][\w .'/-]{2,60}?)\s+(?:is|are)\s+(?:now\s+|always\s+)?(?:required|mandatory|compulsory)\b"
)
_CJK_LEAD = r"[" + CJK_CHAR + r"]{1,6}?(?:\s*[（(][^（）()]{1,40}[)）]\s*)?"
_LEAD_NEGATED = re.compile(
    r"^\s*((?:[a-z0-9][\w .-]{0,20}?\s*)?(?:["
    + CJK_CHAR
    + r"]{1,6}?\s*[a-z0-9][\w.-]{0,15}\s*)?"
    + _CJK_LEAD
    + r")"
    + _INTENSIFIER
    + r"(?:"
    + _CJK_BANS
    + r")"
)
_LEAD_STRONG = re.compile(r"^\s*(" + _CJK_LEAD + r")(?:一定要|必须|务必|总是|可以|允许|一律|都要|统一|都)")
_PERMITTED_AFTER = re.compile(r"(?:就行|就可以|即可|也可以|也行|没问题|都行)[了的啦]?\s*[。.!！]?\s*$")
_UNIVERSAL = re.compile(r"\b(?:every|everything|all|each)\b")
_STRONG_MODAL = re.compile(
    r"^\s*(?:(?:during|for|in|on|when|if|after|before|once)\b[^,]{0,60}?\s)?(?:please\s+)?"
    r"(?:always|must|make sure to|be sure to|it'?s (?:fine|ok|okay|allowed) to|it is (?:fine|ok|okay|allowed) to"
    r"|(?:you |(?:devs|developers|engineers|qa|testers|admins|operators|on-call|oncall|we|everyone|anyone) )?(?:can|may) (?:still )?|(?:is|are) allowed to)\s*|^\s*(?:一定要|必须|务必|总是|可以|允许|一律)"
)
_MODAL = re.compile(
    r"^\s*(?:please\s+)?(?:always|must|should|do|make sure to|remember to|be sure to|一定要|必须|务必|总是|记得|要|请)\s+|^\s*(?:一定要|必须|务必|总是|记得|请)"
)


MAX_POSITIVE_CHARS = 90
MAX_CONDITION_CHARS = 60


def collect(statements_by_owner: list[list[StatementFacts]]) -> tuple[list[int], list[Action]]:
    """Negated imperatives, then the short positive clauses that start with the same two words as one of them, then
    plain clauses describing a forbidden practice.

    A positive clause with a strong modal ("always", "must", "必须") needs only the same first word: it
    may narrow the action with extra words ("never ship fixes as OTA" vs "always ship JS fixes as OTA"). Each
    entry's negated imperatives are a pure function of its statements; its positive clauses depend on the store only
    through the bans' keys, verbs, objects and practices, so both are kept per entry in the scan memo (the second under
    a digest of those, and of the practices only this entry forbids).
    """
    owners: list[int] = []
    found: list[Action] = []
    keys: set[tuple[str, ...]] = set()
    verbs: set[str] = set()
    objects: set[str] = set()
    for owner, facts in enumerate(statements_by_owner):
        for negated, action in remembered_bans(facts, partial(_entry_bans, facts)):
            owners.append(owner)
            found.append(action)
            key = _key(negated)
            keys.add(key)
            verbs.update(key[:1])
            objects.update(_object(action.words))
    if not found:
        return owners, found
    practices = practice_tails(found)
    read_practice = practice_reader(owners, found, practices)
    own_practices: dict[int, list[str]] = {}
    for tail, positions in practices.items():
        if read_practice is not None and len({owners[position] for position in positions}) == 1:
            own_practices.setdefault(owners[positions[0]], []).append(tail)
    shared = digest(
        [SEPARATOR.join(key) for key in keys], verbs, objects, practices if read_practice is not None else ["-"]
    )
    bans = _Bans(keys, verbs, objects, read_practice)
    practice_owners: list[int] = []
    practised: list[Action] = []
    for owner, facts in enumerate(statements_by_owner):
        own = digest(own_practices[owner]) if owner in own_practices else ""
        asked, described = remembered_asks(f"{shared}\0{own}", facts, partial(_entry_asks, owner, facts, bans))
        owners.extend(owner for _ in asked)
        found.extend(asked)
        practice_owners.extend(owner for _ in described)
        practised.extend(described)
    owners.extend(practice_owners)
    found.extend(practised)
    return owners, found


def _entry_bans(facts: list[StatementFacts]) -> list[tuple[int, str, Action]]:
    """(statement position, negated core, action) of each negated imperative of one entry."""
    found: list[tuple[int, str, Action]] = []
    before: str | None = None
    for index, lowered, negated, _, _, _ in _readings(facts):
        previous, before = before, lowered
        if negated is not None:
            if previous is not None:
                negated = resolved(negated, previous)
            action = remembered_action("neg", negated, facts[index].text, practice=negated)
            if action:
                found.append((index, negated, action))
    return found


@dataclass(frozen=True)
class _Bans:
    """What the store's negated imperatives make of a positive clause: their keys, first words and objects, and the
    reader of the practices they forbid."""

    keys: set[tuple[str, ...]]
    verbs: set[str]
    objects: set[str]
    read_practice: Callable[[int, str, str], list[tuple[str, Action]]] | None


def _entry_asks(owner: int, facts: list[StatementFacts], bans: _Bans) -> Asks:
    """The positive imperatives of one entry that mirror a ban, and the practices it describes that a ban forbids,
    each with the arguments its action is read from."""
    keys, verbs, objects = bans.keys, bans.verbs, bans.objects
    asked: list[AskRow] = []
    described: list[AskRow] = []
    for index, lowered, negated, core, strong, key in _readings(facts):
        statement = facts[index].text
        if bans.read_practice is not None and negated is None:
            for text, practised in bans.read_practice(owner, statement, lowered):
                described.append((index, text, False, practised.practice, practised))
        if core is None or len(core) > MAX_POSITIVE_CHARS:
            continue
        verb = key[0].split("-")[0] if key else ""
        imperative = strong or core != lowered or bool(verb and (verb in verbs or verb in _IMPERATIVE_VERBS))
        if imperative and not strong and verb in _IMPERATIVE_VERBS and _UNIVERSAL.search(core):
            strong = True
        if key in keys or (strong and key[:1] and key[0] in verbs) or imperative:
            action = remembered_action("pos", core, statement, strong)
            if action and (
                key in keys or (strong and key[:1] and key[0] in verbs) or not objects.isdisjoint(action.words)
            ):
                asked.append((index, core, strong, "", action))
    return asked, described


def _readings(facts: list[StatementFacts]) -> list[Reading]:
    """Each clause of an entry's statements: its statement, the clause, its negated core, its positive core
    (a short clause that negates nothing), whether a strong modal asks it, and its key."""

    def read() -> list[Reading]:
        found: list[Reading] = []
        for index, fact in enumerate(facts):
            for lowered in _own_clauses(fact):
                negated = _negated_core(lowered)
                core, strong = None, False
                if negated is None and len(lowered) <= MAX_POSITIVE_CHARS + MAX_CONDITION_CHARS:
                    core, strong = _positive_core(lowered)
                found.append((index, lowered, negated, core, strong, _key(core) if core is not None else ()))
        return found

    return remembered_readings([fact.text for fact in facts], read)


_IMPERATIVE_VERBS = frozenset(
    """deploy use run push merge rebase squash commit ship publish release call write add create delete remove install
    update upgrade pin tag test build store log cache send keep put mock skip disable enable set retry wrap prefer follow
    name document review open close fix format lint check rotate restart migrate bump force""".split()
)


_NOMINAL_BAN = re.compile(
    r"^\s*no\s+(?P<act>[a-z]+(?:-[a-z]+)?)\s+(?=(?:on|to|into|onto|in|from|before|after|during|outside|past|without|by)\b)"
)


def _banned_verb(word: str) -> str | None:
    """The action verb a plural or gerund names ("deploys" → "deploy", "force-pushing" → "force-push"), or None."""
    head, dash, last = word.rpartition("-")
    forms = (
        last[:-1] if last.endswith("s") else "",
        last[:-2] if last.endswith("es") else "",
        last[:-3] if last.endswith("ing") else "",
        last[:-3] + "e" if last.endswith("ing") else "",
    )
    verb = next((form for form in forms if form in _IMPERATIVE_VERBS), None)
    return None if verb is None else head + dash + verb


def _negated_core(lowered: str) -> str | None:
    """The action a negated clause rejects ("never X", "no deploys on Fridays" → "deploy on fridays", "发布前不要 X" keeps
    its lead "发布前") or waives ("X may be skipped"), or None."""
    negated = _NEGATED.match(lowered)
    if negated:
        return lowered[negated.end() :]
    banned = _NOMINAL_BAN.match(lowered)
    verb = _banned_verb(banned.group("act")) if banned is not None else None
    if banned is not None and verb is not None:
        return verb + " " + lowered[banned.end() :]
    led = _LEAD_NEGATED.match(lowered)
    if led:
        return led.group(1) + lowered[led.end() :]
    waived = PASSIVE_WAIVER.match(lowered)
    return waived.group("act") + lowered[waived.end() :] if waived else None


def _positive_core(lowered: str) -> tuple[str, bool]:
    """The action a positive clause asks for, and whether a strong modal ("always", "必须"), a requirement ("X is required")
    or a permission ("直接读就行") asks it."""
    strong = _STRONG_MODAL.match(lowered)
    if strong:
        return lowered[strong.end() :], True
    permitted = _PERMITTED.match(lowered)
    if permitted:
        return permitted.group("act"), True
    required = _REQUIRED.match(lowered)
    if required:
        return required.group("act") + lowered[required.end() :], True
    led = _LEAD_STRONG.match(lowered)
    if led:
        return led.group(1) + lowered[led.end() :], True
    allowed = _PERMITTED_AFTER.search(lowered)
    if allowed and allowed.start() > 0:
        return lowered[: allowed.start()], True
    return _MODAL.sub("", lowered, count=1), False


def _own_clauses(fact: StatementFacts) -> list[str]:
    """A statement's clauses, with an aside after a negation folded in ("never, under any circumstances, X" → "never X")."""
    if "," not in fact.normalized and "，" not in fact.normalized or not _ASIDE.search(fact.normalized):
        return fact.clauses
    return split_clauses(_ASIDE.sub(lambda match: match.group("neg") + " ", fact.normalized))
