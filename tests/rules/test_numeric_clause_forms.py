"""Numbers whose subject or kind the clause around them decides: "五秒一次" is an interval, a gloss in parentheses
(体力（lives）) keeps the clause whole, a clause opening with a comparator (至少提前 48 小时) takes the clause before as
its subject, universal words (全局, 全机型) name nothing, and the used part of
"58.3 KB / 64 KB" is no setting.

Each conflict row is a two-entry store (e0.md older); each look-alike row must give no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import PAIR, findings

CLAUSE_CONFLICTS = [
    ("Metrics are scraped every 10 minutes.", "指标抓取改成 5 分钟一次。"),
    ("数据库备份每 20 分钟跑一次。", "数据库备份改成半小时一次。"),
    ("活动的配置上线前，至少提前 48 小时推到 staging。", "活动配置提前一天推 staging 就够了。"),
    ("全局默认锁 60 帧。", "全机型默认改成锁 30 帧了。"),
]


@pytest.mark.parametrize("texts", CLAUSE_CONFLICTS)
def test_the_clause_decides_what_a_number_is_about(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


CLAUSE_LOOK_ALIKES = [
    ("数据库备份每 20 分钟跑一次。", "数据库备份要跑 30 分钟。"),
    ("数据库备份每 30 分钟跑一次。", "Database backups run every half hour."),
    ("前端还是提前 5 分钟刷新 token。", "其他请求还是走全局的 15 秒超时。"),
    ("nRF52832: 512 KB flash, 64 KB RAM.", "RAM 已经用了 58.3 KB / 64 KB。"),
    ("全局默认锁 60 帧。", "过场动画全部做成 24 帧。"),
]


@pytest.mark.parametrize("texts", CLAUSE_LOOK_ALIKES)
def test_other_things_equal_values_and_used_parts_do_not_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("statement", "unit", "value"),
    [
        ("The 45 000 ms idle timeout closes the socket.", "duration", 45.0),
        ("Keep 10 000 rows per batch.", "row", 10000.0),
        ("Imports stop at 1\u00a0500 files.", "file", 1500.0),
    ],
)
def test_thousands_grouped_by_spaces_are_one_number(statement: str, unit: str, value: float) -> None:
    assert (unit, value) in [(quantity.unit, quantity.high) for quantity in statement_facts(statement).quantities]


@pytest.mark.parametrize("statement", ["Open ports 80 443 on the proxy.", "Retry 3 times, wait 500 ms."])
def test_separate_numbers_stay_separate(statement: str) -> None:
    assert all(quantity.high < 1000 for quantity in statement_facts(statement).quantities)
