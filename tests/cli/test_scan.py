"""`curator scan`: the JSON contract, the text and markdown reports, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from curator.cli.scan_cmd import exit_status
from curator.demo import build_demo
from tests.conftest import NOW

NOW_ARG = NOW.isoformat()

ENTRY_FIELDS = {
    "id": str,
    "path": str,
    "line": (int, type(None)),
    "name": str,
    "description": str,
    "type": (str, type(None)),
    "status": str,
    "created": (str, type(None)),
    "modified": (str, type(None)),
    "reviewed": (str, type(None)),
    "age_days": (float, int, type(None)),
    "commits": int,
    "bytes": int,
    "tokens": int,
    "checks": list,
    "usage": dict,
}
VERSION_1_ENTRY_FIELDS = set(ENTRY_FIELDS) - {"usage"}
FINDING_FIELDS = {"rule": str, "severity": str, "entries": list, "message": str, "evidence": dict}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory):
    return build_demo(tmp_path_factory.mktemp("demo") / "d", NOW)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("worst", "fail_on", "expected"),
    [
        (None, "error", 0),
        ("info", "error", 0),
        ("warning", "warning", 1),
        ("error", "error", 1),
        ("info", "info", 1),
        ("error", "never", 0),
        ("warning", "error", 0),
    ],
)
def test_exit_status_follows_fail_on(worst: str | None, fail_on: str, expected: int) -> None:
    assert exit_status(worst, fail_on) == expected


def test_json_report_matches_the_version_2_contract_and_keeps_every_version_1_field(demo) -> None:
    code, output = run("scan", str(demo.claude_store), "--format", "json", "--now", NOW_ARG, "--fail-on", "never")
    assert code == 0
    report = json.loads(output)
    assert report["version"] == 2
    assert report["generated"] == NOW_ARG
    store = report["store"]
    assert set(store) == {"path", "format", "project", "project_how", "identity", "entries", "index", "tokens", "usage"}
    assert store["format"] == "claude-code"
    assert Path(store["path"]) == demo.claude_store
    assert Path(store["project"]) == demo.project
    assert store["entries"] == len(report["entries"])
    assert set(store["index"]) == {"lines", "bytes", "loaded_lines"}
    assert store["index"]["lines"] > store["index"]["loaded_lines"] == 200
    assert set(store["tokens"]) == {"always_loaded", "on_demand"}
    assert store["tokens"]["always_loaded"] > 0 and store["tokens"]["on_demand"] > 0
    for entry in report["entries"]:
        assert VERSION_1_ENTRY_FIELDS < set(entry) == set(ENTRY_FIELDS)
        for key, kind in ENTRY_FIELDS.items():
            assert isinstance(entry[key], kind), (entry["id"], key)
    assert report["findings"]
    for finding in report["findings"]:
        assert set(finding) == set(FINDING_FIELDS)
        for key, kind in FINDING_FIELDS.items():
            assert isinstance(finding[key], kind)
        assert finding["severity"] in {"info", "warning", "error"}


def test_json_entry_of_a_topic_file_carries_its_git_dates(demo) -> None:
    code, output = run("scan", str(demo.claude_store), "--format", "json", "--now", NOW_ARG, "--fail-on", "never")
    entries = {entry["id"]: entry for entry in json.loads(output)["entries"]}
    cadence = entries["blog_cadence.md"]
    assert cadence["type"] == "feedback"
    assert cadence["line"] is None
    assert cadence["status"] == "active"
    assert cadence["created"].startswith("2026-04-03")
    assert cadence["bytes"] == (demo.claude_store / "blog_cadence.md").stat().st_size


def test_demo_store_fails_on_errors_by_default(demo) -> None:
    code, output = run("scan", str(demo.claude_store), "--now", NOW_ARG)
    assert code == 1
    assert "Errors (" in output


def test_a_clean_store_exits_zero(tmp_path: Path) -> None:
    store = tmp_path / "memory"
    store.mkdir()
    (store / "MEMORY.md").write_text("- [Tone](tone.md) — keep replies short\n", encoding="utf-8")
    (store / "tone.md").write_text(
        "---\nname: Tone\ndescription: reply style\ntype: user\n---\n\nKeep replies short.\n", encoding="utf-8"
    )
    code, output = run("scan", str(store), "--now", NOW_ARG, "--fail-on", "warning")
    assert code == 0, output


def test_markdown_report_is_a_checklist(demo) -> None:
    code, output = run("scan", str(demo.claude_store), "--format", "markdown", "--now", NOW_ARG, "--fail-on", "never")
    assert code == 0
    assert output.startswith("# Memory review — 2026-11-29")
    assert "- [ ] **" in output


@pytest.mark.parametrize("bad_path", ["does-not-exist", "empty-dir"])
def test_unreadable_path_exits_two(tmp_path: Path, bad_path: str) -> None:
    (tmp_path / "empty-dir").mkdir()
    code, output = run("scan", str(tmp_path / bad_path))
    assert code == 2
    assert "Traceback" not in output


def test_bad_now_is_a_usage_error(demo) -> None:
    code, output = run("scan", str(demo.claude_store), "--now", "yesterday")
    assert code == 2
    assert "ISO-8601" in output


def test_format_name_forces_the_reader(demo) -> None:
    code, output = run("scan", str(demo.notes), "--format", "notes", "--now", NOW_ARG, "--fail-on", "never")
    assert code == 0
    assert "(notes)" in output


@pytest.mark.parametrize(
    "command",
    [
        [],
        ["scan"],
        ["demo"],
        ["tui"],
        ["history"],
        ["check"],
        ["edit"],
        ["expire"],
        ["merge"],
        ["restore"],
        ["review"],
        ["undo"],
        ["track"],
    ],
)
def test_every_command_has_help(command: list[str]) -> None:
    code, output = run(*command, "--help")
    assert code == 0
    assert "Usage: " in output


def test_version() -> None:
    code, output = run("--version")
    assert code == 0
    assert "curator, version" in output


def test_text_report_names_the_file_of_a_finding_without_entries(demo) -> None:
    code, output = run("scan", str(demo.claude_store), "--now", NOW_ARG)
    dangling_lines = [line for line in output.splitlines() if line.strip().startswith("[dangling-link]")]
    assert dangling_lines
    assert all(line.strip() != "[dangling-link]" for line in dangling_lines)


def corpus_paths() -> list[Path]:
    """Every file and directory of the shared corpus, as stored (empty when it is absent)."""
    from tests.conftest import CORPUS

    if not CORPUS.is_dir():
        return []
    return [CORPUS, *sorted(path for path in CORPUS.rglob("*") if path.name not in {"NOTES.md", "SOURCES.tsv"})]


def test_scan_of_every_corpus_file_and_directory_exits_zero_or_one(corpus: Path) -> None:
    runner = CliRunner()
    outcomes = {}
    for path in corpus_paths():
        result = runner.invoke(main, ["scan", str(path), "--now", NOW_ARG, "--format", "json"])
        outcomes[path.relative_to(corpus.parent)] = result.exit_code
        assert result.exception is None or isinstance(result.exception, SystemExit), (path, result.exception)
        assert result.exit_code in (0, 1), (path, result.output[-500:])
        assert json.loads(result.output)["store"]["format"] in {"claude-code", "notes", "openclaw", "instructions"}
    assert len(outcomes) >= 66
