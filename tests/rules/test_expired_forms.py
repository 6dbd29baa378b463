"""Deadline forms with no calendar date spelled out in full: month parts, day ranges, spans from the entry's date, festival days, dated plans.

Sentences are written here, not copied from any store; every group of positives has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import findings

WRITTEN = date(2026, 9, 1)

DEADLINES = [
    ("Finish the Postgres upgrade by mid-November.", date(2026, 11, 20)),
    ("Get the vendor contract signed before early October.", date(2026, 10, 10)),
    ("The beta closes by late October 2026.", date(2026, 10, 31)),
    ("证书 10 月上旬前换掉。", date(2026, 10, 10)),
    ("12 月中旬前把审计材料交给法务。", date(2026, 12, 20)),
    ("11 月下旬之前完成压测。", date(2026, 11, 30)),
    ("Code freeze Oct 12–18 for the audit.", date(2026, 10, 18)),
    ("No deploys during the data-center move (12–16 Oct).", date(2026, 10, 16)),
    ("Maintenance window: Oct 30 – Nov 2, do not touch the replicas.", date(2026, 11, 2)),
    ("封板期 10 月 12 日至 18 日，禁止合并非紧急修复。", date(2026, 10, 18)),
    ("机房搬迁停机 11 月 28 日到 12 月 1 日。", date(2026, 12, 1)),
    ("Rotate the leaked token within 3 days.", date(2026, 9, 4)),
    ("We need to drop the legacy endpoint in the next 10 days.", date(2026, 9, 11)),
    ("Move the report jobs off cron two weeks from now.", date(2026, 9, 15)),
    ("2 周内把旧的 OSS bucket 清空。", date(2026, 9, 15)),
    ("三天之内把告警阈值调回去。", date(2026, 9, 4)),
    ("一个月内迁完所有服务。", date(2026, 10, 1)),
    ("The pentest report is due at the end of Q3.", date(2026, 9, 30)),
    ("Retire the old VPN at the end of H2.", date(2026, 12, 31)),
    ("Keep the feature flag on until end-of-Q4.", date(2026, 12, 31)),
    ("6·18 之前把新会员页上线。", date(2027, 6, 18)),
    ("9.9 大促前把库存服务扩容。", date(2026, 9, 9)),
    ("双 11 前完成支付链路压测。", date(2026, 11, 11)),
    ("双十二之前下掉旧的优惠券接口。", date(2026, 12, 12)),
    ("The billing migration is scheduled for 2026-10-14.", date(2026, 10, 14)),
    ("We will cut the 4.0 release on October 20.", date(2026, 10, 20)),
    ("Launch is planned for 3 November.", date(2026, 11, 3)),
    ("新版首页定在 10 月 14 日上线。", date(2026, 10, 14)),
    ("数据中心切换计划 2026-10-20 进行。", date(2026, 10, 20)),
    ("要赶在 11 月 3 日发版，文案先定下来。", date(2026, 11, 3)),
    ("本月中旬前把旧快照清掉。", date(2026, 9, 20)),
    ("下个月初之前完成权限梳理。", date(2026, 10, 10)),
    ("Archive the old dashboards by mid-next month.", date(2026, 10, 20)),
    ("Finish the vendor review by the middle of this month.", date(2026, 9, 20)),
    ("半个月内把告警规则迁到新平台。", date(2026, 9, 16)),
    ("赶在 618 前上线新的会员页。", date(2027, 6, 18)),
    ("明年 3 月 1 日前提交结题报告。", date(2027, 3, 1)),
    ("Renew the wildcard certificate before February 2 next year.", date(2027, 2, 2)),
    ("The Kafka upgrade is scheduled for the week of 2026-10-12.", date(2026, 10, 18)),
    ("年底前把旧机房下线。", date(2026, 12, 31)),
    ("今年年底之前完成等保测评。", date(2026, 12, 31)),
    ("明年年初前招满两个 SRE。", date(2027, 1, 31)),
    ("2027 年中之前完成多活改造。", date(2027, 6, 30)),
    ("Decommission the old data center by the end of the year.", date(2026, 12, 31)),
    ("Move every team to the new SSO by EOY.", date(2026, 12, 31)),
    ("Finish the cost review by year-end.", date(2026, 12, 31)),
    ("Drop the v1 SDK before the end of 2026.", date(2026, 12, 31)),
    ("Close the audit findings by EOQ.", date(2026, 9, 30)),
    ("下季度前把日志平台换掉。", date(2026, 12, 31)),
    ("本季度之内完成容量评估。", date(2026, 9, 30)),
    ("Finish the SOC 2 evidence by the first week of November.", date(2026, 11, 7)),
    ("11 月第二周前完成灰度。", date(2026, 11, 14)),
    ("Ship the importer by 10/14.", date(2026, 10, 14)),
    ("The API keys expire on 11/3, rotate them before then.", date(2026, 11, 3)),
    ("在 10.14 前上线新报表。", date(2026, 10, 14)),
    ("10 月 14 日（周三）前提测。", date(2026, 10, 14)),
    ("Target date: 2026-10-14 for the billing cutover.", date(2026, 10, 14)),
    ("ETA for the Redis cutover is October 20.", date(2026, 10, 20)),
    ("目标 10 月 14 日上线新版搜索。", date(2026, 10, 14)),
    ("Submit the vendor invoices by the 15th.", date(2026, 9, 15)),
    ("15 号前把季度复盘发出来。", date(2026, 9, 15)),
    ("Freeze the schema by the 20th of October.", date(2026, 10, 20)),
    ("11 月上半月前完成灰度。", date(2026, 11, 15)),
    ("The Postgres cutover is scheduled on 2026-10-14.", date(2026, 10, 14)),
    ("Wrap up the pilot before the first half of November is over.", date(2026, 11, 15)),
]


@pytest.mark.parametrize(("statement", "due"), DEADLINES)
def test_deadline_forms_name_their_end(statement: str, due: date) -> None:
    assert due in [day for day, _ in statement_facts(statement).deadlines(WRITTEN)]


NOT_DEADLINES = [
    "Usage peaks in mid-November every year.",
    "The team met in early October to plan the roadmap.",
    "每年 11 月中旬流量最高。",
    "The conference ran Oct 12–18.",
    "Our Q3 numbers (Jul 1–Sep 30) are in the dashboard.",
    "我们 10 月 12 日至 18 日去了杭州出差。",
    "The sale runs 23–29 Nov every year, no deploys then.",
    "Reply to support tickets within 2 days of receipt.",
    "If the canary fails within 2 weeks, roll back.",
    "Patch the base images every 2 weeks.",
    "Refunds are processed within 5 business days.",
    "Logs are deleted 2 weeks after each release.",
    "上线后 3 天内盯紧错误率。",
    "每次发版后 2 周内不做大重构。",
    "如果 3 天之内没回复就再催一次。",
    "We still have 3 days before the end of the sprint.",
    "Renew the license every year on 1 March; it must not lapse.",
    "每月 1 号要对账。",
    "The payments cutover went out on 2026-10-14 without issues.",
    "From 2026-10-14 we will require 2FA for admins.",
    "Since October 20 the importer must use the v2 API.",
    "2026-10-14 起所有管理员必须开启 2FA。",
    "自 10 月 20 日开始，新任务要用 v2 接口。",
    "新版首页已上线，10 月 14 日的版本要保留。",
    "支付链路已经迁移完成（10 月 14 日）。",
    "Pin `stripe_version = 2024-06-20`; we will bump it with the SDK.",
    "The build uses openssl 3.0.14 and will keep it.",
    "版本 6.18 的补丁要先在测试环境跑。",
    "No deploys Monday–Friday after 4 pm.",
    "(2026-09-20, from the retro) Reviews will need two approvals from now on.",
    "[2026-09-20T10:00:00Z] Release notes must link the changelog.",
    "2026-09-20: the on-call rotation will move to PagerDuty schedules.",
    "【10 月 14 日】以后所有发布都要走审批。",
    "The export API returns dates like 2026-10-14 and clients must parse them as UTC.",
    "Timestamps must be ISO strings, e.g. 2026-10-14.",
    "日期格式要写成 2026-10-14 这种。",
    "Users who signed up before 2026-10-01 keep the legacy plan.",
    "Invoices dated before 2026-10-01 must use the old tax code.",
    "The old pricing will remain for accounts created before 2026-10-01.",
    "2026 年 10 月 1 日前注册的用户保留旧套餐。",
    "10 月 1 日前上线的功能都要补埋点。",
    "评分弹窗 90 天内最多弹一次。",
    "Show the rating prompt at most once within 90 days.",
    "Security patches must be applied within 7 days.",
    "New PRs should be reviewed within 2 days.",
    "本月中旬前后流量会上涨。",
    "每年年底前续一次域名。",
    "Renew the domains before the end of the year, every year.",
    "去年底我们迁到了新机房。",
    "一年中最忙的是 11 月。",
    "年终奖在 1 月发。",
    "Cut p95 latency by 1/3.",
    "About 3/4 of the traffic is mobile.",
    "Python 3.12 前的语法不要再用。",
    "升级到 3.12 前先跑一遍测试。",
    "Node 18.17 must stay pinned.",
    "The rollout went out the first week of November.",
    "每月 15 号前交报销单。",
    "The 3rd attempt before lunch failed.",
    "Move the DNS to Route 53 by 2026-10-20 ✔",
    "✅ 10 月 20 日前完成迁移，剩下的归档。",
    "~~Ship the beta before 2026-10-20~~ dropped.",
    "The wildcard certificate issued on 2026-10-01 will expire next year.",
    "The backup created on 2026-10-01 must be kept for audits.",
    "10 月 14 日发布的证书明年才会到期。",
    "10 月 14 日上线的版本要保留三个月。",
    "10 月 1 日之前的订单要按旧税率结算。",
    "Data from before 2026-01-01 will be archived to cold storage.",
]


@pytest.mark.parametrize("statement", NOT_DEADLINES)
def test_look_alikes_name_no_deadline(statement: str) -> None:
    assert not statement_facts(statement).deadlines(WRITTEN)


PAST_MARKED = [
    ("已上线 10 月 14 日前的所有改动。", "已上线"),
    ("11 月 3 日之前已迁移到新集群。", "已迁移"),
    ("旧的 bucket 已清空（11 月 3 日前）。", "已清空"),
]


@pytest.mark.parametrize(("statement", "marker"), PAST_MARKED)
def test_already_done_is_past(statement: str, marker: str) -> None:
    assert marker in statement
    assert not statement_facts(statement).deadlines(WRITTEN)


def test_already_scheduled_is_still_a_plan() -> None:
    assert statement_facts("发布已定在 10 月 14 日，之前冻结代码。").deadlines(WRITTEN)


def test_a_date_said_to_be_last_year_is_past() -> None:
    assert statement_facts("去年 10 月 14 日前的数据要归档。").mentioned_dates(WRITTEN) == [date(2025, 10, 14)]


def test_a_passed_span_from_the_entry_date_expires_the_entry(tmp_path: Path) -> None:
    assert ("expired-date", ("e0.md",)) in findings(tmp_path, "Rotate the staging certificates within 2 weeks.", age=60)


def test_a_span_still_running_does_not_expire_the_entry(tmp_path: Path) -> None:
    assert ("expired-date", ("e0.md",)) not in findings(tmp_path, "一个月内迁完所有服务。", age=10)


def test_a_ticked_deadline_never_expires(tmp_path: Path) -> None:
    assert ("expired-date", ("e0.md",)) not in findings(
        tmp_path, "✅ Rotate the CI tokens by 2026-03-01, then revoke the old ones.", age=200
    )


def test_a_general_span_never_expires(tmp_path: Path) -> None:
    assert ("expired-date", ("e0.md",)) not in findings(tmp_path, "PR 合并后 2 天内补上文档。", age=200)
