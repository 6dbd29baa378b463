"""The one-way pipeline in four stages: load -> annotate (history) -> analyze (rules) -> check (probes).

The CLI runs them back to back (`run_scan`); the TUI runs each in a worker and paints between them.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from curator import formats, history, rules
from curator.history.git import one_discovery_per_directory
from curator.inbox.freshness import deleted_findings, review_state
from curator.model import SEVERITY_RANK, Finding, Severity, Store
from curator.scancache import PairwiseCache
from curator.sync.conflicts import sync_conflict_findings
from curator.sync.identity import project_identity
from curator.usage import annotate as annotate_usage

if TYPE_CHECKING:
    from curator.checks.results import CheckResult

Progress = Callable[[str, "int | None"], None]


def _no_progress(_label: str, _count: int | None) -> None:
    return None


@dataclass
class ScanResult:
    """A loaded store with its findings, as of one moment."""

    store: Store
    findings: list[Finding]
    now: datetime
    suppressed: int = 0
    checked: bool = False
    check_results: dict[str, list[CheckResult]] = field(default_factory=dict)
    review: Any = None
    trend_line: str = ""
    identity: Any = None

    def worst_severity(self) -> Severity | None:
        if not self.findings:
            return None
        return max((finding.severity for finding in self.findings), key=SEVERITY_RANK.__getitem__)


@dataclass
class CheckStage:
    """What the check stage adds: probe results per entry and the check-failed findings that survived suppression."""

    results: dict[str, list[CheckResult]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    suppressed: int = 0


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def load(path: Path, *, format_name: str | None = None, project: Path | None = None) -> Store:
    """Stage 1: read the store's files into entries (no git yet)."""
    return formats.detect(Path(path), format_name=format_name, project=project)


def annotate(store: Store) -> Store:
    """Stage 2: add git history (dates, commits, authors) to every entry, in place; returns the store."""
    history.annotate(store)
    return store


def analyze(store: Store, *, now: datetime | None = None, cache: PairwiseCache | None = None) -> rules.RuleOutcome:
    """Stage 3: reader findings, every rule, then the store's suppressions (`cache` reuses the pairwise rules' work)."""
    return rules.analyze(store, now=now or utcnow(), cache=cache)


def check(store: Store, *, timeout: float = 5.0, entry_ids: list[str] | None = None) -> CheckStage:
    """Stage 4: probe the project for the claims of the active entries (or `entry_ids`)."""
    from curator import checks  # imported here: a scan without --check never needs the probes

    outcome = checks.run_checks(store, timeout=timeout, entry_ids=entry_ids)
    kept = rules.apply_suppressions(store, outcome.findings)
    return CheckStage(results=dict(outcome.results), findings=kept.findings, suppressed=kept.suppressed)


_check_stage = check  # analyze_store's `check` flag shadows the stage's name


def load_store(
    path: Path, *, format_name: str | None = None, project: Path | None = None, progress: Progress = _no_progress
) -> Store:
    """Stages 1 and 2: read a store from disk and annotate it with git history (cyclic GC paused: loading builds no cycles)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        progress("reading the store", None)
        store = load(path, format_name=format_name, project=project)
        progress("reading git history", len(store.entries))
        return annotate(store)
    finally:
        if collecting:
            gc.enable()


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """Worst first, then by rule and entries: the order every report shows."""
    return sorted(findings, key=lambda finding: (-SEVERITY_RANK[finding.severity], finding.rule, finding.entries))


def load_usage(store: Store, *, now: datetime | None = None, claude_dir: Path | None = None) -> None:
    """Attach which entries the agent read and wrote, from Claude Code transcripts; a failure is a store note."""
    try:
        annotate_usage(store, now=now, claude_dir=claude_dir)
    except Exception as error:  # a transcript problem must never stop a scan
        store.notes.append(f"session transcripts could not be read: {error}")


def analyze_store(
    store: Store,
    *,
    now: datetime | None = None,
    check: bool = False,
    timeout: float = 5.0,
    progress: Progress = _no_progress,
    cache: bool = False,
) -> ScanResult:
    """Stages 3 (and, when asked, 4) over an already loaded store, with the store's review state; `cache` reuses pairwise work."""
    moment = now or utcnow()
    progress("running the rules", len(store.entries))
    outcome = analyze(store, now=moment, cache=PairwiseCache.for_store(store) if cache else None)
    result = ScanResult(store=store, findings=outcome.findings, now=moment, suppressed=outcome.suppressed)
    add_review_state(result)
    if check:
        progress("probing claims", len(store.entries))
        checked = _check_stage(store, timeout=timeout)
        result.checked = True
        result.check_results = checked.results
        result.findings.extend(checked.findings)
        result.suppressed += checked.suppressed
    result.findings = sort_findings(result.findings)
    return result


def add_review_state(result: ScanResult) -> None:
    """Attach the store's review freshness, its `deleted-since-review` and `sync-conflict` findings, and its identity."""
    result.identity = project_identity(result.store.project)
    result.review = review_state(result.store)
    found = deleted_findings(result.review) + sync_conflict_findings(result.store)
    kept = rules.apply_suppressions(result.store, found)
    result.findings.extend(kept.findings)
    result.suppressed += kept.suppressed


def run_scan(
    path: Path,
    *,
    format_name: str | None = None,
    project: Path | None = None,
    now: datetime | None = None,
    check: bool = False,
    timeout: float = 5.0,
    progress: Progress = _no_progress,
    cache: bool = False,
    usage: bool = True,
    claude_dir: Path | None = None,
) -> ScanResult:
    """Every stage: load, annotate, read transcript usage (unless `usage` is False), analyze, check.

    Nothing in a scan changes a repository, so each directory's repository is discovered once.
    """
    with one_discovery_per_directory():
        store = load_store(path, format_name=format_name, project=project, progress=progress)
        if usage:
            progress("reading session transcripts", None)
            load_usage(store, now=now, claude_dir=claude_dir)
        return analyze_store(store, now=now, check=check, timeout=timeout, progress=progress, cache=cache)
