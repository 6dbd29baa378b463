"""Chinese subjects of numbers: an English gloss in parentheses, universal words (全局, 所有), a shared one-character verb
the glossary knows (锁, 推), names said elsewhere in the statement, and filler words (还是, 其他) that name nothing.

Each positive pair conflicts; each look-alike (different subjects that share only filler) raises no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import PAIR, findings

GLOSSED = [
    ("体力（lives）每 20 分钟回 1 点。", "life"),
    ("金币（coins）每 30 分钟发放一次。", "coin"),
    ("心跳（heartbeat）每 10 秒发一次。", "heartbeat"),
]


@pytest.mark.parametrize(("text", "word"), GLOSSED)
def test_an_english_gloss_after_a_chinese_word_is_part_of_the_subject(text: str, word: str) -> None:
    assert any(word in quantity.subject for quantity in statement_facts(text).quantities)


def test_an_aside_in_parentheses_is_still_no_subject() -> None:
    quantities = statement_facts("默认锁 60 帧（启动时设置 targetFrameRate）。").quantities
    assert all("targetframer" not in quantity.subject for quantity in quantities)


SAME_SUBJECT = [
    ("体力（lives）每 20 分钟回 1 点，上限 5 点。", "Lives regen was slowed to one life every half hour."),
    ("全局默认锁 60 帧。", "全机型默认改成锁三十帧了。"),
    ("所有服务默认推 3 个副本。", "服务默认推 5 个副本。"),
    (
        "OTA 之后先跑自检。自检窗口 120 秒，超时后 MCUboot 回滚到旧镜像。",
        "The self-test window after an OTA is now 45 s (`SELFTEST_TIMEOUT_MS=45000`).",
    ),
]


@pytest.mark.parametrize(("older", "newer"), SAME_SUBJECT)
def test_one_subject_in_two_wordings_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


DIFFERENT_SUBJECTS = [
    ("月预算用到 80% 时推送提醒，超过 100% 时再推 1 次。", "本地数据库超过 80% 配额时提示用户开启云同步。"),
    ("前端还是提前 5 分钟刷新 token。", "其他请求还是走全局的 15 秒超时。"),
    ("体力（lives）每 20 分钟回 1 点。", "金币（coins）每 30 分钟发放一次。"),
    ("图片上传全部限制在 20 MB 以内。", "视频上传全部限制在 200 MB 以内。"),
    ("游戏内默认锁 60 帧。", "录屏默认锁 30 帧。"),
    ("自检窗口 120 秒。", "The OTA download window is 45 s."),
]


@pytest.mark.parametrize(("older", "newer"), DIFFERENT_SUBJECTS)
def test_subjects_sharing_only_filler_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, older, newer))
