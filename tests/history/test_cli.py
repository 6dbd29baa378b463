"""`curator history ID` through click's CliRunner on real back-dated repositories."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from tests.conftest import NOW
from tests.support.gitrepo import commit_files, git, init_repo
from tests.support.history_repos import build_project_repo

NOW_TEXT = NOW.isoformat()


@pytest.fixture(autouse=True)
def no_repository_above(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep git from finding a repository above tmp_path, so "outside a repository" holds anywhere."""
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))


@pytest.fixture
def notes_path(tmp_path: Path) -> Path:
    return build_project_repo(tmp_path) / "mem" / "notes.md"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_text_lists_commits_of_a_section(notes_path: Path) -> None:
    code, output = run("history", "notes.md#1", "--store", str(notes_path), "--now", NOW_TEXT)
    assert code == 0, output
    short_shas = git(notes_path.parent.parent, "log", "-L1,3:mem/notes.md", "--no-patch", "--format=%h").split()
    lines = output.splitlines()
    assert lines[0].startswith("notes.md#1")
    assert "created 2026-02-01  modified 2026-08-20" in lines[1] and "commits 2" in lines[1]
    age = round((NOW - datetime(2026, 8, 20, 8, tzinfo=timezone.utc)).total_seconds() / 86400, 1)
    assert f"age {age:g} d" in lines[1] and "dates from git" in lines[1]
    assert [line.split()[1] for line in lines[2:]] == short_shas
    assert lines[2].endswith("revise first section") and lines[3].endswith("notes first section")
    assert "+- alpha two" not in output


def test_diff_flag_prints_each_diff(notes_path: Path) -> None:
    code, output = run("history", "notes.md#1", "--store", str(notes_path), "--diff", "--now", NOW_TEXT)
    assert code == 0, output
    assert "    +- alpha two, revised" in output.splitlines()
    assert "beta" not in output


def test_json_output(notes_path: Path) -> None:
    code, output = run(
        "history", "notes.md#2", "--store", str(notes_path), "--format", "json", "--now", NOW_TEXT, "--diff"
    )
    assert code == 0, output
    data = json.loads(output)
    shas = git(notes_path.parent.parent, "log", "-L5,6:mem/notes.md", "--no-patch", "--format=%H").split()
    assert [change["sha"] for change in data["changes"]] == shas
    assert data["commits"] == 1 and data["date_source"] == "git" and data["history_source"] == "git"
    assert data["modified"] == "2026-06-15T08:00:00+00:00" and data["age_days"] == 167.2
    assert "+- beta one" in data["changes"][0]["diff"]


def test_unknown_id_is_a_usage_error_with_suggestions(notes_path: Path) -> None:
    code, output = run("history", "notes.md#9", "--store", str(notes_path))
    assert code == 2
    assert "no entry 'notes.md#9'" in output and "did you mean" in output and "notes.md#1" in output


def test_claude_code_store_committed_in_a_subdirectory_with_a_renamed_topic(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r")
    store = ".claude/memory"
    topic = "---\nname: cadence\ndescription: posting cadence\ntype: feedback\n---\nAt most 4 posts a week.\n"
    index_before = "- [Cadence](cadence.md) — how often\n"
    commit_files(
        repo, {f"{store}/MEMORY.md": index_before, f"{store}/cadence.md": topic}, "add", "2026-01-05T00:00:00Z"
    )
    git(repo, "mv", f"{store}/cadence.md", f"{store}/blog_cadence.md")
    index_after = "- [Cadence](blog_cadence.md) — how often\n"
    commit_files(repo, {f"{store}/MEMORY.md": index_after}, "rename", "2026-02-05T00:00:00Z")
    code, output = run(
        "history", "blog_cadence.md", "--store", str(repo / store), "--now", NOW_TEXT, "--format", "json"
    )
    assert code == 0, output
    data = json.loads(output)
    assert [change["subject"] for change in data["changes"]] == ["rename", "add"]
    assert data["commits"] == 2 and data["created"] == "2026-01-05T00:00:00+00:00"
    assert data["age_days"] == 297.5


def test_outside_git_says_there_is_no_history(tmp_path: Path) -> None:
    notes = tmp_path / "plain" / "notes.md"
    notes.parent.mkdir()
    notes.write_text("## 2026-05-01 - Only\n- one\n", encoding="utf-8")
    code, output = run("history", "notes.md#1", "--store", str(notes), "--now", NOW_TEXT)
    assert code == 0, output
    assert "dates from section-date" in output and "no git history for this entry" in output


def test_help() -> None:
    code, output = run("history", "--help")
    assert code == 0 and "--diff / --no-diff" in output and "notes.md#3" in output
