"""Every change to memory: edit, merge, expire, restore, review, fix, dismiss, undo, track — atomic and git-committed.

Layers, lowest first: io (plans, atomic writes) and archive (archive text) -> core (lookup, apply a
plan and commit) -> edit -> expire, merge, fix, decisions -> session; undo and track stand aside.
"""

from __future__ import annotations

from curator.ops.core import Batch, OpResult, UnknownEntry, find_entry, is_archived, is_whole_file
from curator.ops.decisions import Decision, apply_decisions, review_message
from curator.ops.drafts import RefusedWithDraft, edit_keeping_draft, save_draft
from curator.ops.edit import CONFIG_NAME, dismiss, edit, review, stamp_comment
from curator.ops.eol import keep_line_endings
from curator.ops.expire import archived_entry, due_entries, expire, expire_due, restore
from curator.ops.fix import evidence_edit, fix_claim, fix_from_evidence, fix_values
from curator.ops.guard import StoreBusy, lock_directory, store_lock
from curator.ops.index import index_add, index_drop, index_promote, index_shorten, index_write
from curator.ops.io import OpError, Plan, atomic_write
from curator.ops.links import InboundLink, inbound_links
from curator.ops.merge import MergeDraft, merge, merge_draft, merge_reason
from curator.ops.review_state import keep, snooze
from curator.ops.session import Session, session
from curator.ops.undo import UndoStep, next_redo, next_undo, redo, track, undo

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
