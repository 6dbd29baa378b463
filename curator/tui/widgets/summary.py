"""The summary bar: store, format, entry count, findings by severity, and the always-loaded meter."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import ProgressBar, Static

from curator.charts import sparkline
from curator.formats.project import HOW_CWD, HOW_DECODED, HOW_EXPLICIT
from curator.model import INDEX_MAX_BYTES, INDEX_MAX_LINES, Finding, Store
from curator.tui.view import SEVERITY_GLYPH, SEVERITY_STYLE

METER_CELLS = 10
COMPACT_METER_CELLS = 5
COMPACT_BELOW_COLUMNS = 100
PATH_CHARS = 48
STAGE_TEXT = {
    "loading": "reading store…",
    "history": "reading git history…",
    "usage": "reading session transcripts…",
    "rules": "running rules…",
    "checks": "probing claims…",
    "ready": "",
}
STAGE_STEP = {"loading": 0, "history": 1, "usage": 2, "rules": 3, "checks": 4, "ready": 5}


def stage_text(stage: str, store: Store | None) -> str:
    """What the staged load is doing, with the count it works on: `running rules on 1,204 entries…`."""
    text = STAGE_TEXT.get(stage, stage)
    if not text or store is None or stage == "loading":
        return text
    return f"{text.rstrip('…')} ({len(store.entries):,} entries)…"


def meter(used: int, limit: int, cells: int = METER_CELLS) -> Text:
    """A bar of `cells` cells, green under 75 %, yellow under 100 %, red at or over the limit."""
    ratio = used / limit if limit else 0.0
    filled = min(cells, round(ratio * cells))
    style = "green" if ratio < 0.75 else ("yellow" if ratio <= 1.0 else "bold red")
    return Text.assemble(("█" * filled, style), ("░" * (cells - filled), "dim"))


def short_path(path: Path, limit: int = PATH_CHARS) -> str:
    """The path with ~ for home, cut from the left to `limit` characters."""
    home = str(Path.home())
    text = str(path)
    if text.startswith(home + "/"):
        text = "~" + text[len(home) :]
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


PROJECT_HOW_SHORT = {HOW_EXPLICIT: "--project", HOW_CWD: "from cwd", HOW_DECODED: "decoded from store name"}


def store_label(store: Store) -> str:
    """`project/.claude/memory` when the store lives in its project, else the store and which project it is about."""
    project = store.project
    if project is not None:
        try:
            inside = store.root.absolute().relative_to(project.absolute())
        except ValueError:
            inside = None
        if inside is not None:
            return short_path(Path(project.name) / inside)
        how = PROJECT_HOW_SHORT.get(store.project_how, store.project_how)
        return f"{short_path(store.root, PATH_CHARS // 2)} → {project.name} ({how})"
    if store.format == "instructions":
        return short_path(store.root)
    return f"{short_path(store.root)} (no project)"


def store_line(store: Store | None, findings: list[Finding], path: Path, compact: bool = False) -> Text:
    """Line one: where, findings by severity, then format (left out when compact) and entry count, all literal."""
    if store is None:
        return Text.assemble(("curator ", "bold"), short_path(path))
    line = Text.assemble((store_label(store), "bold"), "  │ ")
    counts = Counter(finding.severity for finding in findings)
    for severity in ("error", "warning", "info"):
        line.append(
            f"{SEVERITY_GLYPH[severity]} {counts.get(severity, 0)} {severity}  ", style=SEVERITY_STYLE[severity]
        )
    if compact:
        line.append_text(Text.assemble("│ ", entry_count(store)))
    else:
        line.append_text(Text.assemble("│ ", (store.format, "italic"), f"  {entry_count(store)}"))
    return line


def entry_count(store: Store) -> str:
    """`19 entries`, or `18 of 19 entries active` when some are unreadable or archived."""
    active, total = len(store.active()), len(store.entries)
    return f"{total} entries" if active == total else f"{active} of {total} entries active"


def loaded_line(store: Store | None, compact: bool = False) -> Text:
    """Line two: what the agent loads every session against the 200-line / 25 KB limits."""
    if store is None:
        return Text("")
    if store.index is None:
        return Text.assemble(("always loaded ", "dim"), f"~{store.always_loaded_tokens} tokens per session")
    index = store.index
    over_lines = index.lines > INDEX_MAX_LINES
    over_bytes = index.bytes > INDEX_MAX_BYTES
    cells = COMPACT_METER_CELLS if compact else METER_CELLS
    line = Text.assemble(
        ("always loaded ", "dim"),
        (index.path + " ", ""),
        meter(index.lines, INDEX_MAX_LINES, cells),
        (f" {index.lines}/{INDEX_MAX_LINES} lines  ", "bold red" if over_lines else ""),
        meter(index.bytes, INDEX_MAX_BYTES, cells),
        (f" {index.bytes / 1024:.1f}/{INDEX_MAX_BYTES // 1024} KB", "bold red" if over_bytes else ""),
    )
    if index.overflows:
        line.append(f"  {index.lines - index.loaded_lines} lines never loaded", style="bold red")
    line.append(f"  ~{store.always_loaded_tokens} {'tok' if compact else 'tokens'}/session", style="dim")
    return line


def index_sparkline(trend: Any) -> str:
    """Always-loaded index lines week by week, as a sparkline (empty with fewer than two weeks)."""
    points = getattr(trend, "points", None) or []
    if len(points) < 2 or not any(point.index_lines for point in points):
        return ""
    return sparkline([point.index_lines for point in points], cells=12)


def review_line(review: Any, now: datetime) -> Text:
    """The review freshness: when memory was last reviewed and what changed since (empty when unknown)."""
    if review is None:
        return Text("")
    if review.reviewed_at is None:
        return Text("never reviewed", style="dim")
    days = max(0, int((now - review.reviewed_at).total_seconds() // 86400))
    line = Text.assemble(("reviewed ", "dim"), f"{days} d ago")
    if review.unreviewed:
        line.append(f" · {review.unreviewed} unreviewed (i)", style="yellow")
    if review.loaded_lines_changed:
        line.append(f" · {review.loaded_lines_changed} loaded lines changed", style="yellow")
    if review.deleted:
        line.append(f" · {len(review.deleted)} deleted since review", style="bold red")
    return line


class SummaryBar(Vertical):
    """Two lines about the store and, while loading, a progress bar for the stages (shorter labels when narrow)."""

    _shown: tuple | None = None

    def on_resize(self) -> None:
        if self._shown is not None and self.query("#summary-text"):
            self.show(*self._shown)

    def compose(self) -> ComposeResult:
        with Horizontal(id="summary-top"):
            yield Static(id="summary-text")
            yield Static(id="stage-text")
            yield ProgressBar(total=STAGE_STEP["ready"], show_eta=False, show_percentage=False, id="stage-progress")
        yield Static(id="summary-loaded")

    def show(
        self,
        store: Store | None,
        findings: list[Finding],
        path: Path,
        stage: str,
        partial: bool = False,
        review: Any = None,
        now: datetime | None = None,
        trend: Any = None,
    ) -> None:
        self._shown = (store, findings, path, stage, partial, review, now, trend)
        if not self.query("#summary-text"):
            return
        compact = 0 < (self.size.width or self.app.size.width) < COMPACT_BELOW_COLUMNS
        self.query_one("#summary-text", Static).update(store_line(store, findings, path, compact))
        loaded = (
            Text(f"first {len(store.entries)} files shown; reading the whole store…", style="italic")
            if store and partial
            else loaded_line(store, compact)
        )
        spark = index_sparkline(trend) if store is not None and not partial else ""
        if spark:
            loaded = Text.assemble(loaded, ("  ", ""), (spark, "cyan"))
        freshness = review_line(review, now) if review is not None and now is not None else Text("")
        if freshness.plain:
            loaded = Text.assemble(loaded, ("  │ ", "dim"), freshness)
        self.query_one("#summary-loaded", Static).update(loaded)
        self.query_one("#stage-text", Static).update(Text(stage_text(stage, store), style="italic"))
        progress = self.query_one("#stage-progress", ProgressBar)
        progress.update(progress=STAGE_STEP.get(stage, 0))
        self.set_class(stage != "ready", "-loading")
