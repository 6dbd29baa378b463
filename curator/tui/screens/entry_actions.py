"""Entry actions of the main screen: edit, $EDITOR, mark, merge, expire, restore, review, dismiss, undo, fix."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import SuspendNotSupported

from curator import editor, ops
from curator.checks.results import CheckResult
from curator.model import Entry, Finding
from curator.tui.base import CuratorScreen
from curator.tui.index_row import IndexFix, index_fixes, is_index
from curator.tui.review_decisions import inbound_wiki_labels
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.conflicts import ConflictsScreen
from curator.tui.screens.edit import EditScreen
from curator.tui.screens.expire import ExpireChoice, ExpireModal
from curator.tui.screens.fix_claim import fix_claim_prompt
from curator.tui.screens.inbox import InboxScreen
from curator.tui.screens.index_fix import IndexFixModal, run_index_fix
from curator.tui.screens.merge import MergePlan, MergeScreen
from curator.tui.screens.prompt import PromptModal
from curator.tui.screens.prune import PruneScreen
from curator.tui.screens.review import ReviewScreen
from curator.tui.screens.trends import TrendsScreen
from curator.tui.view import ViewState, default_expire_reason, suggested_partner
from curator.tui.widgets.check_view import CheckView
from curator.tui.widgets.detail import DetailPane
from curator.tui.widgets.entry_table import EntryTable
from curator.tui.widgets.findings_view import FindingsView


class EntryActions(CuratorScreen):
    """The base of MainScreen: every action that changes an entry goes through ops via the app's run_op."""

    view_state: ViewState

    @property
    def current_entry(self) -> Entry | None:
        raise NotImplementedError

    def _entry_findings(self, entry_id: str) -> list[Finding]:
        raise NotImplementedError

    def refresh_table(self, *, keep_cursor_on: str | None = None) -> None:
        raise NotImplementedError

    def _update_filter_line(self, shown: int, total: int) -> None:
        raise NotImplementedError

    def _require_entry(self, *, active: bool = True, index_ok: bool = False) -> Entry | None:
        entry = self.current_entry
        if entry is None:
            self.curator.say("Select an entry first.", severity="warning")
            return None
        if is_index(entry) and not index_ok:
            self.curator.say(
                f"{entry.id} is the index, not a memory: e edits it, I fixes what its findings point at.",
                severity="warning",
            )
            return None
        if active and entry.status == "unreadable":
            self.curator.say(f"{entry.id} could not be read; fix the file by hand first.", severity="warning")
            return None
        return entry

    def action_mark(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        marked = self.view_state.marked
        marked.symmetric_difference_update({entry.id})
        self.query_one(EntryTable).redraw_entry(
            entry, self._entry_findings(entry.id), entry.id in marked, self.session.now
        )
        self._update_filter_line(self.query_one(EntryTable).row_count, len(self.session.table_entries))

    def action_edit(self) -> None:
        entry = self._require_entry(index_ok=True)
        if entry is None:
            return

        def saved(new_text: str | None) -> None:
            if new_text is not None:
                self.save_text(entry.id, new_text)

        self.app.push_screen(EditScreen(entry), saved)

    def save_text(self, entry_id: str, new_text: str) -> None:
        entry = self.session.entry(entry_id)

        def refused(error: str) -> None:
            if entry is None:
                return

            def saved(again: str | None) -> None:
                if again is not None:
                    self.save_text(entry_id, again)

            notice = f"Not saved: {error}\nYour text is kept here; ctrl+s writes it over the version now on disk, esc discards it."
            self.app.push_screen(EditScreen(entry, text=new_text, notice=notice), saved)

        if is_index(entry):
            self.curator.run_op(lambda store: ops.index_write(store, new_text), on_error=refused)
            return
        self.curator.run_op(lambda store: ops.edit_keeping_draft(store, entry_id, new_text), on_error=refused)

    def action_index_fix(self) -> None:
        entry = self._require_entry(active=False, index_ok=True)
        if entry is None:
            return
        fixes = index_fixes(self.session.store, self.session.findings, entry)
        if not fixes:
            what = "the index has no findings to fix" if is_index(entry) else f"no index finding names {entry.id}"
            self.curator.say(f"Nothing to fix in the index: {what} (e edits it by hand).")
            return

        def chosen(fix: IndexFix | None) -> None:
            if fix is not None:
                self.curator.run_op(lambda store: run_index_fix(store, fix))

        self.app.push_screen(IndexFixModal(fixes), chosen)

    def action_edit_external(self) -> None:
        entry = self._require_entry(index_ok=True)
        if entry is None:
            return
        original = entry.text or entry.body
        try:
            new_text = editor.edit_text(
                original, name=Path(entry.path).name or "entry.md", launch=self._launch_suspended
            )
        except editor.EditorError as exc:
            self.curator.say(str(exc), severity="error")
            return
        if new_text == original:
            self.curator.say("No changes.")
            return
        self.save_text(entry.id, new_text)

    def _launch_suspended(self, path: Path) -> None:
        """Run the editor with the TUI suspended (or as is, where the terminal cannot be suspended)."""
        try:
            with self.app.suspend():
                editor.run_external_editor(path)
        except SuspendNotSupported:
            editor.run_external_editor(path)

    def action_merge(self) -> None:
        store = self.session.store
        if store is None:
            return
        ids = [entry.id for entry in store.entries if entry.id in self.view_state.marked]
        if len(ids) < 2:
            entry = self._require_entry()
            if entry is None:
                return
            partner = suggested_partner(entry.id, self.session.findings)
            if partner is None or store.get(partner) is None:
                self.curator.say(
                    "Mark two or more entries with space (or pick one with a duplicate/conflict).", severity="warning"
                )
                return
            ids = [entry.id, partner]
        self.open_merge(ids)

    def open_merge(self, ids: list[str], after=None) -> None:
        def confirmed(plan: MergePlan | None) -> None:
            if plan is None:
                return
            self.view_state.marked.clear()
            reason = ops.merge_reason(self.session.findings, plan.ids)
            self.curator.run_op(
                lambda store: ops.merge(store, plan.ids, name=plan.name, text=plan.text, reason=reason), after=after
            )

        store = self.session.store
        if store is not None:
            self.app.push_screen(MergeScreen(store, ids), confirmed)

    def action_expire(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        if entry.status == "expired":
            self.curator.say(f"{entry.id} is already expired; X restores it.", severity="warning")
            return
        self.ask_expire(
            entry,
            default_expire_reason(self._entry_findings(entry.id)),
            partner=suggested_partner(entry.id, self.session.findings),
        )

    def ask_expire(self, entry: Entry, reason: str, after=None, partner: str | None = None) -> None:
        def chosen(choice: ExpireChoice | None) -> None:
            if choice is None:
                return
            now = self.session.now
            self.curator.run_op(
                lambda store: ops.expire(
                    store,
                    entry.id,
                    reason=choice.reason,
                    at=choice.at,
                    now=now,
                    unlink=choice.unlink,
                    relink_to=choice.relink_to,
                ),
                after=after,
            )

        store = self.session.store
        live_partner = (
            partner
            if store is not None and (other := store.get(partner or "")) is not None and other.kind == "file"
            else None
        )
        links = inbound_wiki_labels(store, [entry.id])
        self.app.push_screen(ExpireModal(entry.id, reason, links, live_partner), chosen)

    def action_restore(self) -> None:
        entry = self.current_entry
        if entry is None or entry.status != "expired":
            self.view_state.show_archived = True
            self.refresh_table()
            self.curator.say("Select an expired entry to restore (archived entries are now shown, struck through).")
            return

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.curator.run_op(lambda store: ops.restore(store, entry.id))

        self.app.push_screen(
            ConfirmModal(
                f"Restore {entry.id}?", "It moves back from the archive and gets its index line again.", "Restore"
            ),
            answered,
        )

    def action_review_stamp(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        today = self.session.now.date()
        self.curator.run_op(lambda store: ops.review(store, entry.id, on=today))

    def action_dismiss_finding(self) -> None:
        entry = self._require_entry(active=False, index_ok=True)
        if entry is None:
            return
        findings_view = self.query_one(FindingsView)
        finding = findings_view.selected if findings_view.entry_id == entry.id else None
        finding = finding or next(iter(self._entry_findings(entry.id)), None)
        if finding is None:
            self.curator.say("This entry has no findings to dismiss.")
            return
        self.ask_dismiss(finding)

    def ask_dismiss(self, finding: Finding, after=None) -> None:
        explanation = Text.assemble(
            (f"{finding.rule} ", "bold"),
            (finding.message, ""),
            ("\n\nA suppression goes into .curator.toml; the finding stops showing.", "dim"),
        )

        def answered(values: dict[str, str] | None) -> None:
            if values is None:
                return
            reason = values["reason"].strip()
            self.curator.run_op(lambda store: ops.dismiss(store, finding, reason=reason), after=after)

        self.app.push_screen(
            PromptModal(
                "Dismiss finding",
                [("reason", "Why is this not a problem?", "")],
                explanation=explanation,
                ok_label="Dismiss",
            ),
            answered,
        )

    def action_promote(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        if self.session.project_root is None:
            self.curator.say(
                "This store has no project, so there is no instruction file to promote to.", severity="warning"
            )
            return
        explanation = Text.assemble(
            (f"{entry.id} ", "bold"),
            (
                "becomes a rule in the project's instruction file, under the heading, and moves to the archive "
                "with a pointer to the rule (one commit per repository).",
                "",
            ),
        )

        def answered(values: dict[str, str] | None) -> None:
            if values is None:
                return
            from curator.ops.promote import promote

            to, heading = values["to"].strip(), values["heading"].strip() or "Learned from memory"
            self.curator.run_op(lambda store: promote(store, entry.id, to=to, heading=heading))

        fields = [
            ("to", "Instruction file (CLAUDE.md, AGENTS.md or .claude/rules/NAME.md)", "CLAUDE.md"),
            ("heading", "Under the heading", "Learned from memory"),
        ]
        self.app.push_screen(
            PromptModal("Promote to a team rule", fields, explanation=explanation, ok_label="Promote"), answered
        )

    def action_undo(self) -> None:
        store = self.session.store
        if store is None:
            return
        step = ops.next_undo(store)
        if step.blocked:
            self.curator.say(f"Nothing to undo: {step.blocked}", severity="warning")
            return

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.curator.run_op(lambda store: ops.undo(store))

        files = ", ".join(step.paths[:4]) + (f" (+{len(step.paths) - 4} more)" if len(step.paths) > 4 else "")
        explanation = (
            f"Next undo reverts {step.commit[:7] if step.commit else ''} “{step.subject}” ({files}) with a new "
            "commit; history keeps both. Undo again to walk further back; `curator redo` re-applies."
        )
        self.app.push_screen(ConfirmModal(f"Undo “{step.subject}”?", explanation, "Undo"), answered)

    def action_conflicts(self) -> None:
        if self.session.stage in ("loading", "history", "usage", "rules"):
            self.curator.say("Still finding conflicts; the view fills in when the rules finish.")
        self.app.push_screen(ConflictsScreen())

    def action_inbox(self) -> None:
        self.app.push_screen(InboxScreen())

    def action_trends(self) -> None:
        self.app.push_screen(TrendsScreen())

    def action_prune(self) -> None:
        self.app.push_screen(PruneScreen())

    def action_review(self) -> None:
        if self.session.stage in ("loading", "history", "usage", "rules"):
            self.curator.say("Wait for the rules to finish: the review walks the flagged entries.", severity="warning")
            return
        self.app.push_screen(ReviewScreen())

    def action_rerun_checks(self) -> None:
        entry = self._require_entry()
        if entry is None or self.session.store is None:
            return
        self.query_one(DetailPane).active = "check"
        self.query_one(CheckView).rerun(self.session.store, entry.id)

    def action_adhoc_probe(self) -> None:
        self.query_one(DetailPane).active = "check"
        self.query_one(CheckView).focus_adhoc()

    def action_fix_claim(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        check_view = self.query_one(CheckView)
        shown = check_view.entry_id == entry.id
        results = check_view.results if shown else self.session.check_results.get(entry.id, [])
        failing = [result for result in results if result.verdict == "fail"]
        selected = check_view.selected if shown else None
        result = selected if selected is not None and selected.verdict == "fail" else next(iter(failing), None)
        if result is None:
            self.curator.say("No failed check to update from (Check tab).", severity="warning")
            return
        self.ask_fix_claim(entry, result)

    def ask_fix_claim(self, entry: Entry, result: CheckResult) -> None:
        today = self.session.now.date()

        def answered(values: dict[str, str] | None) -> None:
            if values is None:
                return
            self.curator.run_op(
                lambda store: ops.fix_claim(
                    store, entry.id, old=values["old"], new=values["new"], on=today, reason=values["reason"]
                )
            )

        self.app.push_screen(fix_claim_prompt(entry, result), answered)
