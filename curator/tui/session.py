"""What the open app knows about its store: the store, findings, check results and load stage."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from curator.model import Entry, Finding, Store
from curator.tui.index_row import index_entry, table_entries

STAGES = ("loading", "history", "rules", "checks", "ready")


@dataclass
class Session:
    """The state every screen reads; only message handlers on the UI thread replace it."""

    store_path: Path
    format_name: str | None = None
    project: Path | None = None
    fixed_now: datetime | None = None
    store: Store | None = None
    findings: list[Finding] = field(default_factory=list)
    check_results: dict[str, list[Any]] = field(default_factory=dict)
    stage: str = "loading"
    partial: bool = False
    error: str | None = None
    disk_signature: tuple = ()
    review: Any = None
    trend: Any = None
    inbox_offered: bool = False

    @property
    def now(self) -> datetime:
        return self.fixed_now or datetime.now(timezone.utc)

    def entry(self, entry_id: str | None) -> Entry | None:
        """The store entry with this id, or the index row."""
        if self.store is None or entry_id is None:
            return None
        found = self.store.get(entry_id)
        if found is not None:
            return found
        row = index_entry(self.store)
        return row if row is not None and row.id == entry_id else None

    @property
    def table_entries(self) -> list[Entry]:
        """What the entry table lists: every entry plus the index row."""
        return table_entries(self.store)

    @property
    def project_root(self) -> Path | None:
        if self.store is None:
            return self.project
        return self.store.project or self.project


HISTORY_FIELDS = ("created", "modified", "commits", "authors", "date_source", "uncommitted")


def carry_history(previous: Store | None, fresh: Store) -> int:
    """Copy git dates and counts onto fresh entries whose text did not change, until history runs again.

    Without this every reload after an op blanks the Age, Changed and Commits columns for a moment.
    Returns how many entries got their previous values.
    """
    if previous is None:
        return 0
    previous_by_id = {entry.id: entry for entry in previous.entries}
    carried = 0
    for entry in fresh.entries:
        before = previous_by_id.get(entry.id)
        if before is None or before.text != entry.text or before.date_source == "none" or entry.date_source != "none":
            continue
        for name in HISTORY_FIELDS:
            value = getattr(before, name)
            setattr(entry, name, list(value) if isinstance(value, list) else value)
        carried += 1
    return carried


def disk_signature(store: Store) -> tuple:
    """A cheap fingerprint of the store on disk: every known file's mtime and size, plus the root's."""
    stamps: list[tuple[str, int, int]] = []
    for directory in {store.root, *(source.abspath.parent for source in store.files.values())}:
        try:
            stat = os.stat(directory)
        except OSError:
            stamps.append((str(directory), -1, -1))
            continue
        stamps.append((str(directory), stat.st_mtime_ns, 0))
    for rel, source in store.files.items():
        try:
            stat = os.stat(source.abspath)
        except OSError:
            stamps.append((rel, -1, -1))
            continue
        stamps.append((rel, stat.st_mtime_ns, stat.st_size))
    stamps.sort()
    return tuple(stamps)
