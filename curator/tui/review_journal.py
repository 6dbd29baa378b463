"""Review's crash journal: every decision written under `.git/curator/`, offered again on the next start."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from curator.tui.base import CuratorScreen
from curator.tui.review_decisions import Decision, decisions_from_journal, journal_data
from curator.tui.screens.confirm import ConfirmModal


class ReviewJournal(CuratorScreen):
    """The base of ReviewScreen: save the decisions after each one, offer an unfinished review, clear it when applied."""

    decisions: dict[str, Decision]
    drafts: dict[str, str]
    queue: list[str]
    position: int
    journal: Path | None

    def _show(self) -> None:
        raise NotImplementedError

    def _offer_journal(self) -> None:
        from curator.ops.review_state import clear_journal, load_journal

        store = self.curator.session.store
        data = load_journal(store) if store is not None else None
        if not data or store is None:
            return
        decisions = decisions_from_journal(data)
        if not decisions:
            return
        known = {entry.id for entry in self.curator.session.table_entries}
        decisions = {entry_id: decision for entry_id, decision in decisions.items() if entry_id in known}

        def answered(resume: bool | None) -> None:
            if resume:
                self.decisions.update(decisions)
                self.drafts.update({k: v for k, v in (data.get("drafts") or {}).items() if isinstance(v, str)})
                for entry_id in data.get("queue") or []:
                    if entry_id in known and entry_id not in self.queue:
                        self.queue.append(entry_id)
                undecided = [position for position, entry_id in enumerate(self.queue) if entry_id not in self.decisions]
                self.position = undecided[0] if undecided else len(self.queue)
                self.curator.say(
                    f"Resumed the review of {data.get('day', '?')}: {len(decisions)} decision(s) restored."
                )
                self._show()
                self._save_journal()
            else:
                clear_journal(store)

        body = Text(
            f"A review from {data.get('day', '?')} was not applied (curator stopped before it was written).\n\n"
        )
        for entry_id, decision in decisions.items():
            body.append(f"  {decision.kind:7} {entry_id}\n")
        body.append("\nResume it? No discards those decisions.", style="dim")
        self.app.push_screen(ConfirmModal("Resume the unfinished review?", body, "Resume"), answered)

    def _save_journal(self) -> None:
        from curator.ops.review_state import clear_journal, save_journal

        store = self.curator.session.store
        if store is None or self.journal is None:
            return
        try:
            if not self.decisions and not self.drafts:
                clear_journal(store)
                return
            day = self.curator.session.now.date().isoformat()
            save_journal(store, journal_data(day, self.queue, self.position, self.decisions, self.drafts))
        except OSError as error:
            self.curator.say(f"Could not write the review journal: {error}", severity="warning")

    def _clear_journal(self) -> None:
        from curator.ops.review_state import clear_journal

        store = self.curator.session.store
        if store is not None and self.journal is not None:
            try:
                clear_journal(store)
            except OSError:
                pass
