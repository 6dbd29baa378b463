"""Numbered code lists (status values, enum members) are no counts; counts listed with a state stay counts, in EN and ZH.

Sentences are written here, not copied from any store.
"""

from __future__ import annotations

import pytest

from curator.rules.facts import statement_facts

CODE_LISTS = [
    "Order `status` values: 0 pending payment, 1 paid, 2 shipped, 3 completed, 4 closed.",
    "Ticket states are 0 open, 1 in review, 2 blocked, 3 done.",
    "Job status codes: 1 queued, 2 running, 3 failed, 4 succeeded.",
    "Refund state: 0=pending, 1=approved, 2=rejected.",
    "The `level` enum: 0 - unassigned, 1 - triaged, 2 - fixed.",
    "订单状态：0 待支付、1 已支付、2 已发货、3 已完成、4 已关闭。",
    "工单状态码：1 待处理，2 处理中，3 已关闭。",
    "审核取值 0=未审核，1=审核中，2=已通过。",
]

COUNTS_IN_A_LIST = [
    "Right now: 3 pending, 5 open, 2 failing PRs.",
    "There are 12 open PRs, 4 pending reviews and 9 failing tests.",
    "14 tests are still failing, 3 are skipped.",
    "还有 5 个待处理，3 个未合并。",
    "现在有 7 个 PR 待合并、2 个 issue 没人处理。",
]


@pytest.mark.parametrize("statement", CODE_LISTS)
def test_numbered_codes_are_no_counts(statement: str) -> None:
    assert not statement_facts(statement).counts


@pytest.mark.parametrize("statement", COUNTS_IN_A_LIST)
def test_counts_listed_with_states_stay_counts(statement: str) -> None:
    assert statement_facts(statement).counts
