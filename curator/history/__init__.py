"""Git history for entries: one log pass per store for files, one blame per file for sections.

For a section or rule, `commits` counts the distinct commits among its current non-blank lines
(blame), so a commit whose lines were later overwritten is not counted; for a file it counts every
commit that touched it under any of its names.
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from curator.history.blame import blame_lines, fold_range
from curator.history.changes import Change, entry_history
from curator.history.dates import apply_fallback, file_mtime
from curator.history.git import GitError, Repository, git_executable, locate_repository
from curator.history.log import FileStats, fold_log, log_name_status
from curator.history.tracked import recorded_mtimes
from curator.model import Entry, SourceFile, Store

__all__ = ["Change", "annotate", "entry_history", "is_section"]

SHALLOW_WARNING = "shallow clone: dates may be too recent"


def is_section(entry: Entry) -> bool:
    """True for entries that are a line range of a file (sections, rules) rather than a whole file."""
    return entry.line is not None and entry.kind not in ("file", "daily")


@dataclass
class GroupOutcome:
    """How one directory's entries were dated, for the store's history note."""

    source: str
    repository: Repository | None = None
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    untracked: int = 0

    def date_untracked(self, entry: Entry, mtime: datetime | None) -> None:
        """Date an entry git does not track from its fields or mtime, and count it."""
        apply_fallback(entry, mtime)
        entry.uncommitted = True
        self.untracked += 1
        self.counts[entry.date_source] += 1


def annotate(store: Store) -> None:
    """Fill created/modified/commits/authors/uncommitted/date_source on every entry and context entry."""
    executable = git_executable()
    store_outcome = _annotate_group(store.root, store.entries, store.files, executable, whole_directory=True)
    store.history_source = store_outcome.source
    store.notes.append(_describe("store", store.root, store_outcome))
    if store.context and store.project is not None:
        context_outcome = _annotate_group(
            store.project, store.context, store.context_files, executable, whole_directory=False
        )
        store.notes.append(_describe("project instructions", store.project, context_outcome))


def _annotate_group(
    base: Path, entries: list[Entry], files: dict[str, SourceFile], executable: str | None, *, whole_directory: bool
) -> GroupOutcome:
    """Date the entries whose paths are relative to `base`; one log and one status call for all of them."""
    if executable is None:
        return _fallback_all(base, entries, files, "git not installed", in_repository=False)
    repository, problem = locate_repository(base, executable)
    if repository is None:
        return _fallback_all(base, entries, files, problem, in_repository=False)
    outcome = GroupOutcome(source="git (shallow clone)" if repository.shallow else "git", repository=repository)
    prefix = repository.relative(base)
    if prefix.startswith("../"):
        return _fallback_all(base, entries, files, "not a git repository", in_repository=False)

    def repo_path(entry: Entry) -> str:
        return f"{prefix}/{entry.path}" if prefix else entry.path

    entry_paths = sorted({repo_path(entry) for entry in entries})
    directory_spec = [f":(literal){prefix}" if prefix else "."]
    file_specs = [f":(literal){path}" for path in entry_paths]
    pathspecs = directory_spec if whole_directory else file_specs
    worktree = _worktree_status(repository, pathspecs)

    file_entries = [entry for entry in entries if not is_section(entry)]
    file_stats: dict[str, FileStats] = {}
    if file_entries:
        raw_log = (
            log_name_status(repository, directory=prefix)
            if whole_directory
            else log_name_status(repository, pathspecs=file_specs)
        )
        file_stats = fold_log(raw_log)
    tracked_at = recorded_mtimes(repository, {stats.first_sha for stats in file_stats.values()}) if file_stats else {}
    for entry in file_entries:
        path = repo_path(entry)
        stats = file_stats.get(entry.path if whole_directory else path)
        mtime = file_mtime(base, entry, files)
        if stats is None:
            outcome.date_untracked(entry, mtime)
            continue
        entry.created, entry.modified = stats.first, stats.last
        entry.commits, entry.authors = stats.commits, stats.authors
        entry.uncommitted = path in worktree
        entry.date_source = "git"
        _date_from_track(entry, tracked_at.get(_first_name(path, stats, prefix if whole_directory else "")), stats)
        if entry.uncommitted and mtime is not None:
            entry.modified = max(mtime, stats.last)
            entry.date_source = "git+worktree"
        outcome.counts[entry.date_source] += 1

    sections_by_path: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        if is_section(entry):
            sections_by_path[entry.path].append(entry)
    for sections in sections_by_path.values():
        _annotate_sections(repository, base, repo_path(sections[0]), sections, files, worktree, outcome)
    return outcome


def _first_name(path: str, stats: FileStats, prefix: str) -> str:
    """The repo-relative name the file had in its first commit (before any archive move or rename)."""
    return f"{prefix}/{stats.first_name}" if prefix and stats.first_name else (stats.first_name or path)


def _date_from_track(entry: Entry, recorded: datetime | None, stats: FileStats) -> None:
    """When the file's first commit was `curator track`, date it from the mtime recorded then."""
    if recorded is None or recorded >= stats.first:
        return
    entry.created = recorded
    if stats.commits == 1:
        entry.modified = recorded
    entry.date_source = "git+tracked mtime"


def _annotate_sections(
    repository: Repository,
    base: Path,
    path: str,
    sections: list[Entry],
    files: dict[str, SourceFile],
    worktree: dict[str, str],
    outcome: GroupOutcome,
) -> None:
    """Blame `path` once and date each section from the commits of its own lines."""
    blamed = None if worktree.get(path) == "??" else blame_lines(repository, path)
    for entry in sections:
        mtime = file_mtime(base, entry, files)
        if blamed is None:
            outcome.date_untracked(entry, mtime)
            continue
        stats = fold_range(blamed, entry.line or 1, entry.line_end or entry.line or 1)
        if stats.first is None or stats.last is None:
            apply_fallback(entry, mtime)
            entry.uncommitted = stats.uncommitted
            if stats.uncommitted and mtime is not None:
                entry.modified = mtime
                entry.date_source = "git+worktree"
            outcome.counts[entry.date_source] += 1
            continue
        entry.created, entry.modified = stats.first, stats.last
        entry.commits, entry.authors = stats.commits, stats.authors
        entry.uncommitted = stats.uncommitted
        entry.date_source = "git"
        if stats.uncommitted and mtime is not None:
            entry.modified = max(mtime, stats.last)
            entry.date_source = "git+worktree"
        outcome.counts[entry.date_source] += 1


def _worktree_status(repository: Repository, pathspecs: list[str]) -> dict[str, str]:
    """Repo-relative path -> two-letter `git status` code, for paths with uncommitted changes."""
    try:
        raw = repository.run("status", "--porcelain", "-z", "--untracked-files=all", "--", *pathspecs)
    except GitError:
        return {}
    changed: dict[str, str] = {}
    tokens = raw.split(b"\0")
    position = 0
    while position < len(tokens):
        token = tokens[position]
        position += 1
        if len(token) < 4:
            continue
        code = token[:2].decode("ascii", "replace")
        changed[os.fsdecode(token[3:])] = code
        if code[0] in "RC":
            position += 1
    return changed


def _fallback_all(
    base: Path, entries: list[Entry], files: dict[str, SourceFile], reason: str, *, in_repository: bool
) -> GroupOutcome:
    """Date every entry without git and record why."""
    outcome = GroupOutcome(source=reason)
    for entry in entries:
        apply_fallback(entry, file_mtime(base, entry, files))
        entry.uncommitted = in_repository
        outcome.counts[entry.date_source] += 1
    return outcome


def _describe(label: str, base: Path, outcome: GroupOutcome) -> str:
    """One human line saying where the dates of a group of entries came from."""
    counts = ", ".join(f"{count} {source}" for source, count in sorted(outcome.counts.items()) if count)
    untracked = f"; {outcome.untracked} untracked" if outcome.untracked else ""
    counts_text = f" (dated by {counts}{untracked})" if counts else ""
    if outcome.repository is None:
        fallback = "dates from frontmatter, section dates or mtime"
        return f"history of {label}: {outcome.source} at {base}; {fallback}{counts_text}"
    shallow = f"; {SHALLOW_WARNING}" if outcome.repository.shallow else ""
    return f"history of {label}: git repository {outcome.repository.toplevel}{counts_text}{shallow}"
