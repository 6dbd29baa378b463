"""`curator hook install|uninstall` next to existing hooks, and `curator snapshot` as the hook runs it."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from curator.ops.hooks import HOOK_EVENTS, HOOK_MARKER
from curator.ops.snapshot import snapshot
from tests.support.gitrepo import git, init_repo
from tests.support.inbox import TOPICS

EXISTING_SETTINGS = {
    "permissions": {"allow": ["Bash(npm run test:*)"]},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo pre >> /tmp/log"}]}],
        "SessionEnd": [{"hooks": [{"type": "command", "command": "notify-send bye", "timeout": 5}]}],
    },
    "model": "opus",
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    return home


def write_settings(path: Path, settings: dict) -> bytes:
    data = (json.dumps(settings, indent=2) + "\n").encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return data


def curator_commands(settings: dict, event: str) -> list[str]:
    return [
        hook["command"]
        for group in settings["hooks"].get(event, [])
        for hook in group["hooks"]
        if HOOK_MARKER in hook["command"]
    ]


def claude_project_store(home: Path) -> tuple[Path, Path]:
    """A Claude Code project folder under HOME with a one-topic memory store; (project folder, store)."""
    project_dir = home / ".claude" / "projects" / "-work-blog"
    store = project_dir / "memory"
    store.mkdir(parents=True)
    (store / "MEMORY.md").write_text("- [Alpha](alpha.md) — a\n", encoding="utf-8")
    (store / "alpha.md").write_text(TOPICS["alpha.md"], encoding="utf-8")
    return project_dir, store


def test_install_keeps_existing_hooks_and_uninstall_restores_the_file(home: Path) -> None:
    settings_file = home / ".claude" / "settings.json"
    original = write_settings(settings_file, EXISTING_SETTINGS)
    result = CliRunner().invoke(main, ["hook", "install"])
    assert result.exit_code == 0, result.output
    installed = json.loads(settings_file.read_text())
    assert installed["permissions"] == EXISTING_SETTINGS["permissions"] and installed["model"] == "opus"
    assert installed["hooks"]["PreToolUse"] == EXISTING_SETTINGS["hooks"]["PreToolUse"]
    assert installed["hooks"]["SessionEnd"][0] == EXISTING_SETTINGS["hooks"]["SessionEnd"][0]
    for event in HOOK_EVENTS:
        assert len(curator_commands(installed, event)) == 1
    again = CliRunner().invoke(main, ["hook", "install"])
    assert "already" in again.output and json.loads(settings_file.read_text()) == installed
    removed = CliRunner().invoke(main, ["hook", "uninstall"])
    assert removed.exit_code == 0, removed.output
    assert settings_file.read_bytes() == original


def test_install_creates_settings_and_the_installed_command_snapshots(home: Path) -> None:
    assert CliRunner().invoke(main, ["hook", "install"]).exit_code == 0
    settings = json.loads((home / ".claude" / "settings.json").read_text())
    command = curator_commands(settings, "SessionEnd")[0]
    project_dir, store = claude_project_store(home)
    payload = {
        "session_id": "0f3c9a7e-1111-2222-3333-444455556666",
        "transcript_path": str(project_dir / "0f3c9a7e-1111-2222-3333-444455556666.jsonl"),
        "cwd": "/work/blog",
        "hook_event_name": "SessionEnd",
        "reason": "prompt_input_exit",
    }
    completed = subprocess.run(
        shlex.split(command), input=json.dumps(payload), capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0 and completed.stdout == "" and completed.stderr == ""
    message = git(store, "log", "-1", "--format=%B")
    assert "SessionEnd" in message
    assert "Curator-Session: 0f3c9a7e-1111-2222-3333-444455556666" in message
    assert sorted(git(store, "ls-files").split()) == ["MEMORY.md", "alpha.md"]


def test_project_scope_writes_the_project_settings(home: Path, tmp_path: Path) -> None:
    project = init_repo(tmp_path / "project")
    result = CliRunner().invoke(main, ["hook", "install", "--scope", "project", "--project", str(project)])
    assert result.exit_code == 0, result.output
    assert curator_commands(json.loads((project / ".claude" / "settings.json").read_text()), "PreCompact")
    assert not (home / ".claude" / "settings.json").exists()


def test_broken_settings_are_refused_and_left_untouched(home: Path) -> None:
    settings_file = home / ".claude" / "settings.json"
    settings_file.write_text('{"hooks": {"SessionEnd": [', encoding="utf-8")
    result = CliRunner().invoke(main, ["hook", "install"])
    assert result.exit_code == 1 and "not valid JSON" in result.output
    assert settings_file.read_text() == '{"hooks": {"SessionEnd": ['


def test_hook_snapshot_never_fails_the_session_and_logs_errors(home: Path, tmp_path: Path) -> None:
    payload = {
        "session_id": "x",
        "transcript_path": str(tmp_path / "gone" / "x.jsonl"),
        "cwd": str(tmp_path / "nowhere"),
    }
    result = CliRunner().invoke(main, ["snapshot", "--hook"], input=json.dumps(payload))
    assert result.exit_code == 0 and result.output == ""
    log = (home / ".local" / "state" / "curator" / "snapshot.log").read_text()
    assert "snapshot failed" in log
    garbage = CliRunner().invoke(main, ["snapshot", "--hook"], input="not json at all")
    assert garbage.exit_code == 0 and garbage.output == ""


def test_snapshot_commits_only_memory_files_and_nothing_when_unchanged(tmp_path: Path) -> None:
    project = init_repo(tmp_path / "project")
    store = project / ".claude" / "memory"
    store.mkdir(parents=True)
    (store / "alpha.md").write_text(TOPICS["alpha.md"], encoding="utf-8")
    (store / "scratch.tmp").write_text("not memory", encoding="utf-8")
    (project / "src.py").write_text("print(1)\n", encoding="utf-8")
    first = snapshot(store, event="PreCompact", session_id="abc\nInjected: trailer")
    assert first.commit is not None and first.changed == ["alpha.md"]
    assert git(project, "ls-files").split() == [".claude/memory/alpha.md"]
    trailer_lines = git(project, "log", "-1", "--format=%(trailers)").splitlines()
    assert not [line for line in trailer_lines if line.startswith("Injected")]
    assert snapshot(store).commit is None
    (store / "alpha.md").unlink()
    third = snapshot(store)
    assert third.commit is not None and "alpha.md" not in git(project, "ls-files")


def test_review_done_and_changes_from_the_command_line(tmp_path: Path) -> None:
    store = tmp_path / "memory"
    store.mkdir()
    for name, text in TOPICS.items():
        (store / name).write_text(text, encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["snapshot", str(store)]).exit_code == 0
    done = runner.invoke(main, ["review", "--done", "--store", str(store)])
    assert done.exit_code == 0 and "review done" in done.output
    (store / "gamma.md").unlink()
    listed = runner.invoke(main, ["changes", "--store", str(store), "--format", "json", "--diff"])
    data = json.loads(listed.output)
    assert [change["kind"] for group in data["groups"] for change in group["changes"]] == ["deleted"]
    assert "-Gamma docs live in docs/." in data["groups"][0]["changes"][0]["diff"]
    gate = runner.invoke(main, ["scan", str(store), "--fail-on", "unreviewed", "--format", "json"])
    assert gate.exit_code == 1 and json.loads(gate.output)["review"]["deleted_since_review"] == ["gamma.md"]
    reverted = runner.invoke(main, ["changes", "--store", str(store), "--revert", "gamma.md"])
    assert reverted.exit_code == 0, reverted.output
    assert (store / "gamma.md").read_text() == TOPICS["gamma.md"]
    assert runner.invoke(main, ["scan", str(store), "--fail-on", "unreviewed"]).exit_code == 0
    unknown = runner.invoke(main, ["changes", "--store", str(store), "--revert", "nope.md"])
    assert unknown.exit_code == 1 and "no change" in unknown.output
    usage = runner.invoke(main, ["review", "--store", str(store)])
    assert usage.exit_code == 2


def test_hook_snapshot_swallows_git_failures(home: Path, tmp_path: Path) -> None:
    store = tmp_path / "memory"
    store.mkdir()
    (store / "alpha.md").write_text(TOPICS["alpha.md"], encoding="utf-8")
    snapshot(store)
    (store / "alpha.md").write_text("changed\n", encoding="utf-8")
    (store / ".git" / "index.lock").write_text("", encoding="utf-8")
    payload = {"session_id": "s", "transcript_path": str(tmp_path / "s.jsonl"), "hook_event_name": "SessionEnd"}
    result = CliRunner().invoke(main, ["snapshot", "--hook"], input=json.dumps(payload))
    assert result.exit_code == 0 and result.output == ""
    assert "snapshot failed" in (home / ".local" / "state" / "curator" / "snapshot.log").read_text()
    manual = CliRunner().invoke(main, ["snapshot", str(store)])
    assert manual.exit_code == 1 and "git add failed" in manual.output


HEAVY_FOR_A_SNAPSHOT = ("curator.rules", "curator.checks", "numpy", "jieba", "detect_secrets", "textual")


def test_the_hook_process_commits_without_importing_the_analysis(home: Path) -> None:
    """The snapshot's speed rests on the hook never loading the rules, checks, numpy or the secret scanner."""
    project_dir, store = claude_project_store(home)
    payload = {
        "session_id": "light-1",
        "transcript_path": str(project_dir / "light-1.jsonl"),
        "cwd": "/work/blog",
        "hook_event_name": "PreCompact",
    }
    program = (
        "import json, sys\n"
        "sys.argv = ['curator', 'snapshot', '--hook']\n"
        "from curator.__main__ import run\n"
        "try:\n"
        "    run()\n"
        "except SystemExit:\n"
        "    pass\n"
        f"heavy = [name for name in sys.modules if name.startswith({HEAVY_FOR_A_SNAPSHOT!r})]\n"
        "print(json.dumps(sorted(heavy)), file=sys.stderr)\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", program], input=json.dumps(payload), capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0 and completed.stdout == ""
    assert json.loads(completed.stderr.strip().splitlines()[-1]) == []
    assert "Curator-Session: light-1" in git(store, "log", "-1", "--format=%B")
