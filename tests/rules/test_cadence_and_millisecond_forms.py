"""Values in other forms: a time-named camelCase key or a round thousand under a time-named key counts milliseconds
(`connectTimeout=5000` is 5 s; rules/facts/settings.py), and two entries that tell one schedule at different cadences,
or one on a clock and one on an event ("nightly" vs "on every PR", "twice a week" vs 每周一次), are never duplicates
(rules/duplicate_cadences.py); the same cadence in two forms stays a duplicate.

Every row is a small store of two topic files (e0.md older).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

MILLISECOND_CONFLICTS = [
    ("HTTP client connect timeout is 3 seconds.", "`connectTimeout=5000` in the HTTP client config."),
    ("The orders list refetches every 5 seconds.", "Orders query: `refetchInterval: 20_000`."),
    ("The upload request timeout is 10 seconds.", "`upload_timeout: 30000` in the client settings."),
]

MILLISECOND_SILENT = [
    ("The orders list refetches every 20 seconds.", "Orders query: `refetchInterval: 20_000`."),
    ("HTTP client connect timeout is 5 seconds.", "`connectTimeout=5000` in the HTTP client config."),
    ("The upload request timeout is 30 seconds.", "`upload_timeout: 30000` in the client settings."),
]

CADENCES_APART = [
    ("The full integration suite runs nightly.", "The full integration suite runs on every PR."),
    ("完整集成测试每晚跑一次。", "完整集成测试在每次提交时都跑。"),
    ("Internal demos happen twice a week.", "内部演示每周一次。"),
    (
        "Internal demos happen twice a week, on Monday and Thursday.",
        "内部演示现在每周只做一次，固定在周四。每周两次太打断开发。",
    ),
]

SAME_CADENCE = [
    ("The full integration suite runs nightly.", "The full integration suite runs every night."),
    ("完整集成测试每晚跑一次。", "完整集成测试每天晚上跑。"),
]


@pytest.mark.parametrize(("prose", "code"), MILLISECOND_CONFLICTS)
def test_a_time_key_in_milliseconds_conflicts_with_another_value_in_prose(
    tmp_path: Path, prose: str, code: str
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, prose, code)


@pytest.mark.parametrize(("prose", "code"), MILLISECOND_SILENT)
def test_a_time_key_in_milliseconds_agrees_with_the_same_value_in_seconds(
    tmp_path: Path, prose: str, code: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, prose, code)


@pytest.mark.parametrize(("older", "newer"), CADENCES_APART)
def test_one_schedule_at_two_cadences_is_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), SAME_CADENCE)
def test_one_cadence_in_two_forms_stays_a_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)
