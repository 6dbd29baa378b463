"""Numbers written as words before units the quantity reader knows (三十帧, every half hour), read and compared.

Each positive row must be read (or must conflict); each look-alike must stay as it is (or raise no conflict).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.facts.numwords import normalise
from tests.rules.test_blind2_forms import PAIR, findings

NUMBER_WORDS_BEFORE_KNOWN_UNITS = [
    ("默认改成锁三十帧了", "默认改成锁30帧了"),
    ("动画统一跑二十四帧", "动画统一跑24帧"),
    ("串口波特率设成九千六百波特", "串口波特率设成9600波特"),
    ("Backups now run every half hour.", "Backups now run every 30 minutes."),
    ("The cache is flushed each half-hour.", "The cache is flushed each 30 minutes."),
    ("one life every half hour", "1 life every 30 minutes"),
]


@pytest.mark.parametrize(("text", "expected"), NUMBER_WORDS_BEFORE_KNOWN_UNITS)
def test_number_words_before_known_units_become_digits(text: str, expected: str) -> None:
    assert normalise(text) == expected


NUMBER_WORD_LOOK_ALIKES = [
    "第三帧开始掉帧",
    "It takes half hours of work to fix.",
    "Written on behalf of the hour-long meeting.",
    "half the hourly jobs failed",
]


@pytest.mark.parametrize("text", NUMBER_WORD_LOOK_ALIKES)
def test_look_alikes_keep_their_words(text: str) -> None:
    assert normalise(text) == text


FRAME_CAPS = [
    ("全机型默认锁三十帧。", 30.0),
    ("游戏默认锁六十帧，省电模式下更低。", 60.0),
]


@pytest.mark.parametrize(("text", "value"), FRAME_CAPS)
def test_a_frame_cap_in_chinese_numerals_is_read_as_fps(text: str, value: float) -> None:
    assert any(q.unit == "fps" and q.low == value for q in statement_facts(text).quantities)


NUMBER_WORD_CONFLICTS = [
    ("数据库备份每 20 分钟跑一次。", "Database backups now run every half hour."),
    ("串口波特率 115200 波特。", "串口波特率改成九千六百波特了。"),
    ("Metrics are scraped every 10 minutes.", "指标现在每半小时抓取一次。"),
]


@pytest.mark.parametrize("texts", NUMBER_WORD_CONFLICTS)
def test_a_number_written_as_words_conflicts_with_digits(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


NUMBER_WORD_LOOK_ALIKES_IN_STORES = [
    ("游戏默认锁 60 帧。", "过场动画做成二十四帧。"),
    ("Backups run every 20 minutes.", "The standup takes half hour."),
    ("Backups run every 20 minutes.", "Cache refresh now runs every half hour."),
]


@pytest.mark.parametrize("texts", NUMBER_WORD_LOOK_ALIKES_IN_STORES)
def test_numbers_about_different_things_do_not_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
