"""The expire dialog: a reason, and now or a date."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static


@dataclass
class ExpireChoice:
    """What the user chose: why, and when (None means now)."""

    reason: str
    at: date | None


def parse_when(value: str) -> date | None:
    """`now`/blank gives None; `YYYY-MM-DD` gives that day; anything else raises ValueError."""
    text = value.strip().lower()
    if text in ("", "now"):
        return None
    return datetime.strptime(text, "%Y-%m-%d").date()


class ExpireModal(ModalScreen[ExpireChoice | None]):
    """Ask why and when to expire an entry; the entry moves to the archive, nothing is deleted."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="expire-cancel")]

    def __init__(self, entry_label: str, reason: str = "") -> None:
        super().__init__()
        self.entry_label = entry_label
        self.default_reason = reason

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Label(Text(f"Expire {self.entry_label}", style="bold"), classes="dialog-title")
            yield Static(Text(f"It moves to the archive (restore brings it back){self._index_note()}."), classes="dialog-help")
            yield Label("Reason")
            yield Input(value=self.default_reason, placeholder="why it no longer holds", id="expire-reason", compact=True, classes="dialog-input")
            yield Label("When: now, or a date (YYYY-MM-DD) to schedule")
            yield Input(value="now", id="expire-when", compact=True, classes="dialog-input")
            yield Static(id="expire-error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Expire", variant="error", id="expire-ok")
                yield Button("Cancel", id="expire-cancel-button")

    def _index_note(self) -> str:
        session = getattr(self.app, "session", None)
        store = getattr(session, "store", None)
        return " and leaves the index" if getattr(store, "index", None) is not None else ""

    def on_mount(self) -> None:
        reason = self.query_one("#expire-reason", Input)
        reason.focus()
        self.call_after_refresh(self._show_reason_start)

    def _show_reason_start(self) -> None:
        """Show the start of a long prefilled reason, not its tail."""
        reason = self.query_one("#expire-reason", Input)
        reason.cursor_position = 0
        reason.scroll_to(x=0, animate=False)

    def _submit(self) -> None:
        reason = self.query_one("#expire-reason", Input).value.strip()
        error = self.query_one("#expire-error", Static)
        if not reason:
            error.update(Text("A reason is required: it is written into the archived entry.", style="red"))
            return
        try:
            when = parse_when(self.query_one("#expire-when", Input).value)
        except ValueError:
            error.update(Text("Write `now` or a date as YYYY-MM-DD.", style="red"))
            return
        self.dismiss(ExpireChoice(reason=reason, at=when))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "expire-reason":
            self.query_one("#expire-when", Input).focus()
        else:
            self._submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "expire-ok":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
