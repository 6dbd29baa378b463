"""Running totals told as they stand with no time word: audiences, money, stored volumes, daily averages, metrics in mixed text.

Sentences are written here, not copied from any store; every group of positives has look-alikes that must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import findings

TALLIES = [
    "The community forum sits at about 3,100 members.",
    "Our podcast has 2,400 subscribers and a 38 % completion rate.",
    "The plugin page is at around 14k downloads.",
    "ARR is $1.2m with 85 paying customers.",
    "The GCP bill is running at about $4,700 a month.",
    "The archive bucket holds roughly 6 TB of raw audio.",
    "The labeled set currently contains 900 examples.",
    "User has run 410 km so far this year.",
    "The storefront's App Store rating 4.6 after the redesign.",
    "小红书粉丝 2.3 万，笔记平均点赞两百左右。",
    "仓库 star 数 5400 左右。",
    "视频号关注者有 8000 多。",
    "花呗还欠 3200 元没还。",
    "OSS 月流量大约 12 TB。",
    "小程序日均下单 900 单左右。",
    "staging 集群目前跑着 40 个 pods。",
    "知识库里有 35 个页面没有 owner。",
    "未处理的工单有 52 个。",
    "open 的 PR 有 17 个。",
    "新模型对旧模型的 win rate 是 61%。",
    "首页 Lighthouse performance score 是 72。",
    "Sentry 上 error rate 大概 1.4%。",
    "Redis memory usage 在 9 GB 左右。",
    "Bilibili 频道有 6k followers。",
]


@pytest.mark.parametrize("statement", TALLIES)
def test_running_totals_are_point_in_time(statement: str) -> None:
    assert statement_facts(statement).counts


NOT_TALLIES = [
    "The workstation has 16 cores and 64 GB of RAM.",
    "RTX 4090 有 24 GB 显存。",
    "Kafka topic `events` 有 24 个 partitions。",
    "A standard deck has 52 cards.",
    "Goal: reach 10,000 subscribers by launch.",
    "目标是粉丝破 10 万。",
    "The free plan allows up to 3 members.",
    "If MRR is above $50k we hire a second engineer.",
    "Keep the monthly bill under $5,000.",
    "The size win is about 3 MB.",
    "Run the playbook with 5 forks.",
    "2026 年 4 月公众号粉丝是 2 万，当时刚做完抽奖。",
    "2026 年 5 月 GitHub stars 是 1,800。",
    "上个季度末（2026-06-30）CI 平均耗时 18 分钟，之后做了缓存优化。",
    "error rate 超过 1% 就触发告警。",
    "首页 Lighthouse score 目标 ≥ 90。",
    "Redis `maxmemory` 配成 12 GB。",
    "每个 key 日均调用上限 1000 次。",
    "In March we had 4,000 members.",
    "We run 3 workers per node.",
    "The team has 5 members.",
    "The seed fixture has 20 users.",
]


@pytest.mark.parametrize("statement", NOT_TALLIES)
def test_look_alikes_are_no_point_in_time_count(statement: str) -> None:
    assert not statement_facts(statement).counts


def test_an_old_audience_figure_is_outdated(tmp_path: Path) -> None:
    assert ("outdated-number", ("e0.md",)) in findings(tmp_path, "The newsletter has 8,900 subscribers.", age=150)


def test_a_fresh_audience_figure_is_not(tmp_path: Path) -> None:
    assert ("outdated-number", ("e0.md",)) not in findings(tmp_path, "公众号粉丝 3.6 万。", age=2)
