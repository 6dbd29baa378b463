"""Inbox decisions: approve or revert what the agent changed, and finish a review by moving the marker."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from curator.inbox.changes import (
    DELETED_STATE,
    StoreChange,
    approvals_path,
    changes_since,
    inbox_repository,
    read_decisions,
)
from curator.inbox.delta import findings_trailer, since_last_review
from curator.inbox.marker import REVIEW_REF, REVIEW_TRAILER
from curator.inbox.store_git import InboxError, store_directory
from curator.model import Store
from curator.ops import git as ops_git
from curator.ops.core import OpResult, commit_message, reload_store, run_plan
from curator.ops.expiry import expire, restore
from curator.ops.io import OpError, Plan, atomic_write
from curator.ops.sessions import session as ops_session


@dataclass
class ReviewOutcome:
    """A finished review: the commit that records it, what was reverted and approved, the reloaded store."""

    commit: str | None
    reverted: list[str]
    approved: list[str]
    store: Store
    notes: list[str]
    delta: str = ""

    @property
    def headline(self) -> str:
        return f"review done: {len(self.approved)} approved, {len(self.reverted)} reverted"

    @property
    def message(self) -> str:
        return f"{self.headline}\n{self.delta}" if self.delta else self.headline


def _write_decisions(store: Store, decisions: dict[str, dict[str, str]]) -> None:
    repository = inbox_repository(store)
    target = approvals_path(repository)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(target, (json.dumps({"decisions": decisions}, indent=1, sort_keys=True) + "\n").encode("utf-8"))


def decide(store: Store, changes: list[StoreChange], decision: str) -> None:
    """Record `approve` or `revert` (or `undecided`) for changes; kept under `.git/curator/` until the review ends."""
    if decision not in ("approve", "revert", "undecided"):
        raise OpError(f"unknown decision {decision!r}")
    decisions = read_decisions(inbox_repository(store))
    for change in changes:
        if decision == "undecided":
            decisions.pop(change.path, None)
        else:
            decisions[change.path] = {"decision": decision, "state": change.state}
    _write_decisions(store, decisions)


def _revert_plan(store: Store, change: StoreChange) -> Plan:
    directory = store_directory(store)
    plan = Plan(directory)
    if change.kind in ("edited", "deleted"):
        if change.before is None:
            raise OpError(f"{change.path}: the reviewed text is not in git; nothing to go back to")
        plan.write(change.old_path or change.path, change.before, change.after)
    elif change.kind == "renamed":
        if change.before is None or change.old_path is None:
            raise OpError(f"{change.path}: the reviewed text is not in git; nothing to go back to")
        if (directory / change.old_path).exists():
            raise OpError(f"{change.old_path} exists again; rename it before reverting {change.path}")
        plan.write(change.old_path, change.before, None)
        plan.delete(change.path, change.after or b"")
    return plan


def revert_one(store: Store, change: StoreChange, *, session: Any = None) -> OpResult:
    """Undo one change: reviewed text back, a deletion restored byte for byte, an addition expired."""
    what = f"revert {change.kind} {change.entry_id} to the reviewed version"
    if change.kind == "added":
        return expire(store, change.path, reason="added since the last review; reverted in the inbox", session=session)
    if change.kind == "expired":
        return restore(store, change.path, session=session)
    if change.kind == "restored":
        return expire(
            store, change.path, reason="restored since the last review; reverted in the inbox", session=session
        )
    return run_plan(store, _revert_plan(store, change), what, None, session)


def revert_changes(store: Store, changes: list[StoreChange]) -> OpResult:
    """Revert several changes in one commit."""
    if not changes:
        return OpResult("nothing to revert", None, [], store)
    label = ", ".join(change.entry_id for change in changes[:3]) + ("…" if len(changes) > 3 else "")
    with ops_session(store, f"revert {len(changes)} change(s) since the last review: {label}") as batch:
        for change in changes:
            batch.run(revert_one, change)
    final = batch.store
    return OpResult(f"reverted {len(changes)} change(s)", batch.commit, [c.path for c in changes], final, batch.notes)


def finish_review(
    store: Store, *, revert: list[str] | None = None, now: datetime | None = None, findings: int | None = None
) -> ReviewOutcome:
    """Apply pending reverts, approve the rest, and record ONE review commit that `refs/curator/reviewed` points at."""
    repository = inbox_repository(store)
    inbox = changes_since(store, include_approved=True)
    decisions = read_decisions(repository)
    wanted = set(revert or [])
    to_revert: list[StoreChange] = []
    for change in inbox.changes:
        decision = decisions.get(change.path, {})
        if (
            change.path in wanted
            or change.entry_id in wanted
            or (decision.get("decision") == "revert" and decision.get("state") == change.state)
        ):
            to_revert.append(change)
    unknown = wanted - {change.path for change in to_revert} - {change.entry_id for change in to_revert}
    if unknown:
        raise OpError(f"no change since the last review for {', '.join(sorted(unknown))}")
    approved = [change.entry_id for change in inbox.changes if change not in to_revert]
    stamp = f"{(now or datetime.now().astimezone()):%Y-%m-%d}"
    subject = f"review {stamp} — {len(approved)} approved, {len(to_revert)} reverted"
    message = f"{subject}\n\n{review_trailers(findings)}"
    notes: list[str] = []
    with ops_session(store, message) as batch:
        for change in to_revert:
            batch.run(revert_one, change)
    notes += batch.notes
    sha, described = record_review(batch.store, batch.commit, message=subject, findings=findings)
    final = reload_store(batch.store)
    return ReviewOutcome(sha, [change.entry_id for change in to_revert], approved, final, notes, described)


def review_trailers(findings: int | None) -> str:
    """The trailer block every review commit carries (review mode's commit included)."""
    return "\n".join(line for line in (f"{REVIEW_TRAILER}: done", findings_trailer(findings)) if line)


def record_review(
    store: Store, commit: str | None, *, message: str, findings: int | None = None
) -> tuple[str | None, str]:
    """Point `refs/curator/reviewed` at a review commit (an empty one when the review changed no file).

    Returns the review commit and what changed since the previous review; (None, "") outside git.
    """
    try:
        repository = inbox_repository(store)
    except InboxError:
        return None, ""
    toplevel = ops_git.Repo(repository.toplevel)
    sha = commit or ops_git.commit_empty(toplevel, commit_message(f"{message}\n\n{review_trailers(findings)}"))
    ops_git.run_git(toplevel.toplevel, "update-ref", REVIEW_REF, sha)
    _write_decisions(store, {})
    delta = since_last_review(reload_store(store), findings_now=findings, before=sha)
    return sha, delta.describe() if delta is not None else ""


def approve_all(store: Store, changes: list[StoreChange]) -> None:
    """Approve these changes (kept until the review finishes)."""
    decide(store, changes, "approve")


def pending_reverts(store: Store) -> list[str]:
    """Paths whose revert is decided but not applied yet."""
    decisions = read_decisions(inbox_repository(store))
    return sorted(path for path, decision in decisions.items() if decision.get("decision") == "revert")


__all__ = [
    "DELETED_STATE",
    "ReviewOutcome",
    "approve_all",
    "decide",
    "finish_review",
    "pending_reverts",
    "revert_changes",
    "revert_one",
]
