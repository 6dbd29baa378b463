"""Prune candidates: entries the agent never (or no longer) uses, ranked by never-read × age × size."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from curator.model import Entry, Finding, Store
from curator.usage.model import StoreUsage

NEVER_READ_WEIGHT = 2.0
UNUSED_RULES = ("unused", "always-loaded-unused")


@dataclass
class PruneCandidate:
    """One entry worth cutting, with the numbers its rank came from."""

    entry: Entry
    score: float
    never_read: bool
    age_days: float
    bytes: int
    reason: str


def prune_candidates(
    store: Store, usage: StoreUsage | None, findings: list[Finding], now: datetime
) -> list[PruneCandidate]:
    """Entries flagged `unused`/`always-loaded-unused` or never used at all, best cut first."""
    if usage is None or not usage.used_by_agent:
        return []
    flagged = {
        entry_id: finding for finding in findings if finding.rule in UNUSED_RULES for entry_id in finding.entries
    }
    candidates: list[PruneCandidate] = []
    for entry in store.active():
        entry_usage = usage.get(entry.id)
        if entry_usage is None or entry.origin != "store":
            continue
        never = not entry_usage.ever_used and (not entry.always_loaded or bool(entry_usage.linked))
        if entry.id not in flagged and not never:
            continue
        age = max(entry.age_days(now) or 0.0, 1.0)
        score = (NEVER_READ_WEIGHT if never else 1.0) * age * max(entry.bytes, 1)
        candidates.append(PruneCandidate(entry, score, never, age, entry.bytes, _reason(flagged.get(entry.id), never)))
    candidates.sort(key=lambda candidate: (-candidate.score, candidate.entry.id))
    return candidates


def _reason(finding: Finding | None, never: bool) -> str:
    """A short why: which finding made it a candidate, or that nothing ever read it."""
    ever = "never read" if never else "read before"
    if finding is None:
        return "never read in any transcript"
    window = finding.evidence.get("sessions")
    if finding.rule == "always-loaded-unused":
        return f"loaded every session; no linked topic opened in the last {window}"
    return f"not read in the last {window} sessions ({ever})"
