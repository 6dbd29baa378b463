"""Deadlines anchored on the entry's date or named by a period with a plan, and dates a statement refers back to in itself.

Sentences are written here, not copied from any store; every group of positives has look-alikes that must stay silent.
The entry is written on Tuesday 2026-09-01.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import findings

WRITTEN = date(2026, 9, 1)

DEADLINES = [
    ("The primary DB has to be moved to RDS before 2026-10-01.", date(2026, 10, 1)),
    ("旧库必须在 10 月 1 日前迁走，逾期要等到下个季度才有窗口。", date(2026, 10, 1)),
    ("Seats are being cut at the end of the month, so move on-call to Opsgenie.", date(2026, 9, 30)),
    ("The landing page must be live on Friday, Oct 9 at 9am ET.", date(2026, 10, 9)),
    ("明天上午十点前要把体检报告交给人事。", date(2026, 9, 2)),
    ("周五下班前提交周报。", date(2026, 9, 4)),
    ("周一 standup 前把 postmortem 写完。", date(2026, 9, 7)),
    ("这周五切 v2.0 release candidate。", date(2026, 9, 4)),
    ("The maintainers' call this Thursday decides the v3 scope.", date(2026, 9, 3)),
    ("国庆假期之后再推进集群升级。", date(2026, 10, 1)),
    ("中秋假期后再做全量 reindex。", date(2026, 9, 25)),
    ("The mobile team committed to shipping offline mode in Q3 2026.", date(2026, 9, 30)),
    ("User wants the thesis chapter finished in H1 2027.", date(2027, 6, 30)),
    ("推荐平台计划第三季度末上线。", date(2026, 9, 30)),
    ("用户打算下半年考完 PMP。", date(2026, 12, 31)),
    ("SwiftUI 重写目标是 H2 完成。", date(2026, 12, 31)),
    ("GPU 集群扩容 Q4 末到位。", date(2026, 12, 31)),
    ("客服工单系统计划十一月中旬切到新版。", date(2026, 11, 20)),
    ("The closed playtest build goes out to testers in two weeks.", date(2026, 9, 15)),
    ("We will freeze the schema in 3 weeks.", date(2026, 9, 22)),
    ("Design review 两周后开。", date(2026, 9, 15)),
    ("一个月后要交开题报告。", date(2026, 10, 1)),
]


@pytest.mark.parametrize(("statement", "due"), DEADLINES)
def test_anchored_and_planned_forms_name_their_end(statement: str, due: date) -> None:
    assert due in [day for day, _ in statement_facts(statement).deadlines(WRITTEN)]


NOT_DEADLINES = [
    "The rows were moved to RDS before 2026-10-01.",
    "逾期要等到下个季度才处理。",
    "Q3 revenue was 12% above plan.",
    "Q3 的营收涨了 12%。",
    "每季度末做一次 access review。",
    "Support replies in 2 days on average.",
    "The migration finished in 2 weeks.",
    "A full reindex takes in 3 days.",
    "issue 无活动 60 天后由 stale bot 自动关闭。",
    "日志 3 个月后自动归档。",
    "上线 2 周后开始收费。",
    "这周五切了 RC。",
    "每周五切 release candidate。",
    "从下周一开始 deploy freeze。",
    "国庆假期之后我们去了杭州。",
    "App Store 审核新规 9/15 生效。",
    "例会一周一次，周会两周一次。",
    "The Q3 roadmap review was held in early July.",
    "Signups in H1 2026 came mostly from Germany.",
]


@pytest.mark.parametrize("statement", NOT_DEADLINES)
def test_look_alikes_name_no_deadline(statement: str) -> None:
    assert not statement_facts(statement).deadlines(WRITTEN)


@pytest.mark.parametrize(
    ("statement", "day"),
    [
        ("Legal will sign off right after Labor Day.", date(2026, 9, 7)),
        ("Memorial Day sale prep starts now.", date(2027, 5, 31)),
        ("新规 9/15 生效。", date(2026, 9, 15)),
        ("Figma 11月1日起涨价。", date(2026, 11, 1)),
    ],
)
def test_holidays_and_start_dates_are_mentioned(statement: str, day: date) -> None:
    assert day in statement_facts(statement).mentioned_dates(WRITTEN)


REFERRED_BACK = [
    "App Store 审核新规 9/15 生效，在此之前要提交带 privacy manifest 的版本。",
    "Figma 11月1日起涨价，在那之前把 annual plan renew 掉。",
    "Design review 两周后开，before that 要把 open questions 全部回复完。",
    "Legal will sign off on the new terms right after Labor Day. Don't publish the consent banner before that.",
    "The maintainers' call this Thursday decides the v3 scope. Hold the deprecation PR until the call has happened.",
]


@pytest.mark.parametrize("text", REFERRED_BACK)
def test_a_date_referred_back_to_expires_the_entry(text: str, tmp_path: Path) -> None:
    assert ("expired-date", ("e0.md",)) in findings(tmp_path, text, age=120)


REFERRED_BACK_LOOK_ALIKES = [
    "We moved CI to GitHub Actions on 2026-03-01. Before that, the team used Jenkins.",
    "Figma 11月1日起涨价，在那之前的账单已经结清了。",
    "App Store 审核新规 9/15 生效，在此之前要提交带 privacy manifest 的版本。",
]


@pytest.mark.parametrize("text", REFERRED_BACK_LOOK_ALIKES)
def test_a_past_or_future_date_referred_back_to_does_not_expire(text: str, tmp_path: Path) -> None:
    age = 3 if "9/15" in text else 200
    assert ("expired-date", ("e0.md",)) not in findings(tmp_path, text, age=age)
