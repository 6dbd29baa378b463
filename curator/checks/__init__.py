"""Claims an entry makes about the project, tested with live, safe probes (SPEC section 5)."""

from __future__ import annotations

import os
import re
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from curator.checks.claims import extract_claims
from curator.checks.confine import git_root, within
from curator.checks.listing import ListingCache
from curator.checks.memoryscope import MemoryScope
from curator.checks.probes import ProbeRunner, run_adhoc
from curator.checks.project import load_facts
from curator.checks.results import CHECK_FAILED, CheckResult, Claim, ProbeResult
from curator.checks.verify import Checker
from curator.model import Entry, Finding, Store

__all__ = [
    "CheckOutcome",
    "CheckResult",
    "Claim",
    "ProbeResult",
    "extract_claims",
    "failed_finding",
    "project_root",
    "run_adhoc",
    "run_checks",
]
MAX_WORKERS = 8
_MEMORY_SAYS = re.compile(r"^memory (says|mentions)\b")


@dataclass
class CheckOutcome:
    """Per-entry probe results and the check-failed findings they produce."""

    results: dict[str, list[CheckResult]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    project: Path | None = None
    probes_run: int = 0
    wall_s: float = 0.0
    probe_durations: list[float] = field(default_factory=list)


def project_root(store: Store, project: Path | None = None) -> Path | None:
    """The project the store's claims are about: given, else the one `formats.resolve_project` found."""
    for candidate in (project, store.project):
        if candidate is not None and Path(candidate).is_dir():
            return Path(candidate)
    return None


def failed_finding(entry_id: str, result: CheckResult) -> Finding:
    """The check-failed finding for one failed check."""
    probe = result.probe
    return Finding(
        rule=CHECK_FAILED,
        severity="warning",
        entries=[entry_id],
        message=result.explanation,
        evidence={
            "kind": result.claim.kind,
            "claim": result.claim.text,
            "span": list(result.claim.span),
            "observed": result.observed,
            "command": probe.command if probe else None,
            "exit_code": probe.exit_code if probe else None,
            "output": probe.output if probe else None,
        },
    )


def _relative_inside(project: Path, path: Path) -> str | None:
    if not within(project, path):
        return None
    return os.path.relpath(os.path.realpath(path), os.path.realpath(project))


def memory_scope(store: Store, root: Path, listings: ListingCache | None = None) -> MemoryScope:
    """Memory inside the project: the store folder when it is a folder of its own, else each memory file."""
    store_dir = _relative_inside(root, store.root) if store.root.is_dir() else None
    files = []
    for source in (*store.files.values(), *store.context_files.values()):
        lexical = os.path.relpath(source.abspath, store.root) if store_dir is not None else ".."
        if lexical.startswith("..") or os.path.islink(source.abspath):
            rel = _relative_inside(root, source.abspath)
        else:
            rel = os.path.normpath(os.path.join(store_dir or ".", lexical))
        if rel:
            files.append(rel)
    return MemoryScope([store_dir] if store_dir else [], files, listings or ListingCache(root))


def run_checks(
    store: Store,
    *,
    timeout: float = 5.0,
    entry_ids: list[str] | None = None,
    project: Path | None = None,
    max_workers: int = MAX_WORKERS,
) -> CheckOutcome:
    """Extract claims from the store's active entries and the project's instruction rules (or `entry_ids`) and probe
    the project for each."""
    started = time.monotonic()
    root = project_root(store, project)
    if entry_ids is not None:
        entries = [entry for entry in (store.find(entry_id) for entry_id in entry_ids) if entry is not None]
    else:
        entries = store.active() + [entry for entry in store.context if entry.is_active]
    outcome = CheckOutcome(project=root)
    from curator.secrets import mask_json_strings, mask_text, masker_for

    known_secrets = masker_for(store)
    claims_by_entry: list[tuple[Entry, list[Claim]]] = [
        (entry, [claim for claim in extract_claims(entry, root, store=store) if not known_secrets.finds(claim.subject)])
        for entry in entries
    ]
    if root is None:
        for entry, claims in claims_by_entry:
            outcome.results[entry.id] = [
                CheckResult(claim, "unknown", "no project root known (pass --project DIR)") for claim in claims
            ]
        return outcome
    runner = ProbeRunner(root, timeout=timeout)
    scope = memory_scope(store, root)
    memory_dirs = {}
    dir_of: dict[Path, str | None] = {}
    for entry in entries:
        if entry.origin == "project":
            continue
        parent = (store.root / entry.path).parent
        if parent not in dir_of:
            dir_of[parent] = _relative_inside(root, parent)
        rel_dir = dir_of[parent]
        if rel_dir and rel_dir != ".":
            memory_dirs[entry.id] = rel_dir
    in_git = git_root(root) is not None
    checker = Checker(
        project=root, runner=runner, facts=load_facts(root), in_git=in_git, scope=scope, memory_dirs=memory_dirs
    )
    flat = [claim for _, claims in claims_by_entry for claim in claims]
    checker.prepare(flat)
    with ThreadPoolExecutor(max_workers=max(1, max_workers), thread_name_prefix="curator-probe") as pool:
        verdicts = list(pool.map(checker.check, flat))
    by_claim = iter(verdicts)
    for entry, claims in claims_by_entry:
        results = [next(by_claim) for _ in claims]
        if entry.origin == "project":
            for result in results:
                result.explanation = _MEMORY_SAYS.sub(f"{entry.path} \\1", result.explanation, count=1)
        outcome.results[entry.id] = results
        outcome.findings += [failed_finding(entry.id, result) for result in results if result.failed]
    for finding in outcome.findings:
        finding.message = mask_text(finding.message, known_secrets)
        finding.evidence = mask_json_strings(finding.evidence, known_secrets, detect=True)
    outcome.probes_run = runner.started
    outcome.probe_durations = list(runner.durations)
    outcome.wall_s = time.monotonic() - started
    return outcome
