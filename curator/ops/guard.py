"""Guards every op shares: a per-store lock across check, write and commit; where writes may land; git states that refuse."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from curator.model import Store
from curator.ops import git as ops_git
from curator.ops.io import Change, OpError, Plan

LOCK_TIMEOUT_S = 30.0
_POLL_S = 0.05

_registry_guard = threading.Lock()
_held: dict[str, tuple[threading.RLock, list[int]]] = {}


class StoreBusy(OpError):
    """Another curator process held the store's lock for longer than the timeout."""


@contextmanager
def store_lock(directory: Path, *, timeout: float = LOCK_TIMEOUT_S) -> Iterator[None]:
    """Hold an exclusive lock on the store directory (flock on the directory itself; re-entrant per process)."""
    key = os.path.realpath(directory)
    with _registry_guard:
        thread_lock, state = _held.setdefault(key, (threading.RLock(), [-1, 0]))
    if not thread_lock.acquire(timeout=timeout):
        raise StoreBusy(f"another curator op is changing {key}; try again")
    try:
        if state[1] == 0:
            state[0] = _acquire_flock(key, timeout)
        state[1] += 1
        try:
            yield
        finally:
            state[1] -= 1
            if state[1] == 0 and state[0] >= 0:
                os.close(state[0])
                state[0] = -1
    finally:
        thread_lock.release()


def _acquire_flock(key: str, timeout: float) -> int:
    """An fd holding flock(LOCK_EX) on `key`; -1 when the filesystem cannot lock (the compare-before-rename still runs)."""
    try:
        descriptor = os.open(key, os.O_RDONLY)
    except OSError:
        return -1
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return descriptor
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(descriptor)
                raise StoreBusy(
                    f"another curator process is changing {key} (waited {timeout:g} s); try again"
                ) from None
            time.sleep(_POLL_S)
        except OSError:
            os.close(descriptor)
            return -1


def lock_directory(store: Store) -> Path:
    """The directory whose lock guards this store's files."""
    return store.root if store.root.is_dir() else store.root.parent


def confine_plan(store: Store, plan: Plan) -> None:
    """Allow the project as a second root only for the project's instruction files; check every target now."""
    context_paths = {os.path.realpath(source.abspath) for source in store.context_files.values()}
    if store.project is not None and any(os.path.realpath(change.path) in context_paths for change in plan.changes):
        plan.extra_roots = [store.project]
    for change in plan.effective():
        plan.target(change)


def git_groups(changes: list[Change]) -> dict[Path, tuple[ops_git.Repo, list[str]]]:
    return ops_git.group_by_repo([change.path for change in changes])


def refuse_bad_git_states(changes: list[Change]) -> list[str]:
    """Refuse (before anything is written) when git could not commit these files cleanly; return warnings."""
    notes: list[str] = []
    for repo, rels in git_groups(changes).values():
        problem = ops_git.state_problem(repo)
        if problem:
            raise OpError(f"{problem}; nothing was changed")
        flagged = ops_git.hidden_paths(repo, rels)
        if flagged:
            raise OpError(
                f"git is told to ignore changes to {', '.join(flagged)} (skip-worktree or assume-unchanged), "
                "so curator could not commit them; clear the flag first; nothing was changed"
            )
        ignored = sorted(ops_git.ignored_paths(repo, rels) - ops_git.tracked_paths(repo, rels))
        if ignored and len(ignored) < len(rels):
            raise OpError(
                f"git ignores {', '.join(ignored)} but not the op's other files, so the commit would be partial "
                "(undo could not bring everything back); un-ignore it or move the store; nothing was changed"
            )
        if ops_git.is_detached(repo):
            notes.append(f"HEAD is detached in {repo.toplevel}: the commit is on no branch")
    return notes


def roll_back_commit(plan: Plan, applied: list[Change], error: Exception) -> OpError:
    """Put the files back and unstage them after a failed commit; the error to raise."""
    failures = plan._roll_back(applied, [])
    for repo, rels in git_groups(applied).values():
        try:
            ops_git.unstage(repo, rels)
        except ops_git.GitError:
            failures.append(f"the git index entries of {', '.join(rels)}")
    if failures:
        return OpError(f"{error}; could not put back {', '.join(failures)}")
    return OpError(f"{error}; the files were put back, nothing was changed")
