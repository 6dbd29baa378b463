"""The History tab: the commits that touched an entry and the entry's diff at each."""

from __future__ import annotations

from typing import Any

from rich.syntax import Syntax
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from curator import history, secrets
from curator.model import Store
from curator.textsafe import visible
from curator.tui.usage_view import provenance_text
from curator.usage import StoreUsage


def change_label(change: Any) -> Text:
    """`a1b2c3d 2026-04-02 subject — author` on one line."""
    label = Text(no_wrap=True, overflow="ellipsis")
    label.append(f"{change.short_sha} ", style="yellow")
    label.append(change.date.strftime("%Y-%m-%d") if change.date else "—", style="cyan")
    label.append(f" {visible(change.subject)}")
    label.append(f" — {visible(change.author)}", style="dim")
    return label


class HistoryView(Vertical):
    """Commit list above the diff of the highlighted commit; loaded in a worker."""

    class HistoryLoaded(Message):
        """The history of one entry was read from git."""

        def __init__(self, entry_id: str, changes: list[Any], error: str | None) -> None:
            super().__init__()
            self.entry_id = entry_id
            self.changes = changes
            self.error = error

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entry_id: str | None = None
        self.changes: list[Any] = []

    def compose(self) -> ComposeResult:
        provenance = Static(id="history-provenance")
        provenance.display = False
        yield provenance
        yield OptionList(id="history-commits")
        with VerticalScroll(id="history-diff-scroll"):
            yield Static(Text("Select an entry.", style="dim"), id="history-diff")

    def show_provenance(self, entry_id: str | None, usage: StoreUsage | None) -> None:
        """ "Why does this memory exist?" above the commits, when session transcripts were found."""
        provenance = self.query_one("#history-provenance", Static)
        provenance.display = usage is not None and usage.known and entry_id is not None
        if provenance.display and usage is not None and entry_id is not None:
            provenance.update(provenance_text(usage.get(entry_id), usage))

    def load(self, store: Store, entry_id: str) -> None:
        """Start reading the entry's history unless it is already shown."""
        if entry_id == self.entry_id and self.changes:
            return
        self.entry_id = entry_id
        self.changes = []
        self.query_one(OptionList).clear_options()
        self.query_one("#history-diff", Static).update(Text("reading git history…", style="italic dim"))
        self._read_history(store, entry_id)

    def forget(self) -> None:
        """Drop what is shown so the next load re-reads git (after a change)."""
        self.entry_id = None
        self.changes = []

    @work(thread=True, exclusive=True, exit_on_error=False, group="history", description="_read_history")
    def _read_history(self, store: Store, entry_id: str) -> None:
        try:
            changes = secrets.masked_history(store, history.entry_history(store, entry_id))
            error = None
        except Exception as exc:  # a bad repo or an unknown entry is shown, never raised
            changes, error = [], f"{type(exc).__name__}: {exc}"
        self.post_message(self.HistoryLoaded(entry_id, changes, error))

    @on(HistoryLoaded)
    def _show_history(self, message: HistoryLoaded) -> None:
        if message.entry_id != self.entry_id:
            return
        self.changes = message.changes
        options = self.query_one(OptionList)
        options.clear_options()
        diff = self.query_one("#history-diff", Static)
        if message.error:
            diff.update(Text(visible(f"No history: {message.error}"), style="yellow"))
            return
        if not message.changes:
            diff.update(Text("Not tracked by git: no history yet (`curator track` adds it).", style="dim"))
            return
        options.add_options(Option(change_label(change), id=str(index)) for index, change in enumerate(message.changes))
        options.highlighted = 0

    @on(OptionList.OptionHighlighted, "#history-commits")
    def _show_diff(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        if index >= len(self.changes):
            return
        change = self.changes[index]
        diff_text = change.diff or "(no textual change to this entry)"
        self.query_one("#history-diff", Static).update(
            Syntax(visible(diff_text), "diff", theme="ansi_dark", word_wrap=True, background_color="default")
        )
