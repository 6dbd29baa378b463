"""Pick one index fix (add an orphan, drop a dangling line, shorten a hook, move a line above the cut)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from curator.model import Store
from curator.tui.index_row import IndexFix


def run_index_fix(store: Store, fix: IndexFix):
    """Run the op a fix stands for (one commit)."""
    from curator import ops

    operations = {
        "add": lambda: ops.index_add(store, fix.ref),
        "drop": lambda: ops.index_drop(store, fix.ref),
        "shorten": lambda: ops.index_shorten(store, fix.ref),
        "promote": lambda: ops.index_promote(store, fix.ref),
    }
    return operations[fix.op]()


class IndexFixModal(ModalScreen[IndexFix | None]):
    """A list of fixes for the index; enter applies one (one commit, undoable), esc cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="index-fix-cancel")]

    def __init__(self, fixes: list[IndexFix]) -> None:
        super().__init__()
        self.fixes = fixes

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text("Fix the index (MEMORY.md)", style="bold"), classes="dialog-title")
            yield Static(
                Text(
                    "Each fix changes one line of MEMORY.md in one commit (u undoes it).   enter applies · esc cancels",
                    style="dim",
                ),
                classes="dialog-help",
            )
            yield OptionList(
                *(Option(Text(fix.label), id=str(position)) for position, fix in enumerate(self.fixes)),
                id="index-fix-list",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.fixes[int(event.option.id or 0)])

    def action_cancel(self) -> None:
        self.dismiss(None)
