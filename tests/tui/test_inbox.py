"""Pilot tests of the review inbox: landing on it, approve/revert by session, one review commit."""

from __future__ import annotations

from pathlib import Path

from curator.inbox.marker import REVIEW_REF
from curator.tui.app import CuratorApp
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.inbox import InboxScreen
from curator.tui.screens.main import MainScreen
from tests.support.gitrepo import git
from tests.support.inbox import TOPICS, agent_sessions, reviewed_store, subjects
from tests.support.tui import screen_text, wait_for, wait_ready


async def wait_inbox_loaded(pilot, app) -> InboxScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, InboxScreen) and app.screen.inbox is not None, message="inbox")
    return app.screen


async def cursor_to(pilot, screen: InboxScreen, path: str) -> None:
    screen._select_path(path)
    await pilot.pause()
    assert screen.current_change is not None and screen.current_change.path == path


async def test_inbox_lands_first_and_finishes_the_review_in_one_commit(tmp_path: Path, now) -> None:
    store = reviewed_store(tmp_path)
    original_beta = (store / "beta.md").read_bytes()
    agent_sessions(store)
    commits_before = len(subjects(store))
    app = CuratorApp(store, now=now, watch_disk=False, run_checks=False)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await wait_inbox_loaded(pilot, app)
        assert len(screen.inbox.groups) == 2 and len(screen.inbox.changes) == 4
        text = screen_text(app)
        assert "4 change(s) in 2 session(s)" in text and "session 11111111" in text and "session 22222222" in text
        await cursor_to(pilot, screen, "beta.md")
        assert "-Beta: never force-push." in str(screen.query_one("#inbox-diff").render())
        await pilot.press("r")
        await cursor_to(pilot, screen, "gamma.md")
        await pilot.press("r")
        await cursor_to(pilot, screen, "alpha.md")
        await pilot.press("a")
        assert {change.path: change.decision for change in screen.inbox.changes} == {
            "alpha.md": "approve",
            "beta.md": "revert",
            "gamma.md": "revert",
            "epsilon.md": "",
        }
        await pilot.press("f")
        assert isinstance(app.screen, ConfirmModal)
        assert "1 undecided" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen), message="back on the main screen")
        await wait_ready(pilot, app)
    assert (store / "beta.md").read_bytes() == original_beta
    assert (store / "gamma.md").read_bytes() == TOPICS["gamma.md"].encode()
    assert (store / "epsilon.md").exists()
    assert len(subjects(store)) == commits_before + 1
    assert subjects(store)[0].startswith("curator: review ") and "2 approved, 2 reverted" in subjects(store)[0]
    assert git(store, "rev-parse", REVIEW_REF).strip() == git(store, "rev-parse", "HEAD").strip()
    assert git(store, "status", "--porcelain") == ""


async def test_reverting_a_whole_session_and_reopening_keeps_decisions(tmp_path: Path, now) -> None:
    store = reviewed_store(tmp_path)
    agent_sessions(store)
    app = CuratorApp(store, now=now, watch_disk=False, run_checks=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_inbox_loaded(pilot, app)
        await cursor_to(pilot, screen, "epsilon.md")
        await pilot.press("R")
        second_session = [change for change in screen.inbox.changes if change.group.startswith("session:2222")]
        assert {change.decision for change in second_session} == {"revert"}
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)
        assert "4 unreviewed" in screen_text(app) and "2 deleted since review" in screen_text(app)
        await pilot.press("i")
        reopened = await wait_inbox_loaded(pilot, app)
        assert sorted(change.path for change in reopened.inbox.changes if change.decision == "revert") == [
            "beta.md",
            "epsilon.md",
            "gamma.md",
        ]


async def test_no_landing_before_the_first_review(tmp_path: Path, now) -> None:
    store = tmp_path / "memory"
    store.mkdir()
    for name, text in TOPICS.items():
        (store / name).write_text(text, encoding="utf-8")
    git(tmp_path, "init", "-q", str(store))
    git(store, "add", "-A")
    git(store, "commit", "-qm", "first")
    (store / "alpha.md").write_text("changed\n", encoding="utf-8")
    app = CuratorApp(store, now=now, watch_disk=False, run_checks=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_ready(pilot, app)
        await pilot.pause(0.2)
        assert isinstance(app.screen, MainScreen)
        assert "never reviewed" in screen_text(app)
