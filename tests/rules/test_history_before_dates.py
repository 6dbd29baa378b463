"""A date that tells how things stood ("before March builds ran on X", "截至 11 月 29 日，还有 4 台…") is no deadline; orders by that date stay deadlines, in EN and ZH.

Sentences are written here, not copied from any store.
"""

from __future__ import annotations

from datetime import date

import pytest

from curator.rules.facts import statement_facts

WRITTEN = date(2026, 9, 1)

HISTORY = [
    "2026 年 3 月之前构建跑在 Codemagic 上；迁到 GitHub Actions 时删掉了配置。",
    "3 月 1 日之前构建都跑在 Jenkins 上。",
    "2026 年 3 月以前一直用 Jenkins 打包。",
    "2025 年 6 月之前，图片是放在七牛上的。",
    "历史备注：2025 年上半年之前，dbt 是用一个 BashOperator 跑整个 dbt run。",
    "Before March 2026, builds ran on Codemagic.",
    "Until 2026-03-01 the builds lived on Codemagic.",
    "Until March 2026 we used Codemagic for builds.",
    "History note: before 2026-03-01 the docs sat on a VPS.",
    "截至 11 月 29 日，现场还有 4 台设备停在 v3.1.1 没升上去。",
    "截至 10 月 31 日，已经有 37 家门店切到新收银。",
    "As of 2026-10-31, 37 stores are on the new till.",
]

DEADLINES = [
    ("Before 2026-10-01 we must move builds off Codemagic.", date(2026, 10, 1)),
    ("Before 2026-10-01, we must move builds off Codemagic.", date(2026, 10, 1)),
    ("Builds have to leave Codemagic before October 2026.", date(2026, 10, 31)),
    ("2026 年 10 月之前必须把构建迁出 Codemagic。", date(2026, 10, 31)),
    ("必须在 2026 年 10 月之前迁完。", date(2026, 10, 31)),
    ("10 月之前构建要跑在 GitHub Actions 上。", date(2026, 10, 31)),
    ("2026 年 10 月之前上线新版本。", date(2026, 10, 31)),
    ("10 月 15 日之前不要合并大改动。", date(2026, 10, 15)),
    ("报名截至 11 月 29 日。", date(2026, 11, 29)),
    ("截至 11 月 29 日，必须全部升级到 v3.2。", date(2026, 11, 29)),
    ("Until 2026-10-20, the release branch stays frozen.", date(2026, 10, 20)),
]


@pytest.mark.parametrize("statement", HISTORY)
def test_history_names_no_deadline(statement: str) -> None:
    assert not statement_facts(statement).deadlines(WRITTEN)


@pytest.mark.parametrize(("statement", "due"), DEADLINES)
def test_orders_by_a_date_stay_deadlines(statement: str, due: date) -> None:
    assert due in [day for day, _ in statement_facts(statement).deadlines(WRITTEN)]
