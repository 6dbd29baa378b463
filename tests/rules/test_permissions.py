"""Allowed against forbidden: one entry says a thing may be done, another that it never may (EN and ZH).

Each row is a small store (e0.md oldest, CLAUDE.md:L… instruction lines); look-alikes (other actions, history,
advice about another thing) get no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

ALLOWED_AND_FORBIDDEN = [
    ("Coupons can stack: one shop coupon plus one platform coupon.", "Coupons never stack, one coupon per order."),
    ("优惠券可以叠加：每单最多一张店铺券加一张平台券。", "Promotion rule: coupons never stack, one per order."),
    ("退款可以部分退。", "退款不能部分退，只能整单退。"),
    ("Guests may check out without an account.", "Guests cannot check out without an account."),
    ("Drafts can be published by editors.", "Drafts are not allowed to be published by editors."),
]


@pytest.mark.parametrize(("older", "newer"), ALLOWED_AND_FORBIDDEN)
def test_allowed_and_forbidden_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


def test_an_instruction_allowing_what_memory_forbids_conflicts(tmp_path: Path) -> None:
    found = findings(tmp_path, "Coupons never stack; calcPrice rejects a second one.", rules_text=("优惠券可以叠加。",))
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) in found


SILENT = [
    ("Coupons can stack.", "Gift cards never expire."),
    ("Coupons can stack.", "We used to say coupons never stack."),
    ("Coupons can be used on sale items.", "Coupons never stack."),
    ("优惠券可以叠加。", "积分不能提现。"),
    ("Guests may browse the catalogue.", "Guests cannot check out without an account."),
]


@pytest.mark.parametrize(("older", "newer"), SILENT)
def test_look_alikes_of_a_permission_stay_silent(tmp_path: Path, older: str, newer: str) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, older, newer))
