"""Every change to memory: edit, merge, expire, restore, review, fix, dismiss, undo, track — atomic and git-committed."""

from __future__ import annotations

import json
import re
import tomllib
from datetime import date
from pathlib import Path
from typing import Any

from curator.ops import git as ops_git
from curator.model import Entry, Finding, Store
from curator.ops.core import (
    _ACTIVE_SESSION,
    OpResult,
    UnknownEntry,
    commit_changed,
    entry_span,
    expected_bytes,
    file_dir,
    find_entry,
    one_line,
    reload_store,
    run_plan,
    source_of,
)
from curator.ops.eol import keep_line_endings
from curator.ops.expire import expire, expire_due, is_archived, is_whole_file, restore
from curator.ops.io import OpError, Plan, atomic_write
from curator.ops.index import index_add, index_drop, index_promote, index_shorten, index_write
from curator.ops.links import InboundLink, inbound_links
from curator.ops.merge import MergeDraft, merge, merge_draft, merge_reason
from curator.ops.review_state import keep, snooze

__all__ = [
    "OpError", "OpResult", "UnknownEntry", "find_entry", "MergeDraft", "Session", "atomic_write", "edit", "merge_draft", "merge",
    "expire", "expire_due", "restore", "review", "fix_claim", "dismiss", "undo", "track", "session",
    "index_add", "index_drop", "index_write", "index_shorten", "index_promote", "InboundLink", "inbound_links", "merge_reason",
    "keep", "snooze",
]

CONFIG_NAME = ".curator.toml"


_META_COMMENT = re.compile(r"<!--(?!\s*curator-archive)(.*?)-->", re.DOTALL)


def stamp_comment(entry_text: str, key: str, value: str, kind: str) -> str:
    """Set `key: value` in the entry's metadata comment (`<!-- type: note | key: value -->`), adding one if needed."""
    stamp = f"<!-- {key}: {value} -->"
    meta = _META_COMMENT.search(entry_text)
    if meta is not None and re.search(r"(?:^|[|\n])\s*[A-Za-z_][\w-]*\s*:", meta.group(1)):
        inner = meta.group(1)
        pair = re.compile(r"((?:^|[|\n])\s*" + re.escape(key) + r"\s*:\s*)([^|\n]*?)(\s*(?=[|\n]|$))")
        if pair.search(inner):
            inner = pair.sub(lambda match: match.group(1) + value + match.group(3), inner, count=1)
        else:
            stripped = inner.rstrip()
            inner = f"{stripped} | {key}: {value}{inner[len(stripped):]}"
        return entry_text[: meta.start(1)] + inner + entry_text[meta.end(1):]
    if kind == "section":
        first_break = entry_text.find("\n")
        eol = "\r\n" if first_break > 0 and entry_text[first_break - 1] == "\r" else "\n"
        if first_break < 0:
            return entry_text + eol + stamp
        return entry_text[: first_break + 1] + stamp + eol + entry_text[first_break + 1:]
    content = entry_text.rstrip()
    return content + " " + stamp + entry_text[len(content):]


def _with_fields(entry: Entry, entry_text: str, fields: dict[str, Any]) -> str:
    if is_whole_file(entry):
        from curator.formats import frontmatter

        if frontmatter.unclosed(entry_text):
            raise OpError(f"{entry.id}: its frontmatter is never closed with ---; fix the text before setting fields")
        return frontmatter.set_fields(entry_text, fields)
    for key, value in fields.items():
        if value is None:
            entry_text = re.sub(r"[ \t]*<!--\s*" + re.escape(key) + r"\s*:\s*[^>|]*?-->(\r?\n)?", "", entry_text, count=1)
        else:
            entry_text = stamp_comment(entry_text, key, str(value), entry.kind)
    return entry_text


def _replace_body(entry: Entry, entry_text: str, body: str) -> str:
    if entry.body and entry_text.endswith(entry.body):
        return entry_text[: len(entry_text) - len(entry.body)] + body
    if is_whole_file(entry):
        from curator.formats import frontmatter

        block = frontmatter.split(entry_text)
        return (entry_text[: block.body_start] if block else "") + body
    return body


def _edit_plan(store: Store, entry: Entry, new_entry_text: str) -> Plan:
    source = source_of(store, entry)
    start, end = entry_span(entry, source)
    text = source.text or ""
    plan = Plan(file_dir(store))
    plan.write(entry.path, source.encode(text[:start] + new_entry_text + text[end:]), source.raw, Path(source.abspath))
    return plan


def _session_arg(session: Any) -> Any:
    return session if session is not None else _ACTIVE_SESSION.get()


def edit(
    store: Store,
    entry_id: str,
    *,
    text: str | None = None,
    body: str | None = None,
    fields: dict[str, Any] | None = None,
    reason: str | None = None,
    what: str | None = None,
    session: Any = None,
) -> OpResult:
    """Replace an entry's whole text, or its body, and/or set frontmatter fields (None removes one)."""
    entry = find_entry(store, entry_id)
    if is_archived(entry):
        raise OpError(f"{entry.id} is archived; restore it before editing")
    source = source_of(store, entry)
    start, end = entry_span(entry, source)
    new_entry_text = (source.text or "")[start:end]
    if text is not None:
        new_entry_text = keep_line_endings(new_entry_text, text)
    elif body is not None:
        new_entry_text = _replace_body(entry, new_entry_text, keep_line_endings(entry.body, body))
    if fields:
        new_entry_text = _with_fields(entry, new_entry_text, fields)
    if entry.kind == "section" and new_entry_text and not new_entry_text.endswith("\n") and end < len(source.text or ""):
        new_entry_text += source.newline
    return run_plan(store, _edit_plan(store, entry, new_entry_text), what or f"edit {entry.id}", reason, _session_arg(session))


def review(store: Store, entry_id: str, *, on: date, session: Any = None) -> OpResult:
    """Stamp `reviewed: DATE` on an entry a person confirmed as still true."""
    stamp = on.isoformat()
    return edit(
        store, entry_id, fields={"reviewed": stamp}, what=f"review {entry_id}",
        reason=f"confirmed still true on {stamp}", session=session,
    )


def fix_claim(store: Store, entry_id: str, *, old: str, new: str, on: date, reason: str, session: Any = None) -> OpResult:
    """Rewrite one exact substring of the entry's body and stamp `verified: DATE`."""
    entry = find_entry(store, entry_id)
    occurrences = entry.body.count(old) if old else 0
    if occurrences == 0:
        raise OpError(f"{entry.id}: the text {old!r} is not in its body any more; rescan and look again")
    if occurrences > 1:
        raise OpError(f"{entry.id}: {old!r} occurs {occurrences} times in its body; edit the entry by hand instead")
    return edit(
        store, entry_id, body=entry.body.replace(old, new, 1), fields={"verified": on.isoformat()},
        what=f"fix {entry.id}: {old!r} -> {new!r}", reason=reason, session=session,
    )


def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def dismiss(store: Store, finding: Finding, *, reason: str, session: Any = None) -> OpResult:
    """Append an `[[ignore]]` table for this finding to `.curator.toml` at the store root."""
    if not one_line(reason):
        raise OpError("dismissing a finding needs a reason (it is written next to the suppression)")
    config_path = file_dir(store) / CONFIG_NAME
    current = expected_bytes(store, CONFIG_NAME)
    current_text = (current or b"").decode("utf-8", "replace")
    try:
        tomllib.loads(current_text)
    except tomllib.TOMLDecodeError as error:
        raise OpError(f"{CONFIG_NAME} is not valid TOML ({error}); fix it before dismissing findings") from None
    eol = "\r\n" if "\r\n" in current_text else "\n"
    entries = ", ".join(_toml_string(entry_id) for entry_id in finding.entries)
    table = eol.join(
        ["[[ignore]]", f"rule = {_toml_string(finding.rule)}", f"entries = [{entries}]", f"reason = {_toml_string(one_line(reason))}"]
    ) + eol
    separator = "" if not current_text else (eol if current_text.endswith("\n") else eol + eol)
    new_text = current_text + separator + table
    tomllib.loads(new_text)
    plan = Plan(file_dir(store))
    plan.write(CONFIG_NAME, new_text.encode("utf-8"), current, config_path)
    what = f"dismiss {finding.rule} on {', '.join(finding.entries)}"
    return run_plan(store, plan, what, reason, _session_arg(session))


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
    plan = Plan(repo.toplevel)
    for rel in head.paths:
        previous = ops_git.blob_at(repo, head.parent, rel)
        current = ops_git.blob_at(repo, head.sha, rel)
        if previous is None:
            plan.delete(rel, current or b"")
        else:
            plan.write(rel, previous, current)
    applied = plan.apply()
    subject = head.subject.removeprefix(ops_git.CURATOR_PREFIX).strip()
    if subject.startswith("undo "):
        subject = "redo " + subject.removeprefix("undo ")
    elif subject.startswith("redo "):
        subject = "undo " + subject.removeprefix("redo ")
    else:
        subject = "undo " + subject
    message = f"curator: {subject}\n\nThis reverts commit {head.sha}."
    sha, notes = commit_changed([change.path for change in applied], message)
    return OpResult(subject, sha, [change.rel for change in applied], reload_store(store), notes)


def track(path: Path) -> OpResult:
    """Put a store under git: init a repo in its directory when it is in none, then commit its untracked files."""
    from curator.scan import load_store

    target = Path(path)
    if not target.exists():
        raise OpError(f"{target}: no such file or directory")
    if not ops_git.git_available():
        raise OpError("git is not installed, so curator cannot track the store")
    store = load_store(target)
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


class Session:
    """Several ops with their commits deferred, then ONE commit of every path they touched."""

    def __init__(self, store: Store, message: str) -> None:
        self.store = store
        self.message = message
        self.commit: str | None = None
        self.notes: list[str] = []
        self.results: list[OpResult] = []
        self.touched: list[Path] = []
        self._token: Any = None

    def touch(self, paths: list[Path], op_message: str) -> None:
        for path in paths:
            if path not in self.touched:
                self.touched.append(path)

    def run(self, operation: Any, *args: Any, **kwargs: Any) -> OpResult:
        """Run one op on the session's current store and keep the reloaded store."""
        result = operation(self.store, *args, session=self, **kwargs)
        self.store = result.store
        self.results.append(result)
        return result

    def edit(self, entry_id: str, **kwargs: Any) -> OpResult:
        return self.run(edit, entry_id, **kwargs)

    def review(self, entry_id: str, **kwargs: Any) -> OpResult:
        return self.run(review, entry_id, **kwargs)

    def expire(self, entry_id: str, **kwargs: Any) -> OpResult:
        return self.run(expire, entry_id, **kwargs)

    def merge(self, entry_ids: list[str], **kwargs: Any) -> OpResult:
        return self.run(merge, entry_ids, **kwargs)

    def restore(self, entry_id: str) -> OpResult:
        return self.run(restore, entry_id)

    def fix_claim(self, entry_id: str, **kwargs: Any) -> OpResult:
        return self.run(fix_claim, entry_id, **kwargs)

    def dismiss(self, finding: Finding, **kwargs: Any) -> OpResult:
        return self.run(dismiss, finding, **kwargs)

    def __enter__(self) -> "Session":
        self._token = _ACTIVE_SESSION.set(self)
        return self

    def __exit__(self, *exc_info: Any) -> None:
        _ACTIVE_SESSION.reset(self._token)
        if not self.touched:
            return
        message = self.message if self.message.startswith(ops_git.CURATOR_PREFIX) else f"curator: {self.message}"
        if ops_git.git_available():
            self.commit, notes = commit_changed(self.touched, message)
            self.notes += notes
        else:
            self.notes.append("git is not installed: no commit")


def session(store: Store, message: str) -> Session:
    """`with ops.session(store, "review 2026-11-29 — 3 kept") as batch:` — one commit for the batch."""
    return Session(store, message)
