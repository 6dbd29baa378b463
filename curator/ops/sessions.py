"""A review session: several ops on one store, committed once when the session ends."""

from __future__ import annotations

from typing import Any

from curator.model import Finding, Store
from curator.ops.core import Batch, OpResult
from curator.ops.editing import dismiss, edit, review
from curator.ops.expiry import expire, restore
from curator.ops.fix import fix_claim
from curator.ops.merging import merge


class Session(Batch):
    """A batch with one method per op, each run on the session's current store."""

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


def session(store: Store, message: str) -> Session:
    """`with ops.session(store, "review 2026-11-29 — 3 kept") as batch:` — one commit for the batch."""
    return Session(store, message)
