"""A cadence said in words ("hourly", "every night", `@daily`, 每天, 每小时) is one value of how often a thing runs, and
compares after conversion with a period or a count per period said in numbers.

Sentences are written here, not copied from any store. Each look-alike has the same shape and must stay silent: two
things that share a cadence or its unit, one value written two ways, a cadence that is a name ("daily report"), and
one the statement says is no longer the case.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.facts.cadences import CADENCE
from tests.rules.test_blind2_forms import PAIR, findings

ONE_THING_TWO_CADENCES = [
    ("The inventory sync runs every 15 minutes.", "The inventory sync runs hourly."),
    ("The search index rebuild runs nightly.", "The search index rebuild now runs weekly."),
    ("`cleanup_exports` DAG: `schedule='@daily'`.", "The cleanup_exports DAG runs every hour."),
    ("Invoice reminders are sent every day.", "Invoice reminders are sent every week now."),
    ("库存同步每 15 分钟跑一次。", "库存同步改成每小时跑。"),
    ("发票提醒每天发送。", "发票提醒改成每周发送。"),
    ("每天凌晨两点，订单归档任务跑一次全量。", "订单归档任务改成每周跑，周一凌晨两点。"),
    ("订单状态轮询频率改成每小时一次，不要更频繁。", "The order status poller polls every 10 minutes."),
    ("The price feed refresh runs hourly.", "价格源刷新改成每 6 小时跑一次。"),
]

TWO_THINGS_OR_ONE_VALUE = [
    ("Database backups run daily.", "Usage reports are sent weekly."),
    ("数据库备份每天跑。", "周报每周发一次。"),
    ("The inventory sync runs hourly.", "The inventory sync runs every 60 minutes."),
    ("库存同步每小时跑。", "库存同步每 60 分钟跑一次。"),
    ("The export job runs daily.", "The export job runs once a day."),
    ("The inventory sync runs every 15 minutes.", "The inventory sync no longer runs hourly."),
    ("The inventory sync runs every 15 minutes.", "The inventory sync used to run hourly."),
    ("对账单每周拉一次。", "对账单不用每天拉了，改成每周拉一次。"),
    ("The daily digest email lists new signups.", "The weekly digest email lists new signups."),
    ("The sync job `mark_stale` runs every night.", "The sync job `send_digest` runs every week."),
    ("由 cron 每 10 分钟触发提醒推送。", "cron 任务 `archive_logs`：每天跑一次归档。"),
]


@pytest.mark.parametrize("texts", ONE_THING_TWO_CADENCES)
def test_one_thing_at_two_cadences_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", TWO_THINGS_OR_ONE_VALUE)
def test_two_things_or_one_cadence_written_twice_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("statement", "seconds"),
    [
        ("The backup job runs hourly.", 3600.0),
        ("The backup job runs every night at 02:00.", 86400.0),
        ("Crawl schedule: `@weekly`.", 604800.0),
        ("备份任务每天凌晨三点跑。", 86400.0),
        ("每小时，网关拉取一次配置。", 3600.0),
        ("每周，周报任务汇总一次数据。", 604800.0),
    ],
)
def test_a_cadence_word_reads_as_an_interval(statement: str, seconds: float) -> None:
    read = [q for q in statement_facts(statement).quantities if q.measure == CADENCE]
    assert [(q.low, q.rate) for q in read] == [(seconds, "interval")]


@pytest.mark.parametrize(
    "statement",
    [
        "The daily report lists new signups.",
        "The sync runs twice daily.",
        "The sync no longer runs nightly.",
        "对账单不用每天拉了。",
        "备份每天跑两次。",
        "周报每周一早上发。",
    ],
)
def test_a_name_a_count_or_a_former_cadence_is_no_cadence(statement: str) -> None:
    assert not [q for q in statement_facts(statement).quantities if q.measure == CADENCE]
