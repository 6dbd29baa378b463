"""tests/labeled/pairs10/duplicate.toml (60 blind pairs, EN/ZH/mixed) scored on the duplicate rule alone.

Measured when the set arrived: recall 0.63 (19/30) at precision 0.90 (19/21). The floors are the level after the
general fixes since (clock times, ordinals, translated names, short entries with the same concepts, number words
as digits, a translation keeping its commands and paths verbatim), so a regression fails.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.labeled_cases import LABELED, load_cases, score_cases

MIN_FOUND = 25
MAX_WRONG = 0


def test_pairs10_duplicate_floors(tmp_path: Path) -> None:
    cases = [case for case in load_cases(LABELED / "pairs10") if case.rule == "duplicate"]
    result = score_cases(cases, tmp_path, own_rule_only=True, verbose=True)
    found, reported, correct = (result[key]["duplicate"] for key in ("found", "reported", "correct"))
    assert found >= MIN_FOUND, result["lines"]
    assert reported - correct <= MAX_WRONG, result["lines"]
