"""Review decisions: what a person chose for each flagged entry, applied as one session (one commit)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from datetime import date, datetime
from typing import Any

from curator.model import Store
from curator.ops.drafts import edit_keeping_draft
from curator.ops.index import index_add, index_drop, index_promote, index_shorten
from curator.ops.review_state import keep, snooze
from curator.ops.sessions import Session, session

ACTING_KINDS = ("keep", "edit", "fix", "snooze", "expire", "merge", "index")
KEPT_KINDS = ("keep", "edit", "fix")
GONE_KINDS = ("expire", "merge")
INDEX_OPS = {"add": index_add, "drop": index_drop, "shorten": index_shorten, "promote": index_promote}


@dataclass
class Decision:
    """What the reviewer chose for one entry."""

    kind: str
    text: str | None = None
    reason: str = ""
    at: Any = None
    partner: str | None = None
    name: str | None = None
    expires: str | None = None
    weeks: int = 0
    old: str | None = None
    new: str | None = None
    unlink: bool = False
    partner_link: str | None = None
    op: str | None = None
    ref: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["at"] = self.at.isoformat() if isinstance(self.at, date) else self.at
        return {key: value for key, value in data.items() if value not in (None, "", 0, False)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Decision":
        known = {field.name for field in fields(cls)}
        decision = cls(**{key: value for key, value in data.items() if key in known})
        if isinstance(decision.at, str):
            decision.at = date.fromisoformat(decision.at)
        return decision


def review_message(day: str, decisions: dict[str, Decision]) -> str:
    """`review 2026-11-29 — 3 kept, 2 expired, 1 merged` (edited and fixed entries count as kept)."""
    kinds = [decision.kind for decision in decisions.values()]
    kept = sum(1 for kind in kinds if kind in KEPT_KINDS)
    message = f"review {day} — {kept} kept, {kinds.count('expire')} expired, {kinds.count('merge')} merged"
    extra = [f"{kinds.count('snooze')} snoozed"] if "snooze" in kinds else []
    if "index" in kinds:
        extra.append(f"{kinds.count('index')} index fix{'es' if kinds.count('index') != 1 else ''}")
    return message + (", " + ", ".join(extra) if extra else "")


def _ordered(decisions: dict[str, Decision]) -> list[tuple[str, Decision]]:
    """Index fixes first (they address lines of the index as loaded), adds after them, then the rest."""

    def rank(item: tuple[str, Decision]) -> int:
        decision = item[1]
        if decision.kind != "index":
            return 2
        return 1 if decision.op == "add" else 0

    return sorted(decisions.items(), key=rank)


def _apply_one(batch: Session, entry_id: str, decision: Decision, now: datetime) -> None:
    day = now.date()
    if decision.kind == "keep":
        batch.run(keep, entry_id, on=day, expires=decision.expires)
    elif decision.kind == "edit":
        batch.run(edit_keeping_draft, entry_id, decision.text or "")
        batch.run(keep, entry_id, on=day, expires=decision.expires)
    elif decision.kind == "fix":
        batch.fix_claim(entry_id, old=decision.old or "", new=decision.new or "", on=day, reason=decision.reason)
        batch.review(entry_id, on=day)
    elif decision.kind == "snooze":
        batch.run(snooze, entry_id, on=day, weeks=decision.weeks)
    elif decision.kind == "expire":
        batch.expire(
            entry_id,
            reason=decision.reason,
            at=decision.at,
            now=now,
            unlink=decision.unlink,
            relink_to=decision.partner_link,
        )
    elif decision.kind == "merge" and decision.partner:
        batch.merge(
            [entry_id, decision.partner], name=decision.name, text=decision.text, reason=decision.reason or None
        )
    elif decision.kind == "index" and decision.op in INDEX_OPS:
        batch.run(INDEX_OPS[decision.op], decision.ref or entry_id)


def apply_decisions(
    store: Store, decisions: dict[str, Decision], message: str, now: datetime
) -> tuple[str | None, list[str], Store]:
    """Apply every decision inside one ops session; returns the commit, any refusals and the re-read store."""
    refusals: list[str] = []
    batch: Session
    with session(store, message) as batch:
        for entry_id, decision in _ordered(decisions):
            try:
                _apply_one(batch, entry_id, decision, now)
            except Exception as exc:
                refusals.append(f"{entry_id}: {exc}")
    return batch.commit, refusals, batch.store
