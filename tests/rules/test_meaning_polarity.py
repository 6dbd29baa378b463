"""Opposite stances on one action worded differently (rules/polarity/meaning.py): a rule that forbids an action and
another entry that asks for or permits it, in EN/ZH/mixed, and look-alikes that must stay silent.

Every row is a small store of topic files (e0.md oldest) and, where given, instruction-file rules (CLAUDE.md:L…).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.polarity import stance_reading
from tests.rules.test_blind2_forms import PAIR, findings

RULE_PAIR = ("CLAUDE.md:L1", "e0.md")

OPPOSITE = [
    (
        "Never inline SVG icons in templates; import them from the sprite.",
        "It's fine to inline SVG icons in templates now.",
    ),
    ("Don't vendor web fonts into the repo.", "Vendor the Inter fonts into the repo under assets/fonts."),
    ("Never rebase shared feature branches.", "Always rebase shared feature branches before review."),
    (
        "Don't cherry-pick fixes onto the release branch.",
        "Cherry-pick hotfixes onto the release branch as soon as they merge.",
    ),
    ("不要在主线程里读数据库。", "启动时可以在主线程里直接读数据库，数据量很小。"),
    ("禁止直接改线上的 nginx 配置。", "线上的 nginx 配置紧急情况可以直接改，改完再提 PR。"),
    ("别给定时任务加重试。", "定时任务一律加重试，最多三次。"),
    (
        "Never disable TLS verification for internal services.",
        "internal services 可以 disable TLS verification，证书是自签的。",
    ),
    ("不要手动清理 Redis 缓存。", "每次发布后手动清理一下 Redis 缓存就行。"),
]


@pytest.mark.parametrize(("forbidding", "asking"), OPPOSITE)
def test_an_action_one_entry_forbids_and_another_asks_for_conflicts(
    tmp_path: Path, forbidding: str, asking: str
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, forbidding, asking)


RULE_AGAINST_MEMORY = [
    (
        "Never hot-patch the billing worker in production.",
        "Hot-patch the billing worker in production when invoices stall.",
    ),
    ("生产库上禁止直接跑 `ALTER TABLE`。", "生产库上必须直接跑 `ALTER TABLE`，不用等窗口。"),
]


@pytest.mark.parametrize(("rule", "memory"), RULE_AGAINST_MEMORY)
def test_a_memory_that_asks_for_what_an_instruction_forbids_conflicts(tmp_path: Path, rule: str, memory: str) -> None:
    assert ("conflict", RULE_PAIR) in findings(tmp_path, memory, rules_text=(rule,))


LOOK_ALIKES = [
    ("Never run load tests in prod.", "Run load tests freely in staging."),
    ("不要在生产环境开 debug 日志。", "测试环境可以随便开 debug 日志。"),
    ("Don't squash release branches.", "Rebase feature branches before merging."),
    ("Don't deploy on Fridays.", "Deploy on Mondays after the standup."),
    ("Never push release tags by hand.", "Push feature branches by hand whenever you like."),
    ("Don't commit keystores to the repo.", "Commit the lockfile to the repo."),
    ("Never use floats for money.", "Always use integer cents for money."),
    ("不要用 float 存金额。", "金额一律用整数分存。"),
    ("Don't cache user sessions in memory.", "We used to cache user sessions in memory."),
    ("不要在主线程里读数据库。", "以前在主线程里直接读数据库，后来卡顿太多。"),
    ("Don't restart the database without a ticket.", "Don't restart the cache without a ticket."),
    ("No need to rebuild the docker image for config changes.", "Rebuild the docker image for dependency bumps."),
    ("Drafts go to a private gist, never into the repo.", "Always use pnpm in this repo."),
    ("草稿放私有 gist，千万别进仓库。", "这个仓库一律用 pnpm。"),
]


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_look_alikes_stay_silent(tmp_path: Path, first: str, second: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, first, second)


STANCES = [
    ("Never inline SVG icons.", "neg", "inline svg icons."),
    ("It's fine to inline SVG icons.", "pos", "inline svg icons."),
    ("线上配置紧急情况可以直接改", "pos", "线上配置紧急情况直接改"),
    ("Just run the migration by hand.", "pos", "run the migration by hand."),
    ("Inline the SVG icons.", "pos", "inline the svg icons."),
    ("Inlining SVG icons slows the page.", None, None),
    ("We used to inline SVG icons.", None, None),
    ("No need to rebuild the image.", None, None),
]
FORBIDDING = "Don't inline SVG icons; don't run the migration by hand; 线上配置不要直接改。"


@pytest.mark.parametrize(("text", "polarity", "core"), STANCES)
def test_each_clause_reads_one_stance_with_its_action(text: str, polarity: str | None, core: str | None) -> None:
    found = stance_reading.stances([[statement_facts(FORBIDDING)], [statement_facts(text)]])
    read = [(stance.polarity, stance.core) for stance in found if stance.owner == 1]
    assert read == ([(polarity, core)] if polarity else [])
