"""The demo's generated sessions: `curator demo` shows usage, provenance and both usage findings."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from curator import usage
from curator.cli import main
from curator.demo import build_demo
from curator.demo_usage import write_demo_transcripts
from curator.scan import run_scan
from tests.conftest import NOW


@pytest.fixture(scope="module")
def demo_scan(tmp_path_factory: pytest.TempPathFactory):
    paths = build_demo(tmp_path_factory.mktemp("demo") / "d", NOW)
    claude_dir = write_demo_transcripts(paths, NOW)
    return paths, run_scan(paths.claude_store, now=NOW, claude_dir=claude_dir)


def test_demo_sessions_give_reads_and_provenance(demo_scan) -> None:
    paths, result = demo_scan
    found = usage.store_usage(result.store)
    assert len(found.sessions) == 40
    assert found.get("publishing.md").reads == 6
    assert found.get("feed_builder.md").reads == 13
    steps = found.get("publishing.md").provenance
    assert [(step.action, step.prompt) for step in steps] == [("created", "Write down how we publish a week of posts")]
    assert (paths.project / ".git" / "curator") in found.cache_path.parents


def test_demo_sessions_give_both_usage_findings(demo_scan) -> None:
    _paths, result = demo_scan
    unused = {finding.entries[0] for finding in result.findings if finding.rule == "unused"}
    assert {"draft_ideas.md", "image_pipeline.md", "deploy_freeze.md"} <= unused
    assert not unused & {"publishing.md", "feed_builder.md", "testing.md"}
    hooks = {finding.evidence.get("line") for finding in result.findings if finding.rule == "always-loaded-unused"}
    assert hooks and None not in hooks


def test_demo_command_writes_transcripts(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["demo", "--path", str(tmp_path / "d"), "--now", NOW.isoformat(), "--no-tui"])
    assert result.exit_code == 0
    assert "--claude-dir" in result.output
    assert len(list((tmp_path / "d" / "claude-config" / "projects").glob("*/*.jsonl"))) == 40
