"""The formerly blind sets, EN/ZH/mixed: recall per rule stays at the measured level, no labeled false alarm.

`blind` (8 stores) was written blind by another engineer and scored once before any fix
(benchmarks/results/blind_first_pass.txt). `blind2dev` is the development half of the second blind set
(4 stores), scored once before any fix (benchmarks/results/blind2dev_first_pass.txt: 38/66); its rules were
then fixed by class of sentence, never by a store's words, and its hold-out half was never read. Neither
is held out any more: both are regression tests. `blind3dev` and `blind5dev` are the development halves of
the third and fifth blind sets (first passes in benchmarks/results/): floors at the levels reached, at most
one labeled false alarm each. `blind5hold` is the fifth set's former hold-out half, scored as a hold-out
twice (30/67, then 34/67) and a regression set since. `blind7hold` is the seventh set, scored as a hold-out
twice (32/68, then 33/68) and a regression set since; `blind8dev` is the eighth, conflict-heavy set, a
development set from its first pass (25/52). `blind9hold` is the ninth set, scored as a hold-out twice (40/68,
then 41/68) and a regression set since (42/68 after fixes made from reading it, and no labeled false alarm left of its two).
`blind10hold` is the tenth set, scored as a hold-out twice (44/68 on abea218, 44/68 on 0beda1c) and a regression set
since; its wrong conflict findings, vetoed by clause leads (conflict/apart.py), left two labeled false alarms (one
conflict, one outdated-number), and the stance classes of rules/polarity (led negations, noun bans, verb-proposed
stances) took it to 48/68, conflict 11/28 at precision 11/12: floors at that level.
`blind12hold` is the twelfth set, scored as a hold-out three times (47/68 on a60e174, 46/68 on bacc64f, 48/68 on
3ab20f4) and a regression set since, floors at that level including its two labeled false alarms; a frequency named a
clock, a possessive and "currently" figures took it to 52/68 (conflict 17/28 at 17/22, outdated-number 11/12), and
its four missed duplicates, vetoed on misreadings (duplicate_vetoes), are found since (duplicate 12/12, all planted 56/68).
Vetoes on two variants of one thing (tier 1 vs tier 2), a measured run time beside a set duration and numbers about
things of their own (conflict/variants.py, conflict/own_things.py) took conflict precision to 19/22 on blind12hold
(no labeled false alarm left), 33/33 on blind8dev and 25/26 on blind5dev.
Live rates and shares read as snapshots, history and "截至 <date>，…" states no deadline, and a past peak no reading took
blind9hold, blind10hold, blind12hold and blind13hold to outdated-number 12/12, 12/12, 12/12 and 9/9, and removed the
outdated-number false alarm of blind10hold and the expired-date one of blind12hold.
`blind14hold` is the fourteenth set, scored as a hold-out twice (49/68 on 71cfef5, 50/68 on 44e6232) and a regression
set since, floors at that level including its three labeled false alarms (two since a count spread "one per AZ" is a layout,
one since a 别 closing a word, 分别, refuses nothing); a ban's listed alternatives and a ban named after a generic verb took
its conflict to 14/28 at 14/19; one setting's values read across forms (cadence words, counts per period and cron lines;
calls with a unit argument, flags in HH:MM:SS, keys with their unit; English and Chinese) to 22/28 at 22/26.
`blind15hold` is the fifteenth set, scored as a hold-out twice (46/68 on 31cc2ce and 46/68 on cf1ed4c: the round's
changes moved its regression sets, not it) and a regression set since, floors at that level; scope-aware vetoes (named
scopes that differ, a count seen against a limit, a version left behind, an order on a pronoun) and expired-date
non-deadlines (service windows, reasons, weekly routines, stories told back) took its conflict to 12/28 at 12/15 and
its labeled false alarms from five to one.
`blind16hold` is the sixteenth set, scored as a hold-out twice (52/68 on 927d832 and 52/68 on 35251fd: again the
round's changes moved its regression sets, not it) and a regression set since, floors at that level including its two
labeled false alarms.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.blind_stores import BLIND, conflict_precision, false_alarms, missed, overall_recall, score

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class BlindSet:
    """A set of stores and the levels its scores keep."""

    directory: Path
    min_recall: dict[str, float]
    min_overall_recall: float
    min_conflict_precision: float = 0.9
    max_labeled_false_alarms: int = 0


SETS = {
    "blind": BlindSet(
        BLIND,
        {
            "conflict": 0.75,
            "duplicate": 1.0,
            "outdated-number": 0.95,
            "expired-date": 0.95,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.98,
    ),
    "blind2dev": BlindSet(
        Path(__file__).parent / "blind2dev",
        {
            "conflict": 0.9,
            "duplicate": 1.0,
            "outdated-number": 0.9,
            "expired-date": 0.9,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.98,
    ),
    "blind3dev": BlindSet(
        Path(__file__).parent / "blind3dev",
        {
            "conflict": 0.95,
            "duplicate": 1.0,
            "outdated-number": 0.9,
            "expired-date": 0.95,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.93,
        max_labeled_false_alarms=1,
    ),
    "blind5dev": BlindSet(
        Path(__file__).parent / "blind5dev",
        {
            "conflict": 0.7,
            "duplicate": 0.8,
            "outdated-number": 0.95,
            "expired-date": 0.95,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.85,
        min_conflict_precision=0.96,
        max_labeled_false_alarms=1,
    ),
    "blind5hold": BlindSet(
        Path(__file__).parent / "blind5hold",
        {
            "conflict": 0.92,
            "duplicate": 1.0,
            "outdated-number": 1.0,
            "expired-date": 1.0,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.97,
        min_conflict_precision=0.95,
        max_labeled_false_alarms=0,
    ),
    "blind7hold": BlindSet(
        Path(__file__).parent / "blind7hold",
        {
            "conflict": 0.75,
            "duplicate": 1.0,
            "outdated-number": 1.0,
            "expired-date": 1.0,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.89,
        min_conflict_precision=0.94,
        max_labeled_false_alarms=0,
    ),
    "blind8dev": BlindSet(
        Path(__file__).parent / "blind8dev",
        {
            "conflict": 0.83,
            "duplicate": 0.83,
            "outdated-number": 1.0,
            "expired-date": 1.0,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.86,
        min_conflict_precision=1.0,
        max_labeled_false_alarms=0,
    ),
    "blind9hold": BlindSet(
        Path(__file__).parent / "blind9hold",
        {
            "conflict": 0.67,
            "duplicate": 1.0,
            "outdated-number": 1.0,
            "expired-date": 0.83,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.85,
        min_conflict_precision=0.9,
        max_labeled_false_alarms=0,
    ),
    "blind10hold": BlindSet(
        Path(__file__).parent / "blind10hold",
        {
            "conflict": 0.53,
            "duplicate": 0.91,
            "outdated-number": 1.0,
            "expired-date": 1.0,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.79,
        min_conflict_precision=0.93,
        max_labeled_false_alarms=1,
    ),
    "blind12hold": BlindSet(
        Path(__file__).parent / "blind12hold",
        {
            "conflict": 0.67,
            "duplicate": 1.0,
            "outdated-number": 1.0,
            "expired-date": 1.0,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.86,
        min_conflict_precision=0.86,
        max_labeled_false_alarms=0,
    ),
    "blind13hold": BlindSet(
        Path(__file__).parent / "blind13hold",
        {
            "conflict": 0.80,
            "duplicate": 0.88,
            "outdated-number": 1.0,
            "expired-date": 1.0,
            "stale": 1.0,
            "stale-auto": 0.95,
        },
        0.90,
        min_conflict_precision=0.9,
        max_labeled_false_alarms=0,
    ),
    "blind14hold": BlindSet(
        Path(__file__).parent / "blind14hold",
        {
            "conflict": 0.78,
            "duplicate": 0.83,
            "outdated-number": 1.0,
            "expired-date": 1.0,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.88,
        min_conflict_precision=0.84,
        max_labeled_false_alarms=1,
    ),
    "blind15hold": BlindSet(
        Path(__file__).parent / "blind15hold",
        {
            "conflict": 0.42,
            "duplicate": 0.66,
            "outdated-number": 0.83,
            "expired-date": 1.0,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.67,
        min_conflict_precision=0.8,
        max_labeled_false_alarms=1,
    ),
    "blind16hold": BlindSet(
        Path(__file__).parent / "blind16hold",
        {
            "conflict": 0.57,
            "duplicate": 0.91,
            "outdated-number": 0.83,
            "expired-date": 0.91,
            "stale": 1.0,
            "stale-auto": 1.0,
        },
        0.76,
        min_conflict_precision=0.66,
        max_labeled_false_alarms=2,
    ),
}
CASES = [(name, rule) for name, blind_set in SETS.items() for rule in sorted(blind_set.min_recall)]


@functools.cache
def scored(name: str) -> dict:
    """The set's score, computed once per test session."""
    if not SETS[name].directory.is_dir():
        pytest.skip(f"{SETS[name].directory} is absent")
    return score(SETS[name].directory, verbose=True)


@pytest.mark.parametrize(("name", "rule"), CASES)
def test_recall_per_rule(name: str, rule: str) -> None:
    result = scored(name)
    planted, found = result["planted"][rule], result["found"][rule]
    assert planted, f"no {rule} positives in the set"
    assert found / planted >= SETS[name].min_recall[rule], missed(result, rule)


@pytest.mark.parametrize("name", sorted(SETS))
def test_overall_recall(name: str) -> None:
    assert overall_recall(scored(name)) >= SETS[name].min_overall_recall


@pytest.mark.parametrize("name", sorted(SETS))
def test_no_labeled_false_alarm(name: str) -> None:
    result = scored(name)
    assert sum(result["violated"].values()) <= SETS[name].max_labeled_false_alarms, false_alarms(result)


@pytest.mark.parametrize("name", sorted(SETS))
def test_conflict_findings_are_right(name: str) -> None:
    """Counting every conflict finding, labeled or not."""
    assert conflict_precision(scored(name)) >= SETS[name].min_conflict_precision
