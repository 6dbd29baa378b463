"""The Content tab: an entry's fields and its text, shown literally."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from rich.console import Group
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from curator import secrets
from curator.model import Entry
from curator.secrets.mask import Masker
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


def field_table(entry: Entry, now: datetime, masker: Masker | None = None, usage: StoreUsage | None = None) -> Table:
    """Name, id, type, status, dates, size and usage as a two-column grid (secrets masked when a masker is given)."""
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
        grid.add_row(label, Text(visible(masker.mask(value) if masker else value)))
    return grid


def shown_text(entry: Entry, reveal: bool = False) -> tuple[str, int]:
    """The entry's full text with its secrets masked (unless revealed), and how many secret values it holds."""
    text = entry.text or entry.body
    masked, count = secrets.masked_entry(text, Path(entry.path).name)
    return (text if reveal else masked), count


def entry_text(entry: Entry, reveal: bool = False) -> Syntax:
    """The entry's full text (frontmatter included), secrets masked, highlighted as markdown, never parsed as markup."""
    text, _count = shown_text(entry, reveal)
    return Syntax(visible(text), "markdown", theme=SYNTAX_THEME, word_wrap=True, background_color="default")


def secrets_note(count: int, reveal: bool, keys: bool = False) -> Text:
    """One line above the text saying secrets are masked (or shown), with the keys when they work here."""
    if not count:
        return Text("")
    plural = "s" if count != 1 else ""
    if reveal:
        return Text(
            f"⚠ {count} secret{plural} shown in full on this screen only — r hides, D redacts", style="bold red"
        )
    return Text(
        f"🔒 {count} secret{plural} masked" + (" — r reveals here, D redacts" if keys else ""), style="bold yellow"
    )


def entry_renderable(
    entry: Entry, now: datetime, usage: StoreUsage | None = None, reveal: bool = False, keys: bool = False
) -> Group:
    """The fields grid above the entry's full text; secrets masked unless revealed."""
    _text, count = shown_text(entry, reveal)
    masker = None if reveal else Masker(secrets.secret_values(entry.text or entry.body, Path(entry.path).name))
    return Group(field_table(entry, now, masker, usage), secrets_note(count, reveal, keys), entry_text(entry, reveal))


class ContentView(VerticalScroll):
    """Scrollable view of one entry, secrets masked until revealed for that entry."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.entry: Entry | None = None
        self.now: datetime | None = None
        self.revealed = False
        self.secret_count = 0
        self.usage: StoreUsage | None = None

    def compose(self):
        yield Static(Text("No entry selected.", style="dim"), id="content-body")

    def show(self, entry: Entry | None, now: datetime, usage: StoreUsage | None = None) -> None:
        target = self.query_one("#content-body", Static)
        if entry is None or self.entry is None or entry.id != self.entry.id or entry.text != self.entry.text:
            self.revealed = False
        self.entry, self.now = entry, now
        if entry is None:
            self.secret_count = 0
            target.update(Text("No entry selected.", style="dim"))
            return
        _text, self.secret_count = shown_text(entry)
        self.usage = usage
        target.update(entry_renderable(entry, now, usage, reveal=self.revealed, keys=True))
        self.scroll_home(animate=False)

    def toggle_reveal(self) -> bool:
        """Show or hide this entry's secrets; returns whether they are now shown."""
        if self.entry is None or not self.secret_count:
            return False
        self.revealed = not self.revealed
        now = self.now or datetime.now()
        self.query_one("#content-body", Static).update(
            entry_renderable(self.entry, now, self.usage, reveal=self.revealed, keys=True)
        )
        return self.revealed
