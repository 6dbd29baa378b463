"""What the review screen shows of its decisions (links they break, their summary) and the crash journal."""

from __future__ import annotations

from typing import Any

from curator import ops
from curator.model import Finding, Store
from curator.ops.decisions import GONE_KINDS, Decision


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
        f"{count} {label}"
        for count, label in (
            (unlinked, "to expired entries made plain text"),
            (dangling, "to expired entries left dangling"),
            (rewritten, "rewritten by merges"),
            (relinked, "pointed at the entry that replaces an expired one"),
        )
        if count
    ]
    return "links: " + ", ".join(parts) if parts else ""


def journal_data(
    day: str, queue: list[str], position: int, decisions: dict[str, Decision], drafts: dict[str, str]
) -> dict[str, Any]:
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
