"""The help screen: every key, what it does and where, from the one action table."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from curator.tui.commands import ALL_ACTIONS, key_label


def key_table() -> Table:
    table = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
    table.add_column("Key", style="bold cyan", no_wrap=True)
    table.add_column("Action")
    table.add_column("Where", style="dim")
    for where, specs in ALL_ACTIONS:
        for spec in specs:
            table.add_row(Text(key_label(spec.key)), Text(spec.help), Text(where))
    table.add_row("ctrl+p", "Command palette: every action by name", "everywhere")
    table.add_row("tab", "Move focus between table, tabs and inputs", "everywhere")
    table.add_row("j / k, ↓ / ↑", "Move down / up", "entry table")
    table.add_row("g / G", "First / last entry", "entry table")
    table.add_row("enter", "Open the entry's tabs (←/→ switch tabs)", "entry table")
    table.add_row("enter", "Jump to the other entry of a conflict or duplicate", "Findings tab")
    table.add_row("esc", "Clear the search (or the marks)", "main screen")
    return table


class HelpScreen(ModalScreen[None]):
    """Modal list of keys; any of escape, q or ? closes it."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="help-close"),
        Binding("q", "close", "Close", show=False, id="help-close-q"),
        Binding("question_mark", "close", "Close", show=False, id="help-close-question"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help-dialog"):
            yield Static(
                Text.assemble(
                    ("curator keys", "bold"),
                    ("   ? or F1 opens this on every screen (F1 also while typing) · esc closes", "dim"),
                )
            )
            yield Static(key_table())

    def action_close(self) -> None:
        self.dismiss(None)
