"""Entry actions of the main screen: edit, $EDITOR, mark, merge, expire, restore, review, dismiss, undo, fix."""

from __future__ import annotations

import tempfile
from pathlib import Path

from rich.text import Text

from curator.model import Entry, Finding
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.expire import ExpireChoice, ExpireModal
from curator.tui.index_row import IndexFix, index_fixes, is_index
from curator.tui.review_decisions import inbound_wiki_labels
from curator.tui.screens.prompt import PromptModal
from curator.tui.view import suggested_partner
from curator.tui.widgets.check_view import CheckView, claim_text
from curator.tui.widgets.detail import DetailPane
from curator.tui.widgets.entry_table import EntryTable
from curator.tui.widgets.findings_view import FindingsView

def claim_fix_values(result, body: str = "") -> tuple[str, str]:
    """The claim's words, and the same words with the claimed value replaced by the observed one.

    When the claim's words are not exactly once in `body`, the whole line holding them is offered
    instead, so the replacement is unambiguous.
    """
    claim = claim_text(result.claim)
    expected = str(getattr(result.claim, "expected", "") or "")
    observed = getattr(result, "observed", None)
    if observed is None:
        return claim, claim
    if body.count(claim) > 1:
        line = next((line for line in body.splitlines() if claim in line), "")
        if line.strip() and body.count(line) == 1:
            return line, line.replace(expected or claim, str(observed))
    if expected and expected in claim:
        return claim, claim.replace(expected, str(observed), 1)
    return claim, str(observed)


REASON_CHARS = 120


def short_reason(reason: str) -> str:
    """A reason cut to a readable length for the archive's `expired_reason`."""
    return reason if len(reason) <= REASON_CHARS else reason[: REASON_CHARS - 1] + "…"


def default_expire_reason(entry_findings: list[Finding]) -> str:
    """A reason prefilled from the entry's most serious finding."""
    for finding in entry_findings:
        if finding.rule in ("expired-date", "outdated-number", "conflict", "duplicate", "stale", "check-failed"):
            return short_reason(f"{finding.rule}: {finding.message}")
    return ""


class EntryActions:
    """Mixed into MainScreen: every action that changes an entry goes through ops via App.run_op."""


    def _require_entry(self, *, active: bool = True, index_ok: bool = False) -> Entry | None:
        entry = self.current_entry
        if entry is None:
            self.app.say("Select an entry first.", severity="warning")
            return None
        if is_index(entry) and not index_ok:
            self.app.say(f"{entry.id} is the index, not a memory: e edits it, I fixes what its findings point at.", severity="warning")
            return None
        if active and entry.status == "unreadable":
            self.app.say(f"{entry.id} could not be read; fix the file by hand first.", severity="warning")
            return None
        return entry

    def action_mark(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        marked = self.view_state.marked
        marked.symmetric_difference_update({entry.id})
        self.query_one(EntryTable).redraw_entry(entry, self._entry_findings(entry.id), entry.id in marked, self.session.now)
        self._update_filter_line(self.query_one(EntryTable).row_count, len(self.session.table_entries))

    def action_edit(self) -> None:
        entry = self._require_entry(index_ok=True)
        if entry is None:
            return
        from curator.tui.screens.edit import EditScreen

        def saved(new_text: str | None) -> None:
            if new_text is not None:
                self.save_text(entry.id, new_text)

        self.app.push_screen(EditScreen(entry), saved)

    def save_text(self, entry_id: str, new_text: str) -> None:
        from curator import ops

        entry = self.session.entry(entry_id)

        def refused(error: str) -> None:
            if entry is None:
                return
            from curator.tui.screens.edit import EditScreen

            def saved(again: str | None) -> None:
                if again is not None:
                    self.save_text(entry_id, again)

            notice = f"Not saved: {error}\nYour text is kept here; ctrl+s writes it over the version now on disk, esc discards it."
            self.app.push_screen(EditScreen(entry, text=new_text, notice=notice), saved)

        if is_index(entry):
            self.app.run_op(lambda store: ops.index_write(store, new_text), on_error=refused)
            return
        self.app.run_op(lambda store: ops.edit(store, entry_id, text=new_text), on_error=refused)

    def action_index_fix(self) -> None:
        entry = self._require_entry(active=False, index_ok=True)
        if entry is None:
            return
        fixes = index_fixes(self.session.store, self.session.findings, entry)
        if not fixes:
            what = "the index has no findings to fix" if is_index(entry) else f"no index finding names {entry.id}"
            self.app.say(f"Nothing to fix in the index: {what} (e edits it by hand).")
            return
        from curator.tui.screens.index_fix import IndexFixModal, run_index_fix

        def chosen(fix: IndexFix | None) -> None:
            if fix is not None:
                self.app.run_op(lambda store: run_index_fix(store, fix))

        self.app.push_screen(IndexFixModal(fixes), chosen)

    def action_edit_external(self) -> None:
        entry = self._require_entry(index_ok=True)
        if entry is None:
            return
        from curator.tui import editor

        original = entry.text or entry.body
        suffix = Path(entry.path).suffix or ".md"
        with tempfile.TemporaryDirectory(prefix="curator-edit-") as scratch:
            scratch_file = Path(scratch) / (Path(entry.path).stem + suffix)
            scratch_file.write_text(original, encoding="utf-8")
            try:
                try:
                    with self.app.suspend():
                        editor.run_external_editor(scratch_file)
                except Exception as exc:
                    if type(exc).__name__ != "SuspendNotSupported":
                        raise
                    editor.run_external_editor(scratch_file)
            except editor.EditorError as exc:
                self.app.say(str(exc), severity="error")
                return
            new_text = scratch_file.read_text(encoding="utf-8")
        if new_text == original:
            self.app.say("No changes.")
            return
        self.save_text(entry.id, new_text)

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
            if partner is None or self.session.store.get(partner) is None:
                self.app.say("Mark two or more entries with space (or pick one with a duplicate/conflict).", severity="warning")
                return
            ids = [entry.id, partner]
        self.open_merge(ids)

    def open_merge(self, ids: list[str], after=None) -> None:
        from curator.tui.screens.merge import MergePlan, MergeScreen

        def confirmed(plan: MergePlan | None) -> None:
            if plan is None:
                return
            from curator import ops

            self.view_state.marked.clear()
            reason = ops.merge_reason(self.session.findings, plan.ids)
            self.app.run_op(lambda store: ops.merge(store, plan.ids, name=plan.name, text=plan.text, reason=reason), after=after)

        self.app.push_screen(MergeScreen(self.session.store, ids), confirmed)

    def action_expire(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        if entry.status == "expired":
            self.app.say(f"{entry.id} is already expired; X restores it.", severity="warning")
            return
        self.ask_expire(entry, default_expire_reason(self._entry_findings(entry.id)), partner=suggested_partner(entry.id, self.session.findings))

    def ask_expire(self, entry: Entry, reason: str, after=None, partner: str | None = None) -> None:
        from curator import ops

        def chosen(choice: ExpireChoice | None) -> None:
            if choice is None:
                return
            now = self.session.now
            self.app.run_op(
                lambda store: ops.expire(
                    store, entry.id, reason=choice.reason, at=choice.at, now=now, unlink=choice.unlink, relink_to=choice.relink_to
                ),
                after=after,
            )

        store = self.session.store
        live_partner = partner if store is not None and (other := store.get(partner or "")) is not None and other.kind == "file" else None
        links = inbound_wiki_labels(store, [entry.id])
        self.app.push_screen(ExpireModal(entry.id, reason, links, live_partner), chosen)

    def action_restore(self) -> None:
        entry = self.current_entry
        if entry is None or entry.status != "expired":
            self.view_state.show_archived = True
            self.refresh_table()
            self.app.say("Select an expired entry to restore (archived entries are now shown, struck through).")
            return
        from curator import ops

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.app.run_op(lambda store: ops.restore(store, entry.id))

        self.app.push_screen(ConfirmModal(f"Restore {entry.id}?", "It moves back from the archive and gets its index line again.", "Restore"), answered)

    def action_review_stamp(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        from curator import ops

        today = self.session.now.date()
        self.app.run_op(lambda store: ops.review(store, entry.id, on=today))

    def action_dismiss(self) -> None:
        entry = self._require_entry(active=False, index_ok=True)
        if entry is None:
            return
        findings_view = self.query_one(FindingsView)
        finding = findings_view.selected if findings_view.entry_id == entry.id else None
        finding = finding or next(iter(self._entry_findings(entry.id)), None)
        if finding is None:
            self.app.say("This entry has no findings to dismiss.")
            return
        self.ask_dismiss(finding)

    def ask_dismiss(self, finding: Finding, after=None) -> None:
        from curator import ops

        explanation = Text.assemble((f"{finding.rule} ", "bold"), (finding.message, ""), ("\n\nA suppression goes into .curator.toml; the finding stops showing.", "dim"))

        def answered(values: dict[str, str] | None) -> None:
            if values is None:
                return
            reason = values["reason"].strip()
            self.app.run_op(lambda store: ops.dismiss(store, finding, reason=reason), after=after)

        self.app.push_screen(PromptModal("Dismiss finding", [("reason", "Why is this not a problem?", "")], explanation=explanation, ok_label="Dismiss"), answered)

    def action_undo(self) -> None:
        from curator import ops

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.app.run_op(lambda store: ops.undo(store))

        self.app.push_screen(ConfirmModal("Undo the last curator change?", "The last curator commit is reverted with a new commit (history keeps both).", "Undo"), answered)

    def action_conflicts(self) -> None:
        from curator.tui.screens.conflicts import ConflictsScreen

        if self.session.stage in ("loading", "history", "rules"):
            self.app.say("Still finding conflicts; the view fills in when the rules finish.")
        self.app.push_screen(ConflictsScreen())

    def action_inbox(self) -> None:
        from curator.tui.screens.inbox import InboxScreen

        self.app.push_screen(InboxScreen())

    def action_trends(self) -> None:
        from curator.tui.screens.trends import TrendsScreen

        self.app.push_screen(TrendsScreen())

    def action_review(self) -> None:
        from curator.tui.screens.review import ReviewScreen

        if self.session.stage in ("loading", "history", "rules"):
            self.app.say("Wait for the rules to finish: the review walks the flagged entries.", severity="warning")
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
        failing = [result for result in check_view.results if getattr(result, "verdict", "") == "fail"]
        result = check_view.selected if getattr(check_view.selected, "verdict", "") == "fail" else next(iter(failing), None)
        if result is None:
            self.app.say("No failed check to update from (Check tab).", severity="warning")
            return
        self.ask_fix_claim(entry, result)

    def ask_fix_claim(self, entry: Entry, result) -> None:
        from curator import ops

        today = self.session.now.date()

        def answered(values: dict[str, str] | None) -> None:
            if values is None:
                return
            self.app.run_op(lambda store: ops.fix_claim(store, entry.id, old=values["old"], new=values["new"], on=today, reason=values["reason"]))

        self.app.push_screen(fix_claim_prompt(entry, result), answered)


def fix_claim_prompt(entry: Entry, result, ok_label: str = "Update") -> PromptModal:
    """The form that turns a failed check into a replacement: old text, new text, reason."""
    from curator.tui.widgets.check_view import probe_text

    claim = claim_text(result.claim)
    old_value, new_value = claim_fix_values(result, entry.body)
    explanation = Text.assemble(("Claim: ", "bold"), (claim, ""), ("\n", ""))
    if getattr(result, "explanation", ""):
        explanation.append(f"{result.explanation}\n", style="italic")
    explanation.append_text(probe_text(getattr(result, "probe", None)))
    fields = [
        ("old", "Text in the entry", old_value),
        ("new", "Replace with (what the project shows)", new_value),
        ("reason", "Reason (goes into the commit)", f"checked against the project: {getattr(result.probe, 'command', '')}"),
    ]
    return PromptModal("Update memory from evidence", fields, explanation=explanation, ok_label=ok_label)
