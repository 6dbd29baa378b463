"""The conflicts view: each conflict or duplicate pair side by side, resolved with one key."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Static

from curator.model import Entry, Finding
from curator.textsafe import visible
from curator.tui.base import CuratorScreen
from curator.tui.commands import CONFLICT_ACTIONS, bindings
from curator.tui.view import format_date, pair_findings, short_reason
from curator.tui.widgets.content_view import entry_text
from curator.tui.widgets.findings_view import evidence_text


def ordered_pair(finding: Finding, entries: dict[str, Entry]) -> tuple[Entry, Entry] | None:
    """The pair's two entries, older on the left, newer (superseding) on the right."""
    pair = [entries.get(entry_id) for entry_id in finding.entries[:2]]
    if any(entry is None or entry.status != "active" for entry in pair):
        return None
    left, right = pair
    assert left is not None and right is not None
    left_moment, right_moment = left.modified or left.created, right.modified or right.created
    if left_moment and right_moment and left_moment > right_moment:
        left, right = right, left
    return left, right


def side_header(entry: Entry, side: str, newer: bool) -> Text:
    header = Text.assemble(
        (f"{side} ", "bold reverse"),
        (visible(f" {entry.id}"), "bold cyan"),
        ("  newer" if newer else "  older", "green" if newer else "yellow"),
    )
    header.append(
        f"\ncreated {format_date(entry.created)} · modified {format_date(entry.modified)} · "
        f"reviewed {format_date(entry.reviewed)} · {entry.commits} commit{'s' if entry.commits != 1 else ''}",
        style="dim",
    )
    return header


class ConflictsScreen(CuratorScreen):
    """Walk the conflict and duplicate findings; keep left, keep right, merge or dismiss."""

    CSS_PATH = "conflicts.tcss"

    BINDINGS = bindings(CONFLICT_ACTIONS)
    ACTION_SPECS = CONFLICT_ACTIONS

    def __init__(self) -> None:
        super().__init__()
        self.position = 0
        self.pairs: list[tuple[Finding, Entry, Entry]] = []

    def compose(self) -> ComposeResult:
        yield Static(id="conflict-header")
        with Horizontal(id="conflict-sides"):
            with VerticalScroll(id="conflict-left", classes="conflict-side"):
                yield Static(id="conflict-left-body")
            with VerticalScroll(id="conflict-right", classes="conflict-side"):
                yield Static(id="conflict-right-body")
        with VerticalScroll(id="conflict-evidence-scroll"):
            yield Static(id="conflict-evidence")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.watch(self.app, "session_revision", self.session_changed, init=False)
        self._rebuild()

    def session_changed(self) -> None:
        if self.is_mounted:
            self._rebuild()

    def _rebuild(self) -> None:
        session = self.curator.session
        store = session.store
        entries = {entry.id: entry for entry in (*store.entries, *store.context)} if store else {}
        self.pairs = []
        for finding in pair_findings(session.findings):
            pair = ordered_pair(finding, entries)
            if pair is not None:
                self.pairs.append((finding, *pair))
        self.position = max(0, min(self.position, len(self.pairs) - 1))
        self._show()

    @property
    def current(self) -> tuple[Finding, Entry, Entry] | None:
        return self.pairs[self.position] if self.pairs else None

    def _show(self) -> None:
        header = self.query_one("#conflict-header", Static)
        left_body = self.query_one("#conflict-left-body", Static)
        right_body = self.query_one("#conflict-right-body", Static)
        evidence = self.query_one("#conflict-evidence", Static)
        current = self.current
        if current is None:
            waiting = self.curator.session.stage in ("loading", "history", "usage", "rules")
            header.update(
                Text(
                    "Finding conflicts…" if waiting else "No conflicts or duplicates. Nothing to resolve.", style="bold"
                )
            )
            for widget in (left_body, right_body, evidence):
                widget.update("")
            return
        finding, left, right = current
        header.update(
            Text.assemble(
                (
                    f" {finding.rule.upper()} ",
                    "bold reverse yellow" if finding.rule == "conflict" else "bold reverse cyan",
                ),
                (f"  pair {self.position + 1} of {len(self.pairs)}  ", "bold"),
                (finding.message, ""),
            )
        )
        left_body.update(Group(side_header(left, "LEFT", newer=False), Text(""), entry_text(left)))
        right_body.update(Group(side_header(right, "RIGHT", newer=True), Text(""), entry_text(right)))
        evidence.update(evidence_text(finding.evidence))

    def _main(self):
        return self.curator.main_screen

    def _keep(self, kept: Entry, dropped: Entry, finding: Finding) -> None:
        store = self.curator.session.store
        if store is None or store.get(dropped.id) is None:
            self.curator.say(
                f"{dropped.id} is a project instruction, not memory: edit {dropped.path} by hand, or dismiss.",
                severity="warning",
            )
            return
        reason = short_reason(f"superseded by {kept.id} ({finding.rule}: {finding.message})")
        self._main().ask_expire(dropped, reason, partner=kept.id)

    def action_keep_left(self) -> None:
        if self.current:
            finding, left, right = self.current
            self._keep(left, right, finding)

    def action_keep_right(self) -> None:
        if self.current:
            finding, left, right = self.current
            self._keep(right, left, finding)

    def action_merge(self) -> None:
        if self.current:
            _finding, left, right = self.current
            store = self.curator.session.store
            if store is None or store.get(left.id) is None or store.get(right.id) is None:
                self.curator.say(
                    "Only two memory entries can be merged; a project instruction is not memory.", severity="warning"
                )
                return
            self._main().open_merge([left.id, right.id])

    def action_dismiss_finding(self) -> None:
        if self.current:
            self._main().ask_dismiss(self.current[0])

    def action_next(self) -> None:
        if self.pairs:
            self.position = (self.position + 1) % len(self.pairs)
            self._show()

    def action_previous(self) -> None:
        if self.pairs:
            self.position = (self.position - 1) % len(self.pairs)
            self._show()

    def action_close(self) -> None:
        self.dismiss(None)
