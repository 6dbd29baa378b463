"""The one-way pipeline: path -> store -> history -> rules (+ checks) -> findings."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

Progress = Callable[[str, "int | None"], None]


def _no_progress(_label: str, _count: int | None) -> None:
    return None

from curator import formats, history, rules
from curator.model import SEVERITY_RANK, Finding, Store


@dataclass
class ScanResult:
    """A loaded store with its findings, as of one moment."""

    store: Store
    findings: list[Finding]
    now: datetime
    suppressed: int = 0
    checked: bool = False
    check_results: dict[str, list] = field(default_factory=dict)
    review: Any = None
    trend_line: str = ""
    identity: Any = None

    def worst_severity(self) -> str | None:
        if not self.findings:
            return None
        return max((finding.severity for finding in self.findings), key=SEVERITY_RANK.__getitem__)


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def load_store(
    path: Path, *, format_name: str | None = None, project: Path | None = None, progress: Progress = _no_progress
) -> Store:
    """Read a store from disk and annotate it with git history."""
    progress("reading the store", None)
    store = formats.detect(Path(path), format_name=format_name, project=project)
    progress("reading git history", len(store.entries))
    history.annotate(store)
    return store


def analyze_store(
    store: Store,
    *,
    now: datetime | None = None,
    check: bool = False,
    timeout: float = 5.0,
    progress: Progress = _no_progress,
) -> ScanResult:
    """Run the rules (and, when asked, the live checks) over an already loaded store."""
    moment = now or utcnow()
    progress("running the rules", len(store.entries))
    outcome = rules.analyze(store, now=moment)
    result = ScanResult(store=store, findings=outcome.findings, now=moment, suppressed=outcome.suppressed)
    add_review_state(result)
    if check:
        from curator import checks

        progress("probing claims", len(store.entries))
        check_outcome = checks.run_checks(store, timeout=timeout)
        result.checked = True
        result.check_results = check_outcome.results
        kept = rules.apply_suppressions(store, check_outcome.findings)
        result.findings.extend(kept.findings)
        result.suppressed += kept.suppressed
    result.findings.sort(key=lambda finding: (-SEVERITY_RANK[finding.severity], finding.rule, finding.entries))
    return result


def add_review_state(result: ScanResult) -> None:
    """Attach the store's review freshness, its `deleted-since-review` and `sync-conflict` findings."""
    from curator.inbox.freshness import deleted_findings, review_state

    from curator.sync.conflicts import sync_conflict_findings
    from curator.sync.identity import project_identity

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
) -> ScanResult:
    """Load, annotate and analyze the store at `path`."""
    store = load_store(path, format_name=format_name, project=project, progress=progress)
    return analyze_store(store, now=now, check=check, timeout=timeout, progress=progress)
