"""Number conflicts proposed by meaning (rules/conflict/meaning_clashes.py): a revised value and the other entry's nearest clause.

Sentences are written here, not copied from any store. Each proposed-and-verified pair is one the subject-word pairing
alone leaves apart; each look-alike names two things of one kind and must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.conflict import meaning_clashes
from curator.rules.facts import statement_facts
from curator.rules.facts.subject_modifiers import modified_apart
from tests.rules.test_blind2_forms import PAIR, findings

VERIFIED = [
    (
        "The 30 000 ms idle timeout matches what the load balancer expects.",
        "We raised the gateway idle timeout on the edge proxy to 90 seconds.",
    ),
    ("登录 session 有效期 8 小时，到期前提醒用户。", "后端把 session 改成 12 小时过期了，前端提醒逻辑跟着改。"),
    ("会话空闲超时为 15 分钟。", "风控评审后空闲超时改为 30 分钟。"),
    ("登录 token 有效期 4 小时。", "服务端把 access token 改成 45 分钟过期了。"),
    ("服务器 tick 提到 40Hz 了，卡顿少了。", "Physics tick rate is 25 Hz (`TICK_HZ = 25`)."),
]

LOOK_ALIKES = [
    ("Invitation links expire after 7 days.", "Password reset links now expire after 2 hours."),
    ("会员等级缓存 1 小时。", "会员价缓存现在改成 5 分钟。"),
    ("测试环境 Kafka topic 默认 3 个分区。", "生产环境新建 topic 现在默认 12 个分区。"),
    ("打包费原来每单 1 元，现在改成 2 元了。", "骑手小费选项最低 1 元，最高 10 元。"),
    ("The nightly backup starts at 01:00 UTC.", "The payout cutoff moved to 18:00 UTC now."),
    ("The staging pool size is 10 connections.", "The production pool size was raised to 40 connections."),
    ("Session tokens expire after 8 hours.", "The upload queue now drains every 15 minutes."),
    ("首页 banner 图不超过 100KB。", "活动页 banner 图现在改成不超过 150KB。"),
    ("Thumbnail cache lives 3 days.", "Avatar cache now lives 14 days."),
]


@pytest.mark.parametrize("texts", VERIFIED)
def test_a_revised_value_conflicts_with_the_nearest_clause_of_one_measure(
    tmp_path: Path, texts: tuple[str, str]
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", VERIFIED)
def test_the_subject_word_pairing_alone_leaves_these_apart(
    tmp_path: Path, texts: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("curator.rules.conflict.add_meaning_clashes", lambda *_: None)
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", LOOK_ALIKES)
def test_two_things_of_one_kind_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("statement", "revised"),
    [
        ("We raised the idle timeout to 90 seconds.", True),
        ("`HEARTBEAT_TIMEOUT_MS = 15000` now.", True),
        ("空闲超时改为 30 分钟。", True),
        ("调度器 tick 提到 50Hz 了。", True),
        ("The idle timeout is 90 seconds.", False),
        ("会话空闲超时为 5 分钟。", False),
    ],
)
def test_a_revision_is_read_from_the_numbers_own_clause(statement: str, revised: bool) -> None:
    (quantity,) = statement_facts(statement).quantities
    assert meaning_clashes.is_revised(quantity) is revised


@pytest.mark.parametrize(
    ("left", "right", "apart"),
    [
        ("Invitation links expire after 7 days.", "Password reset links expire after 2 hours.", True),
        ("会员等级缓存 1 小时。", "会员价缓存 5 分钟。", True),
        ("登录 token 有效期 2 小时。", "access token 90 分钟过期。", False),
        ("The idle timeout is 45 seconds.", "The websocket idle timeout is 2 minutes.", False),
    ],
)
def test_modifiers_in_one_script_name_two_things(left: str, right: str, apart: bool) -> None:
    (one,) = statement_facts(left).quantities
    (other,) = statement_facts(right).quantities
    assert modified_apart(one, other) is apart


def test_the_masked_clause_is_the_numbers_own(tmp_path: Path) -> None:
    (quantity,) = [
        found
        for found in statement_facts("Builds run on CI, and the idle timeout was raised to 90 seconds.").quantities
        if found.unit == "duration"
    ]
    assert (
        meaning_clashes.masked(meaning_clashes.own_clause(quantity)) == " and the idle timeout was raised to # seconds."
    )
