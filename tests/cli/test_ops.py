"""The op commands end to end with click's CliRunner on real temp git stores."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main, op_support
from tests.support.gitrepo import git
from tests.support.ops_stores import NOTES_TEXT, claude_store, head_subject, notes_store, snapshot, status


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def short_head(root: Path) -> str:
    return git(root, "rev-parse", "--short=7", "HEAD").strip()


def test_expire_restore_print_what_they_did_and_the_commit(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    before = snapshot(root)
    expired = invoke(
        "expire",
        "deploy_freeze.md",
        "--reason",
        "deadline 2026-04-15 passed",
        "--now",
        "2026-11-29",
        "--store",
        str(root),
    )
    assert expired.exit_code == 0, expired.output
    assert "expire deploy_freeze.md — deadline 2026-04-15 passed -> .archive/deploy_freeze.md" in expired.output
    assert f"commit {short_head(root)}" in expired.output
    restored = invoke("restore", "deploy_freeze.md", "--store", str(root))
    assert restored.exit_code == 0, restored.output
    assert f"commit {short_head(root)}" in restored.output
    assert snapshot(root) == before and status(root) == ""


def test_unknown_id_exits_2_with_suggestions(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    result = CliRunner().invoke(main, ["review", "blog_cadense.md", "--store", str(root)])
    assert result.exit_code == 2
    assert "no entry 'blog_cadense.md'" in result.output and "blog_cadence.md" in result.output


def test_a_refusal_exits_1_with_the_message(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    result = CliRunner().invoke(main, ["restore", "blog_cadence.md", "--store", str(root)])
    assert result.exit_code == 1
    assert "blog_cadence.md is not archived" in result.output


def test_edit_saves_through_the_editor_and_reports_no_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = claude_store(tmp_path / "proj")
    opened: list[str] = []

    def fake_editor(path: Path) -> None:
        opened.append(path.read_text(encoding="utf-8"))
        path.write_text(path.read_text(encoding="utf-8").replace("4 posts", "5 posts"), encoding="utf-8")

    monkeypatch.setattr(op_support, "launch_editor", fake_editor)
    result = invoke("edit", "blog_cadence.md", "--reason", "new plan", "--store", str(root))
    assert result.exit_code == 0, result.output
    assert opened and "At most 4 posts per week." in opened[0]
    assert "At most 5 posts per week." in (root / "blog_cadence.md").read_text(encoding="utf-8")
    assert head_subject(root) == "curator: edit blog_cadence.md — new plan"
    monkeypatch.setattr(op_support, "launch_editor", lambda path: None)
    unchanged = invoke("edit", "blog_cadence.md", "--store", str(root))
    assert unchanged.exit_code == 0 and "no change" in unchanged.output


def test_launch_editor_runs_editor_without_a_shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "my editor"
    script.write_text("#!/bin/sh\nprintf 'edited; $(not run)' > \"$1\"\n", encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("VISUAL", f"'{script}'")
    target = tmp_path / "entry.md"
    target.write_text("before", encoding="utf-8")
    op_support.launch_editor(target)
    assert target.read_text(encoding="utf-8") == "edited; $(not run)"


def test_merge_with_name_and_text_file_then_undo(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    before = snapshot(root)
    merged_file = tmp_path / "merged.md"
    merged_file.write_text(
        "---\nname: cadence\ndescription: posting cadence\ntype: feedback\n---\nAt most 4 posts per week.\n",
        encoding="utf-8",
    )
    result = invoke(
        "merge",
        "blog_cadence.md",
        "cadence_again.md",
        "--name",
        "cadence",
        "--text-file",
        str(merged_file),
        "--store",
        str(root),
    )
    assert result.exit_code == 0, result.output
    assert "merge blog_cadence.md, cadence_again.md into cadence.md" in result.output
    assert (root / "cadence.md").read_text(encoding="utf-8") == merged_file.read_text(encoding="utf-8")
    assert "- [cadence](cadence.md) — posting cadence" in (root / "MEMORY.md").read_text(encoding="utf-8")
    undone = invoke("undo", "--store", str(root))
    assert undone.exit_code == 0 and "undo merge" in undone.output
    assert snapshot(root) == before and status(root) == ""


def test_review_stamps_the_given_day(tmp_path: Path) -> None:
    root = notes_store(tmp_path / "proj", NOTES_TEXT)
    result = invoke("review", "notes.md#2", "--now", "2026-11-29T12:00:00Z", "--store", str(root))
    assert result.exit_code == 0, result.output
    assert "## 2026-07-02 - Cadence\n<!-- reviewed: 2026-11-29 -->\n" in (root / "notes.md").read_text(encoding="utf-8")
    assert f"commit {short_head(root)}" in result.output


def test_expire_at_then_due(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    scheduled = invoke(
        "expire",
        "deploy_freeze.md",
        "--at",
        "2026-12-15",
        "--reason",
        "launch over",
        "--now",
        "2026-11-29",
        "--store",
        str(root),
    )
    assert scheduled.exit_code == 0, scheduled.output
    assert "schedule expiry of deploy_freeze.md on 2026-12-15" in scheduled.output
    nothing = invoke("expire", "--due", "--now", "2026-12-01", "--store", str(root))
    assert "no scheduled expiry is due" in nothing.output
    due = invoke("expire", "--due", "--now", "2026-12-16", "--store", str(root))
    assert due.exit_code == 0, due.output
    assert "expired 1 due entry: deploy_freeze.md" in due.output
    assert (root / ".archive/deploy_freeze.md").exists()


def test_expire_usage_errors(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    assert CliRunner().invoke(main, ["expire", "--store", str(root)]).exit_code == 2
    assert CliRunner().invoke(main, ["expire", "x.md", "--due", "--store", str(root)]).exit_code == 2
    assert CliRunner().invoke(main, ["expire", "x.md", "--at", "soon", "--store", str(root)]).exit_code == 2


def test_not_in_git_says_so(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj", git_repo=False)
    result = invoke("expire", "plain.md", "--store", str(root), "--now", "2026-11-29")
    assert result.exit_code == 0, result.output
    assert "(not in git: no commit)" in result.output


def test_track_then_already_tracked(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj", git_repo=False)
    first = invoke("track", str(root))
    assert first.exit_code == 0, first.output
    assert f"commit {short_head(root)}" in first.output
    second = invoke("track", str(root))
    assert "already tracked" in second.output


@pytest.mark.parametrize("command", ["edit", "expire", "merge", "restore", "review", "undo", "track"])
def test_every_op_command_has_help(command: str) -> None:
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.output and len(result.output.splitlines()) > 4
    if command != "track":
        assert "--store" in result.output
