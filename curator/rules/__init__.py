"""Drift analyzers: analyze(store, now=...) -> findings that survived the store's suppressions."""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from datetime import datetime, timezone

from curator import config as config_module
from curator.model import Finding, Store
from curator.scancache import Pairwise, PairwiseCache, input_digest

RULE_IDS = ("conflict", "duplicate", "outdated-number", "expired-date", "stale", "derivable", "bloat")


@dataclass
class RuleOutcome:
    """Findings that survived suppression, and how many were suppressed."""

    findings: list[Finding] = field(default_factory=list)
    suppressed: int = 0


def apply_suppressions(
    store: Store, findings: list[Finding], settings: config_module.Config | None = None
) -> RuleOutcome:
    """Drop findings the store's `.curator.toml` ignores (read from disk unless `settings` is given)."""
    if settings is None:
        settings, _ = config_module.load(store)
    kept: list[Finding] = []
    suppressed = 0
    for finding in findings:
        if any(rule.matches(finding) for rule in settings.ignores):
            suppressed += 1
        else:
            kept.append(finding)
    return RuleOutcome(findings=_unique(kept), suppressed=suppressed)


def analyze(store: Store, *, now: datetime, cache: PairwiseCache | None = None) -> RuleOutcome:
    """Reader findings, format-level rules, then every drift rule, then suppression.

    With a `cache`, the clock-independent pairwise stage (conflicts, duplicates) is reused when its inputs match.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _analyze(store, now, cache)
    finally:
        if collecting:
            gc.enable()


def _analyze(store: Store, now: datetime, cache: PairwiseCache | None = None) -> RuleOutcome:
    """The rules proper; the cyclic GC is paused meanwhile (they build many small acyclic objects)."""
    from curator.rules import bloat, conflict, dates, derivable, duplicate, numbers, stale, structure
    from curator.rules.choices import ChoiceTable
    from curator.rules.docs import Docs

    moment = now if now.tzinfo else now.replace(tzinfo=timezone.utc)
    settings, config_problems = config_module.load(store)
    docs = Docs.from_store(store)
    table = ChoiceTable(settings.exclusive_sets)
    findings = list(store.findings) + list(structure.analyze(store))
    def pairwise() -> Pairwise:
        found_conflicts, found_conflicting = conflict.analyze(docs, settings, table)
        return (found_conflicts, found_conflicting, *duplicate.analyze(docs, settings, found_conflicting))

    if cache is None:
        conflicts, conflicting, duplicates, restated = pairwise()
    else:
        digest = input_digest(store, [(doc.is_context, doc.entry) for doc in docs.items], settings)
        conflicts, conflicting, duplicates, restated = cache.get_or_compute(digest, len(docs.items), pairwise)
    drift = [
        *conflicts,
        *duplicates,
        *numbers.analyze(docs, settings, moment),
        *dates.analyze(docs, settings, moment),
        *stale.analyze(docs, settings, moment),
        *derivable.analyze(docs, table, store.project, restated),
        *bloat.analyze(store, docs, settings),
    ]
    findings.extend(finding for finding in drift if finding.rule not in settings.disabled)
    outcome = apply_suppressions(store, findings, settings)
    outcome.findings.extend(config_problems)
    return outcome


def _unique(findings: list[Finding]) -> list[Finding]:
    seen: set[tuple[str, tuple[str, ...], str]] = set()
    result: list[Finding] = []
    for finding in findings:
        key = (finding.rule, tuple(finding.entries), finding.message)
        if key not in seen:
            seen.add(key)
            result.append(finding)
    return result
