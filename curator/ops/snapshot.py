"""Snapshots: commit whatever the agent changed in a store, fast and without loading it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

from curator.ops import git as ops_git
from curator.ops.io import OpError

SNAPSHOT_TRAILER = "Curator-Snapshot"
SESSION_TRAILER = "Curator-Session"
MEMORY_SUFFIXES = (".md", ".mdc")


@dataclass
class SnapshotResult:
    """What a snapshot did: the commit (None when nothing changed), the files it recorded, notes."""

    directory: Path
    commit: str | None
    changed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def message(self) -> str:
        if self.commit is None:
            return f"{self.directory}: nothing changed since the last snapshot"
        return f"{self.directory}: snapshot {ops_git.short(self.commit)} of {len(self.changed)} file(s)"


def _scope(target: Path) -> tuple[Path, list[str]]:
    """The store directory and the paths (relative to it) a snapshot records."""
    if target.is_file():
        name = PurePosixPath(target.name)
        archive = name.with_name(f"{name.stem}.archive{name.suffix or '.md'}")
        return target.parent, [name.as_posix(), archive.as_posix()]
    if (target / "MEMORY.md").is_file() and (target / "memory").is_dir() and not target.name == "memory":
        return target, ["MEMORY.md", "memory", ".archive"]
    return target, ["."]


def _message(event: str | None, session_id: str | None, when: datetime) -> str:
    subject = f"curator: snapshot {when:%Y-%m-%d %H:%M} UTC"
    if event:
        subject += f" ({event}" + (f", session {session_id[:8]})" if session_id else ")")
    trailers = [f"{SNAPSHOT_TRAILER}: {event or 'manual'}"]
    if session_id:
        trailers.append(f"{SESSION_TRAILER}: {session_id}")
    return subject + "\n\n" + "\n".join(trailers)


def _safe_text(value: str | None, limit: int = 80) -> str | None:
    """A hook-provided value fit for one commit-message line (no newlines or control characters)."""
    if not value:
        return None
    cleaned = "".join(char for char in value if char.isprintable())[:limit].strip()
    return cleaned or None


def snapshot(
    target: Path, *, event: str | None = None, session_id: str | None = None, now: datetime | None = None
) -> SnapshotResult:
    """Commit every memory file of the store at `target` that changed; put the store under git first if needed."""
    target = Path(target)
    if not target.exists():
        raise OpError(f"{target}: no such file or directory")
    if not ops_git.git_available():
        raise OpError("git is not installed, so curator cannot snapshot the store")
    directory, scope = _scope(target)
    notes: list[str] = []
    repo = ops_git.find_repo(directory)
    if repo is None:
        repo = ops_git.init_repo(directory)
        notes.append(f"initialised a git repository in {directory}")
    prefix = repo.rel(directory)
    prefix = "" if prefix == "." else prefix + "/"
    pathspecs = [(prefix + rel).rstrip("/") if rel != "." else (prefix.rstrip("/") or ".") for rel in scope]
    status = ops_git.run_git(
        repo.toplevel,
        "--literal-pathspecs",
        "status",
        "--porcelain=v1",
        "-z",
        "--untracked-files=all",
        "--no-renames",
        "--",
        *pathspecs,
    )
    changed = sorted(
        {
            record[3:].decode("utf-8", "surrogateescape")
            for record in status.split(b"\0")
            if len(record) > 3 and record[3:].decode("utf-8", "surrogateescape").endswith(MEMORY_SUFFIXES)
        }
    )
    if not changed:
        return SnapshotResult(directory, None, [], notes)
    moment = now or datetime.now(timezone.utc)
    message = _message(_safe_text(event, 40), _safe_text(session_id), moment.astimezone(timezone.utc))
    sha = ops_git.commit_paths(repo, changed, message)
    return SnapshotResult(directory, sha, [os.fsdecode(rel)[len(prefix) :] for rel in changed], notes)
