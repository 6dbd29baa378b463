"""On the demo project every planted false claim fails with the right explanation and every true claim passes."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from curator.checks import run_checks
from curator.demo import build_demo
from curator.ops import evidence_edit, fix_from_evidence
from curator.scan import analyze_store, load_store
from tests.conftest import NOW

PLANTED_FAILURES = {
    ("cleanup_backlog.md", "count", "posts/short/"): "memory says 58 entries under posts/short/; ls finds 41",
    ("feed_builder.md", "identifier", "renderFeed"): "git grep finds no renderFeed anywhere in the project (memory "
    "files excluded); closest is buildFeed at src/feed.ts:3",
    ("feed_builder.md", "path", "src/legacy/feed_xml.ts"): "ls finds no such path",
    ("package_manager.md", "tool", "npm"): "pnpm-lock.yaml (pnpm)",
    ("testing.md", "tool", "jest"): "vitest.config.ts (vitest)",
}
NOT_PROBEABLE = {("api_tokens.md", "path", "inkwell/deploy")}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory):
    return build_demo(tmp_path_factory.mktemp("demo") / "demo", NOW)


def _verdicts(outcome) -> dict[tuple[str, str, str], tuple[str, str]]:
    return {
        (entry_id, result.claim.kind, result.claim.subject): (result.verdict, result.explanation)
        for entry_id, results in outcome.results.items()
        for result in results
    }


def test_claude_store_plants_fail_and_true_claims_pass(demo) -> None:
    outcome = run_checks(load_store(demo.claude_store))
    verdicts = _verdicts(outcome)
    for key, phrase in PLANTED_FAILURES.items():
        verdict, explanation = verdicts[key]
        assert verdict == "fail" and phrase in explanation, (key, explanation)
    failing = {key for key, (verdict, _) in verdicts.items() if verdict == "fail"}
    assert failing == set(PLANTED_FAILURES)
    unknown = {key for key, (verdict, _) in verdicts.items() if verdict == "unknown"}
    assert unknown == NOT_PROBEABLE
    passing = {key for key, (verdict, _) in verdicts.items() if verdict == "pass"}
    for key in [
        ("publishing.md", "identifier", "schedulePosts"),
        ("publishing.md", "identifier", "MAX_POSTS_PER_WEEK"),
        ("publishing.md", "script", "test"),
        ("publishing.md", "version", "node"),
        ("lint_before_push.md", "script", "lint"),
        ("project_stack.md", "tool", "pnpm"),
        ("project_stack.md", "tool", "vitest"),
        ("feed_builder.md", "path", "src/feed.ts"),
    ]:
        assert key in passing, key
    assert {finding.entries[0] for finding in outcome.findings} == {key[0] for key in PLANTED_FAILURES}


def test_notes_store_chinese_count_fails(demo) -> None:
    verdicts = _verdicts(run_checks(load_store(demo.notes)))
    assert verdicts[("notes.md#3", "count", "posts/short/")] == (
        "fail",
        "memory says 58 entries under posts/short/; ls finds 41",
    )
    assert verdicts[("notes.md#7", "identifier", "buildFeed")][0] == "pass"
    assert {verdict for key, (verdict, _) in verdicts.items() if key[0] != "notes.md#3"} == {"pass"}


def test_scan_with_check_adds_entry_checks_and_findings(demo) -> None:
    result = analyze_store(load_store(demo.claude_store), now=NOW, check=True)
    failed = [finding for finding in result.findings if finding.rule == "check-failed"]
    assert len(failed) == len(PLANTED_FAILURES)
    serialised = [check.to_json() for check in result.check_results["cleanup_backlog.md"]]
    assert serialised[0]["command"] == "ls -1 -- posts/short" and serialised[0]["verdict"] == "fail"


def test_fix_from_evidence_rewrites_the_count_and_stamps_verified(demo, tmp_path: Path) -> None:
    store = load_store(demo.claude_store)
    [result] = [
        item
        for item in run_checks(store, entry_ids=["cleanup_backlog.md"]).results["cleanup_backlog.md"]
        if item.claim.kind == "count"
    ]
    assert evidence_edit(result) == ("58 old posts under `posts/short/`", "41 old posts under `posts/short/`")
    outcome = fix_from_evidence(store, result, on=date(2026, 11, 29))
    text = (demo.claude_store / "cleanup_backlog.md").read_text(encoding="utf-8")
    assert "41 old posts under `posts/short/` still to delete" in text
    assert "verified: 2026-11-29" in text
    assert outcome.commit is not None
    fixed = outcome.store
    recheck = run_checks(fixed, entry_ids=["cleanup_backlog.md"]).results["cleanup_backlog.md"]
    assert [item.verdict for item in recheck] == ["pass"]
