"""Review decisions: what each kind means, the ONE-commit apply, the summary and the crash journal."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from datetime import date, datetime
from typing import Any

from curator.model import Finding, Store

ACTING_KINDS = ("keep", "edit", "fix", "snooze", "expire", "merge", "index")
KEPT_KINDS = ("keep", "edit", "fix")
GONE_KINDS = ("expire", "merge")


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


def gone_ids(decisions: dict[str, Decision]) -> set[str]:
    """Entries this review expires or merges away (their partners included)."""
    gone = {entry_id for entry_id, decision in decisions.items() if decision.kind in GONE_KINDS}
    return gone | {decision.partner for decision in decisions.values() if decision.kind == "merge" and decision.partner}


def open_findings(entry_findings: list[Finding], entry_id: str, decisions: dict[str, Decision]) -> list[Finding]:
    """The entry's findings minus those about another entry this review already expired or merged."""
    gone = gone_ids(decisions) - {entry_id}
    return [finding for finding in entry_findings if not (set(finding.entries) - {entry_id}) & gone]


def link_summary(store: Store | None, decisions: dict[str, Decision]) -> str:
    """`links: 2 to expired entries made plain text, 1 left dangling, 3 rewritten by merges` (empty when none)."""
    if store is None:
        return ""
    from curator import ops

    unlinked = dangling = rewritten = relinked = 0
    for entry_id, decision in decisions.items():
        if decision.kind not in GONE_KINDS:
            continue
        ids = [entry_id] + ([decision.partner] if decision.kind == "merge" and decision.partner else [])
        try:
            wiki = [link for link in ops.inbound_links(store, ids) if link.kind == "wiki" and link.path not in ids]
        except ops.OpError:
            continue
        if decision.kind == "merge":
            rewritten += len(wiki)
        elif decision.partner_link:
            relinked += len(wiki)
        elif decision.unlink:
            unlinked += len(wiki)
        else:
            dangling += len(wiki)
    parts = [
        f"{count} {label}" for count, label in (
            (unlinked, "to expired entries made plain text"),
            (dangling, "to expired entries left dangling"),
            (rewritten, "rewritten by merges"),
            (relinked, "pointed at the entry that replaces an expired one"),
        ) if count
    ]
    return "links: " + ", ".join(parts) if parts else ""


def _ordered(decisions: dict[str, Decision]) -> list[tuple[str, Decision]]:
    """Index fixes first (they address lines of the index as loaded), adds after them, then the rest."""
    def rank(item: tuple[str, Decision]) -> int:
        decision = item[1]
        if decision.kind != "index":
            return 2
        return 1 if decision.op == "add" else 0

    return sorted(decisions.items(), key=rank)


def _apply_one(batch: Any, entry_id: str, decision: Decision, now: datetime) -> None:
    from curator import ops

    day = now.date()
    if decision.kind == "keep":
        batch.run(ops.keep, entry_id, on=day, expires=decision.expires)
    elif decision.kind == "edit":
        batch.edit(entry_id, text=decision.text)
        batch.run(ops.keep, entry_id, on=day, expires=decision.expires)
    elif decision.kind == "fix":
        batch.fix_claim(entry_id, old=decision.old or "", new=decision.new or "", on=day, reason=decision.reason)
        batch.review(entry_id, on=day)
    elif decision.kind == "snooze":
        batch.run(ops.snooze, entry_id, on=day, weeks=decision.weeks)
    elif decision.kind == "expire":
        batch.expire(entry_id, reason=decision.reason, at=decision.at, now=now, unlink=decision.unlink, relink_to=decision.partner_link)
    elif decision.kind == "merge" and decision.partner:
        reason = decision.reason or None
        batch.merge([entry_id, decision.partner], name=decision.name, text=decision.text, reason=reason)
    elif decision.kind == "index" and decision.op:
        operation = {"add": ops.index_add, "drop": ops.index_drop, "shorten": ops.index_shorten, "promote": ops.index_promote}[decision.op]
        batch.run(operation, decision.ref or entry_id)


def apply_decisions(store: Store, decisions: dict[str, Decision], message: str, now: datetime) -> tuple[str | None, list[str]]:
    """Apply every decision inside one ops session; returns the commit and any refusals."""
    from curator import ops

    refusals: list[str] = []
    with ops.session(store, message) as batch:
        for entry_id, decision in _ordered(decisions):
            try:
                _apply_one(batch, entry_id, decision, now)
            except Exception as exc:
                refusals.append(f"{entry_id}: {exc}")
    return batch.commit, refusals


def journal_data(day: str, queue: list[str], position: int, decisions: dict[str, Decision], drafts: dict[str, str]) -> dict[str, Any]:
    """What the journal keeps of a review in progress."""
    return {
        "day": day,
        "queue": list(queue),
        "position": position,
        "decisions": {entry_id: decision.to_json() for entry_id, decision in decisions.items()},
        "drafts": dict(drafts),
    }


def decisions_from_journal(data: dict[str, Any]) -> dict[str, Decision]:
    """The decisions a journal holds; malformed ones are left out."""
    decisions: dict[str, Decision] = {}
    for entry_id, raw in (data.get("decisions") or {}).items():
        if isinstance(entry_id, str) and isinstance(raw, dict) and isinstance(raw.get("kind"), str):
            try:
                decisions[entry_id] = Decision.from_json(raw)
            except (TypeError, ValueError):
                continue
    return decisions


def inbound_wiki_labels(store: Store | None, entry_ids: list[str]) -> list[str]:
    """`path:line [[name]]` for every `[[link]]` to these entries from elsewhere in the store."""
    if store is None:
        return []
    from curator import ops

    try:
        links = ops.inbound_links(store, entry_ids)
    except ops.OpError:
        return []
    return [link.label() for link in links if link.kind == "wiki" and link.path not in entry_ids]


def decision_detail(decision: Decision) -> str:
    """The tail of a decision's summary line: partner, new expiry, snooze weeks or reason."""
    if decision.partner:
        return f" with {decision.partner}"
    if decision.kind == "keep" and decision.expires:
        return " — expiry cleared" if decision.expires == "clear" else f" — expires moved to {decision.expires}"
    if decision.kind == "snooze":
        return f" — ask again in {decision.weeks} week(s)"
    if decision.kind in GONE_KINDS and decision.partner_link:
        return f" — {decision.reason}; [[links]] now point at {decision.partner_link}"
    if decision.kind in GONE_KINDS and decision.unlink:
        return f" — {decision.reason}; [[links]] made plain text"
    return f" — {decision.reason}" if decision.reason else ""
