"""A statement that states no quantity, count, instrument, choice or date holds one shared empty tuple for each
(most statements state none, and an empty list apiece adds up at 100k entries); one that does keeps what it states."""

from __future__ import annotations

from datetime import date

import pytest

from curator.rules.choices import ChoiceTable
from curator.rules.facts import NO_DATES, NOTHING, StatementFacts

ANCHOR = date(2026, 11, 1)
TABLE = ChoiceTable([["pnpm", "npm"]])


@pytest.mark.parametrize(
    "text",
    [
        "Write commit messages in the imperative mood.",
        "Keep the changelog short and plain.",
        "提交信息用祈使句，简短一点。",
        "代码评审时先看测试再看实现",
        "Prefer small pull requests over big ones.",
    ],
)
def test_a_statement_stating_nothing_holds_the_shared_empties(text: str) -> None:
    fact = StatementFacts(text)
    assert fact.quantities is NOTHING
    assert fact.counts is NOTHING
    assert fact.instruments is NOTHING
    assert fact.stances(TABLE) is NOTHING
    assert fact.deadlines(ANCHOR) is NOTHING
    assert fact.mentioned_dates(ANCHOR) is NOTHING
    assert fact._dated is not None and fact._dated[1] is NO_DATES


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Keep at most 3 retries for the webhook worker.", "quantities"),
        ("Webhook 最多重试 3 次。", "quantities"),
        ("58 posts still to delete.", "counts"),
        ("还有 58 篇文章要删。", "counts"),
        ("Use gomock for interface mocks.", "instruments"),
        ("Always use pnpm, never npm.", "stances"),
        ("一律用 pnpm，不要用 npm", "stances"),
        ("Ship the beta before 2026-12-15.", "deadlines"),
        ("12 月 15 日前上线 beta 版。", "deadlines"),
    ],
)
def test_a_statement_stating_something_keeps_it(text: str, part: str) -> None:
    fact = StatementFacts(text)
    read = {
        "quantities": lambda: fact.quantities,
        "counts": lambda: fact.counts,
        "instruments": lambda: fact.instruments,
        "stances": lambda: fact.stances(TABLE),
        "deadlines": lambda: fact.deadlines(ANCHOR),
    }[part]()
    assert read and read is not NOTHING
