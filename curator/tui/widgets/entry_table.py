"""The entry table: a virtualised list of entries that renders only the rows on screen, at any store size."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets.data_table import CellKey, ColumnKey, RowKey

from curator.model import Entry, Finding
from curator.tui.entry_rows import fitted, row_cells, table_columns
from curator.tui.usage_view import USAGE_REPLACES, USAGE_WIDTHS
from curator.usage import StoreUsage

COLUMN_WIDTHS = {"flag": 3, "name": 24, "type": 11, "age": 6, "changed": 11, "commits": 8, "size": 9}
NAME_MIN_WIDTH = 14
NAME_MAX_WIDTH = 60
SCROLLBAR_ALLOWANCE = 3
CACHED_ROWS = 512


@dataclass(frozen=True)
class Column:
    """One column: its key, header title and width."""

    key: ColumnKey
    label: str
    width: int


class EntryTable(ScrollView, can_focus=True):
    """Entries keyed by id, one row each; only the visible rows are ever rendered, so 100k rows cost a screenful."""

    DEFAULT_CSS = """
    EntryTable {
        background: $surface;
        color: $foreground;
        & > .entry-table--header { text-style: bold; background: $panel; color: $foreground; }
        &:ansi > .entry-table--header { background: ansi_bright_blue; color: ansi_default; }
        & > .entry-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .entry-table--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
            & > .entry-table--header { background-tint: $foreground 5%; }
        }
    }
    """
    COMPONENT_CLASSES = {"entry-table--header", "entry-table--cursor"}

    BINDINGS = [
        Binding("enter", "select_cursor", "Select", show=False),
        Binding("up", "cursor_up", "Cursor up", show=False),
        Binding("down", "cursor_down", "Cursor down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("ctrl+home,home", "scroll_top", "Top", show=False),
        Binding("ctrl+end,end", "scroll_bottom", "Bottom", show=False),
        Binding("j", "cursor_down", "Down", show=False, id="table-down"),
        Binding("k", "cursor_up", "Up", show=False, id="table-up"),
        Binding("g", "scroll_top", "Top", show=False, id="table-top"),
        Binding("G", "scroll_bottom", "Bottom", show=False, id="table-bottom"),
    ]

    class RowMessage(Message):
        """Something happened to one row: the table, the row's entry id and its index."""

        def __init__(self, table: EntryTable, entry_id: str | None, row: int) -> None:
            super().__init__()
            self.table = table
            self.entry_id = entry_id
            self.row = row

        @property
        def control(self) -> EntryTable:
            return self.table

    class RowHighlighted(RowMessage):
        """The cursor moved to another row."""

    class RowSelected(RowMessage):
        """Enter (or a click on the cursor row) chose the row."""

    class HeaderSelected(Message):
        """A column header was clicked."""

        def __init__(self, table: EntryTable, column_key: ColumnKey) -> None:
            super().__init__()
            self.table = table
            self.column_key = column_key

        @property
        def control(self) -> EntryTable:
            return self.table

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entries: list[Entry] = []
        self._row_of: dict[str, int] = {}
        self._flags: dict[str, list[Finding]] = {}
        self._marked: set[str] = set()
        self._now: datetime | None = None
        self.usage: StoreUsage | None = None
        self.cursor_row = 0
        self.columns: dict[ColumnKey, Column] = {}
        self._strips: dict[int, Strip] = {}
        self._header: Strip | None = None
        self._styles: tuple[Style, Style, Style] = (Style(), Style(), Style())
        self._set_columns()

    def on_mount(self) -> None:
        self._changed()

    # --- rows and columns -------------------------------------------------------------------

    def _widths(self) -> dict[str, int]:
        if self.usage is None:
            return dict(COLUMN_WIDTHS)
        return {**{key: width for key, width in COLUMN_WIDTHS.items() if key != USAGE_REPLACES}, **USAGE_WIDTHS}

    def _set_columns(self) -> None:
        widths = self._widths()
        fixed = sum(width for key, width in widths.items() if key != "name")
        spare = self.size.width - fixed - SCROLLBAR_ALLOWANCE
        least = NAME_MIN_WIDTH - (2 if self.usage is not None else 0)
        widths["name"] = max(least, min(NAME_MAX_WIDTH, spare)) if self.size.width else widths["name"]
        self.columns = {
            ColumnKey(key): Column(ColumnKey(key), title, widths[key])
            for key, title in table_columns(self.usage is not None)
        }

    def _changed(self) -> None:
        """Forget rendered rows and resize the scrollable area to the rows and columns."""
        self._strips.clear()
        self._header = None
        self.virtual_size = Size(sum(column.width for column in self.columns.values()), len(self.entries) + 1)
        self.refresh()

    def on_resize(self) -> None:
        """Give the name column whatever width the fixed columns leave."""
        self._set_columns()
        self._changed()
        self._scroll_to_cursor()

    def show_entries(
        self,
        entries: list[Entry],
        flags: dict[str, list[Finding]],
        marked: set[str],
        now: datetime,
        keep_cursor_on: str | None = None,
        usage: StoreUsage | None = None,
    ) -> None:
        """Replace the rows (nothing is rendered until a row scrolls into view)."""
        shown_usage = usage if usage is not None and usage.known else None
        usage_changed = (self.usage is None) != (shown_usage is None)
        self.usage = shown_usage
        previous_id, previous_row = self.current_entry_id, self.cursor_row
        self.entries = list(entries)
        self._row_of = {entry.id: row for row, entry in enumerate(self.entries)}
        self._flags, self._marked, self._now = flags, marked, now
        if usage_changed:
            self._set_columns()
        self._changed()
        target = self._row_of.get(keep_cursor_on) if keep_cursor_on else None
        row = target if target is not None else min(previous_row, max(0, len(self.entries) - 1))
        self.move_cursor(row=row, scroll=True, announce=self.current_entry_id != previous_id or row != previous_row)

    def refresh_rows(self, flags: dict[str, list[Finding]] | None = None) -> None:
        """Redraw the rows in place (their entries changed, the order did not)."""
        if flags is not None:
            self._flags = flags
        self._strips.clear()
        self.refresh()

    def redraw_entry(self, entry: Entry, entry_findings: list[Finding], marked: bool, now: datetime) -> None:
        """Redraw one row in place (after marking)."""
        row = self._row_of.get(entry.id)
        if row is None:
            return
        self._flags = {**self._flags, entry.id: entry_findings}
        self._strips.pop(row, None)
        self.refresh_line(row + 1)

    def clear(self) -> None:
        self.show_entries([], {}, set(), self._now or datetime.now())

    @property
    def row_count(self) -> int:
        return len(self.entries)

    @property
    def rows(self) -> dict[RowKey, int]:
        """Every row's key, in order (built on demand: for tests and small callers)."""
        return {RowKey(entry.id): row for row, entry in enumerate(self.entries)}

    def entry_id_at(self, row: int) -> str | None:
        return self.entries[row].id if 0 <= row < len(self.entries) else None

    def get_row_index(self, entry_id: str) -> int:
        """The row showing this entry; KeyError when it is not shown."""
        return self._row_of[entry_id]

    def get_cell(self, row_key: RowKey | str, column_key: ColumnKey | str) -> Text:
        """The text of one cell, as the table shows it."""
        row = self.get_row_index(str(getattr(row_key, "value", row_key)))
        keys = [column.key.value for column in self.columns.values()]
        return self._cells(row)[keys.index(str(getattr(column_key, "value", column_key)))]

    def coordinate_to_cell_key(self, coordinate: tuple[int, int]) -> CellKey:
        row, column = coordinate
        entry_id = self.entry_id_at(row)
        if entry_id is None:
            raise IndexError(f"no row {row}")
        return CellKey(RowKey(entry_id), list(self.columns)[column])

    @property
    def current_entry_id(self) -> str | None:
        return self.entry_id_at(self.cursor_row)

    def select_entry(self, entry_id: str) -> bool:
        """Move the cursor to the entry's row; False when it is not shown."""
        row = self._row_of.get(entry_id)
        if row is None:
            return False
        self.move_cursor(row=row, scroll=True)
        return True

    # --- the cursor -------------------------------------------------------------------------

    def move_cursor(self, *, row: int, animate: bool = False, scroll: bool = True, announce: bool = True) -> None:
        """Put the cursor on `row` (clamped), scroll it into view and say which entry it is on."""
        row = max(0, min(row, len(self.entries) - 1)) if self.entries else 0
        moved, previous = row != self.cursor_row, self.cursor_row
        self.cursor_row = row
        if moved:
            self.refresh_line(previous + 1)
            self.refresh_line(row + 1)
        if scroll:
            self._scroll_to_cursor()
        if moved or announce:
            self.post_message(self.RowHighlighted(self, self.current_entry_id, row))

    @property
    def _page_rows(self) -> int:
        return max(1, self.scrollable_content_region.height - 1)

    def _scroll_to_cursor(self) -> None:
        page = self._page_rows
        top = int(self.scroll_y)
        if self.cursor_row < top:
            self.scroll_to(y=self.cursor_row, animate=False, force=True)
        elif self.cursor_row >= top + page:
            self.scroll_to(y=self.cursor_row - page + 1, animate=False, force=True)

    def action_cursor_down(self) -> None:
        self.move_cursor(row=self.cursor_row + 1)

    def action_cursor_up(self) -> None:
        self.move_cursor(row=self.cursor_row - 1)

    def action_page_down(self) -> None:
        self.scroll_to(y=int(self.scroll_y) + self._page_rows, animate=False, force=True)
        self.move_cursor(row=self.cursor_row + self._page_rows)

    def action_page_up(self) -> None:
        self.scroll_to(y=int(self.scroll_y) - self._page_rows, animate=False, force=True)
        self.move_cursor(row=self.cursor_row - self._page_rows)

    def action_scroll_top(self) -> None:
        self.move_cursor(row=0)

    def action_scroll_bottom(self) -> None:
        self.move_cursor(row=len(self.entries) - 1)

    def action_select_cursor(self) -> None:
        if self.entries:
            self.post_message(self.RowSelected(self, self.current_entry_id, self.cursor_row))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if offset.y == 0:
            left = int(self.scroll_x)
            for column in self.columns.values():
                if offset.x + left < column.width:
                    self.post_message(self.HeaderSelected(self, column.key))
                    return
                left -= column.width
            return
        row = int(self.scroll_y) + offset.y - 1
        if row >= len(self.entries):
            return
        if row == self.cursor_row:
            self.action_select_cursor()
        else:
            self.move_cursor(row=row)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # --- rendering (the Line API: one call per visible line) --------------------------------

    def _cells(self, row: int) -> list[Text]:
        entry = self.entries[row]
        return row_cells(
            entry, self._flags.get(entry.id, []), entry.id in self._marked, self._now or datetime.now(), self.usage
        )

    def _row_strip(self, row: int) -> Strip:
        strip = self._strips.get(row)
        if strip is None:
            if len(self._strips) >= CACHED_ROWS:
                self._strips.clear()
            line = Text(no_wrap=True, end="")
            for column, cell in zip(self.columns.values(), self._cells(row)):
                line.append_text(fitted(cell, column.width))
            strip = self._strips[row] = Strip(line.render(self.app.console))
        return strip

    def _header_strip(self) -> Strip:
        if self._header is None:
            line = Text(no_wrap=True, end="")
            for column in self.columns.values():
                line.append_text(fitted(Text(column.label), column.width))
            self._header = Strip(line.render(self.app.console))
        return self._header

    def render_lines(self, crop):
        self._styles = (
            self.rich_style,
            self.get_component_rich_style("entry-table--header"),
            self.get_component_rich_style("entry-table--cursor"),
        )
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        base, header, cursor = self._styles
        width = self.size.width
        left = int(self.scroll_x)
        if y == 0:
            strip, style = self._header_strip(), base + header
        else:
            row = int(self.scroll_y) + y - 1
            if row >= len(self.entries):
                return Strip([Segment(" " * width, base)], width)
            strip, style = self._row_strip(row), (base + cursor if row == self.cursor_row else base)
        return strip.crop_extend(left, left + width, None).apply_style(style)
