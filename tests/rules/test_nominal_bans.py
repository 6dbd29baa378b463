"""A ban written as a noun ("no deploys on Fridays", "no force-pushes to shared branches") forbids the action it
names, so an entry that calls the action fine there conflicts; in Chinese the same ban reads from its verb (周五不许发版).

Every row is a small store of two topic files (e0.md oldest).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.polarity.imperatives import _negated_core
from tests.rules.test_blind2_forms import PAIR, findings

OPPOSITE = [
    ("No deploys on Fridays.", "Friday deploys are fine before noon."),
    ("No force-pushes to shared branches.", "Force-pushes to shared branches are fine after a rebase."),
    ("周五不许发版。", "周五上午发版没问题。"),
]


@pytest.mark.parametrize(("ban", "permission"), OPPOSITE)
def test_a_ban_written_as_a_noun_conflicts_with_a_permission(tmp_path: Path, ban: str, permission: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, ban, permission)


LOOK_ALIKES = [
    ("No deploys on Fridays.", "We used to deploy on Fridays before the freeze."),
    ("No deploys on Fridays.", "Friday demos are fine."),
    ("No deploys on Fridays.", "Deploys on Mondays are fine."),
    ("No pushes to main.", "Pushes to feature branches are fine."),
    ("周五不许发版。", "周五上午开会没问题。"),
]


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_history_other_objects_and_other_days_stay_silent(tmp_path: Path, first: str, second: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, first, second)


@pytest.mark.parametrize(
    ("clause", "core"),
    [
        ("no deploys on fridays", "deploy on fridays"),
        ("no force-pushing to main", "force-push to main"),
        ("no releases during the freeze", "release during the freeze"),
        ("no exceptions to this rule", None),
        ("no drafts in the repo", None),
    ],
)
def test_only_a_noun_naming_an_action_reads_as_a_ban(clause: str, core: str | None) -> None:
    assert _negated_core(clause) == core
