"""Conflict precision on whole stores: two numbers that share only the words of their kind (timeout, retries, 超时,
重试) while each names a thing of its own are about two things; one thing with two values still conflicts.

Each row is a small store of topic files (e0.md oldest). The merged-store ceiling lives in test_merged_store.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.things import apart, bare, thing_words
from tests.rules.test_blind2_forms import PAIR, findings

TWO_THINGS = [
    ("Invoice exporter settings: `timeout: 20s`, `pool: 4`.", "看门狗超时 500 毫秒，主循环每 100 毫秒喂一次。"),
    ("The PDF renderer retries a failed page 2 times.", "短信网关发送失败后最多重试 6 次。"),
    ("LLM calls time out after 25 s; the bot apologises on timeout.", "推荐服务调用超时 3 秒。"),
    (
        "Webhook relay config: `retries: 4`, `backoff: linear`.",
        "The nightly digest mailer retries 7 times before giving up.",
    ),
    ("Geocoder client: `timeout: 8s`.", "The search API request timeout is 2 s."),
    ("对账任务的超时时间是 40 分钟。", "Price feed consumer settings: `timeout: 15s`, `acks: all`."),
]

STATUS_AND_GOAL = [
    ("Keep line coverage above 85 % on the ingest package.", "Line coverage of the ingest package is 64 %."),
    ("单测覆盖率要保持在 85% 以上。", "目前 ingest 包的单测覆盖率是 64%。"),
    ("Cold start must stay under 1.5 s.", "Cold start is 2.3 s on the Pixel 6."),
]

GOAL_AND_GOAL = [
    ("Cold start must stay under 1.5 s.", "Cold start must stay under 3 s."),
    ("包体上限 80 MB。", "包体上限调到 120 MB 了。"),
]

ONE_THING = [
    ("Invoice exporter settings: `timeout: 20s`.", "The invoice exporter now times out after 60 s."),
    ("短信网关发送失败后最多重试 3 次。", "The SMS gateway retries a failed send 5 times."),
    ("The PDF renderer retries a failed page 2 times.", "The PDF renderer now retries a failed page 4 times."),
    ("The PDF renderer retries a failed page 2 times.", "PDF 渲染器失败后重试 4 次。"),
    ("会话令牌 2 小时后过期。", "Session token lifetime: 45 min."),
    ("`timeout: 30s`", "Requests time out after 10 s."),
    ("博客每周最多发 4 篇，质量优先。", "旺季期间每周可以发 7 篇。"),
    ("Default retry count is 3 (`max_retries=3` in `SyncJob`).", "同步任务失败默认重试 5 次。"),
]


@pytest.mark.parametrize(("older", "newer"), TWO_THINGS)
def test_numbers_of_two_things_sharing_only_their_kind_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), ONE_THING)
def test_one_thing_with_two_values_still_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), STATUS_AND_GOAL)
def test_a_measured_metric_is_no_answer_to_a_goal(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), GOAL_AND_GOAL)
def test_two_goals_for_one_metric_still_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


def test_measure_words_name_no_thing() -> None:
    assert thing_words(frozenset({"timeout", "retry", "超时", "重试", "ttl"})) == frozenset()
    assert thing_words(frozenset({"thumbnailer", "imag", "timeout"})) == {"thumbnailer", "imag"}
    assert thing_words(frozenset({"看门狗", "超时", "内"})) == {"watchdog"}


@pytest.mark.parametrize(
    ("one", "other", "one_entry", "other_entry", "expected"),
    [
        ({"watchdog"}, {"llm"}, {"watchdog", "loop"}, {"llm", "call"}, True),
        ({"session"}, {"session", "token"}, {"session"}, {"session", "token"}, False),
        (set(), {"llm"}, {"timeout"}, {"llm"}, False),
        ({"payment"}, {"client"}, {"payment", "client"}, {"client"}, False),
    ],
)
def test_apart_needs_an_own_thing_on_each_side(one, other, one_entry, other_entry, expected) -> None:
    assert apart(frozenset(one), frozenset(other), frozenset(one_entry), frozenset(other_entry)) is expected


def test_a_bare_subject_is_only_its_kind() -> None:
    assert bare(frozenset({"timeout"})) and bare(frozenset()) and bare(frozenset({"重试", "max"}))
    assert not bare(frozenset({"发"})) and not bare(frozenset({"thumbnailer", "retry"}))
