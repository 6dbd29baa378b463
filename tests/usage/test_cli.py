"""`curator scan` with transcripts: the JSON `usage` objects, the text summary line and the markdown prune list."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from tests.conftest import NOW
from tests.support.transcripts import ClaudeHome, claude_home, scenario, session_name


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClaudeHome:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    built = claude_home(tmp_path)
    scenario(built)
    (built.store / ".curator.toml").write_text("[rules.unused]\nsessions = 5\n", encoding="utf-8")
    return built


def scan(home: ClaudeHome, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        main,
        [
            "scan",
            str(home.store),
            "--claude-dir",
            str(home.claude_dir),
            "--now",
            NOW.isoformat(),
            "--fail-on",
            "never",
            *args,
        ],
    )
    return result.exit_code, result.output


def test_json_usage_per_entry(home: ClaudeHome) -> None:
    code, output = scan(home, "--format", "json")
    assert code == 0
    report = json.loads(output)
    assert report["store"]["usage"]["sessions"] == 10 and report["store"]["usage"]["transcripts"] == 11
    entries = {entry["id"]: entry["usage"] for entry in report["entries"]}
    assert (entries["alpha.md"]["reads"], entries["alpha.md"]["sessions"]) == (10, 9)
    assert entries["alpha.md"]["provenance"][1] == {
        "action": "edited",
        "session": session_name(6),
        "time": entries["alpha.md"]["provenance"][1]["time"],
        "tool": "MultiEdit",
        "prompt": "Update the deploy steps",
        "subagent": False,
    }
    assert entries["gamma.md"]["reads"] == 0
    assert entries["MEMORY.md#1"]["loaded_sessions"] == 10 and entries["MEMORY.md#1"]["opened_linked"] == 0


def test_json_usage_counts_are_null_without_transcripts(home: ClaudeHome, tmp_path: Path) -> None:
    plain = tmp_path / "plain" / "memory"
    shutil.copytree(home.store, plain)
    result = CliRunner().invoke(
        main,
        [
            "scan",
            str(plain),
            "--claude-dir",
            str(tmp_path / "elsewhere"),
            "--format",
            "json",
            "--now",
            NOW.isoformat(),
            "--fail-on",
            "never",
        ],
    )
    report = json.loads(result.output)
    assert all(entry["usage"]["reads"] is None for entry in report["entries"])


def test_text_summary_names_sessions(home: ClaudeHome) -> None:
    code, output = scan(home)
    assert code == 0
    assert "usage    10 sessions in 11 transcripts (2026-10-01 … 2026-10-01), 2 unreadable line(s) skipped" in output
    assert "[unused] gamma.md" in output


def test_markdown_lists_prune_candidates_never_read_first(home: ClaudeHome) -> None:
    code, output = scan(home, "--format", "markdown")
    assert code == 0
    section = output.split("## Prune candidates", 1)[1]
    lines = [line for line in section.splitlines() if line[:1].isdigit()]
    assert lines[0].startswith("1. [ ] `gamma.md` — never read")
    assert any("`beta.md` — not read lately" in line for line in lines)
    assert not any("`alpha.md`" in line for line in lines)


def test_no_usage_flag_skips_transcripts(home: ClaudeHome) -> None:
    code, output = scan(home, "--no-usage", "--format", "json")
    assert code == 0
    assert json.loads(output)["store"]["usage"] is None


def test_a_secret_pasted_into_a_prompt_is_masked_in_provenance_and_the_cache(home: ClaudeHome, tmp_path: Path) -> None:
    from tests.support.transcripts import open_session

    token = "ghp_" + "Zq8vY2mT4kP9wX1bN6cR3sL7dF0hJ5gA2eU8"
    stream, writer = open_session(home, 11)
    with stream:
        writer.prompt(f"Save the deploy token {token} in memory")
        writer.write(
            home.store / "delta.md", "---\nname: Delta\ntype: reference\n---\n\nDeploy token lives in the vault.\n"
        )
    (home.store / "delta.md").write_text("---\nname: Delta\ntype: reference\n---\n\nDeploy token lives in the vault.\n")
    code, output = scan(home, "--format", "json")
    assert code == 0
    steps = {entry["id"]: entry["usage"] for entry in json.loads(output)["entries"]}["delta.md"]["provenance"]
    assert steps and steps[0]["prompt"].startswith("Save the deploy token ghp_")
    assert token not in output
    cached = "".join(path.read_text(errors="replace") for path in (tmp_path / "cache").rglob("*") if path.is_file())
    assert cached and token not in cached
