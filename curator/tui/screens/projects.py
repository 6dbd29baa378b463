"""The start screen outside a project: every memory store on this machine, open one with enter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

COLUMNS = ("Project", "Entries", "Index", "✖", "▲", "●", "Reviewed", "Unreviewed")


def row_cells(row: Any) -> tuple[Text, ...]:
    """One table row, literal text; a missing checkout is marked."""
    project = Text(f"(missing) {row.store.parent.name}", style="red") if row.missing else Text(str(row.project))
    index = Text(
        f"{row.index_lines}/200" if row.index_lines is not None else "–",
        style="bold red" if (row.index_lines or 0) > 200 else "",
    )
    counts = [Text(str(row.findings.get(level, 0))) for level in ("error", "warning", "info")]
    reviewed = Text(
        f"{row.reviewed_at:%Y-%m-%d}" if row.reviewed_at else "never", style="" if row.reviewed_at else "dim"
    )
    unreviewed = Text("–" if row.unreviewed is None else str(row.unreviewed), style="yellow" if row.unreviewed else "")
    return (project, Text(str(row.entries)), index, *counts, reviewed, unreviewed)


class ProjectsScreen(Screen[Path | None]):
    """Every store under ~/.claude/projects and ~/.openclaw; enter opens one."""

    BINDINGS = [
        Binding("escape", "cancel", "Quit", id="projects-cancel"),
        Binding("q", "cancel", "Quit", show=False, id="projects-quit"),
    ]

    class ProjectsListed(Message):
        """The stores were found and summarised."""

        def __init__(self, rows: list[Any], error: str | None) -> None:
            super().__init__()
            self.rows = rows
            self.error = error

    def __init__(self, home: Path, now: Any) -> None:
        super().__init__()
        self.home = home
        self.now = now
        self.rows: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static(Text("No memory here — reading every store on this machine…", style="bold"), id="projects-header")
        yield DataTable(id="projects-table", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(*COLUMNS)
        self._list()

    @work(thread=True, exclusive=True, exit_on_error=False, group="projects")
    def _list(self) -> None:
        from curator.sync.projects import list_projects

        try:
            rows, error = list_projects(self.home, self.now), None
        except Exception as exc:
            rows, error = [], str(exc) or type(exc).__name__
        self.post_message(self.ProjectsListed(rows, error))

    @on(ProjectsListed)
    def _listed(self, message: ProjectsListed) -> None:
        header = self.query_one("#projects-header", Static)
        if message.error:
            header.update(Text(f"Could not list the stores: {message.error}", style="red"))
            return
        self.rows = message.rows
        table = self.query_one(DataTable)
        for number, row in enumerate(self.rows):
            table.add_row(*row_cells(row), key=str(number))
        header.update(
            Text.assemble(
                (f"{len(self.rows)} memory store(s) on this machine", "bold"),
                ("   ↑↓ move · enter opens · esc quits", "dim"),
            )
        )
        table.focus()

    @on(DataTable.RowSelected, "#projects-table")
    def _selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(self.rows[int(event.row_key.value or 0)].store)

    def action_cancel(self) -> None:
        self.dismiss(None)
