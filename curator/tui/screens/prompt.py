"""A small form modal: a few labelled inputs, submitted with enter."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static


class PromptModal(ModalScreen[dict[str, str] | None]):
    """Ask for one or more values; returns them by name, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="prompt-cancel")]

    def __init__(
        self, title: str, fields: list[tuple[str, str, str]], *, explanation: Text | str = "", ok_label: str = "OK"
    ) -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields
        self.explanation = explanation if isinstance(explanation, Text) else Text(explanation)
        self.ok_label = ok_label

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Label(Text(self.title_text, style="bold"), classes="dialog-title")
            if self.explanation.plain:
                with VerticalScroll(classes="dialog-body"):
                    yield Static(self.explanation)
            for name, label, value in self.fields:
                yield Label(label)
                yield Input(value=value, id=f"prompt-{name}", compact=True, classes="dialog-input")
            yield Static(id="prompt-error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.ok_label, variant="primary", id="prompt-ok")
                yield Button("Cancel", id="prompt-cancel-button")

    def on_mount(self) -> None:
        self.query(Input).first().focus()

    def _values(self) -> dict[str, str]:
        return {name: self.query_one(f"#prompt-{name}", Input).value for name, _label, _value in self.fields}

    def _submit(self) -> None:
        values = self._values()
        if any(not value.strip() for value in values.values()):
            self.query_one("#prompt-error", Static).update(Text("Every field is required.", style="red"))
            return
        self.dismiss(values)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        position = inputs.index(event.input)
        if position + 1 < len(inputs):
            inputs[position + 1].focus()
        else:
            self._submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "prompt-ok":
            self._submit()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
