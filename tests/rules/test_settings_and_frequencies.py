"""Facts read from settings, schedules and frequencies in more of the forms people write them.

A plural key counts what it names (`replicas: 6` is six replicas), 设 sets a value like 设为, a cron line and
"每天 UTC 4 点" are clock times, a total count is no frequency, and a single character inside a longer word is not
that word (断开 is no 开). Sentences are written here, not copied from any
store; each positive has look-alikes that must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.facts.clock import clock_matches
from curator.rules.facts.glossary import concept
from tests.rules.test_blind2_forms import PAIR, findings


@pytest.mark.parametrize(
    ("statement", "unit", "value"),
    [
        ("The deployment pins `replicas: 6`.", "replica", 6),
        ("Consumers run with `partitions: 12`.", "partition", 12),
        ("`warmup_steps=500` in the trainer config.", "step", 500),
        ("发票抽取 prompt 的 temperature 设 0。", "value:temperature", 0),
    ],
)
def test_a_setting_counts_what_its_key_names(statement: str, unit: str, value: float) -> None:
    assert (unit, value) in [(quantity.unit, quantity.low) for quantity in statement_facts(statement).quantities]


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("the export runs from cron (`0 4 * * *`).", 240),
        ("`30 2 * * 1` runs the weekly report.", 150),
        ("导出任务每天 utc 4 点跑。", 240),
        ("每天北京时间 9 点推送日报。", 540),
    ],
)
def test_cron_lines_and_zoned_hours_are_clock_times(text: str, minutes: float) -> None:
    assert [low for _, _, low, _ in clock_matches(text)] == [minutes]


@pytest.mark.parametrize(
    "text", ["`*/5 * * * *` polls the queue.", "the grid is 1 2 3 4 5 * * * wide.", "共 4 点建议。"]
)
def test_other_star_lines_and_points_are_no_clock_times(text: str) -> None:
    assert clock_matches(text) == []


@pytest.mark.parametrize(
    ("word", "meaning"), [("断开", "断开"), ("提前", "提前"), ("连接池", "pool"), ("包邮", "ship")]
)
def test_a_character_inside_a_longer_word(word: str, meaning: str) -> None:
    assert concept(word) == meaning


@pytest.mark.parametrize(
    "texts",
    [
        (
            "生产环境 `checkout-api` 的 Deployment 固定 `replicas: 6`。",
            "checkout-api 在 prod 跑三个副本就够了。",
        ),
        ("发票抽取 prompt 的 temperature 设 0，保证输出稳定。", "Invoice extraction: `temperature=0.3` now."),
        (
            "The nightly export job runs at 02:00 UTC (`0 2 * * *`).",
            "导出任务改到每天 UTC 4 点跑（cron `0 4 * * *`）。",
        ),
        ("Payouts run twice a week.", "商户结算改成每周一次了。"),
        ("预热 `warmup_steps=500`。", "学习率预热两千步。"),
        ("Access tokens expire after 15 minutes.", "Access token lifetime is an hour now."),
    ],
)
def test_settings_and_frequencies_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("每天备份 4 次数据库。", "每 6 小时备份一次数据库。"),
        ("Back up the database every 12 hours.", "Back up the database twice a day."),
        ("3 月迁移那周，全量刷新跑了 3 次才对上数。", "全量刷新每月 1 次，安排在月初。"),
        ("Deploy twice a week.", "We deployed 5 times during the incident."),
        ("The nightly export job runs at 02:00 UTC.", "The nightly backup job runs at 04:00 UTC."),
        ("生产环境 Deployment 固定 `replicas: 6`。", "staging 跑 3 个副本。"),
        ("断开后 30 秒重连。", "开启后 30 秒重连。"),
    ],
)
def test_equal_totals_and_other_things_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("statement", "word"),
    [("Redis 节点 maxmemory 调到 12gb 了。", "maxmemory"), ("Set maxconn to 200 connections.", "maxcon")],
)
def test_a_filler_word_inside_a_name_stays(statement: str, word: str) -> None:
    assert any(word in quantity.subject for quantity in statement_facts(statement).quantities)


def test_a_word_taken_apart_is_no_duplicate(tmp_path: Path) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, "断开后 30 秒重连。", "开启后 30 秒重连。")


@pytest.mark.parametrize(
    ("statement", "unit", "value"),
    [
        ("MC runs: `n_samples = int(1e5)`.", "sample", 100000),
        ("`max_rows = 10_000` per export.", "row", 10000),
        ("`Time.fixedDeltaTime = 0.02f`; physics runs at that rate.", "value:time_fixeddeltatime", 0.02),
        ("拟合作业用 `#SBATCH --time=12:00:00`。", "duration", 12 * 3600),
        ("Jobs request `walltime: 48:00:00`.", "duration", 48 * 3600),
    ],
)
def test_code_literals_and_clock_durations(statement: str, unit: str, value: float) -> None:
    assert (unit, value) in [(quantity.unit, quantity.low) for quantity in statement_facts(statement).quantities]


def test_a_version_with_three_parts_is_no_clock_duration() -> None:
    assert all(quantity.unit != "duration" for quantity in statement_facts("`version: 12:00:00`").quantities)


@pytest.mark.parametrize(
    "texts",
    [
        ("拟合作业用 `#SBATCH --time=12:00:00`，申请再长排队会很久。", "拟合作业的 walltime 改成申请一天。"),
        ("The nightly export writes at most 20,000 rows per file.", "Nightly export: `max_rows = 10_000` per file."),
    ],
)
def test_literals_and_key_suffixes_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("模拟作业 walltime 申请两天。", "`--time=48:00:00` 的模拟作业每 6 小时写一次 checkpoint。"),
        ("Run 17 used seed 1234 and diverged at step 8k.", "默认 seed 设为 0，新实验都从 base.yaml 继承。"),
        ("Build 311 took 14 minutes on the old runner.", "CI jobs time out after 30 minutes."),
        ("Eval harness runs with batch size 64.", "The page cache uses `cache_size: 32`."),
        (
            "Merchant payouts run twice a week, Tuesday and Friday.",
            "Payouts to merchants run every Friday at 14:00 UTC.",
        ),
        ("Blog posts publish Thursdays at 10:00 ET.", "推文发布时间改到周四中午 12:00。"),
        ("公众号推文每周四晚上 8 点发。", "视频号每周四中午 12:00 发。"),
        ("The backup job runs at 02:00.", "The nightly export job runs at 04:00."),
    ],
)
def test_records_equal_values_and_other_keys_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
