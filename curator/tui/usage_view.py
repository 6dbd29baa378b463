"""How transcript usage shows in the TUI: the Reads and Last read cells, detail lines and provenance."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

from curator.textsafe import visible
from curator.tui.view import format_age, format_date
from curator.usage import EntryUsage, StoreUsage

USAGE_COLUMNS: tuple[tuple[str, str], ...] = (("reads", " Reads"), ("lastread", " Last read"))
USAGE_WIDTHS = {"reads": 6, "lastread": 10}
USAGE_REPLACES = "commits"


def reads_label(entry_usage: EntryUsage | None) -> str:
    """`12` reads; `3/40` for an always-loaded entry (opened a linked topic in 3 of the 40 sessions that loaded it)."""
    if entry_usage is None:
        return "—"
    if entry_usage.always_loaded and entry_usage.loaded_sessions is not None:
        if entry_usage.opened_linked is not None:
            return f"{entry_usage.opened_linked}/{entry_usage.loaded_sessions}"
        return f"{entry_usage.loaded_sessions}*"
    return str(entry_usage.reads)


def usage_cells(entry_usage: EntryUsage | None, now: datetime) -> list[Text]:
    """The two usage cells of one table row: reads, and how long ago the last read was."""
    never = entry_usage is not None and not entry_usage.always_loaded and entry_usage.reads == 0
    if never:
        last = Text("never", style="dim yellow", justify="right")
    elif entry_usage is not None and entry_usage.last_read is not None:
        last = Text(format_age((now - entry_usage.last_read).total_seconds() / 86400), justify="right")
    else:
        last = Text("—", justify="right")
    return [Text(reads_label(entry_usage), justify="right", style="yellow" if never else ""), last]


def usage_rows(entry_usage: EntryUsage | None, usage: StoreUsage | None) -> list[tuple[str, str]]:
    """Lines for the Content tab's field grid: reads, loads, and the first write."""
    if usage is None or not usage.known or entry_usage is None:
        return []
    rows: list[tuple[str, str]] = []
    if entry_usage.always_loaded and entry_usage.loaded_sessions is not None:
        opened = (
            f", {entry_usage.opened_linked} opened a linked topic ({', '.join(entry_usage.linked)})"
            if entry_usage.opened_linked is not None
            else ""
        )
        rows.append(("loaded", f"in {entry_usage.loaded_sessions} of {len(usage.sessions)} sessions{opened}"))
    reads = f"{entry_usage.reads} in {len(entry_usage.read_sessions)} sessions"
    reads += f", last {format_date(entry_usage.last_read)}" if entry_usage.last_read else " (never read)"
    rows.append(("reads", reads))
    if entry_usage.provenance:
        first = entry_usage.provenance[0]
        rows.append(
            ("written by", f"{len(entry_usage.provenance)} session(s); first {first.action} {format_date(first.time)}")
        )
    return rows


def provenance_text(entry_usage: EntryUsage | None, usage: StoreUsage | None) -> Text:
    """ "Why does this memory exist?": each session that created or edited the entry, with its prompt."""
    text = Text()
    text.append("Why this memory exists", style="bold")
    if usage is None or not usage.known:
        text.append("\nNo session transcripts were found for this store.", style="dim")
        return text
    steps = entry_usage.provenance if entry_usage else []
    if not steps:
        text.append(
            f"\nNo session of the {len(usage.sessions)} on record wrote it (written by hand, or before them).",
            style="dim",
        )
        return text
    for step in steps:
        when = step.time.strftime("%Y-%m-%d %H:%M") if step.time else "—"
        text.append(f"\n{step.action:<8} ", style="green" if step.action == "created" else "yellow")
        text.append(f"{when}  ", style="cyan")
        text.append(f"{visible(step.tool)}  ", style="dim")
        text.append(visible(step.session[:8]) + (" (sub-agent)" if step.subagent else ""), style="dim")
        text.append("\n         “" + visible(step.prompt or "(no prompt recorded)") + "”")
    return text
