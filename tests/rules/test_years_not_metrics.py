"""A year next to a metric's name (a planned retirement, a dated plan) is no reading of the metric, in EN and ZH; readings stay readings.

Sentences are written here, not copied from any store.
"""

from __future__ import annotations

import pytest

from curator.rules.facts import statement_facts

PLANS_AND_RETIREMENTS = [
    "UPS 旧的 XML Rating API 在 2026 年第三季度末停用",
    "旧的 rating 服务将于 2027 年下线。",
    "覆盖率报表计划在 2027 年 3 月迁到 Codecov。",
    "The Rating API will be retired in 2027.",
    "The old coverage dashboard is retired in Q3 2027.",
    "Latency dashboards move to Grafana in 2027-03.",
    "The uptime checker will be shut down by 2027.",
    "留存率看板 2027 年起改由数据组维护。",
]

READINGS = [
    "The App Store rating is 4.6 right now.",
    "Coverage is 2026 lines out of 2900 covered, 70 %.",
    "Test coverage is at 64 % today.",
    "p95 latency is currently 420 ms.",
    "目前覆盖率 58%。",
    "接口延迟现在 1.9 秒。",
]


@pytest.mark.parametrize("statement", PLANS_AND_RETIREMENTS)
def test_a_year_is_no_metric_value(statement: str) -> None:
    assert not statement_facts(statement).counts


@pytest.mark.parametrize("statement", READINGS)
def test_metric_readings_stay_read(statement: str) -> None:
    assert statement_facts(statement).counts
