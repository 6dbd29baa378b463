"""Build a held-out project with its memory, run the checks, and score them against a truth table."""

from __future__ import annotations

import re
from pathlib import Path

from curator.checks import run_checks
from curator.scan import load_store
from tests.support.gitrepo import git, init_repo

ProjectSpec = tuple[dict[str, str], dict[str, str], dict[tuple[str, str, str], str], str]
ClaimKey = tuple[str, str, str]


def file_entry(entry_id: str) -> str:
    """`CLAUDE.md:L12` -> `CLAUDE.md`: an instruction file's lines are scored as one entry."""
    return re.sub(r":L\d+$", "", entry_id)


def build_project(base: Path, name: str, spec: ProjectSpec) -> tuple[Path, Path]:
    """Write the project and its memory store, commit them, and return (project root, store path)."""
    files, memory, _, store = spec
    root = init_repo(base / name)
    for rel, text in {**files, **memory}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "init", date="2026-11-20T12:00:00+00:00")
    return root, root / store


def observed_verdicts(base: Path, name: str, spec: ProjectSpec) -> dict[ClaimKey, tuple[str, str]]:
    """(entry, kind, subject) -> (verdict, explanation) for every claim `run_checks` made."""
    root, store_path = build_project(base, name, spec)
    outcome = run_checks(load_store(store_path), project=root)
    verdicts = {}
    for entry_id, results in outcome.results.items():
        for result in results:
            claim = result.claim
            qualified = claim.kind == "version" or (claim.kind == "count" and not claim.expected.isdigit())
            subject = claim.subject + (claim.expected if qualified else "")
            verdicts[(file_entry(entry_id), claim.kind, subject)] = (result.verdict, result.explanation)
    failed = {file_entry(finding.entries[0]) for finding in outcome.findings if finding.rule == "check-failed"}
    assert failed == {key[0] for key, (verdict, _) in verdicts.items() if verdict == "fail"}
    return verdicts


def assert_verdicts_match_truth(base: Path, name: str, spec: ProjectSpec) -> None:
    """Every expected claim gets its verdict, nothing else is claimed, and nothing absent fails."""
    truth = spec[2]
    verdicts = observed_verdicts(base, name, spec)
    expected = {key: verdict for key, verdict in truth.items() if verdict != "ok-absent"}
    assert {key: verdicts.get(key, ("not extracted", ""))[0] for key in expected} == expected
    assert sorted(key for key in verdicts if key not in truth) == []
    absent_but_failed = [
        key for key, verdict in truth.items() if verdict == "ok-absent" and verdicts.get(key, ("",))[0] == "fail"
    ]
    assert absent_but_failed == []


def assert_failure_explained(base: Path, name: str, spec: ProjectSpec, key: ClaimKey, phrase: str) -> None:
    """The claim fails and its explanation says what the project shows."""
    verdict, explanation = observed_verdicts(base, name, spec)[key]
    assert verdict == "fail" and phrase in explanation, explanation
