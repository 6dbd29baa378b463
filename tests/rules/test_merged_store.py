"""The labeled cases merged into whole stores (benchmarks/score_merged.py): findings naming entries of two cases are
counted, and kept under a measured ceiling so store-level precision cannot silently regress; what the rules find
inside each case stays at its measured floor. Lower a ceiling (or raise a floor) when a change improves it.
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pytest

from tests.support.merged_cases import MergedScore, score_merged

pytestmark = pytest.mark.slow

ONE_STORE = None
CHUNK = 45
CEILINGS = {
    (ONE_STORE, "conflict"): 181,
    (ONE_STORE, "duplicate"): 171,
    (CHUNK, "conflict"): 47,
    (CHUNK, "duplicate"): 90,
}
FLOORS = {
    (ONE_STORE, "conflict"): 113,
    (ONE_STORE, "duplicate"): 48,
    (CHUNK, "conflict"): 125,
    (CHUNK, "duplicate"): 50,
}
MAX_VIOLATED = {
    (ONE_STORE, "conflict"): 3,
    (ONE_STORE, "duplicate"): 1,
    (CHUNK, "conflict"): 4,
    (CHUNK, "duplicate"): 1,
}


@functools.cache
def _scored(size: int | None) -> MergedScore:
    with tempfile.TemporaryDirectory() as scratch:
        return score_merged(Path(scratch), size)


@pytest.mark.parametrize(("size", "rule"), sorted(CEILINGS, key=str))
def test_findings_across_cases_stay_under_their_ceiling(size: int | None, rule: str) -> None:
    result = _scored(size)
    crossing = [line for line in result.lines if line.startswith(f"CROSS {rule}")]
    assert result.cross[rule] <= CEILINGS[(size, rule)], "\n".join(crossing)


@pytest.mark.parametrize(("size", "rule"), sorted(FLOORS, key=str))
def test_findings_inside_cases_stay_at_their_floor(size: int | None, rule: str) -> None:
    result = _scored(size)
    assert result.found[rule] >= FLOORS[(size, rule)]
    assert result.violated[rule] <= MAX_VIOLATED[(size, rule)]


def test_every_case_without_project_files_is_merged() -> None:
    result = _scored(CHUNK)
    assert result.entries > 1000 and result.skipped < 25
    assert result.stores > 20
