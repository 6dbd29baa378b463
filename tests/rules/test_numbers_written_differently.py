"""Duplicates whose one number is written differently on each side: a number word and its digits ("five-fold" and
"5-fold", "三次" and "3 次"), or an hour followed by its time zone ("10 CET") and the same clock time ("10:00 CET").

Each look-alike keeps the wording and changes the number or the hour: it stays no duplicate.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.clock import clock_matches
from tests.rules.test_blind2_forms import PAIR, findings

SAME_NUMBER = [
    ("Use 5-fold CV for the churn models.", "- Churn models are evaluated with five-fold cross-validation."),
    (
        "The deploy bot retries a failed rollout three times before paging anyone.",
        "- deploy bot: a failed rollout is retried 3 times, then it pages someone",
    ),
    (
        "Standup is every weekday at 9 UTC in the #platform channel; post blockers first.",
        "- Platform standup happens each weekday, 09:00 UTC, in #platform — blockers get posted first.",
    ),
    (
        "The on-call swap happens Fridays at 16:00 CET: the outgoing person lists open pages in #ops.",
        "- On-call swap: every Friday, 16 CET, in #ops; whoever hands over lists the open pages.",
    ),
    ("构建失败时 CI 会自动重试三次，之后才通知负责人。", "- CI 构建失败会自动重试 3 次，然后才通知负责人"),
    ("每周五 UTC 8 点做数据库备份演练，结果发到 #dba 频道。", "- 数据库备份演练：每周五 08:00 UTC，结果发 #dba 频道"),
]

ONE_NUMBER_APART = [
    ("Use 5-fold CV for the churn models.", "- Churn models are evaluated with ten-fold cross-validation."),
    (
        "The deploy bot retries a failed rollout three times before paging anyone.",
        "- deploy bot: a failed rollout is retried 5 times, then it pages someone",
    ),
    (
        "Standup is every weekday at 9 UTC in the #platform channel; post blockers first.",
        "- Platform standup happens each weekday, 10:00 UTC, in #platform — blockers get posted first.",
    ),
    (
        "The on-call swap happens Fridays at 16:00 CET: the outgoing person lists open pages in #ops.",
        "- On-call swap: every Friday, 17 CET, in #ops; whoever hands over lists the open pages.",
    ),
    ("构建失败时 CI 会自动重试三次，之后才通知负责人。", "- CI 构建失败会自动重试 5 次，然后才通知负责人"),
    ("每周五 UTC 8 点做数据库备份演练，结果发到 #dba 频道。", "- 数据库备份演练：每周五 09:00 UTC，结果发 #dba 频道"),
]


@pytest.mark.parametrize("swap", [False, True], ids=["as-written", "swapped"])
@pytest.mark.parametrize(("one", "other"), SAME_NUMBER)
def test_one_number_written_two_ways_is_a_duplicate(tmp_path: Path, one: str, other: str, swap: bool) -> None:
    older, newer = (other, one) if swap else (one, other)
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize("swap", [False, True], ids=["as-written", "swapped"])
@pytest.mark.parametrize(("one", "other"), ONE_NUMBER_APART)
def test_another_number_in_the_same_words_is_no_duplicate(tmp_path: Path, one: str, other: str, swap: bool) -> None:
    older, newer = (other, one) if swap else (one, other)
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("handover is monday at 10 cet", [600.0]),
        ("deploys freeze after 17 utc", [1020.0]),
        ("the sync runs at 9 pst", [540.0]),
        ("每天 utc 4 点", [240.0]),
        ("version 1.10 utc build", []),
        ("we have 10 cetaceans", []),
        ("2025 utc", []),
    ],
)
def test_an_hour_before_a_time_zone_is_a_clock_time(text: str, minutes: list[float]) -> None:
    assert [low for _, _, low, _ in clock_matches(text)] == minutes
