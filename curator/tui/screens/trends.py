"""The Trends view: always-loaded lines against the cut, entries and size over time, ages by type."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Footer, Static

from curator.charts import age_histogram, trend_charts
from curator.history.trend import TrendError, store_trend
from curator.tui.base import CuratorScreen
from curator.tui.commands import TRENDS_ACTIONS, bindings

EVERY_CYCLE = ("week", "day", "commit")


def ages_by_type(entries: list[Any], now: Any) -> dict[str, list[float]]:
    """Active entries' ages in days, grouped by type."""
    grouped: dict[str, list[float]] = {}
    for entry in entries:
        age = entry.age_days(now) if entry.is_active else None
        if age is not None:
            grouped.setdefault(entry.type or "untyped", []).append(age)
    return grouped


class TrendsScreen(CuratorScreen):
    """Charts of the store over its git history; review points are marked."""

    CSS_PATH = "trends.tcss"
    BINDINGS = bindings(TRENDS_ACTIONS)
    ACTION_SPECS = TRENDS_ACTIONS

    class ChartsDrawn(Message):
        """The charts were computed and drawn (or the store has no history)."""

        def __init__(self, header: str, charts: list[str], error: str | None) -> None:
            super().__init__()
            self.header = header
            self.charts = charts
            self.error = error

    def __init__(self) -> None:
        super().__init__()
        self.every = "week"

    def compose(self) -> ComposeResult:
        yield Static("Reading the store's history…", id="trends-header")
        with VerticalScroll(id="trends-body"):
            yield Static(id="trends-charts")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        session = self.curator.session
        if session.store is None:
            return
        width = max(40, (self.size.width or self.app.size.width) - 8)
        self._draw(session.store, session.now, self.every, width)

    @work(thread=True, exclusive=True, exit_on_error=False, group="trends", description="_draw")
    def _draw(self, store: Any, now: Any, every: str, width: int) -> None:
        try:
            series = store_trend(store, every=every)
        except TrendError as exc:
            self.post_message(self.ChartsDrawn("", [], str(exc)))
            return
        except Exception as exc:
            self.post_message(self.ChartsDrawn("", [], str(exc) or type(exc).__name__))
            return
        charts = trend_charts(series, width=width, height=12) if series.points else []
        charts.append(age_histogram(ages_by_type(store.entries, now), width=width, height=10))
        reviews = len(series.reviews())
        header = (
            f"{len(series.points)} point(s), one per {every} · {reviews} review(s) marked in blue · w changes the step"
        )
        self.post_message(self.ChartsDrawn(header, charts, None))

    @on(ChartsDrawn)
    def _charts_drawn(self, message: ChartsDrawn) -> None:
        header = self.query_one("#trends-header", Static)
        if message.error is not None:
            header.update(Text(f"No trend: {message.error}", style="yellow"))
            return
        header.update(Text(message.header))
        drawn = Text()
        for chart in message.charts:
            drawn.append_text(Text.from_ansi(chart))
            drawn.append("\n\n")
        self.query_one("#trends-charts", Static).update(drawn)

    def action_cycle_every(self) -> None:
        self.every = EVERY_CYCLE[(EVERY_CYCLE.index(self.every) + 1) % len(EVERY_CYCLE)]
        self._redraw()

    def action_close(self) -> None:
        self.app.pop_screen()
