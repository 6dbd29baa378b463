"""The main screen: summary bar, entry table, detail tabs, and every entry action."""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input, Static, TabbedContent

from curator.model import Entry, Finding
from curator.tui.commands import MAIN_ACTIONS, SECRET_ACTIONS, bindings
from curator.tui.screens.entry_actions import EntryActions
from curator.tui.screens.secret_actions import SecretActions
from curator.tui.usage_view import USAGE_COLUMNS
from curator.tui.view import (
    COLUMNS,
    TYPE_FILTERS,
    ViewState,
    visible_entries,
)
from curator.tui.widgets.check_view import CheckView
from curator.tui.widgets.content_view import ContentView
from curator.tui.widgets.detail import DetailPane
from curator.tui.widgets.entry_table import EntryTable
from curator.tui.widgets.findings_view import FindingsView
from curator.tui.widgets.footer import StableFooter
from curator.tui.widgets.history_view import HistoryView
from curator.tui.widgets.summary import SummaryBar
from curator.usage import store_usage

SEARCH_DEBOUNCE_SECONDS = 0.15
DETAIL_DEBOUNCE_SECONDS = 0.05
COLUMN_KEYS = [key for key, _title in COLUMNS]
TAB_LISTS = {"history": "#history-commits", "findings": "#findings-list", "check": "#check-results"}


class MainScreen(SecretActions, EntryActions):
    """Browse entries and act on them."""

    CSS_PATH = "main.tcss"

    BINDINGS = bindings(MAIN_ACTIONS + SECRET_ACTIONS)
    ACTION_SPECS = MAIN_ACTIONS + SECRET_ACTIONS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    def __init__(self) -> None:
        super().__init__()
        self.view_state = ViewState()
        self.shown_entry_id: str | None = None
        self._search_timer: Timer | None = None
        self._detail_timer: Timer | None = None
        self._settled = False
        self._journal_checked = False
        self._order_inputs: tuple[tuple, tuple] | None = None
        self._stale_tabs: set[str] = set()

    def compose(self) -> ComposeResult:
        yield SummaryBar(id="summary")
        with Container(id="body"):
            with Vertical(id="list-column"):
                yield Input(
                    placeholder="/ fuzzy search: name, description, body   (enter: keep · esc: clear)",
                    id="search",
                    compact=True,
                )
                yield Static(id="filter-line")
                yield EntryTable(id="entries")
            yield DetailPane(id="detail")
        yield StableFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.watch(self.app, "session_revision", self.session_changed, init=False)
        self.query_one("#search", Input).display = False
        self.query_one(EntryTable).focus()
        self._redraw()

    # --- keeping widgets in step with the session ---------------------------------------------

    def session_changed(self) -> None:
        """Redraw everything that depends on the store, findings and checks."""
        if self.is_mounted:
            self._redraw()

    class JournalFound(Message):
        """An unfinished review journal was found for this store."""

        def __init__(self, day: str, count: int) -> None:
            super().__init__()
            self.day = day
            self.count = count

    @work(thread=True, exclusive=True, exit_on_error=False, group="journal", description="_look_for_journal")
    def _look_for_journal(self, store) -> None:
        from curator.ops.review_state import load_journal

        data = load_journal(store)
        if data and data.get("decisions"):
            self.post_message(self.JournalFound(str(data.get("day", "?")), len(data["decisions"])))

    @on(JournalFound)
    def _journal_found(self, message: JournalFound) -> None:
        self.curator.say(
            f"An unfinished review from {message.day} holds {message.count} decision(s): R offers to resume it.",
            timeout=10,
        )

    def _redraw(self) -> None:
        session = self.session
        if session.stage == "ready" and session.store is not None and not self._journal_checked:
            self._journal_checked = True
            self._look_for_journal(session.store)
        self.refresh_summary()
        self.refresh_table()
        self._show_detail(force=True)

    def refresh_summary(self) -> None:
        """Redraw the summary bar only (the trend's sparkline arrives on its own)."""
        session = self.session
        self.query_one(SummaryBar).show(
            session.store,
            session.findings,
            session.store_path,
            session.stage,
            session.partial,
            session.review,
            session.now,
            session.trend,
        )

    def refresh_table(self, *, keep_cursor_on: str | None = None) -> None:
        """Re-filter and re-sort the rows when what decides their order changed, else only redraw them."""
        session = self.session
        table = self.query_one(EntryTable)
        if session.store is None:
            self._order_inputs = None
            table.clear()
            self._update_filter_line(0, 0)
            return
        usage = store_usage(session.store)
        order_inputs = self._row_order_inputs(usage)
        if keep_cursor_on is None and self._same_order(order_inputs):
            table.refresh_rows(session.findings_by_entry())
            return
        self._order_inputs = order_inputs
        flags = session.findings_by_entry()
        entries = visible_entries(session.table_entries, session.findings, self.view_state, session.now, usage, flags)
        cursor_on = keep_cursor_on or (table.current_entry_id or self.shown_entry_id if self._settled else None)
        self._settled = self._settled or session.stage == "ready"
        table.show_entries(
            entries,
            flags,
            self.view_state.marked,
            session.now,
            keep_cursor_on=cursor_on,
            usage=usage,
        )
        self._update_filter_line(len(entries), len(session.table_entries))

    def _row_order_inputs(self, usage) -> tuple[tuple, tuple]:
        """What the rows' order depends on: objects (compared by identity) and values."""
        session, state = self.session, self.view_state
        dated = state.sort_column not in ("flag", "name", "type") or bool(state.query.strip())
        objects = (
            session.store,
            session.store.entries if session.store else None,
            session.rule_findings,
            session.check_findings,
            usage,
        )
        values = (
            state.sort_column,
            state.sort_reverse,
            state.type_filter,
            state.flagged_only,
            state.show_archived,
            state.query,
            session.stage if dated else None,
            session.partial,
        )
        return objects, values

    def _same_order(self, inputs: tuple[tuple, tuple]) -> bool:
        previous = self._order_inputs
        if previous is None:
            return False
        return previous[1] == inputs[1] and all(old is new for old, new in zip(previous[0], inputs[0]))

    def _update_filter_line(self, shown: int, total: int) -> None:
        state = self.view_state
        column_title = (
            dict((*COLUMNS, *USAGE_COLUMNS))[state.sort_column].strip() if state.sort_column != "flag" else "flag"
        )
        parts = [
            ("type ", "dim"),
            (state.type_filter or "all", "bold"),
            ("  flagged ", "dim"),
            ("only" if state.flagged_only else "any", "bold"),
            ("  sort ", "dim"),
            (
                f"{column_title} {'↑' if state.sort_reverse else '↓'}" if not state.query.strip() else "relevance",
                "bold",
            ),
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
        table = self.query_one(EntryTable)
        return table.entries[table.cursor_row] if table.row_count else None

    def _entry_findings(self, entry_id: str) -> list[Finding]:
        return self.session.findings_by_entry().get(entry_id, [])

    @on(EntryTable.RowHighlighted, "#entries")
    def _row_highlighted(self, _event: EntryTable.RowHighlighted) -> None:
        if self._detail_timer is not None:
            self._detail_timer.stop()
        self._detail_timer = self.set_timer(DETAIL_DEBOUNCE_SECONDS, self._show_detail)

    def _show_detail(self, force: bool = False) -> None:
        """Show the highlighted entry in the active tab; the other tabs catch up when they are opened."""
        entry = self.current_entry
        entry_id = entry.id if entry else None
        if not force and entry_id == self.shown_entry_id:
            return
        self.shown_entry_id = entry_id
        self._stale_tabs = {"content", "history", "findings", "check"}
        entry_findings = self._entry_findings(entry_id) if entry_id else []
        results = self.session.check_results.get(entry_id) if entry_id else None
        failed = sum(1 for result in results or [] if result.verdict == "fail")
        detail = self.query_one(DetailPane)
        detail.set_counts(len(entry_findings), failed)
        self._fill_tab(detail.active)

    def _fill_tab(self, tab: str) -> None:
        """Bring one detail tab up to the highlighted entry (once per entry)."""
        if tab not in self._stale_tabs:
            return
        self._stale_tabs.discard(tab)
        session = self.session
        entry = self.current_entry
        entry_id = entry.id if entry else None
        usage = store_usage(session.store) if session.store else None
        if tab == "content":
            self.query_one("#content-view", ContentView).show(entry, session.now, usage)
        elif tab == "findings":
            self.query_one(FindingsView).show(entry_id, self._entry_findings(entry_id) if entry_id else [])
        elif tab == "check":
            results = session.check_results.get(entry_id) if entry_id else None
            self.query_one(CheckView).show(entry_id, results, stage=session.stage, project=session.project_root)
        elif tab == "history":
            self.query_one(HistoryView).show_provenance(entry_id, usage)
            self._load_history()

    def _load_history(self) -> None:
        entry = self.current_entry
        if entry is not None and self.session.store is not None and self.session.stage != "loading":
            self.query_one(HistoryView).load(self.session.store, entry.id)

    def forget_history(self) -> None:
        self.query_one(HistoryView).forget()

    @on(TabbedContent.TabActivated, "#detail-tabs")
    def _tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id is not None:
            self._fill_tab(event.pane.id)

    @on(EntryTable.RowSelected, "#entries")
    def _row_selected(self, _event: EntryTable.RowSelected) -> None:
        self._show_detail()
        detail = self.query_one(DetailPane)
        list_id = TAB_LISTS.get(detail.active)
        if list_id is not None:
            self.query_one(list_id).focus()
        else:
            detail.tabs.query_one("ContentTabs").focus()

    @on(EntryTable.HeaderSelected, "#entries")
    def _header_selected(self, event: EntryTable.HeaderSelected) -> None:
        key = event.column_key.value or ""
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
        if store is not None and self.session.entry(entry_id) is None:
            other = store.find(entry_id)
            where = f"{other.path} (a project instruction file, not this store)" if other else "nowhere in this store"
            self.curator.say(f"{entry_id} is {where}.")
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
            self.curator.say(f"checks failed to run: {message.error}", severity="error")
            return
        self.curator.replace_entry_checks(message.entry_id, message.outcome)

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
        table = self.query_one(EntryTable)
        if self.focused is not None and self.focused is not table and self.focused is not search:
            table.focus()
        elif search.display or self.view_state.query:
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
        usage = store_usage(self.session.store) if self.session.store else None
        keys = COLUMN_KEYS + ([key for key, _title in USAGE_COLUMNS] if usage is not None and usage.known else [])
        position = keys.index(self.view_state.sort_column) if self.view_state.sort_column in keys else -1
        self.view_state.sort_column = keys[(position + 1) % len(keys)]
        self.view_state.sort_reverse = False
        self.refresh_table()

    def action_reverse_sort(self) -> None:
        self.view_state.sort_reverse = not self.view_state.sort_reverse
        self.refresh_table()

    def action_show_tab(self, tab: str) -> None:
        self.query_one(DetailPane).active = tab

    def action_next_flagged(self) -> None:
        flags = self.session.findings_by_entry()
        table = self.query_one(EntryTable)
        start = table.cursor_row
        for offset in range(1, table.row_count + 1):
            row = (start + offset) % table.row_count
            if table.entry_id_at(row) in flags:
                table.move_cursor(row=row, animate=False)
                return
        self.curator.say("No flagged entries are shown.")

    def action_rescan(self) -> None:
        self.forget_history()
        self.curator.reload()
