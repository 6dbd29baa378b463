"""The demo is deterministic for a given clock and refuses to overwrite anything."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from curator.demo import DemoError, build_demo
from tests.conftest import NOW


def tree_bytes(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and ".git" not in path.relative_to(root).parts
    }


def head(repo: Path) -> str:
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True, check=True).stdout


def test_same_clock_builds_the_same_demo(tmp_path: Path) -> None:
    first = build_demo(tmp_path / "a", NOW)
    second = build_demo(tmp_path / "b", NOW)
    assert tree_bytes(first.root) == tree_bytes(second.root)
    assert head(first.project) == head(second.project)


def test_demo_refuses_a_non_empty_directory(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(DemoError, match="not empty"):
        build_demo(tmp_path, NOW)
    assert (tmp_path / "keep.txt").read_text(encoding="utf-8") == "mine"


def test_demo_history_is_back_dated(tmp_path: Path) -> None:
    demo = build_demo(tmp_path / "d", NOW)
    dates = subprocess.run(
        ["git", "log", "--format=%ad", "--date=short"], cwd=demo.project, capture_output=True, text=True, check=True
    ).stdout.split()
    assert dates[0] == "2026-11-24"
    assert dates[-1] == "2025-10-05"
    assert len(list((demo.project / "posts" / "short").iterdir())) == 41


SPEC_RULES = {
    "parse-error",
    "invalid-field",
    "index-overflow",
    "index-line-too-long",
    "dangling-link",
    "orphan",
    "duplicate",
    "conflict",
    "outdated-number",
    "expired-date",
    "stale",
    "derivable",
    "bloat",
    "check-failed",
    "index-stale",
}
CHINESE_CASES = {"conflict", "duplicate", "outdated-number", "expired-date", "check-failed"}


def rules_found(path: Path) -> set[str]:
    from curator.scan import run_scan

    return {finding.rule for finding in run_scan(path, now=NOW, check=True).findings}


def test_demo_holds_a_case_of_every_rule_in_english_and_chinese(tmp_path: Path) -> None:
    demo = build_demo(tmp_path / "d", NOW)
    claude_rules = rules_found(demo.claude_store)
    notes_rules = rules_found(demo.notes)
    openclaw_rules = rules_found(demo.openclaw)
    assert claude_rules | notes_rules | openclaw_rules == SPEC_RULES
    assert CHINESE_CASES <= notes_rules
    assert CHINESE_CASES <= claude_rules
