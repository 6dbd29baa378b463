"""On/off states: one thing said to be on in one entry and off in another is a conflict (EN and ZH, prose and code).

Each row is a small store of topic files (e0.md oldest); look-alikes (conditions, history, other things, one scope
each, both states in one entry) get no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.switches import switches
from tests.rules.test_blind2_forms import PAIR, findings

OPPOSITE_STATES = [
    ("Offline persistence is always on; the gym has poor signal.", "We turned offline persistence off last week."),
    ("Response compression is enabled for the public API.", "Disable response compression for the public API."),
    ("Keep the request logger on so support can trace calls.", "The request logger is now switched off."),
    ("Firestore 的离线持久化一直开着。", "关闭了 Firestore 的离线持久化：缓存回放导致重复写入。"),
    ("开启了 Gzip 压缩，接口响应小了一半。", "Gzip 压缩已关闭，CPU 占用太高。"),
    ("Firestore 的离线持久化一直开着（`persistenceEnabled: true`）。", "Settings now use `persistenceEnabled: false`."),
    ("Never disable the rate limiter on the public API.", "The rate limiter on the public API is disabled."),
    ("Sentry 的性能监控保持开着。", "We turned Sentry performance monitoring off."),
    ("所有 DAG 一律 `catchup=False`，回填手动跑。", "新建的 DAG 要打开 catchup，让调度器自动补。"),
]


@pytest.mark.parametrize(("older", "newer"), OPPOSITE_STATES)
def test_one_thing_on_and_off_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


SILENT = [
    ("Offline persistence is always on.", "If offline persistence is off, writes queue in Drift."),
    ("Offline persistence is always on.", "We used to keep analytics collection off."),
    ("Offline persistence is always on.", "Turn the debug banner off in release builds."),
    ("以前离线持久化是关着的。", "Firestore 的离线持久化一直开着。"),
    ("Source maps are enabled in staging.", "Source maps are disabled in production."),
    ("Turn verbose logging on while debugging, off before you push.", "Verbose logging is off."),
    ("`cacheEnabled: true` for the web build.", "`debugEnabled: false` for the web build."),
    ("If the reviewer says yes, set `use_review_bot = true`.", "Otherwise set `use_review_bot = false`."),
    ("**THEN** set the session to `strict_mode = true`", "**THEN** set the session to `strict_mode = false`"),
    ("如果用户同意，设置 `use_review_bot = true`。", "否则设置 `use_review_bot = false`。"),
]


@pytest.mark.parametrize(("older", "newer"), SILENT)
def test_look_alikes_of_a_switch_stay_silent(tmp_path: Path, older: str, newer: str) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, older, newer))


@pytest.mark.parametrize(
    ("statement", "on"),
    [
        ("Offline persistence is always on.", True),
        ("We turned offline persistence off.", False),
        ("Don't turn off offline persistence.", True),
        ("不要关闭离线持久化。", True),
        ("离线持久化已关闭。", False),
        ("Set `disableCache: true`.", False),
        ("`persistence_enabled = false`", False),
    ],
)
def test_the_state_read_follows_negation_and_key_names(statement: str, on: bool) -> None:
    assert [switch.on for switch in switches(statement)] == [on]


@pytest.mark.parametrize(
    "statement",
    [
        "If the user agrees, set `use_cache = true`.",
        "**THEN** set session mode to `use_cache = false`",
        "Otherwise turn offline persistence off.",
        "否则把 `use_cache` 设成 `use_cache = false`。",
    ],
)
def test_a_branch_of_a_condition_states_no_switch(statement: str) -> None:
    assert switches(statement) == ()
