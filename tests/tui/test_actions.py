"""Pilot tests driving every action end-to-end on a real git store: files, git log and widgets."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, TextArea

from curator import editor, formats
from curator.tui.app import CuratorApp
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.edit import EditScreen
from curator.tui.screens.expire import ExpireModal
from curator.tui.screens.merge import MergeScreen
from curator.tui.screens.prompt import PromptModal
from curator.tui.widgets.entry_table import EntryTable
from tests.support.tui import capture_notifications, fresh_store, git_subjects, wait_for, wait_for_commit, wait_ready


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return fresh_store(tmp_path)


def notifications(app: CuratorApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def open_on(pilot, app: CuratorApp, entry_id: str) -> None:
    await wait_ready(pilot, app)
    app.screen.jump_to(entry_id)
    await pilot.pause(0.1)


async def test_edit_in_place_saves_through_ops_and_commits(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "user_profile.md")
        before = len(git_subjects(store))
        await pilot.press("e")
        assert isinstance(app.screen, EditScreen)
        area = app.screen.query_one(TextArea)
        assert area.text.startswith("---\nname: User profile")
        area.text = area.text.replace("tech blog in English", "tech blog in English and French")
        await pilot.press("ctrl+s")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].startswith("curator: edit user_profile.md")
        assert "English and French" in (store / "user_profile.md").read_text()
        assert any("commit " in message for message in notifications(app))
        assert "English and French" in app.session.store.get("user_profile.md").body


async def test_edit_cancel_with_changes_asks_and_writes_nothing(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "user_profile.md")
        original = (store / "user_profile.md").read_bytes()
        await pilot.press("e")
        app.screen.query_one(TextArea).text = "garbage"
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await pilot.pause(0.1)
        assert not isinstance(app.screen, EditScreen)
        assert (store / "user_profile.md").read_bytes() == original


async def test_external_editor_result_goes_through_ops(store: Path, now, monkeypatch: pytest.MonkeyPatch) -> None:
    edited_paths: list[Path] = []

    def fake_editor(path: Path) -> None:
        edited_paths.append(path)
        path.write_text(path.read_text() + "\nAlso posts on Fridays.\n")

    monkeypatch.setattr(editor, "run_external_editor", fake_editor)
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "user_profile.md")
        before = len(git_subjects(store))
        await pilot.press("E")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert edited_paths and not edited_paths[0].exists()
        assert subjects[0].startswith("curator: edit user_profile.md")
        assert "Also posts on Fridays." in (store / "user_profile.md").read_text()


async def test_expire_moves_entry_to_archive_with_reason(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "deploy_freeze.md")
        row_before = app.screen.query_one(EntryTable).cursor_row
        before = len(git_subjects(store))
        await pilot.press("x")
        assert isinstance(app.screen, ExpireModal)
        reason = app.screen.query_one("#expire-reason", Input)
        assert reason.value.startswith("expired-date")
        reason.value = "migration finished"
        await pilot.press("enter", "enter")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].startswith("curator: expire deploy_freeze.md")
        assert not (store / "deploy_freeze.md").exists()
        archived = (store / ".archive" / "deploy_freeze.md").read_text()
        assert "migration finished" in archived
        assert "deploy_freeze.md" not in (store / "MEMORY.md").read_text()
        table = app.screen.query_one(EntryTable)
        assert "deploy_freeze.md" not in [row.value for row in table.rows]
        assert table.cursor_row == min(row_before, table.row_count - 1)


async def test_expire_on_a_future_date_schedules_it(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "user_profile.md")
        before = len(git_subjects(store))
        await pilot.press("x")
        app.screen.query_one("#expire-reason", Input).value = "moving to a new blog"
        app.screen.query_one("#expire-when", Input).value = "2027-01-31"
        await pilot.click("#expire-ok")
        await wait_for_commit(pilot, app, store, before)
        assert "expires: 2027-01-31" in (store / "user_profile.md").read_text()


async def test_expire_rejects_a_bad_date_and_writes_nothing(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "user_profile.md")
        await pilot.press("x")
        app.screen.query_one("#expire-reason", Input).value = "why"
        app.screen.query_one("#expire-when", Input).value = "next tuesday"
        await pilot.click("#expire-ok")
        assert isinstance(app.screen, ExpireModal)
        assert "YYYY-MM-DD" in str(app.screen.query_one("#expire-error").render())
        await pilot.press("escape")
        assert (store / "user_profile.md").exists()


async def test_restore_brings_an_expired_entry_back(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "deploy_freeze.md")
        before = len(git_subjects(store))
        await pilot.press("x")
        await pilot.press("enter", "enter")
        await wait_for_commit(pilot, app, store, before)
        await pilot.press("A")
        archived = next(entry for entry in app.session.store.entries if entry.status == "expired")
        app.screen.jump_to(archived.id)
        await pilot.pause(0.1)
        await pilot.press("X")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        subjects = await wait_for_commit(pilot, app, store, before + 1)
        assert subjects[0].startswith("curator: restore")
        assert (store / "deploy_freeze.md").exists()
        assert "deploy_freeze.md" in (store / "MEMORY.md").read_text()


async def test_review_stamp_writes_reviewed_date(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "blog_cadence.md")
        before = len(git_subjects(store))
        await pilot.press("v")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].startswith("curator: review blog_cadence.md")
        assert "reviewed: 2026-11-29" in (store / "blog_cadence.md").read_text()
        stale = [f for f in app.session.findings if f.rule == "stale" and "blog_cadence.md" in f.entries]
        assert stale == []


async def test_an_op_reads_the_store_once_and_the_app_uses_that_store(
    store: Path, now, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    for name in ("detect", "reload"):
        original = getattr(formats, name)
        monkeypatch.setattr(
            formats,
            name,
            lambda *args, _original=original, _name=name, **kwargs: (reads.append(_name), _original(*args, **kwargs))[
                1
            ],
        )
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "blog_cadence.md")
        reads.clear()
        before = len(git_subjects(store))
        await pilot.press("v")
        await wait_for_commit(pilot, app, store, before)
        assert reads == ["reload"]
        entry = app.session.store.get("blog_cadence.md")
        assert entry is not None and entry.reviewed is not None and entry.date_source == "git"


async def test_mark_and_merge_side_by_side_then_confirm(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "blog_cadence.md")
        before = len(git_subjects(store))
        await pilot.press("space")
        app.screen.jump_to("blog_cadence_q4.md")
        await pilot.pause(0.1)
        await pilot.press("space")
        assert app.screen.view_state.marked == {"blog_cadence.md", "blog_cadence_q4.md"}
        await pilot.press("m")
        assert isinstance(app.screen, MergeScreen)
        assert len(app.screen.query(".merge-source")) == 2
        draft = app.screen.query_one("#merge-draft", TextArea)
        assert "6 posts per week" in draft.text and "4 posts per week" in draft.text
        draft.text = draft.text.replace("Publish at most 4 posts per week.", "")
        preview = str(app.screen.query_one("#merge-index-preview").render())
        assert "- - [Blog cadence](blog_cadence.md)" in preview
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].startswith("curator: merge")
        assert len(subjects) == before + 1
        active_ids = {entry.id for entry in app.session.store.active()}
        assert "blog_cadence.md" not in active_ids or "blog_cadence_q4.md" not in active_ids
        assert (store / ".archive").is_dir()
        assert not app.screen.view_state.marked
        assert (store / "blog_cadence_q4.md").is_file()
        assert not [path.name for path in store.glob("* *.md")]


async def test_dismiss_writes_a_suppression(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "blog_cadence_q4.md")
        before = len(git_subjects(store))
        await pilot.press("d")
        assert isinstance(app.screen, PromptModal)
        await pilot.press(*"Q4 overrides on purpose", "enter")
        await wait_for_commit(pilot, app, store, before)
        assert "Q4 overrides on purpose" in (store / ".curator.toml").read_text()
        assert not [f for f in app.session.findings if f.rule == "conflict"]


async def test_undo_reverts_the_last_curator_commit(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "blog_cadence.md")
        before = len(git_subjects(store))
        await pilot.press("v")
        await wait_for_commit(pilot, app, store, before)
        await pilot.press("u")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        subjects = await wait_for_commit(pilot, app, store, before + 1)
        assert "undo" in subjects[0].lower() or "revert" in subjects[0].lower()
        assert "reviewed:" not in (store / "blog_cadence.md").read_text()


async def test_fix_claim_updates_memory_from_evidence(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "short_cleanup.md")
        before = len(git_subjects(store))
        await pilot.press("4", "F")
        assert isinstance(app.screen, PromptModal)
        assert app.screen.query_one("#prompt-new", Input).value.startswith("41")
        await pilot.click("#prompt-ok")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].startswith("curator: fix short_cleanup.md")
        assert "41 old posts" in (store / "short_cleanup.md").read_text()


async def test_an_op_refused_because_the_file_changed_shows_why_and_reloads(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "user_profile.md")
        before = len(git_subjects(store))
        generation = app.generation
        (store / "user_profile.md").write_text((store / "user_profile.md").read_text() + "Edited elsewhere.\n")
        await pilot.press("v")
        await wait_for(pilot, lambda: app.generation > generation and app.session.stage == "ready", message="reload")
        assert any(message.startswith("Nothing was written") for message in notifications(app))
        assert len(git_subjects(store)) == before
        assert "reviewed:" not in (store / "user_profile.md").read_text()
        assert "Edited elsewhere." in app.session.store.get("user_profile.md").body


async def test_a_store_changed_on_disk_is_noticed_and_reloaded(
    store: Path, now, monkeypatch: pytest.MonkeyPatch
) -> None:
    import curator.tui.app as app_module

    monkeypatch.setattr(app_module, "DISK_POLL_SECONDS", 0.2)
    app = CuratorApp(store, now=now)
    shown = capture_notifications(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        (store / "new_topic.md").write_text("---\nname: New topic\ndescription: d\ntype: user\n---\n\nHello.\n")
        await wait_for(pilot, lambda: app.session.store.get("new_topic.md") is not None, message="reload after change")
        assert any("changed on disk" in message for message in shown)


async def test_without_git_ops_still_write_and_say_nothing_was_committed(tmp_path: Path, now) -> None:
    from tests.support.tui import TOPICS, index_text

    store = tmp_path / "loose" / "memory"
    store.mkdir(parents=True)
    for name, text in TOPICS.items():
        (store / name).write_text(text)
    (store / "MEMORY.md").write_text(index_text(list(TOPICS)))
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on(pilot, app, "user_profile.md")
        await pilot.press("v")
        await wait_for(
            pilot, lambda: "reviewed: 2026-11-29" in (store / "user_profile.md").read_text(), message="stamp"
        )
        await wait_ready(pilot, app)
        assert any("not committed" in message for message in notifications(app))
