"""Pilot tests of the conflicts view, review mode (one commit) and the store picker."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from curator.tui.app import CuratorApp
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.conflicts import ConflictsScreen
from curator.tui.screens.expire import ExpireModal
from curator.tui.screens.main import MainScreen
from curator.tui.screens.merge import MergeScreen
from curator.tui.screens.picker import StorePicker
from curator.tui.screens.prompt import PromptModal
from curator.tui.screens.review import Decision, ReviewScreen, review_message
from tests.support.gitrepo import git
from tests.support.tui import fresh_store, git_subjects, screen_text, wait_for, wait_for_commit, wait_ready


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return fresh_store(tmp_path)


async def test_conflicts_view_keep_newer_expires_the_older_with_reason(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        before = len(git_subjects(store))
        await pilot.press("c")
        assert isinstance(app.screen, ConflictsScreen)
        finding, left, right = app.screen.current
        assert (left.id, right.id) == ("blog_cadence.md", "blog_cadence_q4.md")
        text = screen_text(app)
        assert "CONFLICT" in text and "pair 1 of 1" in text and "2026-03-01" in text and "2026-09-30" in text
        await pilot.press("l")
        assert isinstance(app.screen, ExpireModal)
        reason = app.screen.query_one("#expire-reason", Input).value
        assert reason.startswith("superseded by blog_cadence_q4.md")
        await pilot.press("enter", "enter")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].startswith("curator: expire blog_cadence.md")
        assert "superseded by blog_cadence_q4.md" in (store / ".archive" / "blog_cadence.md").read_text()
        assert isinstance(app.screen, ConflictsScreen)
        assert app.screen.current is None
        assert "No conflicts or duplicates" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)


async def test_conflicts_view_merge_and_dismiss(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("c", "m")
        assert isinstance(app.screen, MergeScreen)
        assert app.screen.ids == ["blog_cadence.md", "blog_cadence_q4.md"]
        await pilot.press("escape")
        assert isinstance(app.screen, ConflictsScreen)
        before = len(git_subjects(store))
        await pilot.press("d")
        assert isinstance(app.screen, PromptModal)
        await pilot.press(*"Q4 is a deliberate exception", "enter")
        await wait_for_commit(pilot, app, store, before)
        assert "Q4 is a deliberate exception" in (store / ".curator.toml").read_text()
        assert app.screen.current is None


async def test_review_mode_walks_worst_first_and_writes_one_commit(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        before = len(git_subjects(store))
        await pilot.press("R")
        assert isinstance(app.screen, ReviewScreen)
        review = app.screen
        assert set(review.queue) == {"short_cleanup.md", "blog_cadence.md", "deploy_freeze.md", "blog_cadence_q4.md"}
        assert review.queue[0] == "short_cleanup.md"
        order = list(review.queue)
        assert "1/4" in screen_text(app)
        decisions: dict[str, str] = {}
        for entry_id in order:
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), message="back in review")
            current = review.current_entry.id
            assert current == entry_id
            if entry_id == "deploy_freeze.md":
                await pilot.press("x")
                assert isinstance(app.screen, ExpireModal)
                await pilot.press("enter", "enter")
                decisions[entry_id] = "expire"
            elif entry_id == "short_cleanup.md":
                await pilot.press("s")
                decisions[entry_id] = "skip"
            else:
                await pilot.press("k")
                decisions[entry_id] = "keep"
            await pilot.pause(0.05)
        assert isinstance(app.screen, ConfirmModal)
        assert len(git_subjects(store)) == before
        await pilot.press("y")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert len(subjects) == before + 1
        assert subjects[0] == "curator: review 2026-11-29 — 2 kept, 1 expired, 0 merged"
        assert "reviewed: 2026-11-29" in (store / "blog_cadence.md").read_text()
        assert "reviewed: 2026-11-29" in (store / "blog_cadence_q4.md").read_text()
        assert (store / ".archive" / "deploy_freeze.md").exists()
        assert "reviewed:" not in (store / "short_cleanup.md").read_text()
        assert isinstance(app.screen, MainScreen)
        assert git(store, "rev-parse", "refs/curator/reviewed").strip() == git(store, "rev-parse", "HEAD").strip()
        assert "Curator-Review: done" in git(store, "log", "-1", "--format=%B")


async def test_review_mode_merge_with_partner_and_back(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        before = len(git_subjects(store))
        await pilot.press("R")
        review = app.screen
        await pilot.press("k")
        assert review.position == 1
        await pilot.press("b")
        assert review.position == 0 and not review.decisions
        while review.current_entry is not None and review.current_entry.id not in (
            "blog_cadence.md",
            "blog_cadence_q4.md",
        ):
            await pilot.press("s")
        await pilot.press("m")
        assert isinstance(app.screen, MergeScreen)
        await pilot.press("ctrl+s", "y")
        await wait_for(pilot, lambda: app.screen is review, message="back in review")
        assert [d.kind for d in review.decisions.values()].count("merge") == 1
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].endswith("— 0 kept, 0 expired, 1 merged")
        assert len(subjects) == before + 1


def test_review_message_counts_edits_as_kept() -> None:
    decisions = {
        "a": Decision("keep"),
        "b": Decision("edit", text="x"),
        "c": Decision("expire"),
        "d": Decision("merge", partner="e"),
    }
    assert review_message("2026-11-29", decisions) == "review 2026-11-29 — 2 kept, 1 expired, 1 merged"


async def test_picker_opens_the_chosen_store(tmp_path: Path, now) -> None:
    from curator.formats import discover

    store = fresh_store(tmp_path)
    project = store.parents[1]
    (project / "CLAUDE.md").write_text("# Rules\n\n- Use pnpm.\n")
    candidates = discover(project)
    assert len(candidates) >= 2
    app = CuratorApp(None, now=now, candidates=candidates, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.1)
        assert isinstance(app.screen, StorePicker)
        wanted = next(index for index, candidate in enumerate(candidates) if candidate.format == "claude-code")
        for _ in range(wanted):
            await pilot.press("down")
        await pilot.press("enter")
        await wait_ready(pilot, app)
        assert app.session.store.format == "claude-code"
        assert isinstance(app.screen, MainScreen)


async def test_quitting_mid_review_asks_before_discarding_decisions(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("R", "k")
        assert app.unsaved_work() == ["1 review decision not yet written"]
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("n")
        assert isinstance(app.screen, ReviewScreen) and app.is_running
        await pilot.press("q", "y")
        await pilot.pause(0.1)
        assert not app.is_running
