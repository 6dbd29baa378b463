"""Two entries worded alike where one denies what the other states (prorated vs not prorated, 按比例 vs 不按比例折算)
say yes and no on one policy: no duplicate; the same policy told twice, both saying yes, still is one.

Sentences are written here, not copied from any store.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.duplicate_denials import denied_on_one_side
from tests.rules.test_blind2_forms import PAIR, findings

DENIED_EN = [
    (
        "Mid-cycle plan upgrades are prorated by the remaining days and invoiced right away.",
        "Mid-cycle plan upgrades are not prorated; the difference is invoiced with the next cycle.",
    ),
]
DENIED_ZH = [
    (
        "客户在周期中途升级套餐时，按剩余天数比例计算差价，并立即开一张发票。",
        "套餐中途升级不按天数比例折算，差价在下个周期收取，不会额外开发票。",
    ),
]
TOLD_TWICE_EN = [
    (
        "Mid-cycle plan upgrades are prorated by the remaining days and invoiced right away.",
        "When a plan is upgraded mid-cycle, prorate by the remaining days and invoice right away.",
    ),
    (
        "Refunds under 50 EUR are approved automatically by the billing bot.",
        "The billing bot approves refunds under 50 EUR automatically.",
    ),
]
TOLD_TWICE_ZH = [
    (
        "客户在周期中途升级套餐时，按剩余天数比例计算差价，并立即开一张发票。",
        "周期中途升级套餐：按剩余天数比例算差价，马上开发票。",
    ),
    ("50 元以下的退款由机器人自动审批通过。", "机器人会自动审批通过 50 元以下的退款。"),
]


@pytest.mark.parametrize("texts", DENIED_EN + DENIED_ZH)
def test_yes_and_no_on_one_policy_are_no_duplicate(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", TOLD_TWICE_EN + TOLD_TWICE_ZH)
def test_one_policy_told_twice_is_a_duplicate(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Don't commit secrets to the repo.", "Keep secrets out of the repo."),
        ("周五不部署。", "除了周五，其他时间都可以部署。"),
        ("No deploys on Friday.", "Deploys happen Monday to Thursday."),
        ("Never merge without a green build.", "Merge once the build is green."),
        ("发布前不用通知运维。", "发布前无需通知运维。"),
        (
            "Don't run heavy queries in the request handler; queue them instead.",
            "Queue heavy queries: running them in the request handler stalls every request.",
        ),
        ("如果发版前没把缓存清掉，用户会看到旧页面，所以先清缓存再发版。", "发版前先清缓存，用户才不会看到旧页面。"),
    ],
)
def test_a_denial_of_another_action_or_a_rule_turned_around_is_no_denial(one: str, other: str) -> None:
    assert not denied_on_one_side(one, other)
    assert not denied_on_one_side(other, one)


def test_a_denied_verb_must_recur() -> None:
    assert denied_on_one_side("Invoices are not emailed to the customer.", "Invoices are emailed to the customer.")
    assert not denied_on_one_side("Invoices are not emailed to the customer.", "Invoices go to the customer's portal.")


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (
            "No tokens are stored in the browser's local storage.",
            "Nothing goes into local storage; tokens stay in memory.",
        ),
        ("报表不在 API 进程里生成，由 worker 生成。", "报表放在 worker 里生成，避免阻塞 API 进程。"),
    ],
)
def test_a_no_said_in_other_words_is_no_denial(one: str, other: str) -> None:
    assert not denied_on_one_side(one, other)
