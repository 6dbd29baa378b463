"""Item 7 in the TUI: an in-place edit refused because the file changed on disk keeps the typed text as a draft."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import TextArea

from curator.tui.app import CuratorApp
from curator.tui.screens.edit import EditScreen
from tests.support.tui import fresh_store, wait_for, wait_ready


async def test_a_refused_in_place_edit_is_kept_as_a_draft(tmp_path: Path, now) -> None:
    store = fresh_store(tmp_path)
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("user_profile.md")
        await pilot.pause(0.1)
        await pilot.press("e")
        assert isinstance(app.screen, EditScreen)
        area = app.screen.query_one(TextArea)
        area.text = area.text + "\nA paragraph I typed carefully.\n"
        typed = area.text
        (store / "user_profile.md").write_text(
            (store / "user_profile.md").read_text() + "The agent wrote this meanwhile.\n"
        )
        generation = app.generation
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.generation > generation and app.session.stage == "ready", message="reload")
        messages = [notification.message for notification in app._notifications]
        refusal = next(message for message in messages if "kept in" in message)
        drafts = list((store / ".curator-drafts").iterdir())
        assert [draft.read_text() for draft in drafts] == [typed]
        assert str(drafts[0]) in refusal.replace("\n", "")
        assert "The agent wrote this meanwhile." in (store / "user_profile.md").read_text()
