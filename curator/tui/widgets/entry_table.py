"""The entry table: one row per entry, filled in batches so the first screenful paints at once."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey

from curator.model import Entry, Finding
from curator.textsafe import visible
from curator.tui.usage_view import USAGE_COLUMNS, USAGE_REPLACES, USAGE_WIDTHS, usage_cells
from curator.tui.view import (
    COLUMNS,
    SEVERITY_GLYPH,
    SEVERITY_STYLE,
    entry_type_label,
    format_age,
    format_date,
    format_size,
    worst_severity,
)
from curator.usage import StoreUsage

FIRST_BATCH_ROWS = 120
LATER_BATCH_ROWS = 2000
COLUMN_WIDTHS = {"flag": 3, "name": 24, "type": 11, "age": 6, "changed": 11, "commits": 8, "size": 9}
NAME_MIN_WIDTH = 14
NAME_MAX_WIDTH = 60


def row_cells(
    entry: Entry, entry_findings: list[Finding], marked: bool, now: datetime, usage: StoreUsage | None = None
) -> list[Text]:
    """The cells of one row, as literal text (plus Reads and Last read when `usage` is given)."""
    severity = worst_severity(entry_findings)
    flag = Text("◆" if marked else " ", style="bold magenta")
    flag.append(SEVERITY_GLYPH[severity] if severity else " ", style=SEVERITY_STYLE.get(severity or "", ""))
    name_style = "dim strike" if entry.status == "expired" else ("red" if entry.status == "unreadable" else "")
    cells = [
        flag,
        Text(visible(entry.name or entry.id), style=name_style, overflow="ellipsis", no_wrap=True),
        Text(" " + entry_type_label(entry), style="dim" if not entry.type else ""),
        Text(format_age(entry.age_days(now)), justify="right"),
        Text(" " + format_date(entry.modified)),
        Text(str(entry.commits), justify="right"),
        Text(format_size(entry.bytes), justify="right"),
    ]
    if usage is None:
        return cells
    return [cell for (key, _title), cell in zip(COLUMNS, cells) if key != USAGE_REPLACES] + usage_cells(
        usage.get(entry.id), now
    )


def table_columns(usage_shown: bool) -> list[tuple[str, str]]:
    """The table's columns: with usage, Reads and Last read take the place of Commits."""
    if not usage_shown:
        return list(COLUMNS)
    return [column for column in COLUMNS if column[0] != USAGE_REPLACES] + list(USAGE_COLUMNS)


class EntryTable(DataTable):
    """A DataTable of entries keyed by entry id, with vim-style movement keys."""

    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False, id="table-down"),
        Binding("k", "cursor_up", "Up", show=False, id="table-up"),
        Binding("g", "scroll_top", "Top", show=False, id="table-top"),
        Binding("G", "scroll_bottom", "Bottom", show=False, id="table-bottom"),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=False, cell_padding=0, **kwargs)
        self._fill_generation = 0
        self._pending: list[tuple[str, list[Text]]] = []
        self.filled = False
        self.usage: StoreUsage | None = None

    def on_mount(self) -> None:
        self._add_columns()

    def _add_columns(self) -> None:
        widths = self._widths()
        for key, title in table_columns(self.usage is not None):
            self.add_column(title, key=key, width=widths[key])

    def on_resize(self) -> None:
        """Give the name column whatever width the fixed columns leave."""
        fixed = sum(width for key, width in self._widths().items() if key != "name")
        padding = 2 * self.cell_padding * len(self._widths())
        spare = self.size.width - fixed - padding - 3
        name_column = self.columns.get(ColumnKey("name"))
        if name_column is not None:
            least = NAME_MIN_WIDTH - (2 if self.usage is not None else 0)
            name_column.width = max(least, min(NAME_MAX_WIDTH, spare))
            self._require_update_dimensions = True
            self.refresh()

    def _widths(self) -> dict[str, int]:
        if self.usage is None:
            return dict(COLUMN_WIDTHS)
        return {**{key: width for key, width in COLUMN_WIDTHS.items() if key != USAGE_REPLACES}, **USAGE_WIDTHS}

    def _show_usage_columns(self, usage: StoreUsage | None) -> None:
        """Add the Reads and Last read columns when transcripts were found, drop them when not."""
        shown = usage if usage is not None and usage.known else None
        had = self.usage is not None
        self.usage = shown
        if had == (shown is not None):
            return
        self.clear(columns=True)
        self._add_columns()
        self.on_resize()

    def show_entries(
        self,
        entries: list[Entry],
        flags: dict[str, list[Finding]],
        marked: set[str],
        now: datetime,
        keep_cursor_on: str | None = None,
        usage: StoreUsage | None = None,
    ) -> None:
        """Replace the rows; the first batch is added now, the rest on later frames."""
        self._show_usage_columns(usage)
        usage = self.usage
        self._fill_generation += 1
        self.filled = False
        previous_row = self.cursor_row
        rows = [
            (entry.id, row_cells(entry, flags.get(entry.id, []), entry.id in marked, now, usage))
            for entry in entries[:FIRST_BATCH_ROWS]
        ]
        self.clear()
        for key, cells in rows:
            self.add_row(*cells, key=key)
        rest = entries[FIRST_BATCH_ROWS:]
        if keep_cursor_on and not self.select_entry(keep_cursor_on):
            vanished = not any(entry.id == keep_cursor_on for entry in rest)
            if vanished and self.row_count:
                self.move_cursor(row=min(previous_row, self.row_count - 1), animate=False)
        if rest:
            self.call_after_refresh(self._fill_rest, self._fill_generation, rest, flags, marked, now, keep_cursor_on)
        else:
            self.filled = True

    def _fill_rest(self, generation: int, rest, flags, marked, now, keep_cursor_on) -> None:
        if generation != self._fill_generation:
            return
        batch, remaining = rest[:LATER_BATCH_ROWS], rest[LATER_BATCH_ROWS:]
        for entry in batch:
            self.add_row(*row_cells(entry, flags.get(entry.id, []), entry.id in marked, now, self.usage), key=entry.id)
        if remaining:
            self.set_timer(0.01, lambda: self._fill_rest(generation, remaining, flags, marked, now, keep_cursor_on))
            return
        if keep_cursor_on and self.current_entry_id != keep_cursor_on:
            self.select_entry(keep_cursor_on)
        self.filled = True

    def redraw_entry(self, entry: Entry, entry_findings: list[Finding], marked: bool, now: datetime) -> None:
        """Redraw one row in place (after marking)."""
        if entry.id not in self.rows:
            return
        for (key, _title), cell in zip(
            table_columns(self.usage is not None), row_cells(entry, entry_findings, marked, now, self.usage)
        ):
            self.update_cell(entry.id, key, cell)

    @property
    def current_entry_id(self) -> str | None:
        if self.row_count == 0:
            return None
        try:
            row_key, _column = self.coordinate_to_cell_key(self.cursor_coordinate)
        except Exception:
            return None
        return row_key.value

    def select_entry(self, entry_id: str) -> bool:
        """Move the cursor to the entry's row; False when it is not shown."""
        try:
            index = self.get_row_index(entry_id)
        except Exception:
            return False
        self.move_cursor(row=index, animate=False, scroll=True)
        return True
