"""The virtualised entry table: only rows on screen are formatted, and moving, paging and sorting still work."""

from __future__ import annotations

from pathlib import Path

import pytest

import curator.tui.widgets.entry_table as entry_table
from curator.tui.app import CuratorApp
from curator.tui.widgets.entry_table import EntryTable
from tests.support.tui import screen_text, wait_for, wait_ready

ENTRIES = 400
SIZE = (100, 30)


def many_entries(root: Path, count: int = ENTRIES) -> Path:
    """A Claude Code store of `count` topic files (no git) with an index linking the first few."""
    store = root / "memory"
    store.mkdir()
    for number in range(count):
        (store / f"topic_{number:04d}.md").write_text(
            f"---\nname: Topic {number:04d}\ndescription: topic {number}\ntype: project\n---\n\n"
            f"Keep module {number} small.\n",
            encoding="utf-8",
        )
    links = [f"- [Topic {number:04d}](topic_{number:04d}.md) — topic" for number in range(20)]
    (store / "MEMORY.md").write_text("# Memory\n\n" + "\n".join(links) + "\n", encoding="utf-8")
    return store


@pytest.fixture
def formatted_rows(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The entry ids whose row cells the table formatted, in order."""
    seen: list[str] = []
    original = entry_table.row_cells

    def counting(entry, *args, **kwargs):
        seen.append(entry.id)
        return original(entry, *args, **kwargs)

    monkeypatch.setattr(entry_table, "row_cells", counting)
    return seen


async def test_only_the_rows_on_screen_are_formatted(tmp_path: Path, now, formatted_rows: list[str]) -> None:
    app = CuratorApp(many_entries(tmp_path), now=now, watch_disk=False, run_checks=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(pilot, app)
        table = app.screen.query_one(EntryTable)
        assert table.row_count == ENTRIES + 1, "every entry and the index row are rows"
        formatted_rows.clear()
        table.refresh_rows()
        await pilot.pause(0.1)
        shown = table.scrollable_content_region.height - 1
        assert 0 < len(set(formatted_rows)) <= shown, "a repaint formats the visible rows only"
        assert set(formatted_rows) == {table.entry_id_at(row) for row in range(shown)}


async def test_paging_and_jumping_scroll_the_cursor_row_into_view(tmp_path: Path, now) -> None:
    app = CuratorApp(many_entries(tmp_path), now=now, watch_disk=False, run_checks=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(pilot, app)
        table = app.screen.query_one(EntryTable)
        page = table.scrollable_content_region.height - 1
        await pilot.press("pagedown")
        assert table.cursor_row == page
        await pilot.press("G")
        await pilot.pause(0.1)
        last = table.entries[-1]
        assert table.cursor_row == ENTRIES and table.current_entry_id == last.id
        assert last.name in screen_text(app), "the last row is painted after the jump"
        await pilot.press("pageup", "k")
        assert table.cursor_row == ENTRIES - page - 1
        await pilot.press("g")
        await pilot.pause(0.1)
        assert table.cursor_row == 0 and table.entries[0].name in screen_text(app)


async def test_clicking_a_header_sorts_and_the_detail_follows_the_cursor(tmp_path: Path, now) -> None:
    app = CuratorApp(many_entries(tmp_path), now=now, watch_disk=False, run_checks=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_ready(pilot, app)
        table = app.screen.query_one(EntryTable)
        name_x = table.columns[next(key for key in table.columns if key.value == "flag")].width + 1
        await pilot.click(EntryTable, offset=(name_x, 0))
        await wait_for(pilot, lambda: app.screen.view_state.sort_column == "name", message="sorted by name")
        names = [entry.name for entry in table.entries]
        assert names == sorted(names, key=str.lower)
        await pilot.click(EntryTable, offset=(name_x, 0))
        await wait_for(pilot, lambda: app.screen.view_state.sort_reverse, message="reversed")
        assert [entry.name for entry in table.entries] == sorted(names, key=str.lower, reverse=True)
        target = table.entries[3]
        await pilot.press("g", "j", "j", "j")
        await wait_for(pilot, lambda: app.screen.shown_entry_id == target.id, message="detail follows")
        assert table.current_entry_id == target.id and target.id in screen_text(app), "the Content tab shows it"
