"""An amount a perk starts at is that perk's threshold: "free delivery over ¥30" and 满 30 元包邮 set the floor at 30, so
another floor for the same perk conflicts while an order of ¥45 that gets it does not.

Sentences are written here, not copied from any store; each positive has look-alikes that must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.facts.quantity_comparators import perks
from tests.rules.test_blind2_forms import PAIR, findings


@pytest.mark.parametrize(
    ("statement", "value", "unit"),
    [
        ("Free shipping on orders over $30.", 30, "money:usd"),
        ("Orders above €40 ship free.", 40, "money:eur"),
        ("满 30 元包邮。", 30, "money:cny"),
        ("订单超过 50 元免运费。", 50, "money:cny"),
        ("Card payments over $30 need 3-D Secure.", 30, "money:usd"),
    ],
)
def test_a_perk_threshold_is_a_floor(statement: str, value: float, unit: str) -> None:
    read = [(quantity.kind, quantity.low, quantity.high) for quantity in statement_facts(statement).quantities]
    assert read == [("lower", value, float("inf"))]
    assert statement_facts(statement).quantities[0].unit == unit


@pytest.mark.parametrize(
    ("statement", "value"),
    [("Free-delivery minimum is now ¥35.", 35), ("The minimum order value is $20.", 20), ("起送价 20 元。", 20)],
)
def test_a_minimum_amount(statement: str, value: float) -> None:
    [quantity] = statement_facts(statement).quantities
    assert quantity.low == value


def test_a_number_after_a_currency_symbol_is_money_alone() -> None:
    assert [quantity.unit for quantity in statement_facts("Orders over $30 get a discount.").quantities] == [
        "money:usd"
    ]


@pytest.mark.parametrize(
    ("statement", "kinds"),
    [
        ("Free delivery over ¥30", {"delivery"}),
        ("满 30 元包邮", {"delivery"}),
        ("Orders over $30 get 10% off", {"discount"}),
        ("满 100 元立减 10 元", {"discount"}),
        ("Orders over $50 get a free gift", {"gift"}),
        ("The fee is waived above $100", {"waiver"}),
        ("Card payments over $30 need 3-D Secure", set()),
    ],
)
def test_perks_are_read_by_kind(statement: str, kinds: set[str]) -> None:
    assert perks(statement) == kinds


@pytest.mark.parametrize(
    "texts",
    [
        ("Free shipping on orders over $30.", "Orders above $50 ship free now."),
        ("满 30 元包邮。", "现在满 50 元才包邮。"),
        ("满 30 元免配送费 (free delivery over ¥30)。", "Free-delivery minimum is now ¥35."),
        ("Orders over $30 get a 10% discount.", "Orders over $50 get a 10% discount."),
    ],
)
def test_two_thresholds_of_one_perk_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("Orders over $30 get a 10% discount.", "Free shipping on orders over $50."),
        ("Orders over $30 get a 10% discount.", "Orders over $50 get a free gift."),
        ("满 100 元立减 10 元。", "满 30 元包邮。"),
        ("Free shipping on orders over $30.", "Orders of $45 ship free, e.g. two books."),
        ("Free shipping on orders over $30.", "Card payments over $50 need 3-D Secure."),
    ],
)
def test_other_perks_and_other_amounts_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
