"""An asked action whose object is everything ("squash-merge everything into main", 所有改动一律 squash 合并进 main)
answers a rule that forbids the same verb on any object ("don't squash PRs"); everything restricted to a place, history
and another verb stay silent (rules/polarity/meaning.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

SQUASH_RULE = "不要 squash 合并 PR，要保留每个提交。"

OPPOSITE = [
    (
        "Don't squash PRs; keep every commit for git blame.",
        "Squash-merge everything into main. Linear history is easier.",
    ),
    (SQUASH_RULE, "所有改动一律 squash 合并进 main，历史更干净。"),
]


@pytest.mark.parametrize(("rule", "asking"), OPPOSITE)
def test_everything_as_the_object_meets_any_forbidden_object(tmp_path: Path, rule: str, asking: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, rule, asking)


LOOK_ALIKES = [
    ("Never delete customer uploads.", "Delete everything in the tmp bucket every night."),
    (SQUASH_RULE, "以前所有改动都 squash 合并进 main。"),
    ("Don't squash PRs.", "Rebase everything onto main before merging."),
]


@pytest.mark.parametrize(("rule", "other"), LOOK_ALIKES)
def test_a_restricted_everything_history_and_another_verb_stay_silent(tmp_path: Path, rule: str, other: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, rule, other)
