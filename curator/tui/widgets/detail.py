"""The detail pane: Content, History, Findings and Check tabs for the selected entry."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import TabbedContent, TabPane

from curator.tui.widgets.check_view import CheckView
from curator.tui.widgets.content_view import ContentView
from curator.tui.widgets.findings_view import FindingsView
from curator.tui.widgets.history_view import HistoryView


class DetailPane(Vertical):
    """Tabs about one entry."""

    def compose(self) -> ComposeResult:
        with TabbedContent(id="detail-tabs", initial="content"):
            with TabPane("Content", id="content"):
                yield ContentView(id="content-view")
            with TabPane("History", id="history"):
                yield HistoryView(id="history-view")
            with TabPane("Findings", id="findings"):
                yield FindingsView(id="findings-view")
            with TabPane("Check", id="check"):
                yield CheckView(id="check-view")

    @property
    def tabs(self) -> TabbedContent:
        return self.query_one(TabbedContent)

    @property
    def active(self) -> str:
        return self.tabs.active

    @active.setter
    def active(self, tab: str) -> None:
        self.tabs.active = tab

    def set_counts(self, findings: int, failed_checks: int) -> None:
        """Show how many findings and failing checks the entry has in the tab labels."""
        for tab, label in (
            ("findings", f"Findings ({findings})" if findings else "Findings"),
            ("check", f"Check ({failed_checks} ✖)" if failed_checks else "Check"),
        ):
            shown = self.tabs.get_tab(tab)
            if shown.label.plain != label:
                shown.label = label
