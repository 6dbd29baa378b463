"""The Prune view: entries the agent never (or no longer) uses, ranked by never read × age × size."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import DataTable, Footer, Static

from curator.textsafe import visible
from curator.tui.base import CuratorScreen
from curator.tui.commands import PRUNE_ACTIONS, bindings
from curator.tui.usage_view import reads_label
from curator.tui.view import format_age, format_date, format_size
from curator.usage import store_usage
from curator.usage.prune import PruneCandidate, prune_candidates

PRUNE_COLUMNS = (
    ("rank", "  #", 4),
    ("name", "Entry", 24),
    ("reads", "Reads", 7),
    ("last", "Last read", 11),
    ("age", "  Age", 6),
    ("size", "    Size", 9),
    ("why", "Why", 60),
)


class PruneScreen(CuratorScreen):
    """Prune candidates, best cut first; expire one with `x`, open it with enter."""

    CSS_PATH = "prune.tcss"

    BINDINGS = bindings(PRUNE_ACTIONS)
    ACTION_SPECS = PRUNE_ACTIONS

    def __init__(self) -> None:
        super().__init__()
        self.candidates: list[PruneCandidate] = []

    def compose(self) -> ComposeResult:
        yield Static(id="prune-header")
        yield DataTable(id="prune-table", cursor_type="row", zebra_stripes=True, cell_padding=1)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key, title, width in PRUNE_COLUMNS:
            table.add_column(title, key=key, width=width)
        self._rebuild()
        table.focus()
        self.watch(self.app, "session_revision", self.session_changed, init=False)

    def session_changed(self) -> None:
        if self.is_mounted:
            self._rebuild()

    def _rebuild(self) -> None:
        session = self.session
        store = session.store
        usage = store_usage(store) if store is not None else None
        self.candidates = prune_candidates(store, usage, session.findings, session.now) if store is not None else []
        header = Text()
        header.append("Prune candidates", style="bold")
        if usage is None:
            header.append("  — still reading session transcripts…", style="italic dim")
        elif not usage.known:
            searched = (
                ", ".join(str(path) for path in usage.searched) or "no ~/.claude/projects folder matches this store"
            )
            header.append(f"  — no session transcripts found ({visible(searched)})", style="dim")
        elif not usage.used_by_agent:
            header.append(f"  — none of the {len(usage.sessions)} sessions read or wrote this store", style="dim")
        else:
            header.append(
                f"  {len(self.candidates)} of {len(store.active()) if store else 0} entries, from {len(usage.sessions)} "
                "sessions; ranked by never read × age × size",
                style="dim",
            )
        self.query_one("#prune-header", Static).update(header)
        table = self.query_one(DataTable)
        table.clear()
        for rank, candidate in enumerate(self.candidates, start=1):
            entry_usage = usage.get(candidate.entry.id) if usage is not None else None
            last = entry_usage.last_read if entry_usage is not None else None
            table.add_row(
                Text(str(rank), justify="right"),
                Text(visible(candidate.entry.name or candidate.entry.id), overflow="ellipsis", no_wrap=True),
                Text(reads_label(entry_usage), justify="right", style="yellow" if candidate.never_read else ""),
                Text("never" if candidate.never_read and last is None else format_date(last)),
                Text(format_age(candidate.age_days), justify="right"),
                Text(format_size(candidate.bytes), justify="right"),
                Text(visible(candidate.reason), overflow="ellipsis", no_wrap=True, style="dim"),
                key=candidate.entry.id,
            )

    @property
    def current(self) -> PruneCandidate | None:
        table = self.query_one(DataTable)
        if not self.candidates or table.cursor_row >= len(self.candidates):
            return None
        return self.candidates[table.cursor_row]

    def action_expire(self) -> None:
        candidate, main = self.current, self.curator.main_screen
        if candidate is None or main is None:
            return
        reason = "unused: " + ("never read by the agent" if candidate.never_read else "not read lately")
        main.ask_expire(candidate.entry, reason)

    @on(DataTable.RowSelected, "#prune-table")
    def _open(self, _event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        candidate, main = self.current, self.curator.main_screen
        if candidate is None or main is None:
            return
        self.app.pop_screen()
        main.jump_to(candidate.entry.id)

    def action_close(self) -> None:
        self.app.pop_screen()
