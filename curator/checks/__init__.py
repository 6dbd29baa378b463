"""Claims an entry makes about the project, tested with live probes (placeholder)."""

from __future__ import annotations

from dataclasses import dataclass, field

from curator.model import Finding, Store


@dataclass
class CheckOutcome:
    """Per-entry probe results and the check-failed findings they produce."""

    results: dict[str, list] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)


def run_checks(store: Store, *, timeout: float = 5.0, entry_ids: list[str] | None = None) -> CheckOutcome:
    """Extract claims from the store's entries and probe the project for each."""
    return CheckOutcome()
