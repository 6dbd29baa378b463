"""A ban with a condition ("never merge to main without a green build", 未经负责人同意不要回滚生产数据库) against an entry
that permits the action with the condition dropped ("can merge to main right away without waiting for the build");
a permission that keeps the condition, history and another object stay silent (rules/polarity/meaning.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.polarity import stance_reading
from tests.rules.test_blind2_forms import PAIR, findings

MERGE_RULE = "Never merge to main without a green build."
KEY_RULE = "Don't rotate the signing keys without a change ticket."
ROLLBACK_RULE = "未经负责人同意，不要回滚生产数据库。"

OPPOSITE = [
    (
        MERGE_RULE,
        "Anyone on the team can merge to main right away without waiting for the build when a hotfix is urgent.",
    ),
    (KEY_RULE, "The on-call engineer can rotate the signing keys without a ticket during an outage."),
    (ROLLBACK_RULE, "值班的人可以直接回滚生产数据库，不用问任何人。"),
]


@pytest.mark.parametrize(("rule", "permission"), OPPOSITE)
def test_a_permission_that_drops_the_condition_conflicts(tmp_path: Path, rule: str, permission: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, rule, permission)


LOOK_ALIKES = [
    (MERGE_RULE, "Always merge to main after the build turns green."),
    (KEY_RULE, "We used to rotate the signing keys without a ticket."),
    (MERGE_RULE, "Anyone can merge feature branches without a green build."),
    (ROLLBACK_RULE, "以前值班的人会直接回滚生产数据库。"),
]


@pytest.mark.parametrize(("rule", "other"), LOOK_ALIKES)
def test_the_condition_kept_history_and_other_objects_stay_silent(tmp_path: Path, rule: str, other: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, rule, other)


def test_the_condition_is_no_part_of_the_action_and_marks_both_sides() -> None:
    found = stance_reading.stances(
        [
            [statement_facts(KEY_RULE)],
            [statement_facts("The on-call engineer can rotate the signing keys without a ticket.")],
        ]
    )
    assert [(stance.polarity, stance.core, stance.without) for stance in found] == [
        ("neg", "rotate the signing keys", True),
        ("pos", "rotate the signing keys", True),
    ]
