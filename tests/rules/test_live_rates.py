"""Rates, shares and sizes of a live system stated as where it stands are snapshots; targets, limits, quotas, schedules and past peaks are not, in EN and ZH.

Sentences are written here, not copied from any store.
"""

from __future__ import annotations

import pytest

from curator.rules.facts import statement_facts

SNAPSHOTS = [
    "Crashlytics shows 98.7 % crash-free users on 2.8.1.",
    "Play Console reports 99.4% crash-free sessions this release.",
    "Firestore does about 1.2M reads a day.",
    "The API serves roughly 40k requests per minute at lunch.",
    "We get around 300 signups a day from the landing page.",
    "The AWS bill runs at about $18k a month.",
    "Sentry sees ~2,000 errors per hour since the release.",
    "Sentry currently gets 40 errors an hour.",
    "Firestore 现在每天大约 120 万次文档读取，其中三分之二来自排行榜。",
    "Snowflake 账单现在每月大约 $18k，其中 transform 占六成。",
    "网关目前每秒大约 3000 次请求。",
    "公众号现在 3.2k 关注，单篇平均阅读 600 左右。",
    "远程资源包现在总共 412 MB。",
    "日活现在大约 4.5 万。",
    "夜间任务现在完整跑一次大约 47 分钟。",
]

NOT_SNAPSHOTS = [
    "p95 must stay under 300 ms.",
    "Keep crash-free users above 99.5 %.",
    "Release gate: 99.5 % crash-free sessions.",
    "Alert if crash-free users drop below 99 %.",
    "The free tier allows 50k reads per day.",
    "Rate limit: 100 requests per minute per token.",
    "Budget for the AWS bill is $20k a month.",
    "The cron job runs 4 times a day.",
    "We expect about 2M reads a day after launch.",
    "Firestore 免费额度每天 5 万次读取。",
    "每天最多发 3 条推送。",
    "现在每天跑 2 次备份。",
    "预约提醒短信现在发两次。",
    "主包现在限制在 2 MB 以内。",
    "目标：崩溃率低于 0.5%。",
    "账单预算每月 2 万美元。",
    "今年春节活动期间 DAU 峰值到过 18 万，当时服务器扩到了双倍。",
    "Each gateway node handles about 300 requests per second per core.",
    "Q3 2025 closed with 99.1 % crash-free users.",
    "H2 2025 ended at 97.9 % crash-free sessions.",
    "2025 年第三季度当时每天大约 80 万次读取。",
]


@pytest.mark.parametrize("statement", SNAPSHOTS)
def test_live_readings_are_snapshots(statement: str) -> None:
    assert statement_facts(statement).counts


@pytest.mark.parametrize("statement", NOT_SNAPSHOTS)
def test_targets_limits_schedules_and_peaks_are_not(statement: str) -> None:
    assert not statement_facts(statement).counts
