"""Duplicates in forms written blind: a clock time however written, ordinals, a number the entry rejects ("on 6380,
not 6379"), steps whose code spans hold a negation word (`--no-optional`), a Latin word that translates the other
side's Chinese word, and a terse bullet whose concepts are the sentence's.

Each positive restates one fact in other words; each look-alike keeps the wording and changes one fact (the time,
the ordinal, the command, its stance, or the name of the thing).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from curator.model import Store
from curator.rules.docs import Docs
from curator.rules.duplicate_facts import facts_differ, signature
from curator.rules.span_stance import span_stances
from tests.rules.test_blind2_forms import NOW, PAIR, _entry, findings

DEV_BOX = "To get a dev box running: start Redis with `docker compose up -d cache` (it's on 6380, not 6379), run `make seed`, then `make serve`."
LOCAL_DEV = "Local dev: `make seed` (fixtures, admin user), then `make serve`. Redis runs via `docker compose up -d cache` and listens on port {}."
RELEASE_ARROWS = "上线流程：`pnpm install --no-optional` → `rsync` 到服务器的 `releases/` → `pm2 reload web` → 改 `CHANGELOG.md` 的版本号。"
RELEASE_STEPS = "1. 先 `pnpm install --no-optional` 装依赖； 2. 用 `rsync` 同步进服务器的 `releases/`； 3. {}； 4. 更新 `CHANGELOG.md` 里的版本号。"

SAME_FACT = [
    (
        "The nightly backup job starts at 23:30 UTC and keeps 14 snapshots.",
        "- nightly backups: 11:30 pm UTC, 14 snapshots kept",
    ),
    (
        "Weekly sync with the design team is on Tuesdays at 16:00 Berlin time.",
        "- design sync: Tuesdays 4pm Berlin time",
    ),
    (
        "The release train leaves every Thursday at 10:00; tag the RC before then.",
        "- release train: Thursdays 10am, tag the RC before it leaves",
    ),
    ("每周一下午 3 点开产品周会，会议纪要发到飞书群。", "- 产品周会：每周一 15:00，纪要发飞书群"),
    ("Memcached 缓存键统一加前缀 `shop:v1:`。", "- 所有缓存 key 前面都要带 shop:v1: 这个前缀"),
    ("发版前跑 `make smoke-test`。", "- 每次 release 之前先执行 make smoke-test 做检查。"),
    ("Run `pnpm typecheck` before every push.", "- before pushing: run pnpm typecheck"),
    (DEV_BOX, LOCAL_DEV.format(6380)),
    (RELEASE_ARROWS, RELEASE_STEPS.format("`pm2 reload web` 重启")),
]

ONE_FACT_APART = [
    (
        "The nightly backup job starts at 23:30 UTC and keeps 14 snapshots.",
        "- nightly backups: 10:30 pm UTC, 14 snapshots kept",
    ),
    ("每周一下午 3 点开产品周会，会议纪要发到飞书群。", "每周一下午 4 点开产品周会，会议纪要发到飞书群。"),
    ("Q4 发布值班：第一周由王磊负责。", "Q4 发布值班：第三周由王磊负责。"),
    ("迭代计划：第二轮灰度放量到 20% 的用户。", "迭代计划：第三轮灰度放量到 20% 的用户。"),
    ("第 2 周的周报由前端组写。", "第 4 周的周报由前端组写。"),
    ("Memcached 缓存键统一加前缀 `shop:v1:`。", "- Redis 缓存 key 前面都要带 shop:v1: 这个前缀"),
    ("发版前跑 `make smoke-test`。", "发版前跑 `make load-test`。"),
    ("发版前跑 `make smoke-test`。", "发版前不要跑 `make smoke-test`。"),
    ("Run `pnpm typecheck` before every push.", "Never run `pnpm typecheck` before a push."),
    (DEV_BOX, LOCAL_DEV.format(6379)),
    (RELEASE_ARROWS, RELEASE_STEPS.format("千万不要跑 `pm2 reload web`")),
]


@pytest.mark.parametrize(("older", "newer"), SAME_FACT)
def test_one_fact_in_other_words_is_a_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), ONE_FACT_APART)
def test_one_fact_apart_is_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("left", "right", "differ"),
    [
        ("Payouts run every Friday at 14:00 UTC.", "payouts: Fridays, 2pm UTC", False),
        ("凌晨 2 点重建索引。", "索引在 02:00 重建。", False),
        ("下午 2 点发日报。", "日报 14:00 发。", False),
        ("Payouts run every Friday at 14:00 UTC.", "payouts: Fridays, 3pm UTC", True),
        ("第一周由张伟值班。", "第二周由张伟值班。", True),
        ("第二轮灰度放量到 20%。", "第三轮灰度放量到 20%。", True),
    ],
)
def test_clock_times_and_ordinals_in_the_facts_signature(tmp_path: Path, left: str, right: str, differ: bool) -> None:
    store = Store(root=tmp_path, format="claude-code")
    for position, text in enumerate((left, right)):
        store.entries.append(_entry(f"e{position}.md", "file", text, NOW - timedelta(days=20 - position)))
    docs = Docs.from_store(store)
    assert facts_differ(signature(docs.items[0], None), signature(docs.items[1], None)) is differ


def test_a_stance_window_opening_inside_a_code_span_reads_no_negation_from_it() -> None:
    stances = span_stances("上线流程：`pnpm install --no-optional` → `rsync` 到服务器的 `releases/` → 发版。")
    assert stances["releases"] == frozenset({"pos"})
