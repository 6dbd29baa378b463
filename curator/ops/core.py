"""What every op shares: results, entry lookup, apply-a-plan-then-commit, deferred session commits."""

from __future__ import annotations

import contextvars
import difflib
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Self

from curator import formats, history
from curator.model import ARCHIVE_DIR, Entry, SourceFile, Store
from curator.ops import git as ops_git
from curator.ops import guard as ops_guard
from curator.ops.io import Change, OpError, Plan, read_bytes_or_none

INSTRUCTION_FORMATS = ("instructions",)


class UnknownEntry(OpError):
    """No entry has this id; `suggestions` holds close matches."""

    def __init__(self, entry_id: str, suggestions: list[str]) -> None:
        hint = f" (did you mean {', '.join(suggestions)}?)" if suggestions else ""
        super().__init__(f"no entry {entry_id!r} in this store{hint}")
        self.entry_id = entry_id
        self.suggestions = suggestions


@dataclass
class OpResult:
    """What an op did: a one-line message, the commit sha (None without git), paths changed, the reloaded store."""

    message: str
    commit: str | None
    changed: list[str]
    store: Store
    notes: list[str] = field(default_factory=list)


_ACTIVE_SESSION: contextvars.ContextVar[Any] = contextvars.ContextVar("curator_ops_session", default=None)


def today(now: date | datetime | None) -> date:
    """The op's date: `now` (a date or moment) or today's UTC date."""
    if now is None:
        return datetime.now(timezone.utc).date()
    return now.date() if isinstance(now, datetime) else now


def one_line(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def commit_message(what: str, reason: str | None = None) -> str:
    """`curator: <what> — <why>`, any secret in it masked (it is printed and committed)."""
    from curator.secrets.signals import may_hold_secret

    why = one_line(reason)
    message = f"curator: {what} — {why}" if why else f"curator: {what}"
    if may_hold_secret(message):
        from curator.secrets import mask_text

        message = mask_text(message)
    return message


def find_entry(store: Store, entry_id: str) -> Entry:
    """The entry (store or project instruction context) with this id, or UnknownEntry with suggestions."""
    entry = store.find(entry_id)
    if entry is not None:
        return entry
    known = [candidate.id for candidate in [*store.entries, *store.context]]
    suggestions = difflib.get_close_matches(entry_id, known, n=3, cutoff=0.5)
    if not suggestions:
        suggestions = [known_id for known_id in known if entry_id.lower() in known_id.lower()][:3]
    raise UnknownEntry(entry_id, suggestions)


def source_of(store: Store, entry: Entry) -> SourceFile:
    """The loaded file an entry lives in; refuses entries without readable text."""
    source = store.files.get(entry.path) or store.context_files.get(entry.path)
    if source is None or source.text is None:
        raise OpError(f"{entry.id}: {entry.path} could not be read as text, so curator will not change it")
    return source


def is_instruction(store: Store, entry: Entry) -> bool:
    return store.format in INSTRUCTION_FORMATS or entry.origin != "store" or entry.kind == "rule"


def refuse_instruction(store: Store, entry: Entry, op_name: str) -> None:
    if is_instruction(store, entry):
        raise OpError(
            f"{entry.id} is an instruction rule; curator only edits and review-stamps instructions "
            f"(they are not memory that expires) — {op_name} is not available, edit the rule instead"
        )


def is_whole_file(entry: Entry) -> bool:
    """A topic file or daily log (archived by moving the file), as opposed to a section of one."""
    return entry.kind not in ("section", "rule")


def is_archived(entry: Entry) -> bool:
    """An entry in the archive: expired status, or a file under `.archive/` / in a `*.archive.md`."""
    return entry.status == "expired" or entry.path.startswith(f"{ARCHIVE_DIR}/") or entry.path.endswith(".archive.md")


def entry_span(entry: Entry, source: SourceFile) -> tuple[int, int]:
    text = source.text or ""
    return entry.span if entry.span is not None else (0, len(text))


def file_dir(store: Store) -> Path:
    """The directory that holds the store's files (the root itself, or its parent for a single file)."""
    return store.root if store.root.is_dir() else store.root.parent


def abspath_of(store: Store, rel: str) -> Path:
    source = store.files.get(rel) or store.context_files.get(rel)
    if source is not None:
        return Path(source.abspath)
    return file_dir(store) / rel


def expected_bytes(store: Store, rel: str) -> bytes | None:
    """What the op expects on disk at `rel`: the bytes loaded, else what is there now."""
    source = store.files.get(rel) or store.context_files.get(rel)
    if source is not None:
        return source.raw
    return read_bytes_or_none(abspath_of(store, rel))


def reload_store(store: Store) -> Store:
    """Read the same store again (same files and project) with its history."""
    fresh = formats.reload(store)
    history.annotate(fresh)
    return fresh


_group_by_repo = ops_git.group_by_repo


def snapshot_uncommitted(paths: list[Path], what: str) -> list[str]:
    """Commit pre-existing uncommitted changes of the files an op is about to rewrite, so undo stays exact."""
    notes: list[str] = []
    for repo, rels in _group_by_repo(paths).values():
        ignored = ops_git.ignored_paths(repo, rels) - ops_git.tracked_paths(repo, rels)
        dirty = [rel for rel in ops_git.dirty_paths(repo, rels) if rel not in ignored]
        if not dirty:
            continue
        sha = ops_git.commit_paths(
            repo, dirty, f"curator: record uncommitted changes to {', '.join(dirty)} before {what}"
        )
        if sha:
            notes.append(f"recorded uncommitted changes to {', '.join(dirty)} first ({ops_git.short(sha)})")
    return notes


def commit_changed(paths: list[Path], message: str) -> tuple[str | None, list[str]]:
    """Commit exactly these files in each repo they belong to; returns the last sha and notes; GitError on failure."""
    notes: list[str] = []
    last_sha: str | None = None
    groups = _group_by_repo(paths)
    if not groups:
        return None, ["not in git: no commit"]
    for repo, rels in groups.values():
        ignored = ops_git.ignored_paths(repo, rels) - ops_git.tracked_paths(repo, rels)
        committable = [rel for rel in rels if rel not in ignored]
        if ignored:
            notes.append(f"git ignores {', '.join(sorted(ignored))}: not committed")
        sha = ops_git.commit_paths(repo, committable, message)
        last_sha = sha or last_sha
    return last_sha, notes


def prepare_git(store: Store, changes: list[Change], what: str, already_touched: set[Path]) -> list[str]:
    """Before writing: refuse git states that cannot take the commit, then record uncommitted changes first."""
    if not ops_git.git_available():
        return []
    try:
        notes = ops_guard.refuse_bad_git_states(changes)
        existing = [
            change.path for change in changes if change.expected is not None and change.path not in already_touched
        ]
        return notes + snapshot_uncommitted(existing, what)
    except ops_git.GitError as error:
        raise OpError(f"recording the uncommitted changes first failed ({error}); nothing was changed") from None


def run_plan(store: Store, plan: Plan, what: str, reason: str | None, session: Any = None) -> OpResult:
    """Under the store lock: confine, verify, check git, apply, commit (or defer to the session); then reload."""
    session = session or _ACTIVE_SESSION.get()
    effective = plan.effective()
    if not effective:
        return OpResult(f"{what}: no change", None, [], store)
    with ops_guard.store_lock(ops_guard.lock_directory(store)):
        ops_guard.confine_plan(store, plan)
        plan.verify()
        already_touched = set(session.touched) if session is not None else set()
        notes = prepare_git(store, effective, what, already_touched)
        applied: list[Change] = plan.apply()
        changed = [change.rel for change in applied]
        message = commit_message(what, reason)
        sha: str | None = None
        if session is not None:
            session.touch_changes(applied, message)
        elif ops_git.git_available():
            try:
                sha, commit_notes = commit_changed([change.path for change in applied], message)
            except ops_git.GitError as error:
                raise ops_guard.roll_back_commit(plan, applied, error) from None
            notes += commit_notes
        else:
            notes.append("git is not installed: no commit")
    return OpResult(message.removeprefix("curator: "), sha, changed, reload_store(store), notes)


class Batch:
    """Several ops with their commits deferred, then ONE commit of every path they touched."""

    def __init__(self, store: Store, message: str) -> None:
        self.store = store
        self.message = message
        self.commit: str | None = None
        self.notes: list[str] = []
        self.results: list[OpResult] = []
        self.touched: list[Path] = []
        self.originals: list[Change] = []
        self._token: Any = None

    def touch(self, paths: list[Path], op_message: str) -> None:
        for path in paths:
            if path not in self.touched:
                self.touched.append(path)

    def touch_changes(self, changes: list[Change], op_message: str) -> None:
        """Remember each file's bytes from before the batch first changed it, to put back if the commit fails."""
        for change in changes:
            if change.path not in self.touched:
                self.originals.append(Change(change.rel, change.path, change.data, change.expected))
        self.touch([change.path for change in changes], op_message)

    def run(self, operation: Any, *args: Any, **kwargs: Any) -> OpResult:
        """Run one op on the session's current store and keep the reloaded store."""
        result = operation(self.store, *args, session=self, **kwargs)
        self.store = result.store
        self.results.append(result)
        return result

    def __enter__(self) -> Self:
        self._token = _ACTIVE_SESSION.set(self)
        return self

    def __exit__(self, *exc_info: Any) -> None:
        _ACTIVE_SESSION.reset(self._token)
        if not self.touched:
            return
        message = self.message if self.message.startswith(ops_git.CURATOR_PREFIX) else f"curator: {self.message}"
        if ops_git.git_available():
            with ops_guard.store_lock(ops_guard.lock_directory(self.store)):
                try:
                    self.commit, notes = commit_changed(self.touched, message)
                except ops_git.GitError as error:
                    raise ops_guard.roll_back_commit(Plan(file_dir(self.store)), self.originals, error) from None
            self.notes += notes
            if self.commit:
                history.annotate(self.store)
        else:
            self.notes.append("git is not installed: no commit")
