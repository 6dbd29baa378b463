"""Multi-step undo and redo over curator's own commits (stack in commit trailers), and putting a store under git.

An undo commit carries `Curator-Undo: <sha of the op it reverts>`; a redo commit carries
`Curator-Redo: <sha of the undo it reverts>`. Walking first-parent history from HEAD, an undo
cancels its target, so the next undo reaches one op further back; a new op ends the redo stack.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from curator import formats, history
from curator import lazyre as re
from curator.history.tracked import NOTES_REF, format_mtimes
from curator.model import Store
from curator.ops import git as ops_git
from curator.ops import guard as ops_guard
from curator.ops.core import _ACTIVE_SESSION, OpResult, commit_changed, file_dir, reload_store
from curator.ops.io import OpError, Plan

UNDO_TRAILER = "Curator-Undo"
REDO_TRAILER = "Curator-Redo"
HISTORY_LIMIT = 1000
_TRAILER = re.compile(rf"^({UNDO_TRAILER}|{REDO_TRAILER}):\s*([0-9a-f]{{7,64}})\s*$", re.MULTILINE)
_REVERTS = re.compile(r"^This reverts commit ([0-9a-f]{7,64})\.", re.MULTILINE)
_NOT_UNDOABLE = ("curator: track ", "curator: record uncommitted")


@dataclass
class Commit:
    """One first-parent commit as the undo walk sees it."""

    sha: str
    parent: str | None
    subject: str
    undoes: str | None = None
    redoes: str | None = None

    @property
    def is_curator(self) -> bool:
        return self.subject.startswith(ops_git.CURATOR_PREFIX)


@dataclass
class UndoStep:
    """What the next `undo` or `redo` would revert: the commit, its subject and files, or why it cannot."""

    action: str
    commit: str | None = None
    subject: str = ""
    paths: list[str] = field(default_factory=list)
    blocked: str | None = None

    def describe(self) -> str:
        """One line for a dry run or a status bar."""
        if self.blocked:
            return f"nothing to {self.action}: {self.blocked}"
        return f"{self.action} {self.commit[:7] if self.commit else ''} {self.subject!r} ({', '.join(self.paths)})"


def _parse(record: str) -> Commit | None:
    sha, parents, body = (record.split("\0", 2) + ["", ""])[:3]
    if not sha:
        return None
    subject = body.split("\n", 1)[0]
    commit = Commit(sha, parents.split()[0] if parents.split() else None, subject)
    for key, target in _TRAILER.findall(body):
        if key == UNDO_TRAILER:
            commit.undoes = target
        else:
            commit.redoes = target
    legacy = _REVERTS.search(body)
    if commit.is_curator and legacy and commit.undoes is None and commit.redoes is None:
        if subject.startswith("curator: redo "):
            commit.redoes = legacy.group(1)
        else:
            commit.undoes = legacy.group(1)
    return commit


def _history(repo: ops_git.Repo) -> list[Commit]:
    """First-parent history from HEAD, newest first, at most HISTORY_LIMIT commits (one git process)."""
    if not ops_git.has_head(repo):
        return []
    output = ops_git.run_git(
        repo.toplevel, "log", "--first-parent", f"-{HISTORY_LIMIT}", "--format=%H%x00%P%x00%B%x1e", "HEAD"
    ).decode("utf-8", "replace")
    commits = [_parse(record.strip("\n")) for record in output.split("\x1e")]
    return [commit for commit in commits if commit is not None]


def _matches(sha: str, prefix: str | None) -> bool:
    return prefix is not None and sha.startswith(prefix)


def _undo_target(history: list[Commit]) -> tuple[Commit | None, str | None]:
    """The op the next undo reverts (skipping undone ops and their undos), or why there is none."""
    undone: list[str] = []
    for commit in history:
        if any(_matches(commit.sha, prefix) for prefix in undone):
            continue
        if commit.undoes is not None:
            undone.append(commit.undoes)
            continue
        label = f"{commit.sha[:7]} {commit.subject!r}"
        if not commit.is_curator:
            return (
                None,
                f"the next commit back ({label}) is not a curator commit; undo only walks curator's own commits",
            )
        if commit.subject.startswith(_NOT_UNDOABLE) or commit.parent is None:
            return None, f"the next commit back ({label}) recorded files curator did not change; undo stops there"
        return commit, None
    return None, "no curator commit left to undo"


def _redo_target(history: list[Commit]) -> tuple[Commit | None, str | None]:
    """The undo the next redo reverts (the newest not yet redone), or why there is none."""
    redone: list[str] = []
    for commit in history:
        if any(_matches(commit.sha, prefix) for prefix in redone):
            continue
        if commit.redoes is not None:
            redone.append(commit.redoes)
            continue
        if commit.undoes is not None:
            return commit, None
        return None, "no undo since the last change"
    return None, "no undo since the last change"


def _changed_paths(repo: ops_git.Repo, commit: Commit) -> list[str]:
    listing = ops_git.run_git(
        repo.toplevel, "diff-tree", "--no-commit-id", "--name-only", "-r", "-z", "--no-renames", "--root", commit.sha
    )
    return [item.decode("utf-8") for item in listing.split(b"\0") if item]


def _repo(store: Store) -> ops_git.Repo:
    repo = ops_git.find_repo(file_dir(store))
    if repo is None:
        raise OpError(f"{store.root} is not in git, so there is no commit to undo (archived entries can be restored)")
    return repo


def _step(store: Store, action: str) -> tuple[UndoStep, ops_git.Repo | None, Commit | None]:
    try:
        repo = _repo(store)
    except OpError as error:
        return UndoStep(action, blocked=str(error)), None, None
    history = _history(repo)
    if not history:
        return UndoStep(action, blocked=f"{repo.toplevel} has no commits yet"), repo, None
    target, why = (_undo_target if action == "undo" else _redo_target)(history)
    if target is None:
        return UndoStep(action, blocked=why), repo, None
    paths = _changed_paths(repo, target)
    step = UndoStep(action, target.sha, target.subject.removeprefix(ops_git.CURATOR_PREFIX).strip(), paths)
    if not paths:
        step.blocked = f"{target.sha[:7]} {target.subject!r} changed nothing; undo it with git"
        return step, repo, target
    head = history[0].sha
    moved = [rel for rel in paths if ops_git.blob_at(repo, head, rel) != ops_git.blob_at(repo, target.sha, rel)]
    if moved:
        step.blocked = f"{', '.join(moved)} changed again after {target.sha[:7]}; {action} it with git"
    return step, repo, target


def next_undo(store: Store) -> UndoStep:
    """What `curator undo` would revert now (never writes); `blocked` says why it cannot."""
    return _step(store, "undo")[0]


def next_redo(store: Store) -> UndoStep:
    """What `curator redo` would re-apply now (never writes); `blocked` says why it cannot."""
    return _step(store, "redo")[0]


def _revert(store: Store, action: str) -> OpResult:
    if _ACTIVE_SESSION.get() is not None:
        raise OpError(f"{action} is not available inside a review session; finish the session first")
    with ops_guard.store_lock(ops_guard.lock_directory(store)):
        step, repo, target = _step(store, action)
        if step.blocked or repo is None or target is None:
            raise OpError(f"nothing to {action}: {step.blocked}")
        dirty = ops_git.dirty_paths(repo, step.paths)
        if dirty:
            raise OpError(
                f"{', '.join(dirty)} has uncommitted changes that {action} would overwrite; commit or discard them first"
            )
        plan = Plan(file_dir(store), extra_roots=[store.project] if store.project else [])
        for rel in step.paths:
            previous = ops_git.blob_at(repo, target.parent, rel)
            current = ops_git.blob_at(repo, target.sha, rel)
            if previous is None:
                plan.delete(rel, current or b"", repo.toplevel / rel)
            else:
                plan.write(rel, previous, current, repo.toplevel / rel)
        subject = step.subject
        if action == "redo":
            subject = "redo " + subject.removeprefix("undo ")
            trailer = f"{REDO_TRAILER}: {target.sha}"
        else:
            subject = "undo " + subject.removeprefix("redo ")
            trailer = f"{UNDO_TRAILER}: {target.sha}"
        message = f"curator: {subject}\n\nThis reverts commit {target.sha}.\n\n{trailer}"
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


def undo(store: Store) -> OpResult:
    """Revert the newest curator op not yet undone, as a new commit; repeat to walk further back."""
    return _revert(store, "undo")


def redo(store: Store) -> OpResult:
    """Re-apply the newest undo not yet redone; any new op since then ends the redo stack."""
    return _revert(store, "redo")


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
    mtimes = _mtimes(repo, untracked)
    sha = ops_git.commit_paths(repo, untracked, f"curator: track {target}")
    if sha is not None:
        notes.extend(_note_mtimes(repo, sha, mtimes))
    return OpResult(f"track {target} ({len(untracked)} file(s))", sha, untracked, reload_store(store), notes)


def _mtimes(repo: ops_git.Repo, rels: list[str]) -> dict[str, float]:
    """Each file's modification time before tracking, by repo-relative path."""
    found: dict[str, float] = {}
    for rel in rels:
        try:
            found[rel] = os.lstat(repo.toplevel / rel).st_mtime
        except OSError:
            continue
    return found


def _note_mtimes(repo: ops_git.Repo, sha: str, mtimes: dict[str, float]) -> list[str]:
    """Record the files' mtimes as a git note on the track commit, so history keeps their ages."""
    if not mtimes:
        return []
    handle, note_path = tempfile.mkstemp(prefix="curator-mtimes-", suffix=".txt")
    try:
        with os.fdopen(handle, "wb") as note_file:
            note_file.write(format_mtimes(mtimes).encode("utf-8"))
        ops_git.run_git(
            repo.toplevel,
            "notes",
            f"--ref={NOTES_REF}",
            "add",
            "-f",
            "-F",
            note_path,
            sha,
            env=ops_git.identity_environment(repo),
        )
    except ops_git.GitError as error:
        return [f"file ages not recorded ({error}); history will date files from the track commit"]
    finally:
        os.unlink(note_path)
    return [f"recorded {len(mtimes)} file age(s) in git notes ({NOTES_REF})"]
