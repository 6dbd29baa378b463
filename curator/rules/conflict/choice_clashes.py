"""Choice clashes: two members of one exclusive set, a member and its rejection, or two instruments for one job."""

from __future__ import annotations

from collections import defaultdict

from curator.rules.choices import ChoiceTable, Stance
from curator.rules.conflict.clash import Clash, may_pair, scope_evidence, statement_scope_evidence
from curator.rules.docs import Docs
from curator.rules.facts import statement_facts
from curator.rules.facts.instruments import Instrument
from curator.rules.facts.instruments import clashes as instrument_clashes
from curator.rules.facts.subject import stem


def add_choice_clashes(
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


def add_instrument_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
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
        owners, found, lambda a, b: may_pair(docs, a, b), lambda position: " ".join(docs.items[position].statements)
    ):
        key = (min(left, right), max(left, right))
        if clashes[key]:
            continue
        scoped = scope_evidence(
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
            if not may_pair(docs, odd, speaker):
                continue
            key = (min(odd, speaker), max(odd, speaker))
            if any(clash.kind in ("choice", "polarity") for clash in clashes[key]):
                continue
            odd_stance, speaker_stance = minority[odd], majority[speaker]
            scoped = statement_scope_evidence(
                docs, odd, odd_stance.statement, speaker, speaker_stance.statement, tool_words
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
