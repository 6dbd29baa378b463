"""Keeping an entry whose `expires:` date has passed: extend it to a new date, or clear it."""

from __future__ import annotations

from datetime import date

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from curator.model import Entry
from curator.ops.expiry import scheduled_day
from curator.ops.review_state import CLEAR


class KeepExpiredModal(ModalScreen[str | None]):
    """Returns a new `expires` date (YYYY-MM-DD), CLEAR, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="keep-expired-cancel")]

    def __init__(self, entry: Entry, default_date: str) -> None:
        super().__init__()
        self.entry = entry
        self.default_date = default_date

    def compose(self) -> ComposeResult:
        passed = scheduled_day(self.entry)
        with VerticalScroll(classes="dialog"):
            yield Label(Text(f"Keep {self.entry.id}?", style="bold"), classes="dialog-title")
            yield Static(
                Text(
                    f"Its expires: {passed.isoformat() if passed else '?'} has passed, so `curator expire --due` would archive it "
                    "unless you keep it. Extend the date, or clear it if the entry no longer expires."
                ),
                classes="dialog-help",
            )
            yield Label("New expires: date (YYYY-MM-DD)")
            yield Input(value=self.default_date, id="keep-expires", compact=True, classes="dialog-input")
            yield Static(id="keep-error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Extend", variant="primary", id="keep-extend")
                yield Button("Clear expiry", id="keep-clear")
                yield Button("Cancel", id="keep-cancel")

    def on_mount(self) -> None:
        self.query_one("#keep-expires", Input).focus()

    def _extend(self) -> None:
        value = self.query_one("#keep-expires", Input).value.strip()
        try:
            date.fromisoformat(value)
        except ValueError:
            self.query_one("#keep-error", Static).update(
                Text("Write the date as YYYY-MM-DD, or press Clear expiry.", style="red")
            )
            return
        self.dismiss(value)

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self._extend()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "keep-extend":
            self._extend()
        elif event.button.id == "keep-clear":
            self.dismiss(CLEAR)
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
