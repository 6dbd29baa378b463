"""Numeric conflicts decided by what a number is about: the version in use against a planned one, and their look-alikes.

Every row is a small store of topic files (e0.md older); a conflict row expects the pair flagged, a
look-alike row expects silence.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

PLANNED_VERSIONS = [
    ("We're on Django 4.2.", "The Django 5 upgrade is planned for Q2."),
    ("CI runs Ruby 3.3.", "We plan to move CI to Ruby 3.4 next quarter."),
    ("Node 18 in production.", "TODO: upgrade to Node 22."),
    ("Ruby 3.2 everywhere.", "Pin Ruby 3.3 after the Rails 8 bump settles."),
    ("Laravel 10 on the main app.", "Once the Laravel 11 migration is done we drop PHP 8.1."),
    ("目前线上用 Node 18。", "下季度升级到 Node 22。"),
    ("后端用的是 Python 3.10。", "计划把后端 Python 升级到 3.12。"),
    ("现在是 Go 1.21。", "打算明年升到 Go 1.23。"),
]


@pytest.mark.parametrize(("current", "planned"), PLANNED_VERSIONS)
def test_a_planned_version_does_not_contradict_the_one_in_use(tmp_path: Path, current: str, planned: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, current, planned)


VERSIONS_IN_USE = [
    ("The app is on Django 4.2.", "The app runs Django 5.1 now."),
    ("CI runs Ruby 3.3.", "CI uses Ruby 3.4."),
    ("目前线上用 Node 18。", "线上 Node 版本是 22。"),
    ("后端用的是 Python 3.10。", "后端 Python 版本是 3.12。"),
]


@pytest.mark.parametrize(("older", "newer"), VERSIONS_IN_USE)
def test_two_versions_in_use_still_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)
