"""The demo store: every drift plant is found, and the drift rules flag nothing else (stale aside)."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator import rules
from curator.demo import build_demo
from curator.scan import load_store
from tests.conftest import NOW

DRIFT = set(rules.RULE_IDS) - {"stale"}
EXPECTED = {
    "claude": {
        ("conflict", ("CLAUDE.md:L3", "package_manager.md")),
        ("conflict", ("CLAUDE.md:L4", "testing.md")),
        ("conflict", ("blog_cadence.md", "blog_cadence_q4.md")),
        ("conflict", ("package_manager.md", "project_stack.md")),
        ("duplicate", ("lint_before_push.md", "pre_push_checks.md")),
        ("expired-date", ("deploy_freeze.md",)),
        ("expired-date", ("newsletter.md",)),
        ("outdated-number", ("cleanup_backlog.md",)),
        ("bloat", ("MEMORY.md",)),
        ("bloat", ("image_pipeline.md",)),
        ("derivable", ("project_stack.md",)),
    },
    "notes": {
        ("conflict", ("notes.md#1", "notes.md#5")),
        ("duplicate", ("notes.md#2", "notes.md#6")),
        ("expired-date", ("notes.md#4",)),
        ("outdated-number", ("notes.md#3",)),
    },
    "openclaw": set(),
}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory):
    return build_demo(tmp_path_factory.mktemp("demo") / "demo", NOW)


@pytest.mark.parametrize("store_name", sorted(EXPECTED))
def test_demo_plants_and_nothing_else(demo, store_name: str) -> None:
    path: Path = {"claude": demo.claude_store, "notes": demo.notes, "openclaw": demo.openclaw}[store_name]
    outcome = rules.analyze(load_store(path), now=NOW)
    found = {(finding.rule, tuple(sorted(finding.entries))) for finding in outcome.findings if finding.rule in DRIFT}
    assert found == {(rule, tuple(sorted(entries))) for rule, entries in EXPECTED[store_name]}
