"""`curator sync`: push and pull a memory store through any git remote, one branch per project identity."""

from __future__ import annotations

import os
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from curator.ops import git as ops_git
from curator.ops.io import OpError, atomic_write, read_bytes_or_none
from curator.ops.snapshot import snapshot
from curator.sync.identity import Identity

REMOTE_NAME = "curator-sync"
BRANCH_KEY = "curator.syncbranch"
DRIVER_NAME = "curator-index"
ATTRIBUTES_LINE = f"MEMORY.md merge={DRIVER_NAME}"
CONFLICT_MARK = ".sync-conflict-"


@dataclass
class SyncResult:
    """What a sync did: fetched, merged, pushed, and the topic files that conflicted (both sides kept)."""

    branch: str
    fetched: bool = False
    merged: bool = False
    pushed: bool = False
    conflicts: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def message(self) -> str:
        parts = [f"synced {self.branch}"]
        parts.append("pulled and merged" if self.merged else ("up to date" if self.fetched else "first push"))
        if self.pushed:
            parts.append("pushed")
        if self.conflicts:
            parts.append(
                f"{len(self.conflicts)} conflicting topic file(s) kept side by side: {', '.join(self.conflicts)}"
            )
        return "; ".join(parts)


def _repo_of_store(directory: Path) -> ops_git.Repo:
    repo = ops_git.find_repo(directory)
    if repo is None:
        snapshot(directory)
        repo = ops_git.find_repo(directory)
    if repo is None:
        raise OpError(f"{directory} could not be put under git")
    if Path(os.path.realpath(directory)) != repo.toplevel:
        raise OpError(
            f"{directory} is part of the repository {repo.toplevel}; sync is for stores that are their own repository "
            "(push that repository instead)"
        )
    return repo


def _git(repo: ops_git.Repo, *args: str, check: bool = True) -> str:
    env = ops_git.identity_environment(repo)
    env["GIT_MERGE_AUTOEDIT"] = "no"
    return ops_git.run_git(repo.toplevel, *args, env=env, check=check).decode("utf-8", "replace").strip()


def install_merge_driver(repo: ops_git.Repo) -> bool:
    """Configure the `MEMORY.md` union driver and add it to `.gitattributes` (committed); True when something changed."""
    command = f"{shlex.quote(sys.executable)} -m curator merge-index %O %A %B"
    _git(repo, "config", f"merge.{DRIVER_NAME}.name", "curator: union of MEMORY.md index lines")
    _git(repo, "config", f"merge.{DRIVER_NAME}.driver", command)
    attributes = repo.toplevel / ".gitattributes"
    current = read_bytes_or_none(attributes)
    text = (current or b"").decode("utf-8", "replace")
    if ATTRIBUTES_LINE in text.splitlines():
        return False
    atomic_write(
        attributes, (text + ("" if not text or text.endswith("\n") else "\n") + ATTRIBUTES_LINE + "\n").encode()
    )
    ops_git.commit_paths(repo, [".gitattributes"], "curator: merge MEMORY.md index lines as a union when syncing")
    return True


def init_sync(directory: Path, url: str, identity: Identity) -> SyncResult:
    """Name the remote once and the branch for this project's identity; install the index merge driver."""
    repo = _repo_of_store(directory)
    remotes = _git(repo, "remote").split()
    if REMOTE_NAME in remotes:
        _git(repo, "remote", "set-url", REMOTE_NAME, url)
    else:
        _git(repo, "remote", "add", REMOTE_NAME, url)
    _git(repo, "config", BRANCH_KEY, identity.branch)
    install_merge_driver(repo)
    result = SyncResult(
        identity.branch, notes=[f"remote {REMOTE_NAME} = {url}", f"identity {identity.key} ({identity.source})"]
    )
    return result


def _fetch(repo: ops_git.Repo, branch: str) -> bool:
    """Fetch the sync branch; False when the remote does not have it yet. Raises OpError when unreachable."""
    try:
        heads = _git(repo, "ls-remote", "--heads", REMOTE_NAME, f"refs/heads/{branch}")
        if not heads:
            return False
        _git(
            repo,
            "fetch",
            "--quiet",
            "--no-tags",
            REMOTE_NAME,
            f"+refs/heads/{branch}:refs/remotes/{REMOTE_NAME}/{branch}",
        )
    except ops_git.GitError as error:
        raise OpError(f"the sync remote is unreachable ({error}); nothing was changed") from None
    return True


def _resolve_conflicts(repo: ops_git.Repo, theirs: str) -> list[str]:
    """Keep both sides of every conflicting topic file: ours in place, theirs next to it as `.sync-conflict-<sha>`."""
    unmerged = _git(repo, "diff", "--name-only", "--diff-filter=U", "-z").split("\0")
    short = theirs[:7]
    kept: list[str] = []
    for rel in [path for path in unmerged if path]:
        ours = _stage_blob(repo, 2, rel)
        their_blob = _stage_blob(repo, 3, rel)
        target = repo.toplevel / rel
        if ours is None and their_blob is not None:
            atomic_write(target, their_blob)
        elif ours is not None:
            atomic_write(target, ours)
            if their_blob is not None and their_blob != ours:
                path = PurePosixPath(rel)
                side = path.with_name(f"{path.stem}{CONFLICT_MARK}{short}{path.suffix or '.md'}").as_posix()
                atomic_write(repo.toplevel / side, their_blob)
                _git(repo, "add", "--", side)
                kept.append(rel)
        _git(repo, "add", "--", rel)
    return kept


def _stage_blob(repo: ops_git.Repo, stage: int, rel: str) -> bytes | None:
    try:
        return ops_git.run_git(repo.toplevel, "cat-file", "blob", f":{stage}:{rel}")
    except ops_git.GitError:
        return None


def sync(directory: Path) -> SyncResult:
    """Fetch, snapshot local changes, merge (index lines unioned, topic conflicts kept side by side), push."""
    repo = _repo_of_store(directory)
    branch = _git(repo, "config", "--get", BRANCH_KEY, check=False)
    if not branch or REMOTE_NAME not in _git(repo, "remote").split():
        raise OpError("no sync remote yet: run `curator sync --init URL` once")
    if (Path(_git(repo, "rev-parse", "--absolute-git-dir")) / "MERGE_HEAD").exists():
        raise OpError("a merge is in progress in the store's repository; finish or abort it first")
    result = SyncResult(branch)
    result.fetched = _fetch(repo, branch)
    snapshot(directory, event="sync")
    remote_ref = f"refs/remotes/{REMOTE_NAME}/{branch}"
    if result.fetched:
        theirs = _git(repo, "rev-parse", remote_ref)
        if not _is_ancestor(repo, theirs, "HEAD"):
            try:
                _git(
                    repo,
                    "merge",
                    "--no-edit",
                    "--no-verify",
                    "--allow-unrelated-histories",
                    "-m",
                    f"curator: sync merge of {branch}",
                    remote_ref,
                )
            except ops_git.GitError as error:
                if not (Path(_git(repo, "rev-parse", "--absolute-git-dir")) / "MERGE_HEAD").exists():
                    raise OpError(
                        f"git could not merge the remote's memory ({error}); the store is as it was"
                    ) from None
                result.conflicts = _resolve_conflicts(repo, theirs)
                _git(
                    repo,
                    "commit",
                    "--no-verify",
                    "-q",
                    "-m",
                    f"curator: sync merge of {branch} (conflicts kept side by side)",
                )
            result.merged = True
    try:
        _git(repo, "push", "--quiet", REMOTE_NAME, f"HEAD:refs/heads/{branch}")
        result.pushed = True
    except ops_git.GitError as error:
        result.notes.append(f"push failed ({error}); run `curator sync` again")
    return result


def _is_ancestor(repo: ops_git.Repo, ancestor: str, descendant: str) -> bool:
    try:
        ops_git.run_git(repo.toplevel, "merge-base", "--is-ancestor", ancestor, descendant)
        return True
    except ops_git.GitError:
        return False
