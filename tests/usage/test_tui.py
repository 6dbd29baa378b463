"""The TUI with transcripts: Reads and Last read columns (sortable), usage in the detail, provenance in
the History tab, and the Prune view (key P) expiring its top candidate."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from curator.tui.app import CuratorApp
from curator.tui.screens.expire import ExpireModal
from curator.tui.screens.prune import PruneScreen
from curator.tui.widgets.entry_table import EntryTable
from tests.support.transcripts import ClaudeHome, claude_home, scenario
from tests.support.tui import screen_text, wait_for, wait_ready


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClaudeHome:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    built = claude_home(tmp_path)
    scenario(built)
    (built.store / ".curator.toml").write_text("[rules.unused]\nsessions = 5\n", encoding="utf-8")
    return built


def cell(table: EntryTable, row: str, column: str) -> str:
    return table.get_cell(row, column).plain.strip()


async def test_usage_columns_sort_and_detail(home: ClaudeHome, now) -> None:
    app = CuratorApp(home.store, now=now, watch_disk=False, run_checks=False, claude_dir=home.claude_dir)
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ready(pilot, app)
        table = app.screen.query_one(EntryTable)
        assert [column.key.value for column in table.columns.values()][-2:] == ["reads", "lastread"]
        assert (cell(table, "alpha.md", "reads"), cell(table, "alpha.md", "lastread")) == ("10", "58d")
        assert (cell(table, "gamma.md", "reads"), cell(table, "gamma.md", "lastread")) == ("0", "never")
        assert cell(table, "MEMORY.md#1", "reads") == "0/10"
        while app.screen.view_state.sort_column != "reads":
            await pilot.press("s")
        await pilot.pause(0.1)
        assert next(iter(table.rows)).value == "alpha.md"
        app.screen.jump_to("alpha.md")
        await pilot.pause(0.2)
        assert "10 in 9 sessions, last 2026-10-01" in screen_text(app)
        await pilot.press("w")
        await pilot.pause(0.2)
        assert app.screen.query_one("#history-provenance", Static).display
        provenance = screen_text(app)
        assert "created" in provenance and "Remember how we deploy" in provenance
        assert "edited" in provenance and "Update the deploy steps" in provenance


async def test_prune_view_ranks_and_expires(home: ClaudeHome, now) -> None:
    app = CuratorApp(home.store, now=now, watch_disk=False, run_checks=False, claude_dir=home.claude_dir)
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("P")
        assert isinstance(app.screen, PruneScreen)
        ranked = [row.value for row in app.screen.query_one(DataTable).rows]
        assert ranked[0] == "gamma.md" and "beta.md" in ranked and "alpha.md" not in ranked
        assert "ranked by never read × age × size" in screen_text(app)
        await pilot.press("x")
        assert isinstance(app.screen, ExpireModal)
        assert app.screen.query_one("#expire-reason", Input).value.startswith("unused: never read")
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: (home.store / ".archive" / "gamma.md").exists(), message="gamma archived")
        await wait_ready(pilot, app)
        assert isinstance(app.screen, PruneScreen)
        await wait_for(pilot, lambda: "beta.md" in [row.value for row in app.screen.query_one(DataTable).rows])
        assert "gamma.md" not in [row.value for row in app.screen.query_one(DataTable).rows]


async def _usage_findings(home: ClaudeHome, now, *, in_process: bool) -> list[tuple]:
    app = CuratorApp(
        home.store,
        now=now,
        watch_disk=False,
        run_checks=False,
        claude_dir=home.claude_dir,
        analysis_in_process=in_process,
    )
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_ready(pilot, app)
        assert (app.analysis_process._pool is not None) == in_process
        return sorted(
            (f.rule, tuple(f.entries), f.message)
            for f in app.session.findings
            if f.rule in ("unused", "always-loaded-unused")
        )


async def test_child_process_analysis_keeps_the_usage_findings(home: ClaudeHome, now) -> None:
    in_thread = await _usage_findings(home, now, in_process=False)
    in_child = await _usage_findings(home, now, in_process=True)
    assert {rule for rule, _, _ in in_thread} == {"unused", "always-loaded-unused"}
    assert in_child == in_thread
