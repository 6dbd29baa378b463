"""Edit an entry in place: its full text, frontmatter included, in a TextArea."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static, TextArea

from curator.model import Entry
from curator.tui.commands import EDITOR_ACTIONS, bindings
from curator.tui.screens.confirm import ConfirmModal


class EditScreen(Screen[str | None]):
    """Returns the new text on save, or None when cancelled."""

    CSS_PATH = "edit.tcss"

    BINDINGS = bindings(EDITOR_ACTIONS)
    ACTION_SPECS = EDITOR_ACTIONS

    def __init__(self, entry: Entry, *, text: str | None = None, in_review: bool = False, notice: str = "") -> None:
        super().__init__()
        self.notice = notice
        self.entry = entry
        self.original = entry.text or entry.body
        self.start_text = text if text is not None else self.original
        self.in_review = in_review

    def compose(self) -> ComposeResult:
        saves = (
            "ctrl+s keeps the edit as a review decision (written when the review is applied)"
            if self.in_review
            else "ctrl+s saves (one commit)"
        )
        with Vertical():
            yield Static(
                Text.assemble(("Editing ", "bold"), (self.entry.id, "bold cyan"), (f"   {saves} · esc cancels", "dim")),
                id="edit-title",
            )
            if self.notice:
                yield Static(Text(self.notice, style="bold yellow"), id="edit-notice")
            yield TextArea(
                self.start_text, soft_wrap=True, show_line_numbers=True, tab_behavior="indent", id="edit-area"
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def unsaved_work(self) -> str:
        return f"unsaved edits to {self.entry.id}" if self.is_mounted and self.current_text != self.original else ""

    @property
    def current_text(self) -> str:
        return self.query_one(TextArea).text

    def action_save(self) -> None:
        if self.current_text == self.original:
            self.notify("No changes to save.")
            self.dismiss(None)
            return
        self.dismiss(self.current_text)

    def action_cancel(self) -> None:
        if self.current_text == self.original:
            self.dismiss(None)
            return

        def answered(discard: bool | None) -> None:
            if discard:
                self.dismiss(None)

        self.app.push_screen(
            ConfirmModal("Discard your changes?", "The entry stays as it is on disk.", "Discard"), answered
        )
