"""Deadlines named by day ranges, named periods, events and festivals, and counts or metrics stated as current, in EN and ZH.

Sentences are written here, not copied from any store; every group of positives has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest

from curator import rules
from curator.model import Store
from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import NOW, _entry, findings

WRITTEN = date(2026, 9, 1)

DEADLINES = [
    ("冻结期 10/3-10/9，不发版。", date(2026, 10, 9)),
    ("Sprint 21（10/19–10/30）结束前把 v1 接口下线。", date(2026, 10, 30)),
    ("The promo window is 9/20 - 10/4, no schema changes.", date(2026, 10, 4)),
    ("Sprint 9 runs 2026-09-14 → 2026-09-25.", date(2026, 9, 25)),
    ("迭代 14：2026-09-14 → 2026-09-25。", date(2026, 9, 25)),
    ("国庆活动 9/28–10/8 上线。", date(2026, 10, 8)),
    ("下周一前把报告交了。", date(2026, 9, 7)),
    ("月底前把证书换了。", date(2026, 9, 30)),
    ("The contract with the CDN vendor runs out at the end of September.", date(2026, 9, 30)),
    ("Retire the staging VPN at the end of October.", date(2026, 10, 31)),
    ("The audit meeting is on 2026-10-14.", date(2026, 10, 14)),
    ("评审会定在 10 月 14 日。", date(2026, 10, 14)),
    ("季度审计是 10 月 20 日。", date(2026, 10, 20)),
    ("万圣节前上线新皮肤。", date(2026, 10, 31)),
    ("Ship the themed levels before Halloween.", date(2026, 10, 31)),
    ("圣诞节前冻结代码。", date(2026, 12, 25)),
    ("Freeze the store listing before Christmas Eve.", date(2026, 12, 24)),
    ("端午前发版。", date(2027, 6, 9)),
    ("感恩节前把活动页上线。", date(2026, 11, 26)),
    ("Finish the beta before Valentine's Day.", date(2027, 2, 14)),
    ("元宵节之前把红包活动下掉。", date(2027, 2, 20)),
    ("三季度末之前把日志迁走。", date(2026, 9, 30)),
    ("Q3 末前下线旧接口。", date(2026, 9, 30)),
    ("The free tier offer ends 9/30.", date(2026, 9, 30)),
    ("DDL: 9/20", date(2026, 9, 20)),
    ("ddl 是 9 月 20 号。", date(2026, 9, 20)),
    ("The deadline is Sept 20.", date(2026, 9, 20)),
    ("截止日期是 10 月 8 日。", date(2026, 10, 8)),
    ("Staging cert valid till 30/09/2026.", date(2026, 9, 30)),
    ("Renew the token before 30.09.2026.", date(2026, 9, 30)),
    ("Wrap up the pilot by the 3rd week of October.", date(2026, 10, 21)),
    ("Trial period: 2026-09-01 ~ 2026-09-14.", date(2026, 9, 14)),
    ("试用期 9/1–9/14，过了要付费。", date(2026, 9, 14)),
]


@pytest.mark.parametrize(("statement", "due"), DEADLINES)
def test_ranges_periods_events_and_festivals_name_their_end(statement: str, due: date) -> None:
    assert due in [day for day, _ in statement_facts(statement).deadlines(WRITTEN)]


NOT_DEADLINES = [
    "Cut p95 latency by 1/3-1/2.",
    "Pages 3/4 - 5/6 of the spec cover retries.",
    "Sprint 21 ran 10/1–10/14 and closed 40 tickets.",
    "The freeze ended 2026-10-14.",
    "v2.0 上线于 2026 年 3 月 1 日。",
    "History: until the Nov 2025 rewrite the app used the provider package.",
    "Historically, releases were cut until 2026-03-01 by hand.",
    "历史：2026 年 3 月前用的是 Jenkins。",
    "The old app used the REST gateway until 2026-03-01, now gRPC.",
    "User said Friday deploys are fine now — no more holding releases until Monday.",
    "不再等到下周一才发版。",
    "Every Halloween we run a themed event.",
    "The meeting notes from 2026-10-14 are in Drive.",
    "Logs older than 30/09/2025 were purged.",
    "上季度营收涨了。",
    "每季度末对账。",
    "The 2.0 release ends support for 1/3 of devices.",
    "Our fiscal year ends 6/30.",
    "The financial year ends on March 31.",
    "财年在 6 月 30 日结束。",
    "Jenkins built every release from 2023 until June 2026, when we moved to GitHub Actions.",
    "The cron box ran the exports through May 2026, at which point they moved to Airflow.",
    "集群一直用 Flux 同步到 2026 年 3 月，那时迁到了 Argo CD。",
]


STILL_DEADLINES = [
    ("Deploys are frozen through March 2026, when the audit ends.", date(2026, 3, 31)),
    ("Keep the old bucket until June 2026, when the contract ends.", date(2026, 6, 30)),
    ("旧桶保留到 2026 年 6 月，之后删掉。", date(2026, 6, 30)),
]


@pytest.mark.parametrize(("statement", "due"), STILL_DEADLINES)
def test_a_when_clause_ahead_of_a_deadline_keeps_it(statement: str, due: date) -> None:
    assert [day for day, _ in statement_facts(statement).deadlines(date(2026, 1, 5))] == [due]


@pytest.mark.parametrize("statement", NOT_DEADLINES)
def test_fractions_history_dropped_practices_and_notes_name_no_deadline(statement: str) -> None:
    assert not statement_facts(statement).deadlines(WRITTEN)


@pytest.mark.parametrize(
    "text",
    [
        "Sprint 9 is 2026-06-01 to 2026-06-12 on the board. The exporter rewrite has to be merged by the end of sprint 9.",
        "The DSMB meeting takes place 2026-06-12. Release freeze from 2026-06-05; no prod deploys until the meeting is over.",
        "迭代 7 排期 2026-06-01 → 2026-06-12。登录改版要在迭代 7 结束前合进去。",
    ],
)
def test_the_end_of_a_period_dated_earlier_is_the_deadline(tmp_path: Path, text: str) -> None:
    assert ("expired-date", ("e0.md",)) in findings(tmp_path, text, age=150)


@pytest.mark.parametrize(
    "text",
    [
        "Sprint 9 retro notes are dated 2026-06-12. Merge the exporter by the end of sprint 10.",
        "Merge the exporter by the end of the sprint.",
        "The meeting room was booked by the platform team. No deploys until the meeting is over.",
    ],
)
def test_a_period_never_dated_names_no_deadline(tmp_path: Path, text: str) -> None:
    assert ("expired-date", ("e0.md",)) not in findings(tmp_path, text, age=150)


CURRENT = [
    "DAU 大概 4.5 万，付费率 2.1%。",
    "DAU is around 45k.",
    "MAU 120 万。",
    "转化率 3.2%。",
    "次日留存 41%。",
    "D1 retention is 41%.",
    "CPU 使用率 75%。",
    "平均响应时间 230 毫秒。",
    "RAM 已经用了 58.3 KB / 64 KB。",
    "Flash 用了 412 KB / 512 KB，再加功能要先砍日志。",
    "磁盘已经用了 80%。",
    "We're using 58 of 64 GB on the build disk.",
    "Memory: 3.1 GB / 4 GB used.",
    "Still about 40 endpoints to port.",
    "The backlog sits at 230 tickets.",
    "LCP is 3.1 s on mobile.",
    "Lighthouse score is 62.",
    "The APK is 48 MB.",
    "The Docker image is 1.2 GB now.",
    "月活 120 万。",
    "日活大概 4.5 万。",
    "Weekly active users: 12k.",
    "We currently get 40 signups per day.",
    "The queue now has 40 jobs per worker waiting.",
    "构建现在要跑 20 分钟。",
]


@pytest.mark.parametrize("statement", CURRENT)
def test_metrics_and_usage_stated_as_current_are_snapshots(statement: str) -> None:
    assert statement_facts(statement).counts


NOT_CURRENT = [
    "Loki retention is 30 days for all tenants.",
    "Backups keep a retention of 168h.",
    "现在只允许一个连接：网关独占。",
    "Prod VPCs now have three NAT gateways, one per AZ.",
    "The cluster now has 3 ingress nodes, one in each zone.",
    "Every VPC now has one NAT gateway per AZ.",
    "Each cluster now has 2 ingress controllers per zone.",
    "上次事故恢复多花了二十分钟。",
    "那次故障重启多花了 20 分钟。",
    "上周丢了一批任务。",
    "DAU 目标 10 万。",
    "付费率争取到 3%。",
    "税率 6%。",
    "采样率 10%。",
    "响应时间超过 500 毫秒就告警。",
    "CTR 低于 1% 就报警。",
    "nRF52832: 512 KB flash, 64 KB RAM.",
    "这个工具用了 3 年。",
    "The APK must stay under 150 MB.",
    "Max image size is 2 GB.",
    "The base image is python 3.12.",
    "Keep LCP under 2.5 s.",
    "日活目标 10 万。",
]


@pytest.mark.parametrize("statement", NOT_CURRENT)
def test_specs_rules_layouts_and_targets_are_no_snapshot(statement: str) -> None:
    assert not statement_facts(statement).counts


def _outdated_message(tmp_path: Path, text: str) -> str:
    store = Store(root=tmp_path, format="claude-code")
    store.entries.append(_entry("e0.md", "file", text, NOW - timedelta(days=200)))
    found = [f for f in rules.analyze(store, now=NOW).findings if f.rule == "outdated-number"]
    assert len(found) == 1
    return found[0].message


@pytest.mark.parametrize(
    ("text", "redo", "not_said"),
    [
        ("Coverage is 61 % on the core package.", "re-measure", "re-count"),
        ("冷启动 1.4 秒，主要耗在字体加载。", "re-measure", "re-count"),
        ("There are still 14 services on Python 2.", "re-count", "re-measure"),
        ("还剩 12 个接口没迁。", "re-count", "re-measure"),
    ],
)
def test_the_message_asks_to_re_measure_a_metric_and_re_count_a_count(
    tmp_path: Path, text: str, redo: str, not_said: str
) -> None:
    message = _outdated_message(tmp_path, text)
    assert redo in message
    assert not_said not in message


LOOK_BACK_WINDOWS = [
    "`wp shop sync-orders --days=7` 会查询最近 7 天内状态为 pending 的订单并补单。",
    "过去 3 天内的退款每晚自动对账一次。",
    "近 30 天内未登录的账号会收到提醒邮件。",
    "The report lists orders from the last 7 days still pending.",
    "The job re-sends invoices from the past 14 days still unpaid.",
]


@pytest.mark.parametrize("statement", LOOK_BACK_WINDOWS)
def test_a_window_looking_back_is_neither_a_deadline_nor_a_count(statement: str) -> None:
    facts = statement_facts(statement)
    assert not facts.deadlines(WRITTEN)
    assert not facts.counts


@pytest.mark.parametrize(
    ("statement", "due"),
    [("证书 7 天内必须续期。", WRITTEN + timedelta(days=7)), ("3 天之内把数据迁完。", WRITTEN + timedelta(days=3))],
)
def test_a_span_ahead_is_still_a_deadline(statement: str, due: date) -> None:
    assert due in [day for day, _ in statement_facts(statement).deadlines(WRITTEN)]


@pytest.mark.parametrize("statement", ["还剩 12 个工单 pending。", "41 tickets still pending after the last 30 days."])
def test_counts_beside_a_look_back_window_still_count(statement: str) -> None:
    assert statement_facts(statement).counts
