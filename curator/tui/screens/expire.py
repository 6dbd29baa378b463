"""The expire dialog: a reason, and now or a date."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static
from textual.widgets.input import Selection


@dataclass
class ExpireChoice:
    """What the user chose: why, and when (None means now)."""

    reason: str
    at: date | None
    unlink: bool = False
    relink_to: str | None = None


def parse_when(value: str) -> date | None:
    """`now`/blank gives None; `YYYY-MM-DD` gives that day; anything else raises ValueError."""
    text = value.strip().lower()
    if text in ("", "now"):
        return None
    return datetime.strptime(text, "%Y-%m-%d").date()


class ExpireModal(ModalScreen[ExpireChoice | None]):
    """Ask why and when to expire an entry; the entry moves to the archive, nothing is deleted."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="expire-cancel")]

    def __init__(
        self, entry_label: str, reason: str = "", links: list[str] | None = None, partner: str | None = None
    ) -> None:
        super().__init__()
        self.entry_label = entry_label
        self.default_reason = reason
        self.links = links or []
        self.partner = partner

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Label(Text(f"Expire {self.entry_label}", style="bold"), classes="dialog-title")
            yield Static(
                Text(f"It moves to the archive (restore brings it back){self._index_note()}."), classes="dialog-help"
            )
            yield Label("Reason")
            yield Input(
                value=self.default_reason,
                placeholder="why it no longer holds",
                id="expire-reason",
                compact=True,
                classes="dialog-input",
            )
            yield Label("When: empty means now; a date (YYYY-MM-DD) schedules it")
            yield Input(value="", placeholder="now", id="expire-when", compact=True, classes="dialog-input")
            if self.links:
                listing = Text(f"{len(self.links)} link(s) point here and would dangle:\n", style="yellow")
                for link in self.links:
                    listing.append(f"  {link}\n", style="")
                yield Static(listing, id="expire-links", classes="dialog-help")
                with RadioSet(id="expire-link-choice", compact=True):
                    if self.partner:
                        yield RadioButton(f"Point them at {self.partner} (same commit)", value=True, id="links-relink")
                    yield RadioButton(
                        "Turn them into plain text (same commit)", value=not self.partner, id="links-unlink"
                    )
                    yield RadioButton("Leave them (they will dangle)", id="links-keep")
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
        """Select the prefilled reason (typing replaces it) and show its start, not its tail."""
        reason = self.query_one("#expire-reason", Input)
        reason.selection = Selection(len(reason.value), 0)
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
        pressed = self.query_one(RadioSet).pressed_button if self.links else None
        chosen = pressed.id if pressed is not None else None
        self.dismiss(
            ExpireChoice(
                reason=reason,
                at=when,
                unlink=chosen == "links-unlink",
                relink_to=self.partner if chosen == "links-relink" else None,
            )
        )

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
