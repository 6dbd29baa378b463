"""Pilot tests of the main screen: staged load, summary, table, sorting, filters, search, tabs."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.tui.app import CuratorApp
from curator.tui.widgets.check_view import CheckView
from curator.tui.widgets.detail import DetailPane
from curator.tui.widgets.entry_table import EntryTable
from curator.tui.widgets.findings_view import FindingsView
from curator.tui.widgets.history_view import HistoryView
from tests.support.tui import fresh_store, screen_text, wait_for, wait_ready


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return fresh_store(tmp_path)


def table_ids(app: CuratorApp) -> list[str]:
    table = app.screen.query_one(EntryTable)
    return [table.coordinate_to_cell_key((row, 0)).row_key.value for row in range(table.row_count)]


async def test_first_paint_then_history_rules_and_checks_fill_in(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.session.store is not None, message="store loaded")
        assert app.screen.query_one(EntryTable).row_count == 7, "six entries and the MEMORY.md index row"
        await wait_ready(pilot, app)
        text = screen_text(app)
        assert "claude-code" in text and "6 entries" in text
        assert "/200 lines" in text and "/25 KB" in text
        assert "▲ 4 warning" in text and "● 3 info" in text
        by_id = {entry.id: entry for entry in app.session.store.entries}
        assert by_id["blog_cadence_q4.md"].commits == 1
        assert "short_cleanup.md" in app.session.check_results
        flagged_first = table_ids(app)
        assert set(flagged_first[:4]) == {
            "short_cleanup.md",
            "blog_cadence.md",
            "deploy_freeze.md",
            "blog_cadence_q4.md",
        }
        assert flagged_first[0] == "short_cleanup.md"


async def test_memory_text_is_shown_literally(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("markup_note.md")
        await pilot.pause(0.2)
        text = screen_text(app)
        assert "[bold]not bold[/]" in text
        assert "[red]not" in text and "red[/red]" in text


async def test_sort_by_each_column_and_reverse(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("s")
        assert app.screen.view_state.sort_column == "name"
        names = [app.session.entry(entry_id).name.lower() for entry_id in table_ids(app)]
        assert names == sorted(names)
        await pilot.press("S")
        names = [app.session.entry(entry_id).name.lower() for entry_id in table_ids(app)]
        assert names == sorted(names, reverse=True)
        for column in ("type", "age", "changed", "commits", "size", "flag"):
            await pilot.press("s")
            assert app.screen.view_state.sort_column == column
        await pilot.press("s", "s", "s", "s", "s", "s")
        assert app.screen.view_state.sort_column == "size"
        sizes = [app.session.entry(entry_id).bytes for entry_id in table_ids(app)]
        assert sizes == sorted(sizes, reverse=True)


async def test_filters_by_type_and_flagged_and_fuzzy_search(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("t")
        assert app.screen.view_state.type_filter == "user"
        assert table_ids(app) == ["user_profile.md"]
        await pilot.press("t")
        assert sorted(table_ids(app)) == ["blog_cadence.md", "blog_cadence_q4.md"]
        await pilot.press("t", "t", "t", "t")
        assert app.screen.view_state.type_filter is None
        await pilot.press("f")
        assert sorted(table_ids(app)) == sorted(
            ["short_cleanup.md", "blog_cadence.md", "deploy_freeze.md", "blog_cadence_q4.md"]
        )
        await pilot.press("f")
        await pilot.press("slash")
        await pilot.press(*"migrates")
        await pilot.press("enter")
        assert table_ids(app) == ["deploy_freeze.md"]
        assert app.focused is app.screen.query_one(EntryTable)
        await pilot.press("escape")
        assert len(table_ids(app)) == 7 and "MEMORY.md" in table_ids(app)


async def test_detail_tabs_history_findings_jump_and_check(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("blog_cadence_q4.md")
        await pilot.press("2")
        history = app.screen.query_one(HistoryView)
        await wait_for(pilot, lambda: len(history.changes) == 1, message="history loaded")
        assert history.changes[0].subject == "Q4 cadence"
        assert "+Publish at most 6 posts per week." in history.changes[0].diff
        await pilot.press("3")
        findings = app.screen.query_one(FindingsView)
        assert [finding.rule for finding in findings.findings] == ["conflict"]
        findings.query_one("#findings-list").focus()
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert app.screen.query_one(EntryTable).current_entry_id == "blog_cadence.md"
        app.screen.jump_to("short_cleanup.md")
        await pilot.press("4")
        await pilot.pause(0.1)
        assert app.screen.query_one(DetailPane).active == "check"
        check = app.screen.query_one(CheckView)
        assert "fail" in [result.verdict for result in check.results]
        text = screen_text(app)
        assert "ls -1 -- posts/short" in text and "FAIL" in text
        await pilot.press("p")
        await wait_for(pilot, lambda: "probing" not in str(check.query_one("#check-status").render()), message="rerun")
        assert "fail" in [result.verdict for result in check.results]


async def test_adhoc_probe_runs_in_the_project_and_refuses_outside(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("colon")
        await pilot.press(*"ls posts/short", "enter")
        output = app.screen.query_one("#adhoc-output")
        await wait_for(pilot, lambda: "post-040.md" in str(output.render()).replace("\n", " "), message="ls output")
        assert "$ ls" in str(output.render())
        adhoc = app.screen.query_one("#adhoc-input")
        adhoc.value = ""
        await pilot.press(*"ls ../..", "enter")
        await wait_for(pilot, lambda: "refused" in str(output.render()), message="refusal")


async def test_narrow_terminal_stacks_table_and_detail(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        assert app.screen.has_class("-narrow")
        table = app.screen.query_one(EntryTable)
        assert table.region.width >= 78 and table.region.height >= 5
        text = screen_text(app)
        assert "Blog cadence" in text and "Content" in text and "? Help" in text


async def test_help_lists_every_key_and_palette_offers_actions(store: Path, now) -> None:
    from curator.tui.commands import MAIN_ACTIONS, CuratorCommands

    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause(0.1)
        text = screen_text(app)
        scroller = app.screen.query_one("VerticalScroll")
        for _page in range(50):
            if scroller.scroll_y >= scroller.max_scroll_y:
                break
            scroller.scroll_page_down(animate=False)
            await pilot.pause(0.1)
            text += screen_text(app)
        for spec in MAIN_ACTIONS:
            assert spec.help[:30] in text or spec.help[:20] in text
        await pilot.press("escape")
        provider = CuratorCommands(app.screen)
        titles = [hit.text async for hit in provider.discover()]
        assert "Expire (x)" in titles and "Merge (m)" in titles and "Help (?)" in titles
        hits = [hit async for hit in provider.search("conflicts")]
        assert hits


async def test_command_palette_runs_a_screen_action(store: Path, now) -> None:
    from curator.tui.screens.expire import ExpireModal

    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("deploy_freeze.md")
        await pilot.press("ctrl+p")
        await pilot.press(*"Expire")
        await wait_for(pilot, lambda: "Expire (x)" in screen_text(app), message="palette hit")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ExpireModal), message="expire dialog")
        assert app.screen.entry_label == "deploy_freeze.md"


async def test_vim_keys_move_and_enter_focuses_the_detail_tabs(store: Path, now) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        table = app.screen.query_one(EntryTable)
        await pilot.press("j", "j")
        assert table.cursor_row == 2
        await pilot.press("k")
        assert table.cursor_row == 1
        await pilot.press("G")
        assert table.cursor_row == table.row_count - 1
        await pilot.press("g")
        assert table.cursor_row == 0
        await pilot.press("enter")
        assert type(app.focused).__name__ == "ContentTabs"
