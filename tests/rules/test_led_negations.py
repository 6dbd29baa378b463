"""A forbidding clause that names its topic, place or condition before the negation ("周末值班时不要重启数据库",
"On canary builds, never enable crash reporting") against another entry that asks for the action; the verb is read
after the negation, a Chinese verb also with a result after it (删 in 删掉, 写 in 写成), and look-alikes stay silent.

Every row is a small store of two topic files (e0.md oldest); rules/polarity/meaning.py pairs them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.polarity import stance_reading
from curator.rules.polarity.stance import _verb
from tests.rules.test_blind2_forms import PAIR, findings

OPPOSITE = [
    ("周末值班时不要重启数据库。", "周末值班的时候可以直接重启数据库，不用等人。"),
    ("订单表不要删索引。", "订单表的冗余索引统一删掉，写入太慢。"),
    ("老接口里不要再写同步调用。", "老接口统一写成同步调用，方便排查。"),
    (
        "In the orders table, don't drop indexes.",
        "Drop the redundant indexes in the orders table; writes are too slow.",
    ),
    ("On canary builds, never enable crash reporting.", "Always enable crash reporting on canary builds."),
]


@pytest.mark.parametrize(("forbidding", "asking"), OPPOSITE)
def test_a_rule_led_by_its_topic_conflicts_with_one_asking_for_the_action(
    tmp_path: Path, forbidding: str, asking: str
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, forbidding, asking)


LOOK_ALIKES = [
    ("周末值班时不要重启数据库。", "以前周末值班时会直接重启数据库。"),
    ("订单表不要删索引。", "订单表的过期数据统一删掉。"),
    ("生产环境不要重启数据库。", "测试环境可以直接重启数据库。"),
    ("In the orders table, don't drop indexes.", "Drop stale rows from the orders table nightly."),
    ("We used to drop indexes in the orders table.", "In the orders table, drop the redundant indexes."),
]


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_history_other_objects_and_other_scopes_stay_silent(tmp_path: Path, first: str, second: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, first, second)


@pytest.mark.parametrize(
    ("clause", "verb"),
    [
        ("周末值班时不要重启数据库。", "restart"),
        ("QA 包不要勾开发者选项。", "enabl"),
        ("订单表不要删索引。", "delet"),
        ("回调失败时不要抛异常。", "throw"),
    ],
)
def test_the_verb_of_a_led_chinese_negation_is_the_word_after_it(clause: str, verb: str) -> None:
    (stance,) = stance_reading.stances([[statement_facts(clause)]])
    assert _verb(stance, after_lead=True) == verb


@pytest.mark.parametrize(
    "clause", ["周会不用准备材料。", "这个接口无需加缓存。", "No need to rebuild the image for config changes."]
)
def test_a_waiver_after_a_lead_forbids_nothing(clause: str) -> None:
    assert stance_reading.stances([[statement_facts(clause)]]) == []
