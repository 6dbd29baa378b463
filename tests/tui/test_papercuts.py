"""One test per papercut of the main path: probe input, expire dialog, marking, refused saves, headers, help, 80×24."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from textual.widgets import Input, Static, TextArea

from curator.tui.app import CuratorApp
from curator.tui.screens.conflicts import ConflictsScreen
from curator.tui.screens.edit import EditScreen
from curator.tui.screens.expire import ExpireModal
from curator.tui.screens.help import HelpScreen
from curator.tui.screens.merge import MergeScreen
from curator.tui.screens.review import ReviewScreen
from curator.tui.widgets.entry_table import EntryTable
from tests.support.tui import fresh_store, git_subjects, screen_text, wait_for, wait_for_commit, wait_ready


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return fresh_store(tmp_path)


async def test_the_probe_input_clears_after_a_run_and_keeps_focus_for_the_next(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("colon", *"ls posts/short", "enter")
        output = app.screen.query_one("#adhoc-output")
        await wait_for(pilot, lambda: "post-000.md" in str(output.render()), message="ls output")
        adhoc = app.screen.query_one("#adhoc-input", Input)
        assert adhoc.value == "" and app.focused is adhoc
        await pilot.press(*"ls posts", "enter")
        await wait_for(
            pilot,
            lambda: "│ short" in str(output.render()) and "post-000.md" not in str(output.render()),
            message="second run",
        )


async def test_the_expire_reason_is_selected_and_an_empty_when_means_now(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("short_cleanup.md")
        await pilot.pause(0.1)
        before = len(git_subjects(store))
        await pilot.press("x")
        assert isinstance(app.screen, ExpireModal)
        await pilot.pause(0.1)
        reason = app.screen.query_one("#expire-reason", Input)
        assert reason.value and reason.selected_text == reason.value
        when = app.screen.query_one("#expire-when", Input)
        assert when.value == "" and when.placeholder == "now"
        await pilot.press(*"cleanup done", "enter", "enter")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0] == "curator: expire short_cleanup.md — cleanup done"
        assert (store / ".archive/short_cleanup.md").exists()


async def test_space_marks_without_moving(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        table = app.screen.query_one(EntryTable)
        row = table.cursor_row
        first = table.current_entry_id
        await pilot.press("space")
        assert table.cursor_row == row and app.screen.view_state.marked == {first}
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "the cursor stays" in screen_text(app)


async def test_a_save_refused_because_the_file_changed_keeps_the_typed_text(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("user_profile.md")
        await pilot.pause(0.1)
        await pilot.press("e")
        area = app.screen.query_one(TextArea)
        area.text = area.text.replace("tech blog", "cooking blog")
        typed = area.text
        (store / "user_profile.md").write_text((store / "user_profile.md").read_text() + "Edited elsewhere.\n")
        before = len(git_subjects(store))
        await pilot.press("ctrl+s")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, EditScreen) and app.screen.notice != "",
            message="editor back with the text",
        )
        assert app.screen.query_one(TextArea).text == typed
        assert "changed on disk" in str(app.screen.query_one("#edit-notice", Static).render())
        assert len(git_subjects(store)) == before
        await wait_ready(pilot, app)
        await pilot.press("ctrl+s")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0] == "curator: edit user_profile.md"
        assert "cooking blog" in (store / "user_profile.md").read_text()


async def test_the_conflict_header_is_never_cut_at_80x24(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("c")
        assert isinstance(app.screen, ConflictsScreen)
        await pilot.pause(0.1)
        finding = app.screen.current[0]
        flat = " ".join(screen_text(app).split())
        assert " ".join(finding.message.split()) in flat


@pytest.mark.parametrize("tab_key", ["4", "1"])
async def test_80x24_shows_the_whole_header_the_footer_and_the_check_pane(
    store: Path, now: datetime, tab_key: str
) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("short_cleanup.md")
        await pilot.pause(0.1)
        await pilot.press(tab_key)
        await pilot.pause(0.2)
        lines = screen_text(app).splitlines()
        assert "6 entries" in lines[0] and "…" not in lines[0]
        assert "tok/session" in lines[1]
        assert lines[-1].rstrip().endswith("q Quit")
        if tab_key == "4":
            assert any("FAIL" in line and "58 old posts" in line for line in lines)


async def test_question_mark_opens_help_in_review_and_conflicts_and_f1_inside_text_fields(
    store: Path, now: datetime
) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        for opener in ("R", "c"):
            await pilot.press(opener)
            assert isinstance(app.screen, (ReviewScreen, ConflictsScreen))
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            title = str(app.screen.query(Static).first().render())
            assert "? or F1 opens this on every screen" in title
            await pilot.press("escape")
            await pilot.press("escape")
            if isinstance(app.screen, ReviewScreen):
                await pilot.press("escape")
        app.screen.jump_to("blog_cadence.md")
        await pilot.pause(0.1)
        await pilot.press("m")
        assert isinstance(app.screen, MergeScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
