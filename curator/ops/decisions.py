"""Review decisions: what a person chose for each flagged entry, applied as one session (one commit)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from curator.model import Store
from curator.ops.drafts import edit_keeping_draft
from curator.ops.session import Session, session


@dataclass
class Decision:
    """What the reviewer chose for one entry."""

    kind: str
    text: str | None = None
    reason: str = ""
    at: Any = None
    partner: str | None = None
    name: str | None = None


def review_message(day: str, decisions: dict[str, Decision]) -> str:
    """`review 2026-11-29 — 3 kept, 2 expired, 1 merged` (edited entries count as kept)."""
    kinds = [decision.kind for decision in decisions.values()]
    kept = sum(1 for kind in kinds if kind in ("keep", "edit"))
    expired = sum(1 for kind in kinds if kind == "expire")
    merged = sum(1 for kind in kinds if kind == "merge")
    return f"review {day} — {kept} kept, {expired} expired, {merged} merged"


def apply_decisions(
    store: Store, decisions: dict[str, Decision], message: str, now: datetime
) -> tuple[str | None, list[str], Store]:
    """Apply every decision inside one ops session; returns the commit, any refusals and the re-read store."""
    refusals: list[str] = []
    batch: Session
    with session(store, message) as batch:
        for entry_id, decision in decisions.items():
            try:
                if decision.kind == "keep":
                    batch.review(entry_id, on=now.date())
                elif decision.kind == "edit":
                    batch.run(edit_keeping_draft, entry_id, decision.text)
                    batch.review(entry_id, on=now.date())
                elif decision.kind == "expire":
                    batch.expire(entry_id, reason=decision.reason, at=decision.at, now=now)
                elif decision.kind == "merge" and decision.partner:
                    batch.merge([entry_id, decision.partner], name=decision.name, text=decision.text)
            except Exception as exc:
                refusals.append(f"{entry_id}: {exc}")
    return batch.commit, refusals, batch.store
