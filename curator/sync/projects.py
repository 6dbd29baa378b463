"""Every memory store on this machine at once: Claude Code projects, OpenClaw workspaces, named notes files."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from curator.model import INDEX_MAX_LINES

ARCHIVE_DIR_NAME = ".curator-archive"


@dataclass
class ProjectRow:
    """One store: where it is, which project it is about (or that the checkout is gone), and its state."""

    store: Path
    format: str
    project: Path | None
    missing: bool
    entries: int = 0
    index_lines: int | None = None
    findings: dict[str, int] = field(default_factory=dict)
    reviewed_at: datetime | None = None
    unreviewed: int | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "store": str(self.store),
            "format": self.format,
            "project": str(self.project) if self.project else None,
            "missing": self.missing,
            "entries": self.entries,
            "always_loaded_lines": self.index_lines,
            "limit_lines": INDEX_MAX_LINES,
            "findings": dict(self.findings),
            "reviewed_at": self.reviewed_at.isoformat() if self.reviewed_at else None,
            "unreviewed_changes": self.unreviewed,
            "error": self.error,
        }


def store_paths(home: Path, extra: list[Path] | None = None) -> list[Path]:
    """`~/.claude/projects/*/memory`, `~/.openclaw/workspace*` and any extra paths (notes files), sorted."""
    found: list[Path] = []
    projects = home / ".claude" / "projects"
    if projects.is_dir():
        found += sorted(
            path for path in projects.glob("*/memory") if path.is_dir() and not path.parent.name.startswith(".")
        )
    openclaw = home / ".openclaw"
    if openclaw.is_dir():
        found += sorted(path for path in openclaw.glob("workspace*") if (path / "MEMORY.md").is_file())
    found += [Path(path) for path in extra or []]
    return found


def describe_store(path: Path, now: datetime) -> ProjectRow:
    """Load one store and summarise it; a store that cannot be read becomes a row with its error."""
    from curator import formats
    from curator.scan import analyze_store, load_store

    try:
        store = load_store(path)
    except formats.DetectError as error:
        return ProjectRow(path, "?", None, False, error=str(error))
    missing = _checkout_gone(path) if store.project is None else not store.project.exists()
    row = ProjectRow(path, store.format, store.project, missing, entries=len(store.active()))
    row.index_lines = store.index.lines if store.index else None
    result = analyze_store(store, now=now)
    row.findings = dict(Counter(finding.severity for finding in result.findings))
    if result.review is not None:
        row.reviewed_at = result.review.reviewed_at
        row.unreviewed = result.review.unreviewed
    return row


def _checkout_gone(store: Path) -> bool:
    """True for a `~/.claude/projects/<name>/memory` store when no existing directory encodes to `<name>`."""
    from curator.formats.project import claude_store_name, decode_project_name

    name = claude_store_name(store)
    return name is not None and not decode_project_name(name, limit=1)


def list_projects(home: Path, now: datetime, extra: list[Path] | None = None) -> list[ProjectRow]:
    """One row per store found under `home` (plus `extra`)."""
    return [describe_store(path, now) for path in store_paths(home, extra)]
