"""One thing run at two cadences written in different forms (a cadence word against a count per period, one count per
two periods, in English and Chinese) conflicts; a job named by the same code identifier on both sides is one thing.

Sentences are written here, not copied from any store. Each look-alike has the same shape and must stay silent: two
things sharing a cadence, one cadence written two ways, a shared config file naming two jobs, and a rate limit stated
over two windows.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

ONE_THING_TWO_CADENCES = [
    (
        "Warehouse stock levels are pushed to Shopify every hour by `StockPushJob` (cron).",
        "`StockPushJob` now only reports stock 2 times a day; the hourly calls hit rate limits.",
    ),
    ("`ReportMailer` 每小时给财务发一次汇总。", "`ReportMailer` sends the finance summary twice a day now."),
    (
        "The full crawl now runs every night at 01:00 via `scrontab` (`jobs/crawl_all.sh`).",
        "全量爬取每周跑一次：周日晚上用 `jobs/crawl_all.sh` 提交，周一看结果。",
    ),
    ("The backup upload runs 1 time a week, on Sunday.", "备份上传现在每天跑1次。"),
    ("Log rotation happens once a day.", "Log rotation happens once an hour now."),
    ("索引重建每周一次。", "索引重建改成每天一次。"),
    ("The search index rebuild runs hourly.", "The search index rebuild is scheduled with cron `0 3 * * *`."),
    ("订单归档任务每天跑一次。", "订单归档任务的 cron 改成 `0 * * * *`。"),
    ("The stock export runs 4 times a day.", "The stock export cron is `0 */12 * * *`."),
    (
        "The failed-login report for security leads is emailed once a week.",
        "The failed-login report now goes out every morning to the security list.",
    ),
    ("过期日志清理脚本每周跑一次，周日凌晨执行。", "日志清理改成每天凌晨跑一遍 `purge_logs.sh`。"),
]

TWO_THINGS_OR_ONE_VALUE = [
    ("`deploy.yml` runs the smoke tests every hour.", "`deploy.yml` runs the full suite 2 times a day."),
    (
        "Ledger totals are exported every hour by `LedgerExportJob`.",
        "`AuditMailer` sends the audit digest twice a day.",
    ),
    ("`ReportMailer` 每小时发一次汇总。", "`ReportMailer` sends the summary 24 times a day."),
    ("The mirror sync runs 1 time a day.", "镜像同步每天跑1次。"),
    ("The API allows at most 5 calls per second.", "The API allows at most 5 calls per minute."),
    ("The mirror sync runs 1 time a week.", "The backup upload runs 1 time a day."),
    ("索引重建每周一次。", "日志归档每天一次。"),
    ("The search index rebuild runs every day.", "The search index rebuild is scheduled with cron `30 2 * * *`."),
    ("The search index rebuild runs hourly.", "Database backups are scheduled with cron `0 3 * * *`."),
    ("The stock export runs 2 times a day.", "The stock export cron is `0 */12 * * *`."),
    ("The EU invoice export runs once a week.", "The APAC invoice export runs every night."),
    (
        "ZFS scrub on the NAS pool runs every Sunday at 02:00.",
        "The NAS's ZFS snapshots are kept by sanoid: 30 daily, 12 monthly.",
    ),
]


@pytest.mark.parametrize("texts", ONE_THING_TWO_CADENCES)
def test_one_thing_at_two_cadences_in_two_forms_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", TWO_THINGS_OR_ONE_VALUE)
def test_two_things_or_one_cadence_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
