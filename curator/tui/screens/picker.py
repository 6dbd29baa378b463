"""Pick one of several stores discovery found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option


def candidate_label(candidate: Any) -> Text:
    return Text.assemble(
        (str(candidate.path), "bold"), ("\n  ", ""), (f"{candidate.format} — {candidate.reason}", "dim")
    )


class StorePicker(Screen[Path | None]):
    """A list of candidate stores; enter opens one."""

    BINDINGS = [
        Binding("escape", "cancel", "Quit", id="picker-cancel"),
        Binding("q", "cancel", "Quit", show=False, id="picker-quit"),
    ]

    def __init__(self, candidates: list[Any]) -> None:
        super().__init__()
        self.candidates = candidates

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(
                Text.assemble(
                    (f"Found {len(self.candidates)} memory stores here — pick one:", "bold"),
                    ("   ↑↓ move · enter opens · esc quits", "dim"),
                )
            )
            yield OptionList(
                *(Option(candidate_label(c), id=str(i)) for i, c in enumerate(self.candidates)), id="picker-list"
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        candidate = self.candidates[int(event.option.id or 0)]
        self.dismiss(Path(candidate.path))

    def action_cancel(self) -> None:
        self.dismiss(None)
