"""How usage appears in the scan report: the per-entry JSON object, a summary line, the prune list."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from curator.model import Entry, Finding, Store
from curator.usage import store_usage
from curator.usage.prune import prune_candidates

PRUNE_LIST_LIMIT = 20


def entry_usage_json(store: Store, entry: Entry) -> dict[str, Any] | None:
    """The entry's `usage` object; counts are null when no transcript was found for the store."""
    usage = store_usage(store)
    entry_usage = usage.get(entry.id) if usage is not None else None
    if usage is None or entry_usage is None:
        return {
            "reads": None,
            "last_read": None,
            "sessions": None,
            "always_loaded": entry.always_loaded,
            "loaded_sessions": None,
            "opened_linked": None,
            "linked": [],
            "provenance": [],
        }
    data = entry_usage.to_json()
    if not usage.known:
        data.update(reads=None, sessions=None)
    return data


def store_usage_json(store: Store) -> dict[str, Any] | None:
    """The report's `store.usage` object (null when usage was not read)."""
    usage = store_usage(store)
    return usage.to_json() if usage is not None else None


def usage_summary_line(store: Store) -> str | None:
    """`usage    42 sessions in 57 transcripts (2026-09-01 … 2026-11-28)`, or why there are none."""
    usage = store_usage(store)
    if usage is None:
        return None
    if not usage.transcripts:
        where = ", ".join(str(path) for path in usage.searched) or "no ~/.claude/projects folder for this store"
        return f"usage    no session transcripts found ({where})"
    span = ""
    if usage.sessions:
        span = f" ({usage.sessions[0].start.date().isoformat()} … {usage.sessions[-1].start.date().isoformat()})"
    bad = f", {usage.bad_lines} unreadable line(s) skipped" if usage.bad_lines else ""
    return f"usage    {len(usage.sessions)} sessions in {usage.transcripts} transcripts{span}{bad}"


def prune_markdown(store: Store, findings: list[Finding], now: datetime) -> list[str]:
    """A `## Prune candidates` section for the markdown review, or nothing without transcripts."""
    candidates = prune_candidates(store, store_usage(store), findings, now)
    if not candidates:
        return []
    out = [
        "",
        f"## Prune candidates ({len(candidates)})",
        "",
        "Ranked by never read × age × size; cut from the top.",
        "",
    ]
    for rank, candidate in enumerate(candidates[:PRUNE_LIST_LIMIT], start=1):
        read = "never read" if candidate.never_read else "not read lately"
        out.append(
            f"{rank}. [ ] `{candidate.entry.id}` — {read}, {candidate.age_days:.0f} days old, {candidate.bytes} bytes"
        )
    if len(candidates) > PRUNE_LIST_LIMIT:
        out.append(f"… and {len(candidates) - PRUNE_LIST_LIMIT} more")
    return out
