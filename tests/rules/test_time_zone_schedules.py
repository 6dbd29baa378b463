"""Clock times of one schedule written in two time zones ("02:00 UTC" vs "北京时间凌晨 3 点"): compared in UTC.

Each positive pair is a conflict; one moment written in two zones, or two scheduled things, is none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.time_zones import in_utc, offset_near
from tests.rules.test_blind2_forms import PAIR, findings


@pytest.mark.parametrize(
    ("statement", "span", "offset"),
    [
        ("The nightly backup runs at 02:00 UTC.", "at 02:00", 0),
        ("每晚备份在北京时间上午 10 点跑。", "上午 10 点", 480),
        ("每天凌晨 3 点（Asia/Shanghai）跑", "凌晨 3 点", 480),
        ("Reports go out at 9am PST.", "9am", -480),
        ("Reports go out at 9am.", "9am", None),
    ],
)
def test_the_zone_named_beside_a_clock_time_is_read(statement: str, span: str, offset: int | None) -> None:
    assert offset_near(statement, span) == offset


def test_a_time_east_of_utc_before_its_offset_falls_on_the_day_before() -> None:
    assert in_utc(3 * 60, 480) == 19 * 60


ZONE_CLASHES = [
    ("nightly ETL 的 CronJob 在 UTC 凌晨 2 点跑。", "nightly ETL 的 CronJob 挪到北京时间凌晨 3 点跑了。"),
    ("The nightly backup runs at 02:00 UTC.", "每晚备份改到北京时间凌晨 2 点跑。"),
    ("Weekly digest is sent at 09:00 UTC every Monday.", "Weekly digest is now sent at 09:00 PST every Monday."),
]


@pytest.mark.parametrize(("older", "newer"), ZONE_CLASHES)
def test_one_schedule_at_two_moments_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("The nightly backup runs at 02:00 UTC.", "每晚备份在北京时间上午 10 点跑。"),
        ("The nightly backup runs at 02:00 UTC.", "The nightly report runs at 03:00 UTC."),
        ("nightly ETL 在 UTC 凌晨 2 点跑。", "RDS 备份窗口是北京时间凌晨 3 点。"),
    ],
)
def test_one_moment_in_two_zones_or_two_schedules_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, older, newer))
