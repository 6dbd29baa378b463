"""Point-in-time counts marked by a state after the counted noun, a time word, a total or a metric name, in EN and ZH.

Sentences are written here, not copied from any store; every group of positives has look-alikes that must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.facts.numwords import normalise
from tests.rules.test_blind2_forms import findings

STATE_AFTER_NOUN = [
    "14 integration tests are quarantined until the fixture rewrite lands.",
    "6 e2e specs are skipped on CI because of the sandbox.",
    "3 feature flags are disabled in production.",
    "9 contract tests are failing on main.",
    "Five snapshot tests are flaky on the Windows runner.",
    "22 migrations are pending on staging.",
    "11 Dependabot PRs are open against the monorepo.",
    "4 tickets are blocked on the vendor.",
    "Our fork is 37 commits behind upstream.",
    "8 base images are outdated.",
    "12 invoices are overdue.",
    "7 strings are missing from the German bundle.",
    "The German bundle has 7 strings missing.",
    "eleven quarantined specs still wait for a fix.",
    "We have 9 skipped tests in the payments suite.",
    "有 14 个集成测试被隔离了。",
    "6 个 e2e 用例被跳过了。",
    "3 个开关在生产被禁用。",
    "9 个契约测试挂着。",
    "5 个快照测试不稳定。",
    "22 个迁移还没跑。",
    "德语包缺 7 条翻译。",
    "我们的分支落后上游 37 个提交。",
    "12 张发票逾期未付。",
]

SNAPSHOT_TIME_WORDS = [
    "Last month we had 212 alerts from the billing service.",
    "This week 14 builds failed on the arm runners.",
    "As of today 38 repos use the old CI template.",
    "Yesterday 9 deploys were rolled back.",
    "This month the docs site got 4,800 visits.",
    "Last month's GPU utilisation was 63 %.",
    "This week CI failed 14 times.",
    "As of 2026-03-01, 12 tests are failing.",
    "上个月有 212 条告警。",
    "这周 CI 挂了 14 次。",
    "昨天回滚了 9 次。",
    "截至目前 38 个仓库还在用旧模板。",
    "现在 120 个任务在排队。",
    "今天报了 31 个错误。",
]

TOTALS_NOW = [
    "现在一共 143 页。",
    "文档目前共 58 篇。",
    "目前总共 26 个服务接入了网关。",
    "现在合计 12 台机器。",
]

NUMBER_FORMS = [
    "The full build takes three and a half minutes.",
    "A dozen flaky tests are still quarantined.",
    "还有 40 多个接口没补类型。",
    "40 多个 PR 待合并。",
    "两百多条告警还没处理。",
    "The repo has 1.2k open issues.",
]

METRICS = [
    "冷启动 1.4 秒，主要耗在字体加载。",
    "内存占用 380 MB，比上个版本高。",
    "崩溃率 0.3%，主要是 OOM。",
    "覆盖率 61%，核心模块偏低。",
    "包体 85 MB，图片资源占一半。",
    "ANR 率 0.12%。",
    "Cold start is 1.4 s on a Pixel 6.",
    "Memory usage is 380 MB after login.",
    "Crash rate is 0.3 % this week.",
]


MORE_SNAPSHOTS = [
    "12 services haven't been migrated yet.",
    "8 repos have not adopted the new template.",
    "5 endpoints still lack rate limiting.",
    "3 teams are yet to onboard.",
    "Only 19 of 40 customers have migrated.",
    "9 dashboards aren't converted yet.",
    "正文目前 4.2 万字。",
    "参考文献现在 86 篇。",
    "论文现在写到第 4 章，共 97 页。",
    "The spec suite has 2,400 examples now.",
    "terraform plan shows 14 to change and 3 to destroy.",
    "The training queue has 37 jobs waiting.",
    "GPU utilisation sat at 58 % last week.",
    "Crash-free sessions are at 99.2 %.",
    "DAU is about 12k this month.",
    "Eval accuracy is 0.83 on the held-out split.",
    "Our test coverage sits around 71 %.",
    "bundle audit flags 6 advisories.",
    "The Sidekiq retry set holds 1,900 jobs.",
    "Xcode shows 212 warnings.",
    "SwiftLint reports 48 violations.",
    "当前 GPU 利用率 58%。",
    "崩溃率这周 0.4%。",
    "训练队列里有 37 个任务在等。",
    "41/50 e2e tests passing on the new runner.",
    "Only 12 of 40 endpoints have OpenAPI docs so far.",
    "We're at 230 open Sentry issues.",
    "The backlog is around 90 tickets.",
    "Open incidents: 4.",
    "Flaky tests: 7 (see the quarantine list).",
    "Disk usage on db-01 is 81%.",
    "The monorepo has 1,240 TODO comments.",
    "Dependabot has 18 open PRs.",
    "Inbox zero is far: 320 unread emails.",
    "We are down to 5 Python 2 scripts.",
    "The index holds 48k documents today.",
    "Only 3 services still lack health checks.",
    "7 lambdas still run on Node 16.",
    "The Jira board shows 52 tickets in To Do.",
    "接口 P99 现在 1.2 秒。",
    "待办 23 条。",
    "还有 12 个 TODO 没处理。",
    "当前 Sentry 里 230 个未解决问题。",
    "测试通过率 92%。",
    "告警群这周报了 40 多条。",
    "目前 41/50 个用例通过。",
    "仓库里有 1240 个 TODO 注释。",
    "只剩 5 个 Python 2 脚本了。",
    "队列里堆了 3000 多条消息。",
    "2026-07-19: 还有 9 台树莓派跑旧系统。",
    "Since the 2025-11-02 upgrade, 4 brokers are down.",
    "9 tests in the payments suite are failing.",
    "CI 上 3 个 job 一直红。",
    "有 5 个告警未确认。",
    "8 台机器还没升级内核。",
    "17 alerts are still unacknowledged in PagerDuty.",
    "About 30 Sentry issues are unassigned.",
    "Two canaries are unhealthy in eu-west.",
    "40-odd docs pages are out of date after the rename.",
    "The staging cluster has 3 nodes down.",
    "Roughly 25 PRs are waiting on review.",
    "6 of the 14 lambdas are still on Node 16.",
    "Right now 8 jobs are stuck in the DLQ.",
    "As of this morning there are 56 unread support emails.",
    "So far 19 customers have migrated to the new plan.",
    "This sprint we closed 31 tickets.",
    "Over the past week the nightly failed 5 times.",
    "目前 17 个告警没人认领。",
    "还有二十多个文档页面过时了。",
    "上周线上报了 6 次 P1。",
    "这个月新增 140 个用户。",
    "截至今天一共 52 个客户迁过去了。",
    "现在有三十几个 PR 等 review。",
    "Peak memory is 1.8 GB during the export.",
    "The APK size is 48 MB.",
    "首屏耗时 2.3 秒。",
    "卡顿率 1.2%，比上月高。",
    "内存峰值 1.8 GB。",
    "测试覆盖率目前是 64%。",
    "The test suite now takes four and a half minutes.",
    "About half a dozen services are still on the old SDK.",
]


@pytest.mark.parametrize(
    "statement", STATE_AFTER_NOUN + SNAPSHOT_TIME_WORDS + TOTALS_NOW + NUMBER_FORMS + METRICS + MORE_SNAPSHOTS
)
def test_snapshot_counts_and_metrics_are_read(statement: str) -> None:
    assert statement_facts(statement).counts


NOT_A_SNAPSHOT = [
    "The free plan allows 3 projects.",
    "每个节点 8 张卡。",
    "每台机器 4 个 GPU。",
    "At most 3 jobs are pending at once.",
    "Up to 10 requests are queued per worker.",
    "If 3 tests are failing, the merge is blocked.",
    "Quarantine a test after 2 failures.",
    "Mark a spec quarantined after 3 flaky runs.",
    "2 approvals are required before merge.",
    "The feature is disabled for 30 days after signup.",
    "Skip 2 tests on Windows only.",
    "Every month we rotate 3 keys.",
    "Deploy at most 2 times a day.",
    "超过 3 个用例失败就阻塞合并。",
    "最多 5 个任务排队。",
    "订单类型一共 6 种。",
    "每个集群一共 3 个节点。",
    "Still 3 days before the end of the sprint.",
    "There are still 3 days before the freeze.",
    "还有 3 天就封版。",
    "还剩两周就上线。",
    "冷启动要控制在 1.5 秒以内。",
    "内存占用不超过 400 MB。",
    "崩溃率目标 0.1% 以下。",
    "覆盖率要求 80%。",
    "包体上限 100 MB。",
    "Keep cold start under 2 s.",
    "Crash rate SLO is 0.5 %.",
    "The bundle size budget is 250 KB.",
    "Target cold start: 1.5 s.",
    "In March we had 12 services.",
    "In 2025 there were 40 open incidents.",
    "Back in March, 9 tests were failing.",
    "去年有 40 个事故工单没关。",
    "Today we decided to use 3 replicas.",
    "现在改用 3 个副本。",
    "连续 3 次失败后告警。",
    "重试 3 次失败就告警。",
]
SETTINGS_RULES_AND_PLANS = [
    "k6 couldn't hold the 2k sockets open reliably.",
    "Keep 20 connections open per worker.",
    "Leave 2 slots open for hotfixes.",
    "3 retries haven't helped in the past.",
    "Allow at most 0 SwiftLint violations on new files.",
    "Terraform plan must show 0 to destroy before apply.",
    "每章不超过 30 页，全文共 120 页以内。",
    "正文要求 3 万字。",
    "The queue holds at most 500 jobs.",
    "现在的规定是每人 2 个名额，共 10 个。",
    "Sessions are at 30 minutes idle timeout.",
    "We plan 3 more migrations next sprint.",
    "Open localhost:3000 after you start the stack.",
    "如果 3 天之内没回复就再催一次。",
    "CI fails if there are more than 10 lint warnings.",
    "The build must have 0 warnings.",
    "Allow up to 5 type errors during the migration.",
    "Open files: 1024 (ulimit -n).",
    "Pending timeout: 30 seconds.",
    "2 of 3 replicas must be healthy for quorum.",
    "A release needs 3 of 5 checks passing.",
    "The 404 errors come from the old links.",
    "Treat 3 consecutive warnings as an incident.",
    "超过 10 个 lint 警告就让 CI 失败。",
    "编译警告最多 5 个。",
    "Disk usage alert fires when usage on the root volume is 90%.",
    "Keep disk usage on db-01 below 85%.",
    "Each rule can emit 2 warnings at most.",
    "During the 2025-11-02 outage, 4 brokers were down for an hour.",
    "On 2025-11-02 3 Kafka brokers went down.",
    "Index lines went 2 → 210 → 3 with the red line at 200.",
    "Retry 3 times and then the jobs are paused.",
    "After 3 retries the jobs are paused.",
    "告警 3 次未确认就升级到值班经理。",
    "Each PR needs 2 approvals before merge.",
    "A job is moved to the DLQ after 5 failed attempts.",
    "Alert if more than 10 jobs are stuck in the DLQ.",
    "The free tier includes 5 seats and 2 projects.",
    "Our SLA allows 4 hours of downtime per quarter.",
    "The release branch is cut 2 days before the freeze.",
    "Keep memory usage under 2 GB.",
    "The APK must stay below 50 MB.",
    "首屏耗时不能超过 2 秒。",
    "内存峰值控制在 1.5 GB 以内。",
    "卡顿率红线是 1%。",
    "每个 PR 至少 2 个人 review。",
    "任务失败 3 次后进入死信队列。",
    "免费版最多 3 个项目。",
    "In Q2 we had 8 engineers on the team.",
    "The team is 6 engineers.",
    "Release 3 is the last one with the old API.",
    "There are 3 environments: dev, staging and prod.",
    "We run 3 replicas of the API.",
    "Use 4 spaces for indentation.",
    "The migration will take about 3 weeks.",
    "Today is a good day to rotate the 2 API keys.",
    "Backups are kept for 30 days.",
    "Sprint length is 2 weeks.",
    "数据保留 30 天。",
    "服务部署在 3 个可用区。",
    "现在用 3 个 worker 跑 celery。",
    "目前部署了 2 个副本。",
    "目前 API 版本是 v2，3 个端点已废弃。",
    "当前 Python 版本 3.11。",
    "现在主分支要 2 个 approve。",
    "今天起统一用 4 个空格缩进。",
    "Today the team agreed on 2-week sprints.",
    "This week's on-call is Alice; escalate after 15 minutes.",
    "As of today we deploy 3 times a day.",
    "Currently we have 2 environments.",
    "Right now the cluster runs 3 Kafka brokers.",
    "We have 3 Kafka brokers in prod.",
    "The API has 3 versions: v1, v2, v3.",
    "This month's budget is 500 dollars.",
    "这个月的预算是 5000 元。",
    "今天的会议定了 3 件事。",
    "3 tests are marked as skipped on purpose in conftest.",
]


@pytest.mark.parametrize("statement", NOT_A_SNAPSHOT + SETTINGS_RULES_AND_PLANS)
def test_specs_limits_targets_and_dated_history_are_no_snapshot(statement: str) -> None:
    assert not statement_facts(statement).counts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("three and a half minutes", "3.5 minutes"),
        ("two and a half days", "2.5 days"),
        ("three and a half hours", "210 minutes"),
    ],
)
def test_whole_and_a_half_becomes_one_number(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize(
    "statement",
    ["9 contract tests are failing on main.", "这周 CI 挂了 14 次。", "现在一共 143 页。", "崩溃率 0.3%，主要是 OOM。"],
)
def test_an_old_snapshot_is_an_outdated_number_and_a_recent_one_is_not(tmp_path: Path, statement: str) -> None:
    assert ("outdated-number", ("e0.md",)) in findings(tmp_path / "old", statement, age=120)
    assert ("outdated-number", ("e0.md",)) not in findings(tmp_path / "new", statement, age=3)
