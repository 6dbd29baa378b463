"""The Content tab: an entry's fields and its text, shown literally."""

from __future__ import annotations

from datetime import datetime

from rich.console import Group
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from curator.model import Entry
from curator.textsafe import visible
from curator.tui.usage_view import usage_rows
from curator.tui.view import format_age, format_date
from curator.usage import StoreUsage


def touched_note(age_days: float | None) -> str:
    """How long ago the entry was last touched, as a parenthesis after the date (blank when unknown)."""
    if age_days is None:
        return ""
    age = format_age(age_days)
    return " (touched today)" if age == "today" else f" ({age} since last touch)"

SYNTAX_THEME = "ansi_dark"


def field_table(entry: Entry, now: datetime, usage: StoreUsage | None = None) -> Table:
    """Name, id, type, status, dates and size as a two-column grid."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold cyan", no_wrap=True)
    grid.add_column()
    location = entry.path + (f":{entry.line}" if entry.line else "")
    rows: list[tuple[str, str]] = [
        ("name", entry.name or entry.id),
        ("id", entry.id),
        ("file", location),
        ("type", entry.type or "—"),
        ("status", entry.status),
        ("created", format_date(entry.created)),
        ("modified", f"{format_date(entry.modified)}{touched_note(entry.age_days(now))}"),
        ("reviewed", format_date(entry.reviewed)),
        ("commits", str(entry.commits) + (" + uncommitted changes" if entry.uncommitted else "")),
        ("size", f"{entry.bytes} bytes, ~{entry.tokens} tokens" + (", always loaded" if entry.always_loaded else "")),
    ]
    if entry.expires:
        rows.append(("expires", format_date(entry.expires)))
    if entry.description:
        rows.append(("description", entry.description))
    rows.extend(usage_rows(usage.get(entry.id) if usage is not None else None, usage))
    for label, value in rows:
        grid.add_row(label, Text(visible(value)))
    return grid


def entry_text(entry: Entry) -> Syntax:
    """The entry's full text (frontmatter included), highlighted as markdown, never parsed as markup."""
    return Syntax(visible(entry.text or entry.body), "markdown", theme=SYNTAX_THEME, word_wrap=True, background_color="default")


def entry_renderable(entry: Entry, now: datetime, usage: StoreUsage | None = None) -> Group:
    """The fields grid above the entry's full text."""
    return Group(field_table(entry, now, usage), Text(""), entry_text(entry))


class ContentView(VerticalScroll):
    """Scrollable view of one entry."""

    def compose(self):
        yield Static(Text("No entry selected.", style="dim"), id="content-body")

    def show(self, entry: Entry | None, now: datetime, usage: StoreUsage | None = None) -> None:
        target = self.query_one("#content-body", Static)
        if entry is None:
            target.update(Text("No entry selected.", style="dim"))
            return
        target.update(entry_renderable(entry, now, usage))
        self.scroll_home(animate=False)
