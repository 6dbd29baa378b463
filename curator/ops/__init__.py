"""Every change to memory: edit, merge, expire, restore, review, fix, dismiss, undo, track — atomic and git-committed.

Layers, lowest first: io (plans, atomic writes) and archive (archive text) -> core (lookup, apply a
plan and commit) -> editing -> expiry, merging, fix, decisions -> sessions; undoing (undo, redo, track) stands aside.
The names below load lazily, so a command that needs one op does not import every other.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from curator.ops.core import Batch, OpResult, UnknownEntry, find_entry, is_archived, is_whole_file
    from curator.ops.decisions import Decision, apply_decisions, review_message
    from curator.ops.drafts import RefusedWithDraft, edit_keeping_draft, save_draft
    from curator.ops.editing import CONFIG_NAME, dismiss, edit, review, stamp_comment
    from curator.ops.eol import keep_line_endings
    from curator.ops.expiry import archived_entry, due_entries, expire, expire_due, restore
    from curator.ops.fix import evidence_edit, fix_claim, fix_from_evidence, fix_values
    from curator.ops.guard import StoreBusy, lock_directory, store_lock
    from curator.ops.index import index_add, index_drop, index_promote, index_shorten, index_write
    from curator.ops.io import OpError, Plan, atomic_write
    from curator.ops.links import InboundLink, inbound_links
    from curator.ops.merging import MergeDraft, merge, merge_draft, merge_reason
    from curator.ops.review_state import keep, snooze
    from curator.ops.sessions import Session, session
    from curator.ops.undoing import UndoStep, next_redo, next_undo, redo, track, undo

_HOMES = {
    "Batch": "curator.ops.core",
    "OpResult": "curator.ops.core",
    "UnknownEntry": "curator.ops.core",
    "find_entry": "curator.ops.core",
    "is_archived": "curator.ops.core",
    "is_whole_file": "curator.ops.core",
    "Decision": "curator.ops.decisions",
    "apply_decisions": "curator.ops.decisions",
    "review_message": "curator.ops.decisions",
    "RefusedWithDraft": "curator.ops.drafts",
    "edit_keeping_draft": "curator.ops.drafts",
    "save_draft": "curator.ops.drafts",
    "CONFIG_NAME": "curator.ops.editing",
    "dismiss": "curator.ops.editing",
    "edit": "curator.ops.editing",
    "review": "curator.ops.editing",
    "stamp_comment": "curator.ops.editing",
    "keep_line_endings": "curator.ops.eol",
    "archived_entry": "curator.ops.expiry",
    "due_entries": "curator.ops.expiry",
    "expire": "curator.ops.expiry",
    "expire_due": "curator.ops.expiry",
    "restore": "curator.ops.expiry",
    "evidence_edit": "curator.ops.fix",
    "fix_claim": "curator.ops.fix",
    "fix_from_evidence": "curator.ops.fix",
    "fix_values": "curator.ops.fix",
    "StoreBusy": "curator.ops.guard",
    "lock_directory": "curator.ops.guard",
    "store_lock": "curator.ops.guard",
    "index_add": "curator.ops.index",
    "index_drop": "curator.ops.index",
    "index_promote": "curator.ops.index",
    "index_shorten": "curator.ops.index",
    "index_write": "curator.ops.index",
    "OpError": "curator.ops.io",
    "Plan": "curator.ops.io",
    "atomic_write": "curator.ops.io",
    "InboundLink": "curator.ops.links",
    "inbound_links": "curator.ops.links",
    "MergeDraft": "curator.ops.merging",
    "merge": "curator.ops.merging",
    "merge_draft": "curator.ops.merging",
    "merge_reason": "curator.ops.merging",
    "keep": "curator.ops.review_state",
    "snooze": "curator.ops.review_state",
    "Session": "curator.ops.sessions",
    "session": "curator.ops.sessions",
    "UndoStep": "curator.ops.undoing",
    "next_redo": "curator.ops.undoing",
    "next_undo": "curator.ops.undoing",
    "redo": "curator.ops.undoing",
    "track": "curator.ops.undoing",
    "undo": "curator.ops.undoing",
}


__all__ = [
    "CONFIG_NAME",
    "Batch",
    "Decision",
    "MergeDraft",
    "OpError",
    "OpResult",
    "Plan",
    "Session",
    "UnknownEntry",
    "apply_decisions",
    "atomic_write",
    "dismiss",
    "edit",
    "evidence_edit",
    "expire",
    "expire_due",
    "find_entry",
    "fix_claim",
    "fix_from_evidence",
    "fix_values",
    "is_archived",
    "is_whole_file",
    "merge",
    "merge_draft",
    "restore",
    "review",
    "review_message",
    "session",
    "stamp_comment",
    "track",
    "undo",
    "store_lock",
    "lock_directory",
    "StoreBusy",
    "save_draft",
    "edit_keeping_draft",
    "RefusedWithDraft",
    "archived_entry",
    "due_entries",
    "next_redo",
    "next_undo",
    "redo",
    "UndoStep",
    "index_add",
    "index_drop",
    "index_write",
    "index_shorten",
    "index_promote",
    "InboundLink",
    "inbound_links",
    "merge_reason",
    "keep",
    "snooze",
    "keep_line_endings",
]


def __getattr__(name: str) -> Any:
    """Load an op's module on first use, so `curator snapshot` never imports the rules."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
