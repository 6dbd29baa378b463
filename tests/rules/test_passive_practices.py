"""A verb-only ban ("never squash") against a passive practice of that verb in another entry ("feature branches are
squash-merged into develop", rules/polarity/meaning.py): they conflict only when the ban's entry names the practice's
subject; the practice of another subject, history and a ban with an object of its own stay silent.

Every row is a small store of two topic files (e0.md older).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

CONFLICTS = [
    (
        "Keep every commit when landing a feature branch: rebase it onto develop. Never squash, not even for one-liners.",
        "Feature branches are squash-merged into develop.",
    ),
    (
        "Release tags mark what went to the stores. Never retag, even for a typo.",
        "Release tags are retagged when a build is redone.",
    ),
]

SILENT = [
    ("Never squash, not even for one-liners.", "Feature branches are squash-merged into develop."),
    (
        "Keep every commit when landing a feature branch. Never squash.",
        "Dependabot PRs are squash-merged by the bot.",
    ),
    (
        "Keep every commit when landing a feature branch. Never squash.",
        "Feature branches used to be squash-merged into develop.",
    ),
    (
        "Keep every commit when landing a feature branch. Never squash the release branch.",
        "Feature branches are squash-merged into develop.",
    ),
]


@pytest.mark.parametrize(("ban", "practice"), CONFLICTS)
def test_a_passive_practice_of_a_verb_only_ban_conflicts(tmp_path: Path, ban: str, practice: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, ban, practice)


@pytest.mark.parametrize(("ban", "practice"), SILENT)
def test_another_subject_history_or_an_object_of_its_own_stays_silent(tmp_path: Path, ban: str, practice: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, ban, practice)
