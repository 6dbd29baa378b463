"""An incremental scan equals a cold scan, finding for finding, after every kind of change to a store with real
conflicts, duplicates, a translation and learned exclusive choices."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from curator.demo import build_demo
from curator.rules import embed
from tests.support.blind_stores import build

SOURCE = Path(__file__).resolve().parents[1] / "rules" / "blind2dev" / "spring-ecom-cc"
NOW_ARG = "2026-11-29T12:00:00+00:00"


def scan(repo: Path, *flags: str) -> dict:
    arguments = ["scan", str(repo / "memory"), "--project", str(repo), "--format", "json", "--now", NOW_ARG]
    result = CliRunner().invoke(main, [*arguments, "--fail-on", "never", *flags])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def keys(report: dict, rule: str) -> set[frozenset[str]]:
    return {frozenset(finding["entries"]) for finding in report["findings"] if finding["rule"] == rule}


def replace(repo: Path, rel: str, old: str, new: str) -> None:
    path = repo / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{rel} no longer says {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def add_entry(repo: Path, name: str, kind: str, body: str) -> None:
    text = f"---\nname: {name}\ndescription: added between scans\ntype: {kind}\n---\n\n{body}\n"
    (repo / "memory" / f"{name}.md").write_text(text, encoding="utf-8")


def commit(repo: Path) -> None:
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, capture_output=True)
    subprocess.run(
        [
            "git",
            "-c",
            "commit.gpgsign=false",
            "-c",
            "user.name=T",
            "-c",
            "user.email=t@example.com",
            "commit",
            "-qm",
            "x",
        ],
        cwd=repo,
        check=True,
        capture_output=True,
        env={
            **os.environ,
            "GIT_AUTHOR_DATE": "2026-11-20T10:00:00+00:00",
            "GIT_COMMITTER_DATE": "2026-11-20T10:00:00+00:00",
        },
    )


def _number_edit(repo: Path) -> None:
    replace(repo, "memory/order_close.md", "15 分钟", "30 分钟")


def _number_reverted(repo: Path) -> None:
    replace(repo, "memory/order_close.md", "30 分钟", "15 分钟")


def _translation_renamed(repo: Path) -> None:
    os.rename(repo / "memory/callback_idempotency.md", repo / "memory/payment_callbacks.md")


def _learned_choice_deleted(repo: Path) -> None:
    (repo / "memory/mq_kafka.md").unlink()


def _learned_choice_added(repo: Path) -> None:
    add_entry(repo, "mq_pulsar", "project", "消息队列从 RocketMQ 换成了 Pulsar，新 topic 都建在 Pulsar 上。")


def _duplicate_added(repo: Path) -> None:
    add_entry(
        repo,
        "callbacks_again",
        "feedback",
        "Payment callbacks must be idempotent: use out_trade_no as the unique key and return success on a repeated callback.",
    )


def _instruction_edited(repo: Path) -> None:
    replace(repo, "CLAUDE.md", "构建用 Maven，不要引入 Gradle。", "构建用 Gradle（Kotlin DSL）。")


def _metadata_only(repo: Path) -> None:
    replace(repo, "memory/bigdecimal.md", "type: feedback", "type: project")


def _committed(repo: Path) -> None:
    commit(repo)


def _practice_added(repo: Path) -> None:
    add_entry(
        repo,
        "friday_deploys",
        "project",
        "Deploy the order service on Fridays after the evening freeze; ops signs it off. "
        "Always run `./deploy.sh` with `--skip-smoke` on Fridays.",
    )


def _passive_practice_added(repo: Path) -> None:
    """A plain passive clause, no action until some entry bans its verb alone."""
    add_entry(
        repo, "squash_merges", "project", "Feature branches are squash-merged into develop by the release captain."
    )
    add_entry(repo, "no_friday_hotfix", "feedback", "Never hot-patch the payment jars on a Friday.")


def _verb_banned_elsewhere(repo: Path) -> None:
    """A ban of a bare verb makes the unchanged entry's passive clause a stance (an entry's asking clauses are kept
    under a digest of the store's forbidden words)."""
    add_entry(repo, "no_squash", "feedback", "Never squash; keep every commit of a feature branch.")


def _told_both_ways(repo: Path) -> None:
    """One action told as automatic and as waiting for a person (each entry's told statements are kept per text)."""
    add_entry(
        repo,
        "refunds_auto",
        "project",
        "Refunds under 500 yuan are issued automatically by the refund worker after the order is cancelled.",
    )
    add_entry(
        repo,
        "refunds_gated",
        "feedback",
        "Every refund of a cancelled order sits in the finance queue until someone approves it.",
    )


def _told_no_longer(repo: Path) -> None:
    replace(
        repo,
        "memory/refunds_gated.md",
        "sits in the finance queue until someone approves it",
        "is logged to the finance report",
    )


def _rule_against_it_added(repo: Path) -> None:
    """A negated action makes an unchanged entry's plain clause an action (the polarity rule reads store-wide)."""
    add_entry(repo, "no_friday", "feedback", "Never deploy the order service on Fridays.")


def _code_name_rejected(repo: Path) -> None:
    replace(
        repo, "memory/release_smoke.md", "跑完才能发版。", "跑完才能发版。不要再带 `--skip-smoke` 跑 `./deploy.sh`。"
    )


def _rarity_moved(repo: Path) -> None:
    """Entries repeating a duplicate pair's rare words make them common (pairing ranks words by rarity)."""
    for number in range(4):
        add_entry(
            repo, f"callback_note_{number}", "project", f"Callback log {number}: out_trade_no and idempotent replies."
        )


def _switch_set_both_ways(repo: Path) -> None:
    """Two entries giving one code boolean opposite states (the switch stage reads each statement's switches)."""
    add_entry(
        repo,
        "cart_offline",
        "project",
        "In the mobile app, `cartPersistenceEnabled: true` keeps the cart across restarts.",
    )
    add_entry(
        repo,
        "cart_offline_off",
        "feedback",
        "For the mobile app set `cartPersistenceEnabled: false`; restoring stale carts broke checkout.",
    )


def _switch_agreed(repo: Path) -> None:
    replace(repo, "memory/cart_offline_off.md", "cartPersistenceEnabled: false", "cartPersistenceEnabled: true")


def _switch_opposed_again(repo: Path) -> None:
    replace(repo, "memory/cart_offline_off.md", "cartPersistenceEnabled: true", "cartPersistenceEnabled: false")


_DETAIL_CACHE_EN = "Product details always read the cache first; only on a cache miss go back to the database."


def _translation_added(repo: Path) -> None:
    """An English entry saying what a Chinese one says (translation concepts are kept per entry text)."""
    add_entry(repo, "detail_cache_en", "project", _DETAIL_CACHE_EN)


def _translation_changed(repo: Path) -> None:
    replace(
        repo, "memory/detail_cache_en.md", _DETAIL_CACHE_EN, "Product images are served from the Singapore CDN bucket."
    )


def _translation_restored(repo: Path) -> None:
    replace(
        repo, "memory/detail_cache_en.md", "Product images are served from the Singapore CDN bucket.", _DETAIL_CACHE_EN
    )


def _dated_deadline_added(repo: Path) -> None:
    """A deadline without a year, read against the entry's own date (the entry-deadlines memo keys on that date)."""
    text = "---\nname: freeze\ndescription: added between scans\ntype: project\ndate: 2025-11-01\n---\n\n"
    text += "年底封版：12 月 1 日之前禁止上线任何非紧急变更。\n"
    (repo / "memory" / "year_end_freeze.md").write_text(text, encoding="utf-8")


def _deadline_redated(repo: Path) -> None:
    """The same words written a year later: their deadline is now ahead (only the anchor changed)."""
    replace(repo, "memory/year_end_freeze.md", "date: 2025-11-01", "date: 2026-11-01")


def _count_changed(repo: Path) -> None:
    """An old point-in-time count edited: the entry is new again, so its count is no longer outdated."""
    replace(repo, "memory/slow_sql.md", "现在有 27 条", "现在有 31 条")


def _count_restored(repo: Path) -> None:
    """The committed words back: the old count is outdated again (the entry-counts memo holds its counts)."""
    subprocess.run(["git", "checkout", "--", "memory/slow_sql.md"], cwd=repo, check=True, capture_output=True)


def _instruction_restated(repo: Path) -> None:
    """An entry choosing what CLAUDE.md chooses, a member known only from a learned migration (derivable)."""
    add_entry(repo, "rocketmq_again", "project", "新服务的消息队列用 RocketMQ，topic 建在 RocketMQ 集群上。")


def _learned_choice_before_it(repo: Path) -> None:
    """A migration of another tool, read before it, numbers the learned choices anew (the entry-assertions memo keys
    on the choice table, so the unchanged entry's choice is read in its new set)."""
    add_entry(repo, "config_center", "project", "配置中心从 Zookfig 换成了 Apolline，新服务都接 Apolline。")


def _learned_choice_gone(repo: Path) -> None:
    """The migration that taught the choice is deleted: the unchanged entry asserts no known member any more (the
    entry-assertions memo keys on the choice table)."""
    (repo / "memory/mq_pulsar.md").unlink()


CHANGES: list[Callable[[Path], None]] = [
    _number_edit,
    _number_reverted,  # back to a text the scan memo already holds (its quantities, anchors, lessons)
    _number_edit,
    _translation_renamed,
    _learned_choice_deleted,
    _learned_choice_added,
    _committed,
    _duplicate_added,
    _instruction_edited,
    _metadata_only,
    _committed,
    _practice_added,
    _rule_against_it_added,
    _passive_practice_added,
    _verb_banned_elsewhere,
    _code_name_rejected,
    _rarity_moved,
    _committed,
    _switch_set_both_ways,
    _switch_agreed,
    _switch_opposed_again,  # back to texts the scan memo holds (their switches)
    _told_both_ways,
    _told_no_longer,
    _translation_added,
    _translation_changed,
    _translation_restored,
    _dated_deadline_added,
    _deadline_redated,
    _count_changed,
    _count_restored,
    _instruction_restated,
    _learned_choice_before_it,
    _learned_choice_gone,
]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    build(SOURCE, tmp_path / "spring")
    return tmp_path / "spring"


def test_every_change_between_scans_gives_the_cold_scans_findings(repo: Path) -> None:
    first = scan(repo)
    assert first["findings"] == scan(repo, "--no-cache")["findings"]
    assert frozenset({"order_timeout.md", "order_close.md"}) in keys(first, "conflict")
    assert frozenset({"pay_idempotent.md", "callback_idempotency.md"}) in keys(first, "duplicate")
    assert frozenset({"mq_kafka.md", "CLAUDE.md:L7"}) in keys(first, "conflict")
    previous = first
    for change in CHANGES:
        change(repo)
        cached = scan(repo)
        cold = scan(repo, "--no-cache")
        assert cached["findings"] == cold["findings"], change.__name__
        assert cached["entries"] == cold["entries"], change.__name__
        assert cached["findings"] != previous["findings"], f"{change.__name__} changed no finding"
        previous = cached
    assert frozenset({"order_timeout.md", "order_close.md"}) not in keys(previous, "conflict")
    assert frozenset({"pay_idempotent.md", "payment_callbacks.md"}) in keys(previous, "duplicate")
    assert {
        frozenset({"friday_deploys.md", "no_friday.md"}),
        frozenset({"friday_deploys.md", "release_smoke.md"}),
    } <= keys(previous, "conflict")
    assert frozenset({"cart_offline.md", "cart_offline_off.md"}) in keys(previous, "conflict")
    assert frozenset({"squash_merges.md", "no_squash.md"}) in keys(previous, "conflict")
    assert frozenset({"refunds_auto.md", "refunds_gated.md"}) not in keys(previous, "conflict")
    assert frozenset({"detail_cache.md", "detail_cache_en.md"}) in keys(previous, "duplicate")
    assert frozenset({"year_end_freeze.md"}) not in keys(previous, "expired-date")
    assert frozenset({"slow_sql.md"}) in keys(previous, "outdated-number")
    assert frozenset({"rocketmq_again.md"}) not in keys(previous, "derivable")


def test_a_cached_scan_sees_a_change_in_the_project_files_that_decide_a_conflict(tmp_path: Path) -> None:
    demo = build_demo(tmp_path / "demo", datetime.fromisoformat(NOW_ARG))
    arguments = ["scan", str(demo.claude_store), "--format", "json", "--now", NOW_ARG, "--fail-on", "never"]

    def findings(*flags: str) -> list[dict]:
        result = CliRunner().invoke(main, [*arguments, *flags])
        assert result.exit_code == 0, result.output
        return json.loads(result.output)["findings"]

    first = findings()
    assert any("pnpm-lock.yaml" in finding["message"] for finding in first)
    (demo.project / "pnpm-lock.yaml").unlink()
    (demo.project / "package-lock.json").write_text("{}\n", encoding="utf-8")
    cold = findings("--no-cache")
    assert cold != first and not any("pnpm-lock.yaml" in finding["message"] for finding in cold)
    assert findings() == cold


def test_a_cached_scan_follows_embeddings_being_switched_off_and_on(repo: Path, monkeypatch) -> None:
    with_embeddings = scan(repo)
    assert any(finding["evidence"].get("signal") == "meaning" for finding in with_embeddings["findings"])
    for switched_off in (True, False):
        monkeypatch.setattr(embed, "_state", {})
        if switched_off:
            monkeypatch.setenv(embed.DISABLE_VARIABLE, "1")
        else:
            monkeypatch.delenv(embed.DISABLE_VARIABLE)
        cached = scan(repo)
        assert cached["findings"] == scan(repo, "--no-cache")["findings"]
        assert (cached["findings"] == with_embeddings["findings"]) is not switched_off
