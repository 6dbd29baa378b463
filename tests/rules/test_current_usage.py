"""Point-in-time figures a "currently"/"right now" marks, and a use counted against a whole ("uses 912 KB of its 960
KB", "用了 7 个，一共 10 个"): measurements of the writing day, in EN and ZH.

Sentences are written here, not copied from any store; look-alikes are settings, limits and designs that must stay
silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import findings

CURRENT_FIGURES = [
    "The release bundle currently uses 1840 KB of its 2048 KB budget.",
    "The lint baseline currently suppresses 318 warnings.",
    "The search index currently holds 4,200 documents.",
    "Right now the import queue has 57 jobs.",
    "At the moment the wiki has 212 pages.",
    "前端包现在用了 1840 KB（总共 2048 KB）。",
    "目前用了 7 个 license，一共 10 个。",
]

SETTINGS_AND_DESIGNS = [
    "We currently use 2 GPUs for training.",
    "The API currently allows 100 requests per minute.",
    "The retry limit is currently 5.",
    "Currently the timeout is 30 s.",
    "The service currently runs on 4 pods.",
    "Currently we have 3 staging environments.",
    "Right now we run 6 build agents.",
    "The bundle must stay under 2048 KB.",
    "现在配额上限 960 KB。",
]


@pytest.mark.parametrize("statement", CURRENT_FIGURES)
def test_current_figures_are_read_as_snapshots(statement: str) -> None:
    assert statement_facts(statement).counts


@pytest.mark.parametrize("statement", SETTINGS_AND_DESIGNS)
def test_settings_limits_and_designs_are_no_snapshot(statement: str) -> None:
    assert not statement_facts(statement).counts


@pytest.mark.parametrize("statement", CURRENT_FIGURES[:2] + CURRENT_FIGURES[5:6])
def test_an_old_current_figure_is_outdated_and_a_recent_one_is_not(tmp_path: Path, statement: str) -> None:
    assert ("outdated-number", ("e0.md",)) in findings(tmp_path / "old", statement, age=150)
    assert ("outdated-number", ("e0.md",)) not in findings(tmp_path / "new", statement, age=3)
