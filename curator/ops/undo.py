"""Undo curator's last commit (as a new commit), and put a store under git."""

from __future__ import annotations

from pathlib import Path

from curator import formats, history
from curator.model import Store
from curator.ops import git as ops_git
from curator.ops import guard as ops_guard
from curator.ops.core import _ACTIVE_SESSION, OpResult, commit_changed, file_dir, reload_store
from curator.ops.io import OpError, Plan


def undo(store: Store) -> OpResult:
    """Revert the last commit when it is curator's, as a new commit that keeps the history."""
    if _ACTIVE_SESSION.get() is not None:
        raise OpError("undo is not available inside a review session; finish the session first")
    repo = ops_git.find_repo(file_dir(store))
    if repo is None:
        raise OpError(f"{store.root} is not in git, so there is no commit to undo (archived entries can be restored)")
    head = ops_git.head_commit(repo)
    if head is None:
        raise OpError(f"{repo.toplevel} has no commits yet; nothing to undo")
    label = f"{head.sha[:7]} {head.subject!r}"
    if not head.subject.startswith(ops_git.CURATOR_PREFIX):
        raise OpError(f"the last commit ({label}) is not a curator commit; undo only reverts curator's own last commit")
    if head.subject.startswith(("curator: track ", "curator: record uncommitted")) or head.parent is None:
        raise OpError(f"the last commit ({label}) recorded files curator did not change; undo stops there")
    if not head.paths:
        raise OpError(f"the last commit ({label}) is a merge commit or changed nothing; undo it with git")
    dirty = ops_git.dirty_paths(repo, head.paths)
    if dirty:
        raise OpError(f"{', '.join(dirty)} has uncommitted changes that undo would overwrite; commit or discard them first")
    plan = Plan(file_dir(store), extra_roots=[store.project] if store.project else [])
    for rel in head.paths:
        previous = ops_git.blob_at(repo, head.parent, rel)
        current = ops_git.blob_at(repo, head.sha, rel)
        if previous is None:
            plan.delete(rel, current or b"", repo.toplevel / rel)
        else:
            plan.write(rel, previous, current, repo.toplevel / rel)
    subject = head.subject.removeprefix(ops_git.CURATOR_PREFIX).strip()
    if subject.startswith("undo "):
        subject = "redo " + subject.removeprefix("undo ")
    elif subject.startswith("redo "):
        subject = "undo " + subject.removeprefix("redo ")
    else:
        subject = "undo " + subject
    message = f"curator: {subject}\n\nThis reverts commit {head.sha}."
    with ops_guard.store_lock(ops_guard.lock_directory(store)):
        for change in plan.effective():
            plan.target(change)
        notes = ops_guard.refuse_bad_git_states(plan.effective())
        applied = plan.apply()
        try:
            sha, commit_notes = commit_changed([change.path for change in applied], message)
        except ops_git.GitError as error:
            raise ops_guard.roll_back_commit(plan, applied, error) from None
    notes += commit_notes
    return OpResult(subject, sha, [change.rel for change in applied], reload_store(store), notes)


def track(path: Path) -> OpResult:
    """Put a store under git: init a repo in its directory when it is in none, then commit its untracked files."""
    target = Path(path)
    if not target.exists():
        raise OpError(f"{target}: no such file or directory")
    if not ops_git.git_available():
        raise OpError("git is not installed, so curator cannot track the store")
    store = formats.detect(target)
    history.annotate(store)
    directory = file_dir(store)
    repo = ops_git.find_repo(directory)
    notes: list[str] = []
    if repo is None:
        repo = ops_git.init_repo(directory)
        notes.append(f"initialised a git repository in {directory}")
    under = repo.rel(directory)
    untracked = ops_git.untracked_files(repo, "" if under == "." else under)
    if not untracked:
        return OpResult(f"{target} is already tracked in {repo.toplevel}", None, [], store, notes)
    sha = ops_git.commit_paths(repo, untracked, f"curator: track {target}")
    return OpResult(f"track {target} ({len(untracked)} file(s))", sha, untracked, reload_store(store), notes)
