"""conflict: two entries on the same subject that disagree on a number, a tool choice or a polarity."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from curator.config import Config
from curator.model import Finding
from curator.rules import code_polarity, pairing, polarity
from curator.rules.choices import ChoiceTable, Stance
from curator.rules.docs import Doc, Docs, order, quote, supersede_clause
from curator.rules.facts import named_parts, statement_facts
from curator.rules.facts import scope as scopes
from curator.rules.facts.changes import change_amount
from curator.rules.facts.glossary import concepts_of
from curator.rules.facts.instruments import Instrument
from curator.rules.facts.instruments import clashes as instrument_clashes
from curator.rules.facts.subject import proper_names, stem
from curator.rules.facts.versions import Version, names_a_version, same_thing
from curator.rules.facts.versions import incompatible as versions_clash
from curator.rules.project_facts import project_facts
from curator.rules.quantities import TERMS, Quantity, incompatible, named_anchor, same_subject
from curator.rules.registry import Rule, RuleContext


@dataclass
class Clash:
    """One reason two entries disagree, with what each one says."""

    kind: str
    says: dict[int, str]
    detail: dict[str, object]


def analyze(
    docs: Docs, config: Config, table: ChoiceTable, facts: dict[str, list[str]] | None = None
) -> tuple[list[Finding], set[frozenset[int]]]:
    """Conflict findings, and the pairs of doc positions found to conflict (so duplicates can skip them).

    `facts` (tool -> the project files that establish it) decide a tool choice whatever the dates say.
    """
    clashes: dict[tuple[int, int], list[Clash]] = defaultdict(list)
    _number_clashes(docs, config, clashes)
    _version_clashes(docs, clashes)
    _choice_clashes(docs, table, clashes, facts or {})
    _instrument_clashes(docs, clashes)
    _action_clashes(docs, clashes)
    _code_name_clashes(docs, clashes)
    found_clashes = {pair: found for pair, found in clashes.items() if found}
    findings = [_finding(docs, left, right, found) for (left, right), found in sorted(found_clashes.items())]
    return findings, {frozenset(pair) for pair in found_clashes}


def _allowed(docs: Docs, left: int, right: int) -> bool:
    return left != right and not (docs.items[left].is_context and docs.items[right].is_context)


def _number_clashes(docs: Docs, config: Config, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    from rapidfuzz import fuzz  # imported here: a warm scan reuses the cached pairwise stage

    owners: list[int] = []
    quantities: list[Quantity] = []
    for position, doc in enumerate(docs.items):
        for quantity in doc.quantities + [found for fact in doc.code_facts for found in fact.quantities]:
            if change_amount(quantity) or _version_read_as_value(quantity):
                continue
            owners.append(position)
            quantities.append(quantity)
    if len(quantities) < 2:
        return
    concepts = [concepts_of(q.subject) for q in quantities]
    token_sets = [
        words | {f"@{q.rate}"} | (set() if words else {f"@{q.unit}"}) if q.rate else words | {f"@{q.unit}"}
        for q, words in zip(quantities, concepts)
    ]
    pairs = pairing.candidate_pairs(
        token_sets,
        min_overlap=0.2,
        groups=[q.unit for q in quantities],
        skip=lambda left, right: not _allowed(docs, owners[left], owners[right]),
    )
    subjects = [
        " ".join(sorted(words | {q.unit} | ({q.rate} if q.rate else set()))) for q, words in zip(quantities, concepts)
    ]
    scores = pairing.score_pairs(subjects, pairs, scorer=fuzz.token_set_ratio)
    stated: dict[tuple[int, str], set[tuple[float, float]]] = defaultdict(set)
    for owner, quantity in zip(owners, quantities):
        stated[(owner, quantity.unit)].add((quantity.low, quantity.high))
    for (left, right), score in zip(pairs, scores):
        if not incompatible(quantities[left], quantities[right]):
            continue
        if score < config.conflict_subject_threshold and not named_anchor(quantities[left], quantities[right]):
            continue
        if not same_subject(quantities[left], quantities[right]):
            continue
        if _both_stated(quantities, owners, stated, left, right):
            continue
        if _named_apart(docs, owners[left], owners[right], quantities[left], quantities[right]):
            continue
        scoped = _scoped(
            docs,
            owners[left],
            quantities[left].scope | (quantities[left].subject & quantities[right].scope),
            owners[right],
            quantities[right].scope | (quantities[right].subject & quantities[left].scope),
        )
        if scoped is None:
            continue
        named = _named_relation(docs, owners[left], quantities[left], owners[right], quantities[right])
        if named is None:
            continue
        scoped = named or scoped
        first, second = sorted((owners[left], owners[right]))
        key = (first, second)
        if any(clash.kind == "number" for clash in clashes[key]):
            continue
        clashes[key].append(
            Clash(
                "number",
                {owners[left]: quantities[left].statement, owners[right]: quantities[right].statement},
                {
                    "unit": quantities[left].unit,
                    "rate": quantities[left].rate or quantities[right].rate,
                    "values": {
                        docs.items[owners[left]].id: quantities[left].span,
                        docs.items[owners[right]].id: quantities[right].span,
                    },
                    "subject_score": round(score, 1),
                    **scoped,
                },
            )
        )


def _named_relation(
    docs: Docs, left: int, one: Quantity | Version, right: int, other: Quantity | Version
) -> dict | None:
    """None when the two numbers belong to different keys or components; else {} or the scoped exception a component makes."""
    one_named, other_named = named_parts.named(one.statement, one.span), named_parts.named(other.statement, other.span)
    left_text, right_text = " ".join(docs.items[left].statements), " ".join(docs.items[right].statements)
    relation = named_parts.relation(one_named, left_text, other_named, right_text)
    if relation == "apart":
        return None
    if relation == "same":
        return {}
    narrow, wide, named = (left, right, one_named) if relation == "narrower-left" else (right, left, other_named)
    words = sorted(word for component in named.components for word in component)
    return {
        "scoped_exception": {"entry": docs.items[narrow].id, "general": docs.items[wide].id, "scope": " ".join(words)}
    }


def _version_read_as_value(quantity: Quantity) -> bool:
    """A named value that is a version of a known thing ("JDK 17"): the version clashes read it, as a version."""
    return quantity.unit.startswith("value:") and names_a_version(quantity.unit.removeprefix("value:"))


def _named_apart(docs: Docs, left: int, right: int, one: Quantity, other: Quantity) -> bool:
    """One quantity's subject names a thing (k3s, ZFS) the other entry never mentions, and that entry names
    things of its own (Proxmox) the first never mentions: the two numbers are about two systems."""
    for owner, partner, quantity in ((left, right, one), (right, left, other)):
        partner_words = _entry_words(docs, partner)
        named = [token for token in quantity.subject if _is_name(token, quantity) and token not in partner_words]
        if named and any(name not in _entry_words(docs, owner) for name in _entry_names(docs, partner)):
            return True
    return False


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


_CALENDAR_NAMES = frozenset(
    stem(word)
    for word in "january february march april may june july august september october november december monday "
    "tuesday wednesday thursday friday saturday sunday".split()
)


def _both_stated(
    quantities: list[Quantity],
    owners: list[int],
    stated: dict[tuple[int, str], set[tuple[float, float]]],
    left: int,
    right: int,
) -> bool:
    """Each entry also states the other's value in that unit: they say the same numbers, about different things."""
    one, other = quantities[left], quantities[right]
    return (other.low, other.high) in stated[(owners[left], one.unit)] and (one.low, one.high) in stated[
        (owners[right], other.unit)
    ]


MAX_VERSION_PARTNERS = 3


def _version_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """Two entries that put one named thing at versions that cannot both hold ("Node 18" vs "Node 20").

    Claims are grouped by name and interval; each entry of one interval meets the newest few of every
    incompatible interval, so a name many entries mention stays near-linear.
    """
    by_name: dict[str, dict[tuple, list[tuple[int, Version]]]] = defaultdict(lambda: defaultdict(list))
    for position, doc in enumerate(docs.items):
        for fact in doc.facts:
            for version in fact.versions:
                by_name[version.name][(version.low, version.high, version.qualifier)].append((position, version))
    for intervals in by_name.values():
        if len(intervals) < 2:
            continue
        keys = sorted(intervals, key=str)
        for first_index, first in enumerate(keys):
            for second in keys[first_index + 1 :]:
                one, other = intervals[first][0][1], intervals[second][0][1]
                if not (same_thing(one, other) and versions_clash(one, other)):
                    continue
                newest = sorted(intervals[second], key=lambda held: _recency(docs, held[0]), reverse=True)
                for left, left_version in intervals[first]:
                    for right, right_version in newest[:MAX_VERSION_PARTNERS]:
                        _version_clash(docs, clashes, left, left_version, right, right_version)


def _recency(docs: Docs, position: int) -> tuple:
    moment = docs.items[position].moment
    return (moment is not None, moment or 0, -position)


def _version_clash(
    docs: Docs,
    clashes: dict[tuple[int, int], list[Clash]],
    left: int,
    left_version: Version,
    right: int,
    right_version: Version,
) -> None:
    if not _allowed(docs, left, right):
        return
    key = (min(left, right), max(left, right))
    if any(clash.kind == "number" for clash in clashes[key]):
        return
    noise = {left_version.name, left_version.qualifier, right_version.name, right_version.qualifier}
    scoped = _scoped(
        docs,
        left,
        statement_facts(left_version.statement).scope - noise,
        right,
        statement_facts(right_version.statement).scope - noise,
    )
    if scoped is None:
        return
    named = _named_relation(docs, left, left_version, right, right_version)
    if named is None:
        return
    scoped = named or scoped
    clashes[key].append(
        Clash(
            "number",
            {left: left_version.statement, right: right_version.statement},
            {
                "unit": "version",
                "rate": None,
                "values": {docs.items[left].id: left_version.span, docs.items[right].id: right_version.span},
                "version_of": left_version.name,
                **scoped,
            },
        )
    )


def _choice_clashes(
    docs: Docs, table: ChoiceTable, clashes: dict[tuple[int, int], list[Clash]], facts: dict[str, list[str]]
) -> None:
    by_set: dict[tuple[int, str | None], dict[str, dict[str, dict[int, Stance]]]] = defaultdict(
        lambda: {"pos": defaultdict(dict), "neg": defaultdict(dict)}
    )
    for position, doc in enumerate(docs.items):
        for fact in doc.facts:
            for stance in fact.stances(table):
                held = by_set[stance.group][stance.polarity][stance.member]
                if position not in held or held[position].command and not stance.command:
                    held[position] = stance
    tool_words = _tool_words(table)
    for (set_index, scope), polarities in sorted(by_set.items(), key=lambda item: (item[0][0], item[0][1] or "")):
        job = table.sets[set_index].job + (f" of {scope}s" if scope else "")
        judge = ProjectJudge(facts, table.sets[set_index].members)
        positive, negative = polarities["pos"], polarities["neg"]
        members = sorted(positive)
        for first_index, first in enumerate(members):
            for second in members[first_index + 1 :]:
                left_docs = {d: s for d, s in positive[first].items() if d not in positive[second]}
                right_docs = {d: s for d, s in positive[second].items() if d not in positive[first]}
                _pair_up(docs, left_docs, right_docs, clashes, "choice", job, judge, tool_words)
            opposed = {d: s for d, s in negative.get(first, {}).items() if d not in positive[first] and not s.partial}
            _pair_up(docs, positive[first], opposed, clashes, "polarity", job, judge, tool_words)


def _tool_words(table: ChoiceTable) -> frozenset[str]:
    """Every word of every tool name the table knows, as written and stemmed as scope words are."""
    return table.names | frozenset(stem(word) for word in table.names)


def _instrument_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """Entries naming different tools as the instrument of one job ("use gomock for interface mocks")."""
    owners: list[int] = []
    found: list[Instrument] = []
    for position, doc in enumerate(docs.items):
        for fact in doc.facts:
            for instrument in fact.instruments:
                owners.append(position)
                found.append(instrument)
    if len(found) < 2:
        return
    for left, right, one, other in instrument_clashes(
        owners, found, lambda a, b: _allowed(docs, a, b), lambda position: " ".join(docs.items[position].statements)
    ):
        key = (min(left, right), max(left, right))
        if clashes[key]:
            continue
        scoped = _scoped(
            docs,
            left,
            statement_facts(one.statement).scope - one.named,
            right,
            statement_facts(other.statement).scope - other.named,
        )
        if scoped is None:
            continue
        clashes[key].append(
            Clash(
                "choice",
                {left: one.statement, right: other.statement},
                {
                    "job": " ".join(sorted(one.job if len(one.job) <= len(other.job) else other.job)),
                    "choices": {docs.items[left].id: f"pos {one.tool}", docs.items[right].id: f"pos {other.tool}"},
                    **scoped,
                },
            )
        )


def _action_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    owners, found = polarity.collect([doc.facts for doc in docs.items])
    for left, right, left_action, right_action, score in polarity.clashes(
        owners, found, lambda a, b: _allowed(docs, a, b)
    ):
        left_words, right_words = frozenset(left_action.words), frozenset(right_action.words)
        _add_polarity_clash(
            docs,
            clashes,
            (left, left_action.statement, left_action.scope | (left_words & right_action.scope)),
            (right, right_action.statement, right_action.scope | (right_words & left_action.scope)),
            {
                "job": "same action",
                "action": left_action.text,
                "similarity": round(score, 1),
                "stances": {docs.items[left].id: left_action.polarity, docs.items[right].id: right_action.polarity},
            },
        )


def _code_name_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """An entry that always uses a code name (a flag, a function) and another that says to stop using it."""
    held = [code_polarity.stances(doc.facts) for doc in docs.items]
    for negative, positive, rejected, used in code_polarity.clashes(held, lambda a, b: _allowed(docs, a, b)):
        _add_polarity_clash(
            docs,
            clashes,
            (negative, rejected.statement, statement_facts(rejected.statement).scope),
            (positive, used.statement, statement_facts(used.statement).scope),
            {
                "job": "same action",
                "action": rejected.name,
                "stances": {docs.items[negative].id: "neg", docs.items[positive].id: "pos"},
            },
        )


def _add_polarity_clash(
    docs: Docs,
    clashes: dict[tuple[int, int], list[Clash]],
    left: tuple[int, str, frozenset[str]],
    right: tuple[int, str, frozenset[str]],
    evidence: dict,
) -> None:
    """Record two (entry, statement, scope) sides as a polarity clash unless the pair already clashes or the scopes are disjoint."""
    (left_entry, left_statement, left_scope), (right_entry, right_statement, right_scope) = left, right
    key = (min(left_entry, right_entry), max(left_entry, right_entry))
    if clashes[key]:
        return
    scoped = _scoped(docs, left_entry, left_scope, right_entry, right_scope)
    if scoped is None:
        return
    clashes[key].append(
        Clash("polarity", {left_entry: left_statement, right_entry: right_statement}, {**evidence, **scoped})
    )


def _scoped(docs: Docs, left: int, left_scope: frozenset[str], right: int, right_scope: frozenset[str]) -> dict | None:
    """None when two statements speak of disjoint scopes; else {} or the scoped exception one of them makes."""
    relation = scopes.relation(concepts_of(left_scope), concepts_of(right_scope))
    if relation == "disjoint":
        return None
    if relation == "same":
        return {}
    narrow, wide, words = (left, right, left_scope) if relation == "narrower-left" else (right, left, right_scope)
    return {
        "scoped_exception": {
            "entry": docs.items[narrow].id,
            "general": docs.items[wide].id,
            "scope": " ".join(sorted(words)),
        }
    }


def _representatives(docs: Docs, side: dict[int, Stance]) -> list[int]:
    """The entries that best speak for one side: the newest instruction and the newest memory declaring it.

    Each kind falls back to entries that only run the tool, so an instruction never hides a memory speaker.
    """
    chosen: list[int] = []
    for want_context in (True, False):
        kind = [d for d in side if docs.items[d].is_context == want_context]
        pool = [d for d in kind if not side[d].command] or kind
        if pool:
            chosen.append(max(pool, key=lambda d: (docs.items[d].moment is not None, docs.items[d].moment or 0, -d)))
    return chosen


SMALL_SIDE = 3


def _pair_up(
    docs: Docs,
    left_docs: dict[int, Stance],
    right_docs: dict[int, Stance],
    clashes: dict[tuple[int, int], list[Clash]],
    kind: str,
    job: str,
    judge: ProjectJudge,
    tool_words: frozenset[str],
) -> None:
    """Pair each entry of the smaller side with the entries that best speak for the other side.

    Tool names are no scope: "use Maestro for UI tests" and "UI tests in XCUITest" speak of one job.
    """
    if not left_docs or not right_docs:
        return
    swap = len(right_docs) < len(left_docs)
    minority, majority = (right_docs, left_docs) if swap else (left_docs, right_docs)
    declared = [d for d, stance in majority.items() if not stance.command] or sorted(majority)
    representatives = _representatives(docs, majority)
    speakers = sorted({*declared, *representatives}) if len(declared) <= SMALL_SIDE else representatives
    for odd in sorted(minority):
        for speaker in speakers:
            if not _allowed(docs, odd, speaker):
                continue
            key = (min(odd, speaker), max(odd, speaker))
            if any(clash.kind in ("choice", "polarity") for clash in clashes[key]):
                continue
            odd_stance, speaker_stance = minority[odd], majority[speaker]
            scoped = _scoped(
                docs,
                odd,
                statement_facts(odd_stance.statement).scope - tool_words,
                speaker,
                statement_facts(speaker_stance.statement).scope - tool_words,
            )
            if scoped is None:
                continue
            detail: dict[str, object] = {
                "job": job,
                "choices": {
                    docs.items[odd].id: f"{odd_stance.polarity} {odd_stance.member}",
                    docs.items[speaker].id: f"{speaker_stance.polarity} {speaker_stance.member}",
                },
                **scoped,
            }
            decided = judge.decide({odd: odd_stance, speaker: speaker_stance})
            if decided is not None:
                wrong, right, member, sources = decided
                detail["project"] = {
                    "wrong": docs.items[wrong].id,
                    "right": docs.items[right].id,
                    "fact": member,
                    "sources": sources,
                }
            clashes[key].append(Clash(kind, {odd: odd_stance.statement, speaker: speaker_stance.statement}, detail))


def _finding(docs: Docs, left: int, right: int, found: list[Clash]) -> Finding:
    older, newer = order(docs.items[left], docs.items[right])
    lead = next((clash for clash in found if "project" in clash.detail), found[0])
    says = {docs.items[position].id: text for position, text in lead.says.items()}
    what = {
        "number": "disagree on a version" if lead.detail.get("unit") == "version" else "disagree on a number",
        "choice": f"choose different tools for one job ({lead.detail.get('job')})",
        "polarity": "say opposite things about the same action"
        if lead.detail.get("job") == "same action"
        else f"disagree on the {lead.detail.get('job')}",
    }[lead.kind]
    verdict, superseded = _verdict(older, newer, lead)
    exception = lead.detail.get("scoped_exception")
    if isinstance(exception, dict) and "project" not in lead.detail:
        message = (
            f"{older.id} says {quote(says[older.id])}; {newer.id} says {quote(says[newer.id])} — a scoped exception: "
            f"{exception['entry']} narrows {exception['general']} to {exception['scope']} and they {what} there. "
            "Say the exception in the general rule, or drop one."
        )
        superseded = None
    else:
        message = (
            f"{older.id} says {quote(says[older.id])}; {newer.id} says {quote(says[newer.id])} — they {what}; {verdict}"
        )
    evidence: dict[str, object] = {
        "kind": lead.kind,
        "older": {"entry": older.id, "date": older.day(), "says": says[older.id]},
        "newer": {"entry": newer.id, "date": newer.day(), "says": says[newer.id]},
        **lead.detail,
    }
    if superseded is not None:
        evidence["superseded"] = superseded
    if len(found) > 1:
        evidence["also"] = [{"kind": clash.kind, **clash.detail} for clash in found if clash is not lead]
    return Finding("conflict", "warning", [older.id, newer.id], message, evidence)


def _verdict(older: Doc, newer: Doc, lead: Clash) -> tuple[str, dict[str, str] | None]:
    """Which side is wrong and why: the live project first, then instruction over memory, then dates."""
    decided = lead.detail.get("project")
    if isinstance(decided, dict):
        wrong, right = decided["wrong"], decided["right"]
        sources = ", ".join(decided["sources"])
        message = (
            f"the project decides: {sources} say {decided['fact']}, so {wrong} is wrong whatever its date "
            f"and {right} stands. Fix or expire {wrong}."
        )
        return message, {"entry": wrong, "by": right, "because": f"project: {sources}"}
    if older.is_context != newer.is_context:
        instruction, memory = (older, newer) if older.is_context else (newer, older)
        message = (
            f"{instruction.id} is an instruction file, which outranks memory: {memory.id} is wrong unless "
            f"the instruction is outdated. Fix or expire {memory.id}, or edit {instruction.id}."
        )
        return message, {"entry": memory.id, "by": instruction.id, "because": "instruction file outranks memory"}
    clause = supersede_clause(older, newer)
    superseded = (
        {"entry": older.id, "by": newer.id, "because": "date"} if clause.startswith(f"{newer.id} (newer") else None
    )
    return f"{clause}. Keep one, or edit the other.", superseded


class ProjectJudge:
    """Decides a clash over one exclusive set from the project's own files (lockfiles, configs, manifests)."""

    def __init__(self, facts: dict[str, list[str]], members: tuple[str, ...]) -> None:
        names = [member.split("|")[0] for member in members]
        self.established = {name: facts[name] for name in names if name in facts}

    def _contradicted(self, stance: Stance) -> tuple[str, list[str]] | None:
        """The fact that contradicts this stance, or None when the project agrees or is silent."""
        if not self.established:
            return None
        if stance.polarity == "pos" and stance.member not in self.established:
            member, sources = next(iter(self.established.items()))
            return member, sources
        if stance.polarity == "neg" and stance.member in self.established:
            return stance.member, self.established[stance.member]
        return None

    def decide(self, sides: dict[int, Stance]) -> tuple[int, int, str, list[str]] | None:
        """(wrong, right, fact, sources) when the project contradicts exactly one side, else None."""
        verdicts = {position: self._contradicted(stance) for position, stance in sides.items()}
        wrong = [position for position, verdict in verdicts.items() if verdict is not None]
        if len(wrong) != 1 or len(self.established) != 1:
            return None
        right = next(position for position in sides if position != wrong[0])
        contradiction = verdicts[wrong[0]]
        if contradiction is None:
            return None
        return wrong[0], right, contradiction[0], list(contradiction[1])


def _run(ctx: RuleContext) -> list[Finding]:
    findings, ctx.conflicting = analyze(ctx.docs, ctx.settings, ctx.choices, project_facts(ctx.project))
    return findings


RULE = Rule(
    id="conflict",
    severity="warning",
    summary="two entries (or an entry and an instruction file) that say incompatible things",
    analyze=_run,
    config_keys=frozenset({"conflict"}),
    order=10,
    pairs_entries=True,
    reason_to_expire=True,
)
