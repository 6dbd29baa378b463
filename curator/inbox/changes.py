"""Every entry added, edited, deleted, renamed or expired since a base commit, grouped by the session that did it."""

from __future__ import annotations

import difflib
import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Literal

from curator.history.git import Repository
from curator.history.log import epoch_to_utc
from curator.inbox.marker import (
    REVIEW_TRAILER,
    SESSION_TRAILER,
    SNAPSHOT_TRAILER,
    last_review,
    resolve_commit,
)
from curator.inbox.store_git import InboxError, _is_archived, _is_memory_file, _StoreGit
from curator.model import Store

ChangeKind = Literal["added", "edited", "deleted", "renamed", "expired", "restored"]


APPROVALS_NAME = "inbox.json"
WORKTREE_GROUP = "worktree"
DELETED_STATE = "deleted"


@dataclass
class StoreChange:
    """One entry's net change between the base and now: bytes before and after, paths relative to the store."""

    kind: ChangeKind
    path: str
    old_path: str | None
    before: bytes | None
    after: bytes | None
    group: str = WORKTREE_GROUP
    decision: str = ""

    @property
    def entry_id(self) -> str:
        return self.path if self.kind != "deleted" else (self.old_path or self.path)

    @property
    def state(self) -> str:
        """A fingerprint of the current state, so an approval lapses when the entry changes again."""
        if self.after is None:
            return DELETED_STATE
        return hashlib.sha1(self.after).hexdigest()

    def diff(self) -> str:
        """The unified diff from the reviewed text to the current text."""
        before = (self.before or b"").decode("utf-8", "replace").splitlines(keepends=True)
        after = (self.after or b"").decode("utf-8", "replace").splitlines(keepends=True)
        old_name = f"a/{self.old_path or self.path}" if self.before is not None else "/dev/null"
        new_name = f"b/{self.path}" if self.after is not None else "/dev/null"
        lines = list(difflib.unified_diff(before, after, old_name, new_name))
        return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


@dataclass
class ChangeGroup:
    """The changes one agent session (or one snapshot, or the uncommitted work tree) made."""

    key: str
    label: str
    when: datetime | None
    commits: list[str] = field(default_factory=list)
    changes: list[StoreChange] = field(default_factory=list)


@dataclass
class Inbox:
    """What changed since the base, by group; `reviewed_at` is the last review's date when the base is one."""

    base: str | None
    base_label: str
    reviewed_at: datetime | None
    groups: list[ChangeGroup]
    approved: int = 0

    @property
    def changes(self) -> list[StoreChange]:
        return [change for group in self.groups for change in group.changes]

    def counts(self) -> dict[str, int]:
        counted: dict[str, int] = {}
        for change in self.changes:
            counted[change.kind] = counted.get(change.kind, 0) + 1
        return counted


def _base_commit(scope: _StoreGit, since: str | None) -> tuple[str | None, str, datetime | None]:
    """The base commit for `since` (None = the last review), its label, and the review date when it is one."""
    repository = scope.repository
    if since in (None, "review"):
        mark = last_review(repository)
        if mark is not None:
            return mark.sha, f"last review {mark.date:%Y-%m-%d %H:%M}", mark.date
        root = scope.git("rev-list", "--max-parents=0", "--reverse", "HEAD", "--", *scope.pathspecs).split()
        if not root:
            return None, "no commit yet", None
        return root[0].decode(), "the first commit (no review yet)", None
    assert since is not None
    try:
        moment = datetime.fromisoformat(since)
    except ValueError:
        moment = None
    if moment is not None:
        found = scope.git("rev-list", "-1", f"--before={moment.isoformat()}", "HEAD").strip()
        if not found:
            raise InboxError(f"no commit before {since}")
        return found.decode(), f"{since}", None
    sha = resolve_commit(repository, since)
    if sha is None:
        raise InboxError(f"{since!r} names no commit in {repository.toplevel}")
    return sha, since, None


def _net_changes(scope: _StoreGit, base: str | None) -> list[StoreChange]:
    """The net change of every memory file between `base` and the work tree (the old bytes read in one batch)."""
    changes: list[StoreChange] = []
    if base is not None:
        raw = scope.git("diff", "-M", "-z", "--name-status", base, "--", *scope.pathspecs)
        fields = raw.decode("utf-8", "surrogateescape").split("\0")
        listed: list[tuple[str, str, str]] = []
        position = 0
        while position < len(fields) and fields[position]:
            status = fields[position]
            if status[0] in "RC":
                old, new = fields[position + 1], fields[position + 2]
                position += 3
            else:
                old = new = fields[position + 1]
                position += 2
            old_rel, new_rel = scope.store_rel(old), scope.store_rel(new)
            if old_rel is not None and new_rel is not None and (_is_memory_file(old_rel) or _is_memory_file(new_rel)):
                listed.append((status[0], old_rel, new_rel))
        before = scope.blobs(base, [old for status, old, _ in listed if status != "A"])
        for status, old, new in listed:
            _add_change(scope, status, old, new, None if status == "A" else before[old], changes)
    untracked = scope.git("ls-files", "-z", "--others", "--exclude-standard", "--", *scope.pathspecs)
    for item in untracked.decode("utf-8", "surrogateescape").split("\0"):
        rel = scope.store_rel(item) if item else None
        if rel and _is_memory_file(rel) and not _is_archived(rel):
            changes.append(StoreChange("added", rel, None, None, scope.read_now(rel)))
    return changes


def _add_change(
    scope: _StoreGit, status: str, old: str, new: str, before: bytes | None, changes: list[StoreChange]
) -> None:
    after = scope.read_now(new) if status != "D" else None
    if status == "A":
        if not _is_archived(new):
            changes.append(StoreChange("added", new, None, None, after))
        return
    if status == "D":
        if not _is_archived(old):
            changes.append(StoreChange("deleted", old, old, before, None))
        return
    if status in "RC" and old != new:
        kind: ChangeKind = "renamed"
        if _is_archived(new) and not _is_archived(old):
            kind = "expired"
        elif _is_archived(old) and not _is_archived(new):
            kind = "restored"
        changes.append(StoreChange(kind, new, old, before, after))
        return
    if before != after:
        changes.append(StoreChange("edited", new, old, before, after))


def _expired_pairs(changes: list[StoreChange]) -> list[StoreChange]:
    """A deletion plus an archive added with the same name is one expiry (git saw no rename)."""
    added_archives = {PurePosixPath(change.path).name: change for change in changes if change.kind == "added"}
    merged: list[StoreChange] = []
    consumed: set[int] = set()
    for change in changes:
        if change.kind == "deleted":
            archive = added_archives.get(PurePosixPath(change.path).name)
            if archive is not None and _is_archived(archive.path):
                consumed.add(id(archive))
                merged.append(StoreChange("expired", archive.path, change.path, change.before, archive.after))
                continue
        merged.append(change)
    return [change for change in merged if id(change) not in consumed]


def _groups(scope: _StoreGit, base: str | None, changes: list[StoreChange]) -> list[ChangeGroup]:
    """Assign each change to the session of the last commit that touched it; the rest to the work tree."""
    groups: dict[str, ChangeGroup] = {}
    owner: dict[str, str] = {}
    if base is not None:
        trailers = (
            f"%(trailers:key={SESSION_TRAILER},valueonly,separator=%x2c)%x1f"
            f"%(trailers:key={SNAPSHOT_TRAILER},valueonly,separator=%x2c)%x1f"
            f"%(trailers:key={REVIEW_TRAILER},valueonly,separator=%x2c)"
        )
        raw = scope.git(
            "log",
            "-z",
            "--name-only",
            "--no-renames",
            f"--format=%x1e%H%x1f%ct%x1f%s%x1f{trailers}",
            f"{base}..HEAD",
            "--",
            *scope.pathspecs,
        )
        for record in raw.decode("utf-8", "surrogateescape").split("\x1e")[1:]:
            header, _, names = record.partition("\n")
            sha, epoch, subject, session, event, _review = (header.split("\x1f") + [""] * 6)[:6]
            key = f"session:{session.strip()}" if session.strip() else f"commit:{sha}"
            group = groups.get(key)
            if group is None:
                group = groups[key] = ChangeGroup(
                    key, _label(session.strip(), event.strip(), subject, sha), epoch_to_utc(epoch)
                )
            group.commits.append(sha)
            for name in names.split("\0"):
                rel = scope.store_rel(name.strip("\n")) if name.strip("\n") else None
                if rel is not None:
                    owner.setdefault(rel, key)
    for change in changes:
        key = owner.get(change.path) or owner.get(change.old_path or "") or WORKTREE_GROUP
        if key == WORKTREE_GROUP and WORKTREE_GROUP not in groups:
            groups[WORKTREE_GROUP] = ChangeGroup(WORKTREE_GROUP, "not yet snapshotted (uncommitted)", None)
        change.group = key
        groups[key].changes.append(change)
    committed = [group for key, group in reversed(groups.items()) if key != WORKTREE_GROUP and group.changes]
    ordered = committed + ([groups[WORKTREE_GROUP]] if WORKTREE_GROUP in groups else [])
    for group in ordered:
        group.changes.sort(key=lambda change: (change.kind, change.path))
    return ordered


def _label(session: str, event: str, subject: str, sha: str) -> str:
    if session:
        return f"session {session[:8]}" + (f" ({event})" if event else "")
    return f"commit {sha[:7]} {subject.removeprefix('curator: ')}"


def approvals_path(repository: Repository) -> Path:
    """Where decisions on single changes wait for the review to finish (inside `.git/curator/`)."""
    git_dir = repository.run("rev-parse", "--absolute-git-dir").decode("utf-8", "surrogateescape").strip()
    return Path(git_dir) / "curator" / APPROVALS_NAME


def read_decisions(repository: Repository) -> dict[str, dict[str, str]]:
    """Decisions taken in the inbox as {store path: {"decision", "state"}}; a missing or broken file holds none."""
    try:
        data = json.loads(approvals_path(repository).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    decisions = data.get("decisions") if isinstance(data, dict) else None
    if not isinstance(decisions, dict):
        return {}
    return {
        str(path): {"decision": str(value.get("decision")), "state": str(value.get("state"))}
        for path, value in decisions.items()
        if isinstance(value, dict)
    }


def changes_since(store: Store, since: str | None = None, *, include_approved: bool = False) -> Inbox:
    """The inbox of `store`: changes since the last review (or `since`: a date or a revision)."""
    scope = _StoreGit(store)
    base, label, reviewed_at = _base_commit(scope, since)
    changes = _expired_pairs(_net_changes(scope, base))
    decisions = read_decisions(scope.repository) if since in (None, "review") else {}
    kept: list[StoreChange] = []
    for change in changes:
        decided = decisions.get(change.path, {})
        if decided.get("state") == change.state:
            change.decision = decided.get("decision", "")
        if include_approved or change.decision != "approve":
            kept.append(change)
    return Inbox(base, label, reviewed_at, _groups(scope, base, kept), approved=len(changes) - len(kept))


def inbox_repository(store: Store) -> Repository:
    """The repository the inbox of `store` reads (raises InboxError when there is none)."""
    return _StoreGit(store).repository
