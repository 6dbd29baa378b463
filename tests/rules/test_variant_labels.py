"""Two variants of one thing (tier 1 and tier 2, v3 and v4, 一级 and 二级, 第一期 and 第二期) each with its own number are
no conflict; two numbers for one variant still are.

Sentences are written here, not copied from any store.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.conflict.variants import variant, variants_apart
from tests.rules.test_blind2_forms import PAIR, findings

VARIANTS_EN = [
    ("Support tier 1: first reply within 4 hours.", "Support tier 2: first reply within 24 hours."),
    ("Checkout v2 retries a failed payment 3 times.", "Checkout v3 retries a failed payment 5 times."),
    ("Phase 1 of the rollout covers 10% of users.", "Phase 2 of the rollout covers 50% of users."),
]
VARIANTS_ZH = [
    ("一级会员每天最多提现 3 次。", "二级会员每天最多提现 10 次。"),
    ("第一期活动预算 5 万元。", "第二期活动预算 8 万元。"),
    ("第1阶段灰度比例 10%，观察两天。", "第2阶段灰度比例 50%，观察一天。"),
]
ONE_VARIANT_EN = [
    ("Support tier 1: first reply within 4 hours.", "Support tier 1: first reply within 8 hours."),
    ("Checkout v2 retries a failed payment 3 times.", "Checkout v2 now retries a failed payment 5 times."),
    ("Phase 1 of the rollout covers 10% of users.", "Phase 1 of the rollout covers 25% of users."),
]
ONE_VARIANT_ZH = [
    ("一级会员每天最多提现 3 次。", "一级会员每天最多提现 5 次。"),
    ("第一期活动预算 5 万元。", "第一期活动预算改成 8 万元了。"),
    ("第1阶段灰度比例 10%，观察两天。", "第1阶段灰度比例改成 20% 了。"),
]


@pytest.mark.parametrize("texts", VARIANTS_EN + VARIANTS_ZH)
def test_two_variants_with_their_own_numbers_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", ONE_VARIANT_EN + ONE_VARIANT_ZH)
def test_two_numbers_for_one_variant_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


def test_a_variant_is_read_where_the_clause_opens() -> None:
    assert variant("KYC tier 2 (ID checked): transfers capped at EUR 5,000 per day.") == ("tier", "2")
    assert variant("lumen-mix v4 builds on v3 with multilingual data.") == ("lumen-mix", "v4")
    assert variant("二级缓存的 TTL 是 10 分钟。") == ("级", "二")
    assert variant("The request timeout is 30 s.") is None
    assert variant("Retries: 3, then the job is parked in the dead-letter queue for tier 2 review.") is None


def test_versions_of_one_thing_are_no_variants_of_a_setting() -> None:
    assert not variants_apart("Node 18 on every service.", "All services run Node 22 now.")
    assert not variants_apart("Tier 1 replies within 4 hours.", "Tier 1 replies within 8 hours.")
