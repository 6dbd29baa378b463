"""Per-entry history on demand: each commit that touched an entry, with the entry's own diff."""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

from curator import lazyre as re
from curator.history.dates import file_mtime
from curator.history.git import GitError, Repository, find_repository, git_executable
from curator.history.log import archive_moves, epoch_to_utc
from curator.model import Entry, Store

_RECORD = "\x1e"
_FIELD = "\x1f"
_END_HEADER = "\x1d"
PATCH_FORMAT = "%x1e%H%x1f%h%x1f%at%x1f%aN%x1f%s%x1d"
WORKTREE_SHORT_SHA = "worktree"
MAX_ARCHIVE_HOPS = 20

COPIED_FROM = re.compile(r"^copy from ", re.MULTILINE)
_SECTION_MARKER = re.compile(r"^<!-- curator-archive (\{.*\}) -->\s*$")


@dataclass
class Change:
    """One commit that touched an entry (or its uncommitted edits, with `uncommitted=True` and sha "")."""

    sha: str
    short_sha: str
    date: datetime
    author: str
    subject: str
    diff: str
    uncommitted: bool = False


class UnknownEntry(LookupError):
    """No entry (or project instruction entry) has this id."""


def entry_history(store: Store, entry_id: str) -> list[Change]:
    """The commits that touched an entry, newest first; uncommitted edits come first as a worktree change."""
    entry = store.find(entry_id)
    if entry is None:
        raise UnknownEntry(entry_id)
    base = store.project if entry.origin == "project" and store.project is not None else store.root
    executable = git_executable()
    repository = find_repository(base, executable) if executable else None
    if repository is None:
        return []
    prefix = repository.relative(base)
    if prefix.startswith("../"):
        return []
    path = f"{prefix}/{entry.path}" if prefix else entry.path
    files = store.context_files if entry.origin == "project" else store.files
    mtime = file_mtime(base, entry, files)
    if entry.line is not None and entry.kind not in ("file", "daily"):
        return _section_history(repository, base / entry.path, path, entry, mtime)
    return _file_history(repository, path, mtime)


def parse_patch_log(raw: bytes) -> list[Change]:
    """Split `git log -p --format=PATCH_FORMAT` output into Change records."""
    changes: list[Change] = []
    for record in raw.decode("utf-8", "replace").split(_RECORD):
        header, found, diff = record.partition(_END_HEADER)
        if not found:
            continue
        fields = header.split(_FIELD)
        if len(fields) < 5:
            continue
        sha, short_sha, epoch, author, subject = fields[:5]
        changes.append(
            Change(
                sha=sha,
                short_sha=short_sha,
                date=epoch_to_utc(epoch),
                author=author,
                subject=subject,
                diff=diff.strip("\n") + "\n" if diff.strip() else "",
            )
        )
    return changes


def _is_dirty(repository: Repository, path: str) -> tuple[bool, bool]:
    """(tracked, has uncommitted changes) for one repo-relative path."""
    try:
        raw = repository.run("status", "--porcelain", "-z", "--untracked-files=all", "--", f":(literal){path}")
    except GitError:
        return False, False
    code = raw[:2].decode("ascii", "replace") if raw else ""
    if code == "??":
        return False, True
    return True, bool(code)


def _worktree_change(diff: str, mtime: datetime | None) -> Change:
    return Change(
        sha="",
        short_sha=WORKTREE_SHORT_SHA,
        date=mtime or datetime.fromtimestamp(0, tz=timezone.utc),
        author="",
        subject="uncommitted changes",
        diff=diff,
        uncommitted=True,
    )


def _until_copied(changes: list[Change]) -> list[Change]:
    """Cut `--follow` at the commit that created the file as a copy: older commits belong to the source."""
    for index, change in enumerate(changes):
        if COPIED_FROM.search(change.diff):
            return changes[: index + 1]
    return changes


def _follow_log(repository: Repository, path: str, start: str, patch_options: tuple[str, ...]) -> list[Change]:
    """`git log --follow -p` of one path from `start` back, cut where the file was created as a copy."""
    try:
        raw = repository.run(
            "--literal-pathspecs",
            "log",
            "--follow",
            "-M",
            "-p",
            *patch_options,
            f"--format={PATCH_FORMAT}",
            start,
            "--",
            path,
        )
    except GitError:
        return []
    return _until_copied(parse_patch_log(raw))


def _moved_from(repository: Repository, sha: str, path: str) -> str | None:
    """The path `path` was moved from in commit `sha` by an archive or restore (a delete + add pair), else None."""
    try:
        listing = repository.run("show", "--name-status", "--no-renames", "-z", "--format=", sha)
    except GitError:
        return None
    tokens = [os.fsdecode(token) for token in listing.split(b"\0")]
    pairs = list(zip(tokens[0::2], tokens[1::2]))
    deleted = [name for status, name in pairs if status.strip() == "D"]
    added = [name for status, name in pairs if status.strip() == "A"]
    return next((old for old, new in archive_moves(deleted, added).items() if new == path), None)


def _file_history(repository: Repository, path: str, mtime: datetime | None) -> list[Change]:
    """`git log --follow -p` for one file, plus its uncommitted diff."""
    tracked, dirty = _is_dirty(repository, path)
    if not tracked:
        return []
    patch_options = ("--no-color", "--no-ext-diff", "--no-textconv")
    changes = _follow_log(repository, path, "HEAD", patch_options)
    for _ in range(MAX_ARCHIVE_HOPS):
        if not changes or COPIED_FROM.search(changes[-1].diff):
            break
        earlier = _moved_from(repository, changes[-1].sha, path)
        if earlier is None:
            break
        path = earlier
        changes += _follow_log(repository, path, f"{changes[-1].sha}^", patch_options)
    if dirty:
        try:
            worktree_diff = repository.run("--literal-pathspecs", "diff", "HEAD", *patch_options, "--", path)
        except GitError:
            worktree_diff = b""
        changes.insert(0, _worktree_change(worktree_diff.decode("utf-8", "replace"), mtime))
    return changes


def _section_history(
    repository: Repository, absolute: Path, path: str, entry: Entry, mtime: datetime | None
) -> list[Change]:
    """`git log -L` over the section's line range (mapped back to HEAD when the file has edits)."""
    tracked, dirty = _is_dirty(repository, path)
    if not tracked:
        return []
    first = entry.line or 1
    last = entry.line_end or first
    try:
        work_lines = absolute.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    except OSError:
        return []
    head_range: tuple[int, int] | None = (first, last)
    head_lines = work_lines
    if dirty:
        try:
            head_text = repository.run("show", f"HEAD:{path}").decode("utf-8-sig", "replace")
        except GitError:
            head_text = ""
        head_lines = head_text.splitlines()
        head_range = map_range_to_head(head_lines, work_lines, first, last)
    changes: list[Change] = []
    if head_range is not None:
        try:
            raw = repository.run(
                "log", f"-L{head_range[0]},{head_range[1]}:{path}", "--no-color", f"--format={PATCH_FORMAT}"
            )
        except GitError:
            raw = b""
        changes = parse_patch_log(raw)
    origin = _archived_section_origin(work_lines, first, last)
    if origin is not None and changes and not changes[-1].uncommitted:
        changes += _history_before_archive(repository, path, origin, changes[-1].sha)
    if dirty:
        before = head_lines[head_range[0] - 1 : head_range[1]] if head_range else []
        after = work_lines[first - 1 : last]
        if before != after:
            diff_lines = difflib.unified_diff(
                before, after, f"a/{path}", f"b/{path}", n=max(len(before), len(after)), lineterm=""
            )
            changes.insert(0, _worktree_change("\n".join(diff_lines) + "\n", mtime))
    return changes


def _archived_section_origin(lines: list[str], first: int, last: int) -> tuple[str, int, int] | None:
    """(file, first line, line count) a section archived by curator came from, read from its restore marker."""
    if first >= len(lines) or last <= first:
        return None
    marker = _SECTION_MARKER.match(lines[first])
    if marker is None:
        return None
    try:
        meta = json.loads(marker.group(1))
    except ValueError:
        return None
    source, line = meta.get("from"), meta.get("line")
    if not isinstance(source, str) or not isinstance(line, int) or line < 1 or ".." in source.split("/"):
        return None
    return source, line, last - first


def _history_before_archive(repository: Repository, path: str, origin: tuple[str, int, int], sha: str) -> list[Change]:
    """The commits of the section's lines in the file it was archived from, up to the archiving commit."""
    source, line, count = origin
    folder = str(PurePosixPath(path).parent)
    source_path = source if folder == "." else f"{folder}/{source}"
    try:
        raw = repository.run(
            "log", f"-L{line},{line + count - 1}:{source_path}", "--no-color", f"--format={PATCH_FORMAT}", f"{sha}^"
        )
    except GitError:
        return []
    return parse_patch_log(raw)


def map_range_to_head(head_lines: list[str], work_lines: list[str], first: int, last: int) -> tuple[int, int] | None:
    """The 1-based HEAD line range that the working-file lines first..last came from, or None if all new."""
    low, high = first - 1, last
    mapped: list[int] = []
    matcher = difflib.SequenceMatcher(None, head_lines, work_lines, autojunk=False)
    for tag, head_start, head_end, work_start, work_end in matcher.get_opcodes():
        if tag == "equal":
            start, end = max(work_start, low), min(work_end, high)
            if start < end:
                mapped += [head_start + start - work_start, head_start + end - 1 - work_start]
        elif head_start < head_end:
            overlaps = work_start < high and work_end > low
            deleted_inside = work_start == work_end and low < work_start < high
            if overlaps or deleted_inside:
                mapped += [head_start, head_end - 1]
    if not mapped:
        return None
    return min(mapped) + 1, max(mapped) + 1
