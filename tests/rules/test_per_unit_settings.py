"""A limit per user or a size per page is one setting however each side names the user (每人, 每个用户, "each user")
or the counted thing ("docs", "documents").

Sentences are written here, not copied from any store. Each look-alike shares the qualifier or the unit with
another subject, or states one value twice, and must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

ONE_LIMIT_TWO_NAMES = [
    ("秒杀每个用户限购一件。", "秒杀活动改成每人限购两件。"),
    ("运营定的规则，秒杀每个用户每个商品只能买一件。", "秒杀放宽了，每人每个商品限购两件。"),
    ("新人券每人限领一张。", "新人券每个用户可以领两张。"),
    ("秒杀活动每个用户每个商品只能买一件。", "运营要求放宽：秒杀每人每个商品限购两件。"),
    ("Flash sales: each user may buy one item.", "Ops decided: flash sales allow each user 3 items."),
    ("Each user gets one free coupon per month.", "Every user now gets two free coupons a month."),
    ("Search results show 20 documents per page.", "Search results: 50 docs per page."),
]

OTHER_THINGS_OR_ONE_VALUE = [
    ("秒杀每人限购一件。", "拼团每人限购两件。"),
    ("秒杀活动每个用户每个商品只能买一件。", "运营要求放宽：拼团每人每个商品限购两件。"),
    ("每人每天最多领 3 张券。", "每个用户每天最多发 4 条评论。"),
    ("秒杀每个用户限购一件。", "秒杀每人限购一件。"),
    ("Each user gets one free coupon per month.", "Each user may create two projects a month."),
    ("Search results show 20 documents per page.", "The audit log shows 50 docs per page."),
    ("Search results show 20 documents per page.", "Search results show 20 docs per page."),
]


@pytest.mark.parametrize("texts", ONE_LIMIT_TWO_NAMES)
def test_one_limit_named_two_ways_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", OTHER_THINGS_OR_ONE_VALUE)
def test_another_thing_or_one_value_stays_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
