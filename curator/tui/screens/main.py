"""The main screen: summary bar, entry table, detail tabs, and every entry action."""

from __future__ import annotations

import tempfile
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Footer, Input, Static, TabbedContent

from curator.model import Entry, Finding
from curator.tui.commands import MAIN_ACTIONS, bindings
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.expire import ExpireChoice, ExpireModal
from curator.tui.screens.prompt import PromptModal
from curator.tui.view import (
    COLUMNS,
    TYPE_FILTERS,
    ViewState,
    findings_by_entry,
    suggested_partner,
    visible_entries,
)
from curator.tui.widgets.check_view import CheckView, claim_text
from curator.tui.widgets.detail import DetailPane
from curator.tui.widgets.entry_table import EntryTable
from curator.tui.widgets.findings_view import FindingsView
from curator.tui.widgets.history_view import HistoryView
from curator.tui.widgets.summary import SummaryBar

SEARCH_DEBOUNCE_SECONDS = 0.15
DETAIL_DEBOUNCE_SECONDS = 0.05
COLUMN_KEYS = [key for key, _title in COLUMNS]


def claim_fix_values(result) -> tuple[str, str]:
    """The claim's words, and the same words with the claimed value replaced by the observed one."""
    claim = claim_text(result.claim)
    expected = str(getattr(result.claim, "expected", "") or "")
    observed = getattr(result, "observed", None)
    if observed is None:
        return claim, claim
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


class MainScreen(Screen[None]):
    """Browse entries and act on them."""

    CSS_PATH = "main.tcss"

    BINDINGS = bindings(MAIN_ACTIONS)
    ACTION_SPECS = MAIN_ACTIONS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    def __init__(self) -> None:
        super().__init__()
        self.view_state = ViewState()
        self.shown_entry_id: str | None = None
        self._search_timer: Timer | None = None
        self._detail_timer: Timer | None = None
        self._settled = False

    @property
    def session(self):
        return self.app.session

    def compose(self) -> ComposeResult:
        yield SummaryBar(id="summary")
        with Container(id="body"):
            with Vertical(id="list-column"):
                yield Input(placeholder="/ fuzzy search: name, description, body   (enter: keep · esc: clear)", id="search", compact=True)
                yield Static(id="filter-line")
                yield EntryTable(id="entries")
            yield DetailPane(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#search", Input).display = False
        self.query_one(EntryTable).focus()
        self._redraw()

    # --- keeping widgets in step with the session ---------------------------------------------

    def session_changed(self) -> None:
        """Redraw everything that depends on the store, findings and checks."""
        if self.is_mounted:
            self._redraw()

    def _redraw(self) -> None:
        session = self.session
        self.query_one(SummaryBar).show(session.store, session.findings, session.store_path, session.stage, session.partial)
        self.refresh_table()
        self._show_detail(force=True)

    def refresh_table(self, *, keep_cursor_on: str | None = None) -> None:
        session = self.session
        table = self.query_one(EntryTable)
        if session.store is None:
            table.clear()
            self._update_filter_line(0, 0)
            return
        entries = visible_entries(session.store.entries, session.findings, self.view_state, session.now)
        cursor_on = keep_cursor_on or (table.current_entry_id or self.shown_entry_id if self._settled else None)
        self._settled = self._settled or session.stage == "ready"
        table.show_entries(entries, findings_by_entry(session.findings), self.view_state.marked, session.now, keep_cursor_on=cursor_on)
        self._update_filter_line(len(entries), len(session.store.entries))

    def _update_filter_line(self, shown: int, total: int) -> None:
        state = self.view_state
        column_title = dict(COLUMNS)[state.sort_column]
        parts = [
            ("type ", "dim"), (state.type_filter or "all", "bold"),
            ("  flagged ", "dim"), ("only" if state.flagged_only else "any", "bold"),
            ("  sort ", "dim"), (f"{column_title} {'↑' if state.sort_reverse else '↓'}" if not state.query.strip() else "relevance", "bold"),
            (f"  {shown}/{total} shown", "dim"),
        ]
        if state.query.strip():
            parts.append((f"  search “{state.query}”", "italic"))
        if state.marked:
            parts.append((f"  {len(state.marked)} marked", "bold magenta"))
        if state.show_archived:
            parts.append(("  +archived", "dim"))
        self.query_one("#filter-line", Static).update(Text.assemble(*parts))

    @property
    def current_entry(self) -> Entry | None:
        store = self.session.store
        entry_id = self.query_one(EntryTable).current_entry_id
        if store is None or entry_id is None:
            return None
        return store.get(entry_id)

    def _entry_findings(self, entry_id: str) -> list[Finding]:
        return findings_by_entry(self.session.findings).get(entry_id, [])

    @on(DataTable.RowHighlighted, "#entries")
    def _row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        if self._detail_timer is not None:
            self._detail_timer.stop()
        self._detail_timer = self.set_timer(DETAIL_DEBOUNCE_SECONDS, self._show_detail)

    def _show_detail(self, force: bool = False) -> None:
        entry = self.current_entry
        entry_id = entry.id if entry else None
        if not force and entry_id == self.shown_entry_id:
            return
        self.shown_entry_id = entry_id
        session = self.session
        entry_findings = self._entry_findings(entry_id) if entry_id else []
        results = session.check_results.get(entry_id) if entry_id else None
        detail = self.query_one(DetailPane)
        self.query_one("#content-view").show(entry, session.now)
        self.query_one(FindingsView).show(entry_id, entry_findings)
        self.query_one(CheckView).show(entry_id, results, stage=session.stage, project=session.project_root)
        failed = sum(1 for result in results or [] if getattr(result, "verdict", "") == "fail")
        detail.set_counts(len(entry_findings), failed)
        if detail.active == "history":
            self._load_history()

    def _load_history(self) -> None:
        entry = self.current_entry
        if entry is not None and self.session.store is not None and self.session.stage != "loading":
            self.query_one(HistoryView).load(self.session.store, entry.id)

    def forget_history(self) -> None:
        self.query_one(HistoryView).forget()

    @on(TabbedContent.TabActivated, "#detail-tabs")
    def _tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "history":
            self._load_history()

    @on(DataTable.RowSelected, "#entries")
    def _row_selected(self, _event: DataTable.RowSelected) -> None:
        self._show_detail()
        self.query_one(DetailPane).tabs.query_one("ContentTabs").focus()

    @on(DataTable.HeaderSelected, "#entries")
    def _header_selected(self, event: DataTable.HeaderSelected) -> None:
        key = event.column_key.value
        if key == self.view_state.sort_column:
            self.view_state.sort_reverse = not self.view_state.sort_reverse
        else:
            self.view_state.sort_column, self.view_state.sort_reverse = key, False
        self.refresh_table()

    @on(FindingsView.JumpRequested)
    def _jump(self, message: FindingsView.JumpRequested) -> None:
        self.jump_to(message.entry_id)

    def jump_to(self, entry_id: str) -> None:
        """Select the entry, clearing the search and filters when they hide it."""
        store = self.session.store
        if store is not None and store.get(entry_id) is None:
            other = store.find(entry_id)
            where = f"{other.path} (a project instruction file, not this store)" if other else "nowhere in this store"
            self.app.say(f"{entry_id} is {where}.")
            return
        table = self.query_one(EntryTable)
        if not table.select_entry(entry_id):
            self.view_state.query = ""
            self.view_state.type_filter = None
            self.view_state.flagged_only = False
            self.view_state.show_archived = True
            search = self.query_one("#search", Input)
            search.value = ""
            search.display = False
            self.refresh_table(keep_cursor_on=entry_id)
        table.focus()
        self._show_detail(force=True)

    @on(CheckView.ChecksFinished)
    def _entry_checks_finished(self, message: CheckView.ChecksFinished) -> None:
        if message.error or message.outcome is None:
            self.app.say(f"checks failed to run: {message.error}", severity="error")
            return
        self.app.replace_entry_checks(message.entry_id, message.outcome)

    # --- search --------------------------------------------------------------------------------

    def action_search(self) -> None:
        search = self.query_one("#search", Input)
        search.display = True
        search.focus()

    @on(Input.Changed, "#search")
    def _search_changed(self, event: Input.Changed) -> None:
        if self._search_timer is not None:
            self._search_timer.stop()
        value = event.value
        self._search_timer = self.set_timer(SEARCH_DEBOUNCE_SECONDS, lambda: self._apply_search(value))

    def _apply_search(self, value: str) -> None:
        self.view_state.query = value
        self.refresh_table()
        table = self.query_one(EntryTable)
        if table.row_count:
            table.move_cursor(row=0, animate=False)

    @on(Input.Submitted, "#search")
    def _search_submitted(self, event: Input.Submitted) -> None:
        if self._search_timer is not None:
            self._search_timer.stop()
        self._apply_search(event.value)
        self.query_one(EntryTable).focus()

    def key_escape(self) -> None:
        search = self.query_one("#search", Input)
        if search.display or self.view_state.query:
            search.value = ""
            search.display = False
            self.view_state.query = ""
            self.refresh_table()
            self.query_one(EntryTable).focus()
        elif self.view_state.marked:
            self.view_state.marked.clear()
            self.refresh_table()

    # --- filters and sorting -------------------------------------------------------------------

    def action_cycle_type(self) -> None:
        position = TYPE_FILTERS.index(self.view_state.type_filter)
        self.view_state.type_filter = TYPE_FILTERS[(position + 1) % len(TYPE_FILTERS)]
        self.refresh_table()

    def action_toggle_flagged(self) -> None:
        self.view_state.flagged_only = not self.view_state.flagged_only
        self.refresh_table()

    def action_toggle_archived(self) -> None:
        self.view_state.show_archived = not self.view_state.show_archived
        self.refresh_table()

    def action_cycle_sort(self) -> None:
        position = COLUMN_KEYS.index(self.view_state.sort_column)
        self.view_state.sort_column = COLUMN_KEYS[(position + 1) % len(COLUMN_KEYS)]
        self.view_state.sort_reverse = False
        self.refresh_table()

    def action_reverse_sort(self) -> None:
        self.view_state.sort_reverse = not self.view_state.sort_reverse
        self.refresh_table()

    def action_show_tab(self, tab: str) -> None:
        self.query_one(DetailPane).active = tab

    def action_next_flagged(self) -> None:
        flags = findings_by_entry(self.session.findings)
        table = self.query_one(EntryTable)
        start = table.cursor_row
        for offset in range(1, table.row_count + 1):
            row = (start + offset) % table.row_count
            row_key = table.coordinate_to_cell_key((row, 0)).row_key.value
            if row_key in flags:
                table.move_cursor(row=row, animate=False)
                return
        self.app.say("No flagged entries are shown.")

    def action_rescan(self) -> None:
        self.forget_history()
        self.app.reload()

    # --- actions on entries ----------------------------------------------------------------------

    def _require_entry(self, *, active: bool = True) -> Entry | None:
        entry = self.current_entry
        if entry is None:
            self.app.say("Select an entry first.", severity="warning")
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
        self._update_filter_line(self.query_one(EntryTable).row_count, len(self.session.store.entries))
        table = self.query_one(EntryTable)
        if table.cursor_row + 1 < table.row_count:
            table.move_cursor(row=table.cursor_row + 1, animate=False)

    def action_edit(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        from curator.tui.screens.edit import EditScreen

        def saved(new_text: str | None) -> None:
            if new_text is not None:
                self.save_text(entry.id, new_text)

        self.app.push_screen(EditScreen(entry), saved)

    def save_text(self, entry_id: str, new_text: str) -> None:
        from curator import ops

        self.app.run_op(lambda store: ops.edit(store, entry_id, text=new_text))

    def action_edit_external(self) -> None:
        entry = self._require_entry()
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
            self.app.run_op(lambda store: ops.merge(store, plan.ids, name=plan.name, text=plan.text), after=after)

        self.app.push_screen(MergeScreen(self.session.store, ids), confirmed)

    def action_expire(self) -> None:
        entry = self._require_entry()
        if entry is None:
            return
        if entry.status == "expired":
            self.app.say(f"{entry.id} is already expired; X restores it.", severity="warning")
            return
        self.ask_expire(entry, default_expire_reason(self._entry_findings(entry.id)))

    def ask_expire(self, entry: Entry, reason: str, after=None) -> None:
        from curator import ops

        def chosen(choice: ExpireChoice | None) -> None:
            if choice is None:
                return
            now = self.session.now
            self.app.run_op(lambda store: ops.expire(store, entry.id, reason=choice.reason, at=choice.at, now=now), after=after)

        self.app.push_screen(ExpireModal(entry.id, reason), chosen)

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
        entry = self._require_entry(active=False)
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
        from curator.tui.widgets.check_view import probe_text

        claim = claim_text(result.claim)
        old_value, new_value = claim_fix_values(result)
        explanation = Text.assemble(("Claim: ", "bold"), (claim, ""), ("\n", ""))
        explanation.append_text(probe_text(getattr(result, "probe", None)))
        fields = [
            ("old", "Text in the entry", old_value),
            ("new", "Replace with (what the project shows)", new_value),
            ("reason", "Reason (goes into the commit)", f"checked against the project: {getattr(result.probe, 'command', '')}"),
        ]
        today = self.session.now.date()

        def answered(values: dict[str, str] | None) -> None:
            if values is None:
                return
            self.app.run_op(lambda store: ops.fix_claim(store, entry.id, old=values["old"], new=values["new"], on=today, reason=values["reason"]))

        self.app.push_screen(PromptModal("Update memory from evidence", fields, explanation=explanation, ok_label="Update"), answered)
