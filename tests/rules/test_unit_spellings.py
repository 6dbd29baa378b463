"""A value written with its unit attached ("800px", "60fps") or as a whole unit in words ("for a full day") is read as
a value of that unit, so it compares with the same setting written apart ("1000 px", "有效期 12 小时").

Sentences are written here, not copied from any store. Each look-alike gives another thing the same unit, or one
value written two ways, and must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import PAIR, findings

ONE_SETTING_TWO_SPELLINGS = [
    ("Blog cover images are exported 800px wide.", "Blog cover images: export them 1200 px wide."),
    ("博客封面图统一导出 800px 宽。", "Blog cover images are exported 1200 px wide."),
    ("The price list is cached for 12 hours.", "The price list is now cached for a full day."),
    ("价格表缓存有效期 12 小时。", "The price list is now cached for a whole day."),
]

OTHER_THING_OR_ONE_VALUE = [
    ("Blog cover images are exported 800px wide.", "Avatar thumbnails are exported 120 px wide."),
    ("Blog cover images are exported 800px wide.", "Blog cover images: export them 800 px wide."),
    ("The price list is cached for 24 hours.", "The price list is now cached for a full day."),
    ("The price list is cached for 12 hours.", "Session tokens stay valid for a full day."),
]


@pytest.mark.parametrize("texts", ONE_SETTING_TWO_SPELLINGS)
def test_one_setting_in_two_spellings_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", OTHER_THING_OR_ONE_VALUE)
def test_another_thing_or_one_value_stays_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("statement", "unit", "value"),
    [
        ("Export the hero image 1600px wide.", "px", 1600.0),
        ("Animations are capped at 30fps.", "fps", 30.0),
        ("The report is kept for a full week.", "duration", 604800.0),
        ("Tokens stay valid for an entire day.", "duration", 86400.0),
    ],
)
def test_an_attached_or_worded_unit_is_read(statement: str, unit: str, value: float) -> None:
    assert (unit, value) in {(q.unit, q.high) for q in statement_facts(statement).quantities}
