"""File ages recorded when `curator track` first commits a store: one `Curator-Mtime` line per file in a git note.

The note (under NOTES_REF, on the track commit) keeps each file's mtime from before tracking, so an entry
written 548 days ago is not dated by the day it was first committed.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone

from curator.history.git import GitError, Repository

NOTES_REF = "refs/notes/curator-mtimes"
_LINE = re.compile(r"^Curator-Mtime:\s+(\d{1,12}(?:\.\d+)?)\s+(\".*\")\s*$", re.MULTILINE)


def format_mtimes(mtimes: dict[str, float]) -> str:
    """The note text: `Curator-Mtime: <epoch seconds> "<repo-relative path>"` per file, sorted by path."""
    return "".join(
        f"Curator-Mtime: {int(mtime)} {json.dumps(path, ensure_ascii=False)}\n"
        for path, mtime in sorted(mtimes.items())
    )


def parse_mtimes(text: str) -> dict[str, datetime]:
    """Repo-relative path -> recorded mtime, from a note's text (malformed lines are skipped)."""
    found: dict[str, datetime] = {}
    for epoch, quoted in _LINE.findall(text):
        try:
            path = json.loads(quoted)
            moment = datetime.fromtimestamp(float(epoch), tz=timezone.utc)
        except (ValueError, OverflowError, OSError):
            continue
        if isinstance(path, str):
            found[path] = moment
    return found


def _may_have_notes(repository: Repository) -> bool:
    """False only when the repository's own `.git` directory shows no notes ref (saves a git call per scan)."""
    git_dir = repository.toplevel / ".git"
    if not git_dir.is_dir():
        return True
    if (git_dir / NOTES_REF).exists():
        return True
    try:
        with open(git_dir / "packed-refs", "rb") as packed:
            return NOTES_REF.encode() in packed.read()
    except OSError:
        return False


def recorded_mtimes(repository: Repository, commits: set[str]) -> dict[str, datetime]:
    """The mtimes noted on any of `commits` (the first commits of the store's files); one `notes list` call."""
    if not _may_have_notes(repository):
        return {}
    try:
        listing = repository.run("notes", f"--ref={NOTES_REF}", "list", check=False).decode("ascii", "replace")
    except GitError:
        return {}
    noted = [line.split()[1] for line in listing.splitlines() if len(line.split()) == 2]
    found: dict[str, datetime] = {}
    for commit in noted:
        if commit not in commits:
            continue
        try:
            text = repository.run("notes", f"--ref={NOTES_REF}", "show", commit).decode("utf-8", "replace")
        except GitError:
            continue
        found.update(parse_mtimes(text))
    return found
