"""Two numbers in one language that share a word or two (locks, stays) while each is about things of its own that the
other entry never mentions (a player's slot and a canary) are no conflict; two numbers about one thing, told with a
detail or two more, still are. Across languages the veto stands aside: a translated word would look unmentioned.

Sentences are written here, not copied from any store.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.conflict.own_things import own_things_outweigh
from curator.rules.facts.quantities import extract
from tests.rules.test_blind2_forms import PAIR, findings

OWN_THINGS_EN = [
    (
        "A device counts as offline after 20 s without a beacon; its slot stays in the room for 45 s so the user can "
        "rejoin.",
        "Weekend releases are fine as long as the canary (2 % of rooms) stays green for 15 minutes.",
    ),
]
OWN_THINGS_ZH = [
    ("自助机在顾客 3 分钟无操作后锁定并清空购物车。", "顾客在结算页点「支付」后优惠券锁定 20 秒，超时要重新领取。"),
    ("客户端掉线后，角色在房间里保留 60 秒等玩家重连。", "灰度版本在房间里保留 30 分钟没有报错就全量。"),
]
ONE_THING_EN = [
    (
        "A worker counts as lost after 15 s without a ping; its lease stays in the queue for 90 s so the job can resume.",
        "A lost worker's lease now stays in the queue for 5 minutes.",
    ),
    (
        "The kiosk locks and wipes the cart after 3 minutes of customer inactivity.",
        "The kiosk now locks the cart after 10 minutes of customer inactivity.",
    ),
]
ONE_THING_ZH = [
    ("顾客在结算页点「支付」后优惠券锁定 20 秒，超时要重新领取。", "结算页的优惠券锁定时间改成 60 秒了。"),
    (
        "The kiosk locks and wipes the cart after 3 minutes of customer inactivity.",
        "自助机在顾客 10 分钟无操作后锁定并清空购物车。",
    ),
]


@pytest.mark.parametrize("texts", OWN_THINGS_EN + OWN_THINGS_ZH)
def test_numbers_about_things_of_their_own_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", ONE_THING_EN + ONE_THING_ZH)
def test_numbers_about_one_thing_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


def _duration(statement: str):
    return next(quantity for quantity in extract(statement) if quantity.unit == "duration")


def test_own_things_must_outnumber_the_shared_ones() -> None:
    slot = _duration("Its slot stays in the room for 45 s so the user can rejoin.")
    canary = _duration("The canary stays green for 15 minutes before the release goes wide.")
    assert own_things_outweigh(slot, canary, frozenset(), frozenset())
    lease = _duration("The worker's lease stays in the queue for 90 s.")
    longer = _duration("A lost worker's lease now stays in the queue for 5 minutes.")
    assert not own_things_outweigh(lease, longer, frozenset(), frozenset())
    assert not own_things_outweigh(slot, canary, frozenset({"canary", "green", "releas", "wide"}), frozenset())
    mapq = next(iter(extract("Filter out reads with MAPQ below 20.")))
    cutoff = next(iter(extract("The MAPQ cutoff for variant calling is 30 now.")))
    assert not own_things_outweigh(mapq, cutoff, frozenset(), frozenset())
    idle = _duration("The 45 000 ms idle timeout matches what the load balancer expects.")
    raised = _duration("We raised the idle timeout on the edge proxy to 2 minutes.")
    assert not own_things_outweigh(idle, raised, frozenset(), frozenset())
    coupon = _duration("顾客点「支付」后优惠券锁定 20 秒，超时要重新领取。")
    assert not own_things_outweigh(slot, coupon, frozenset(), frozenset())
