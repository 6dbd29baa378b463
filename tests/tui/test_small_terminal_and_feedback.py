"""Pilot tests for rough edges found by trying the TUI as a new user at 80×24."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.widgets import Button, Input

from curator.ops import fix_values
from curator.tui.app import CuratorApp
from curator.tui.screens.expire import ExpireModal
from curator.tui.widgets.check_view import probe_text
from curator.tui.widgets.entry_table import EntryTable
from tests.support.tui import capture_notifications, fresh_store, git_subjects, screen_text, wait_for, wait_ready


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return fresh_store(tmp_path)


async def test_escape_leaves_the_adhoc_input_and_a_refusal_says_not_run(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("colon")
        adhoc = app.screen.query_one("#adhoc-input", Input)
        assert app.focused is adhoc
        await pilot.press(*"ls ../..", "enter")
        output = app.screen.query_one("#adhoc-output")
        await wait_for(pilot, lambda: "refused" in str(output.render()), message="refusal")
        assert "exit None" not in str(output.render())
        await pilot.press("escape")
        assert app.focused is app.screen.query_one(EntryTable)
        await pilot.press("x")
        assert isinstance(app.screen, ExpireModal)
        assert adhoc.value == "ls ../.."


async def test_expire_dialog_buttons_fit_at_80x24(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("x")
        assert isinstance(app.screen, ExpireModal)
        await pilot.pause()
        expire_button = app.screen.query_one("#expire-ok", Button)
        assert expire_button.region.height > 0
        assert expire_button.region.bottom <= 24
        assert "Expire" in screen_text(app) and "Cancel" in screen_text(app)


async def test_summary_keeps_severity_counts_visible_at_80_columns(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        first_line = screen_text(app).splitlines()[0]
        assert "warning" in first_line and "info" in first_line


def claim_result(text: str, expected: str, observed: str | None) -> SimpleNamespace:
    return SimpleNamespace(claim=SimpleNamespace(text=text, expected=expected), observed=observed)


@pytest.mark.parametrize(
    ("claim", "expected", "observed", "body", "old", "new"),
    [
        ("npm", "npm", "pnpm", "Use npm here.", "npm", "pnpm"),
        (
            "npm",
            "npm",
            "pnpm",
            "Install with npm (`npm i`).\nOther line.",
            "Install with npm (`npm i`).",
            "Install with pnpm (`pnpm i`).",
        ),
        ("npm", "npm", "pnpm", "npm\nnpm", "npm", "pnpm"),
        ("58 posts", "58", "3", "58 posts left.", "58 posts", "3 posts"),
        ("jest", "jest", None, "jest and jest", "jest", "jest"),
    ],
)
def test_fix_claim_prefill_is_unambiguous_when_it_can_be(claim, expected, observed, body, old, new) -> None:
    assert fix_values(claim_result(claim, expected, observed), body) == (old, new)


def test_a_probe_that_never_ran_says_so() -> None:
    refused = SimpleNamespace(command="grep -f x", exit_code=None, duration_s=0.0, output="refused: -f is not allowed")
    finished = SimpleNamespace(command="ls", exit_code=0, duration_s=0.0, output="a")
    assert "not run" in probe_text(refused).plain and "exit None" not in probe_text(refused).plain
    assert "exit 0" in probe_text(finished).plain


@pytest.mark.parametrize(
    ("age_days", "note"),
    [(None, ""), (0.2, " (touched today)"), (3.0, " (3d since last touch)"), (240.0, " (8mo since last touch)")],
)
def test_content_tab_says_when_the_entry_was_last_touched(age_days, note) -> None:
    from curator.tui.widgets.content_view import touched_note

    assert touched_note(age_days) == note


async def test_an_op_on_a_file_with_uncommitted_edits_says_it_recorded_them_first(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    shown = capture_notifications(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("blog_cadence.md")
        await pilot.pause(0.1)
        hand_edit = "\nA line typed by hand, not yet committed.\n"
        with (store / "blog_cadence.md").open("a", encoding="utf-8") as handle:
            handle.write(hand_edit)
        await pilot.press("ctrl+r")
        await wait_ready(pilot, app)
        before = len(git_subjects(store))
        await pilot.press("v")
        await wait_for(pilot, lambda: len(git_subjects(store)) == before + 2, message="two commits")
        await wait_ready(pilot, app)
        subjects = git_subjects(store)
        assert subjects[1].startswith("curator: record uncommitted changes")
        assert "A line typed by hand" in (store / "blog_cadence.md").read_text()
        assert any("recorded uncommitted changes" in message for message in shown)


async def test_enter_on_the_findings_tab_lands_in_the_findings_and_enter_again_jumps(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("blog_cadence.md")
        await pilot.pause(0.1)
        await pilot.press("3", "enter")
        assert app.focused is app.screen.query_one("#findings-list")
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert app.screen.query_one(EntryTable).current_entry_id == "blog_cadence_q4.md"


def test_a_reload_keeps_git_dates_of_unchanged_entries_until_history_runs(store: Path) -> None:
    from curator import formats, history
    from curator.tui.session import carry_history

    before = formats.detect(store)
    history.annotate(before)
    (store / "user_profile.md").write_text((store / "user_profile.md").read_text() + "\nOne more line.\n")
    fresh = formats.detect(store)
    assert carry_history(before, fresh) == len(fresh.entries) - 1
    by_id = {entry.id: entry for entry in fresh.entries}
    old_by_id = {entry.id: entry for entry in before.entries}
    assert by_id["blog_cadence_q4.md"].commits == old_by_id["blog_cadence_q4.md"].commits >= 1
    assert by_id["blog_cadence_q4.md"].modified == old_by_id["blog_cadence_q4.md"].modified
    assert by_id["user_profile.md"].commits == 0 and by_id["user_profile.md"].modified is None
    assert carry_history(None, fresh) == 0


async def test_stamping_an_entry_twice_says_nothing_changed_not_that_git_is_missing(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("blog_cadence.md")
        await pilot.pause(0.1)
        before = len(git_subjects(store))
        await pilot.press("v")
        await wait_for(pilot, lambda: len(git_subjects(store)) == before + 1, message="first stamp")
        await wait_ready(pilot, app)
        app.screen.jump_to("blog_cadence.md")
        await pilot.pause(0.1)
        await pilot.press("v")
        await wait_for(pilot, lambda: any("no change" in n.message for n in app._notifications), message="second stamp")
        await wait_ready(pilot, app)
        assert len(git_subjects(store)) == before + 1
        last = [n.message for n in app._notifications if "no change" in n.message][-1]
        assert "not in git" not in last and "no commit" in last
