"""Main-screen actions on secrets: reveal them in the Content tab (locally, for one entry) and redact them."""

from __future__ import annotations

from rich.text import Text

from curator.tui.screens.confirm import ConfirmModal
from curator.tui.widgets.content_view import ContentView


class SecretActions:
    """Mixed into the main screen: `r` reveals or hides, `D` redacts the selected entry's secrets."""

    def action_toggle_secrets(self) -> None:
        view = self.query_one("#content-view", ContentView)  # type: ignore[attr-defined]
        if view.entry is None or not view.secret_count:
            self.app.say("This entry holds no detected secret.")  # type: ignore[attr-defined]
            return
        shown = view.toggle_reveal()
        self.app.say("Secrets shown in full on this screen only; r hides them." if shown else "Secrets masked again.")  # type: ignore[attr-defined]

    def action_redact(self) -> None:
        entry = self._require_entry()  # type: ignore[attr-defined]
        if entry is None:
            return
        view = self.query_one("#content-view", ContentView)  # type: ignore[attr-defined]
        if not view.secret_count and not any(
            finding.rule == "secret"
            for finding in self._entry_findings(entry.id)  # type: ignore[attr-defined]
        ):
            self.app.say("This entry holds no detected secret; nothing to redact.")  # type: ignore[attr-defined]
            return
        from curator.ops.redact import STILL_EXPOSED, redact

        body = Text.assemble(
            f"Every secret detected in {entry.id} is replaced with <redacted:TYPE>; nothing else changes, "
            "one commit, undo with u.\n\n",
            (f"Then rotate it: {STILL_EXPOSED}.", "bold red"),
        )

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.app.run_op(lambda store: redact(store, entry.id))  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmModal(f"Redact the secrets in {entry.id}?", body, "Redact"), answered)  # type: ignore[attr-defined]
