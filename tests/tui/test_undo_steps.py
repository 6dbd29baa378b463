"""The TUI's undo says which curator commit it will revert, and walks back one commit per press."""

from __future__ import annotations

from pathlib import Path

from curator import ops
from curator.scan import load_store
from curator.tui.app import CuratorApp
from curator.tui.screens.confirm import ConfirmModal
from tests.support.tui import fresh_store, git_subjects, wait_for_commit, wait_ready


async def test_undo_names_the_next_commit_and_walks_back(tmp_path: Path, now) -> None:
    store = fresh_store(tmp_path)
    first = ops.review(load_store(store), "blog_cadence.md", on=now.date())
    ops.review(first.store, "user_profile.md", on=now.date())
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        before = len(git_subjects(store))
        for expected, count in (("review user_profile.md", before), ("review blog_cadence.md", before + 1)):
            await pilot.press("u")
            await pilot.pause(0.1)
            assert isinstance(app.screen, ConfirmModal)
            assert expected in app.screen.title_text and "Undo again to walk further back" in str(app.screen.body)
            await pilot.press("y")
            subjects = await wait_for_commit(pilot, app, store, count)
            assert subjects[0].startswith(f"curator: undo {expected}")
        assert "reviewed:" not in (store / "blog_cadence.md").read_text(encoding="utf-8")
