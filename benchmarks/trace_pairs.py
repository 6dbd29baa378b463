"""For every labeled conflict or duplicate the rules miss in a blind set, the stage of the rules that dropped it.

Usage: python benchmarks/trace_pairs.py DIR [DIR ...]   (each DIR a blind set, as for score_blind.py, or a labeled
directory such as tests/labeled/pairs11, whose conflict and duplicate positives are traced case by case)

Each store is rebuilt and analysed as score_blind.py does; each missed pair is then replayed through the
rules' own stages (the facts read per side, number candidates and checks, exclusive choices, imperative
actions, the duplicate signals that propose the pair and the veto that drops it) and the furthest stage it reached
is printed, then counted.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from curator.config import Config  # noqa: E402
from curator.rules import analyze, duplicate, load_settings  # noqa: E402
from curator.rules.anchors import anchored_pairs  # noqa: E402
from curator.rules.choices import ChoiceTable  # noqa: E402
from curator.rules.conflict.clash import may_pair, scope_evidence  # noqa: E402
from curator.rules.conflict.number_clashes import number_candidates, number_claims, number_verdict  # noqa: E402
from curator.rules.docs import Docs  # noqa: E402
from curator.rules.duplicate_prints import MIN_TOKENS, OnDemand, entry_prints, fingerprint  # noqa: E402
from curator.rules.duplicate_vetoes import veto as duplicate_veto  # noqa: E402
from curator.rules.facts import statement_facts  # noqa: E402
from curator.rules.migrations import learned_sets  # noqa: E402
from curator.rules.paraphrase import choice_over_rivals, meaning_pairs, rare_word_overlap  # noqa: E402
from curator.rules.polarity import imperatives, opposites  # noqa: E402
from curator.rules.quantities import Quantity  # noqa: E402
from curator.rules.translations import translation_pairs  # noqa: E402
from curator.scan import load_store  # noqa: E402
from tests.support.blind_stores import build  # noqa: E402
from tests.support.labeled_cases import NOW, Case, build_store, load_cases  # noqa: E402

PAIR_RULES = ("conflict", "duplicate")


@dataclass
class Stage:
    """Where a pair stopped: how far along the rules it got (higher is further), the stage, and what was seen there."""

    reached: int
    name: str
    detail: str = ""


class StoreTrace:
    """One analysed store and the rules' intermediate results that every missed pair of it is replayed against."""

    def __init__(
        self, docs: Docs, table: ChoiceTable, settings: Config, reported: dict[str, set[frozenset[str]]]
    ) -> None:
        self.docs, self.table, self.settings, self.reported = docs, table, settings, reported
        self.position = {doc.id: index for index, doc in enumerate(docs.items)}
        self.restated: set[frozenset[int]] | None = None
        self.signals: dict[str, list[tuple[int, int, float]]] | None = None
        self.lengths: list[int] = []
        self.claims = number_claims(docs)
        pairs, scores = number_candidates(docs, self.claims) if len(self.claims.quantities) > 1 else ([], [])
        self.candidates = dict(zip(pairs, scores))
        self.action_owners, self.actions = imperatives.collect([doc.facts for doc in docs.items])
        self.opposed = {
            frozenset((left, right))
            for left, right, *_ in opposites.clashes(
                self.action_owners, self.actions, lambda a, b: may_pair(docs, a, b)
            )
        }

    def trace(self, rule: str, entries: list[str]) -> Stage:
        missing = [entry for entry in entries if entry not in self.position]
        if missing:
            return Stage(0, "entry not read", ", ".join(missing))
        other = {"conflict": "duplicate", "duplicate": "conflict"}[rule]
        if frozenset(entries) in self.reported[other]:
            return Stage(9, f"reported as {other}")
        left, right = sorted(self.position[entry] for entry in entries)
        if rule == "duplicate":
            return self._duplicate(left, right)
        stages = [
            stage
            for stage in (self._numbers(left, right), self._choices(left, right), self._actions(left, right))
            if stage
        ]
        return max(stages, key=lambda stage: stage.reached) if stages else self._no_shared_fact(left, right)

    def _duplicate(self, left: int, right: int) -> Stage:
        from rapidfuzz import fuzz

        if self.restated is None:
            conflicting = {frozenset(self.position[entry] for entry in found) for found in self.reported["conflict"]}
            self.restated = {
                frozenset(pair[:2]) for pair in duplicate.analyze(self.docs, self.settings, conflicting, self.table)[1]
            }
        if frozenset((left, right)) in self.restated:
            return Stage(5, "duplicate: restated by an instruction file")
        wording = fuzz.ratio(*(fingerprint(self.docs.items[side].prose)[1] for side in (left, right)))
        signals = self._duplicate_signals(left, right, wording)
        if not signals:
            return Stage(2, "duplicate: no candidate signal", f"wording score {wording:.0f}")
        prints = entry_prints(self.docs, self.table)
        numbers = OnDemand(lambda position: prints.facts[position][0])
        by_wording = "wording" in signals
        reason = duplicate_veto(self.docs, prints, numbers, left, right, by_wording)
        said = f"{', '.join(signals)}; wording score {wording:.0f}"
        if reason:
            return Stage(4, f"duplicate: vetoed ({reason})", said)
        return Stage(3, "duplicate: candidate below its threshold", said)

    def _duplicate_signals(self, left: int, right: int, wording: float) -> list[str]:
        """The candidate signals of the duplicate rule that propose the pair: wording, meaning, translation, anchors."""
        if self.signals is None:
            prints = entry_prints(self.docs, self.table)
            eligible = [len(ids) >= MIN_TOKENS for ids in prints.token_ids]
            numbers = OnDemand(lambda position: prints.facts[position][0])
            rivals = OnDemand(lambda position: choice_over_rivals(self.docs.items[position], self.table))
            overlap = rare_word_overlap(prints.token_ids)
            self.signals = {
                "meaning": meaning_pairs(self.docs, prints.subjects, eligible, overlap, numbers, rivals),
                "translation": translation_pairs(
                    self.docs, prints.subjects.unkept, eligible, duplicate.verbatim_codes(self.docs, prints.paths)
                ),
                "anchors": anchored_pairs(self.docs, prints.subjects, eligible, numbers, prints.scopes),
            }
            self.lengths = [len(ids) for ids in prints.token_ids]
        found = ["wording"] if wording >= self.settings.duplicate_threshold and self._comparable(left, right) else []
        return found + [
            name
            for name, pairs in self.signals.items()
            if any({one, other} == {left, right} for one, other, _ in pairs)
        ]

    def _comparable(self, left: int, right: int) -> bool:
        shorter, longer = sorted((self.lengths[left], self.lengths[right]))
        return bool(shorter) and shorter / longer >= duplicate.LENGTH_GUARD

    def _numbers(self, left: int, right: int) -> Stage | None:
        owners, quantities = self.claims.owners, self.claims.quantities
        sides = [[index for index, owner in enumerate(owners) if owner == side] for side in (left, right)]
        if not all(sides):
            return None
        units = [sorted({quantities[index].unit for index in side}) for side in sides]
        best = Stage(1, "units differ", f"{units[0]} vs {units[1]}")
        for one in sides[0]:
            for other in sides[1]:
                if quantities[one].unit != quantities[other].unit:
                    continue
                pair = (min(one, other), max(one, other))
                values = f"{quantities[one].span!r} vs {quantities[other].span!r}"
                if pair not in self.candidates:
                    stage = Stage(2, "not a number candidate (blocking)", values)
                else:
                    score = self.candidates[pair]
                    dropped, _ = number_verdict(self.docs, self.settings, self.claims, *pair, score)
                    reached = _NUMBER_CHECKS.index(dropped) + 3 if dropped in _NUMBER_CHECKS else 8
                    seen = _seen(quantities[one], quantities[other], dropped)
                    stage = Stage(reached, f"number: {dropped}", f"{values}, subject score {score:.0f}, {seen}")
                best = max(best, stage, key=lambda found: found.reached)
        return best

    def _choices(self, left: int, right: int) -> Stage | None:
        stances = [
            [stance for fact in self.docs.items[side].facts for stance in fact.stances(self.table)]
            for side in (left, right)
        ]
        if not all(stances):
            return None
        said = [sorted({f"{stance.polarity} {stance.member}" for stance in side}) for side in stances]
        opposed = [
            (one, other)
            for one in stances[0]
            for other in stances[1]
            if one.group == other.group
            and (one.member != other.member or one.polarity != other.polarity)
            and "pos" in (one.polarity, other.polarity)
        ]
        if not opposed:
            return Stage(3, "choices not opposed", f"{said[0]} vs {said[1]}")
        one, other = opposed[0]
        scope = [statement_facts(stance.statement).scope - self.table.names for stance in (one, other)]
        if scope_evidence(self.docs, left, scope[0], right, scope[1]) is None:
            return Stage(7, "choice: scope veto", f"{sorted(scope[0])} vs {sorted(scope[1])}")
        return Stage(8, "choice: not a speaker of its side", f"{said[0]} vs {said[1]}")

    def _actions(self, left: int, right: int) -> Stage | None:
        sides = [[i for i, owner in enumerate(self.action_owners) if owner == side] for side in (left, right)]
        if not all(sides):
            return None
        read = [sorted({f"{self.actions[i].polarity} {self.actions[i].text[:40]}" for i in side}) for side in sides]
        paired = [(one, other) for one in sides[0] for other in sides[1] if frozenset((one, other)) in self.opposed]
        if not paired:
            polarities = {self.actions[i].polarity for side in sides for i in side}
            name = "actions not matched" if len(polarities) > 1 else "polarity not read (both one polarity)"
            return Stage(3, name, f"{read[0]} vs {read[1]}")
        one, other = (self.actions[index] for index in paired[0])
        return Stage(7, "action: scope veto", f"{sorted(one.scope)} vs {sorted(other.scope)}")

    def _no_shared_fact(self, left: int, right: int) -> Stage:
        """Neither side reads a kind of fact the other reads too: which kinds each side holds, or its first statement."""
        held = [self._kinds(side) for side in (left, right)]
        bare = [side for side, kinds in zip((left, right), held) if not kinds]
        if bare:
            doc = self.docs.items[bare[0]]
            where = "either side" if len(bare) == 2 else "one side"
            return Stage(0, f"no fact read on {where}", f"{doc.id}: {doc.statements[0][:90] if doc.statements else ''}")
        return Stage(1, "sides read different kinds of fact", f"{sorted(held[0])} vs {sorted(held[1])}")

    def _kinds(self, position: int) -> set[str]:
        facts = self.docs.items[position].facts
        kinds = {"quantity"} if position in self.claims.owners else set()
        kinds |= {"action"} if position in self.action_owners else set()
        kinds |= {"choice"} if any(fact.stances(self.table) for fact in facts) else set()
        kinds |= {"version"} if any(fact.versions for fact in facts) else set()
        return kinds


def _seen(one: Quantity, other: Quantity, dropped: str | None) -> str:
    """What a number check read on each side: the scopes for a scope veto, else the subjects."""
    if dropped == "scope veto":
        return f"scopes {sorted(one.scope)} vs {sorted(other.scope)}"
    return f"subjects {sorted(one.subject)} vs {sorted(other.subject)}"


_NUMBER_CHECKS = (
    "values agree",
    "below subject threshold",
    "subject veto",
    "key words unnamed",
    "two counts per period",
    "both entries state both values",
    "files apart",
    "named apart",
    "scope veto",
    "named parts apart",
)


def trace_store(source: Path, scratch: Path) -> list[tuple[str, list[str], Stage]]:
    """(rule, entries, stage) for every labeled conflict or duplicate of one store that the rules miss."""
    truth = json.loads((source / "truth.json").read_text(encoding="utf-8"))
    repo = scratch / source.name
    build(source, repo)
    store = load_store(repo / truth["store_root"], format_name=truth["format"], project=repo)
    now = datetime.fromisoformat(truth["now"].replace("Z", "+00:00"))
    found = analyze(store, now=now).findings
    reported = {rule: {frozenset(f.entries) for f in found if f.rule == rule} for rule in PAIR_RULES}
    missed = [
        positive
        for positive in truth["positives"]
        if positive["rule"] in PAIR_RULES and frozenset(positive["entries"]) not in reported[positive["rule"]]
    ]
    if not missed:
        return []
    docs = Docs.from_store(store)
    settings, _ = load_settings(store)
    table = ChoiceTable(settings.exclusive_sets + learned_sets(doc.statements for doc in docs.items))
    tracer = StoreTrace(docs, table, settings, reported)
    return [(p["rule"], sorted(p["entries"]), tracer.trace(p["rule"], p["entries"])) for p in missed]


def trace_case(case: Case, scratch: Path) -> Stage | None:
    """The stage that dropped one labeled conflict or duplicate positive, or None when the rules report it."""
    store = build_store(case, scratch)
    found = analyze(store, now=NOW).findings
    reported = {rule: {frozenset(f.entries) for f in found if f.rule == rule} for rule in PAIR_RULES}
    if frozenset(case.expect) in reported[case.rule]:
        return None
    docs = Docs.from_store(store)
    settings, _ = load_settings(store)
    table = ChoiceTable(settings.exclusive_sets + learned_sets(doc.statements for doc in docs.items))
    return StoreTrace(docs, table, settings, reported).trace(case.rule, list(case.expect))


def _traced(root: Path, scratch: Path) -> list[tuple[str, str, list[str], Stage]]:
    """(where, rule, entries, stage) for every missed pair under root: a blind set's stores or a labeled directory's cases."""
    if not any((path / "truth.json").is_file() for path in root.iterdir()):
        misses = []
        for index, case in enumerate(load_cases(root)):
            if case.rule in PAIR_RULES and case.label == "positive":
                stage = trace_case(case, scratch / str(index))
                if stage is not None:
                    misses.append((repr(case.name), case.rule, sorted(case.expect), stage))
        return misses
    return [
        (source.name, rule, entries, stage)
        for source in sorted(path for path in root.iterdir() if (path / "truth.json").is_file())
        for rule, entries, stage in trace_store(source, scratch)
    ]


def main() -> None:
    totals: Counter = Counter()
    for root in (Path(arg) for arg in sys.argv[1:] or ["tests/rules/blind"]):
        counts: Counter = Counter()
        with tempfile.TemporaryDirectory() as scratch:
            for where, rule, entries, stage in _traced(root, Path(scratch)):
                counts[(rule, stage.name)] += 1
                print(f"{root.name} {where} {rule} {entries}: {stage.name} — {stage.detail}")
        for (rule, name), count in sorted(counts.items()):
            print(f"  {root.name:<11} {rule:<9} {count:>3}  {name}")
        totals.update(counts)
    if len(sys.argv) > 2:
        for (rule, name), count in sorted(totals.items(), key=lambda item: (item[0][0], -item[1])):
            print(f"  {'all':<11} {rule:<9} {count:>3}  {name}")


if __name__ == "__main__":
    main()
