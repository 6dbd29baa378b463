"""What the open app knows about its store: the store, findings, check results and load stage."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from curator.checks.results import CheckResult
from curator.model import SEVERITY_RANK, Entry, Finding, Store
from curator.tui.index_row import index_entry, index_target, table_entries

Stage = Literal["loading", "history", "usage", "rules", "checks", "ready"]


@dataclass
class Session:
    """The state every screen reads; only message handlers on the UI thread replace it."""

    store_path: Path
    format_name: str | None = None
    project: Path | None = None
    fixed_now: datetime | None = None
    store: Store | None = None
    rule_findings: list[Finding] = field(default_factory=list)
    check_findings: list[Finding] = field(default_factory=list)
    check_results: dict[str, list[CheckResult]] = field(default_factory=dict)
    stage: Stage = "loading"
    partial: bool = False
    error: str | None = None
    disk_signature: tuple = ()
    review: Any = None
    trend: Any = None
    inbox_offered: bool = False
    _findings_index: tuple[list[Finding], list[Finding], dict[str, list[Finding]]] | None = field(
        default=None, repr=False, compare=False
    )

    def findings_by_entry(self) -> dict[str, list[Finding]]:
        """Each entry id's findings, worst first, indexed once per findings update rather than per keystroke.

        The index holds the two lists it was built from, so a replaced list (never mutated in place) is noticed.
        """
        index = self._findings_index
        if index is None or index[0] is not self.rule_findings or index[1] is not self.check_findings:
            index = self._findings_index = (self.rule_findings, self.check_findings, index_findings(self.findings))
        return index[2]

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
    def findings(self) -> list[Finding]:
        """Every finding shown: the rules' (with reader findings) and the live checks'."""
        return self.rule_findings + self.check_findings

    @property
    def project_root(self) -> Path | None:
        if self.store is None:
            return self.project
        return self.store.project or self.project


def index_findings(findings: list[Finding]) -> dict[str, list[Finding]]:
    """Map each entry id (and the index row) to the findings that name it, worst first."""
    by_entry: dict[str, list[Finding]] = {}
    for finding in findings:
        for entry_id in finding.entries:
            by_entry.setdefault(entry_id, []).append(finding)
        index_path = index_target(finding)
        if index_path is not None and index_path not in finding.entries:
            by_entry.setdefault(index_path, []).append(finding)
    for entry_findings in by_entry.values():
        entry_findings.sort(key=lambda finding: -SEVERITY_RANK.get(finding.severity, 0))
    return by_entry


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
