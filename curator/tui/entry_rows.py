"""The entry table's rows as text: one cell per column, each cut or padded to its column's width."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

from curator.model import Entry, Finding
from curator.textsafe import visible
from curator.tui.usage_view import USAGE_COLUMNS, USAGE_REPLACES, usage_cells
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


def fitted(cell: Text, width: int) -> Text:
    """The cell cut or padded to exactly `width` cells, keeping its justification."""
    shown = cell.copy()
    shown.truncate(width, overflow="ellipsis")
    gap = width - shown.cell_len
    if gap > 0:
        if cell.justify == "right":
            shown = Text(" " * gap, end="").append_text(shown)
        else:
            shown.append(" " * gap)
    return shown
