"""The gate: `scan --fail-on error` and the shipped pre-commit hook fail on a secret; the TUI redacts with one key."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from curator.tui.app import CuratorApp
from curator.tui.screens.confirm import ConfirmModal
from tests.secrets.leaks import leaked
from tests.support.fake_secrets import fakes
from tests.support.gitrepo import git
from tests.support.secret_stores import build_claude_project
from tests.support.tui import wait_for_commit, wait_ready

FAKES = fakes()
HOOKS = Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml"


def _hook_args() -> list[str]:
    entry = next(
        line.split(":", 1)[1].strip()
        for line in HOOKS.read_text(encoding="utf-8").splitlines()
        if line.strip().startswith("entry:")
    )
    command = shlex.split(entry)
    assert command[0] == "curator"
    return command[1:]


@pytest.mark.parametrize("redacted_first,status", [(False, 1), (True, 0)])
def test_fail_on_error_fails_on_a_secret(tmp_path: Path, redacted_first: bool, status: int) -> None:
    store = build_claude_project(tmp_path / "project", FAKES[:3])
    runner = CliRunner()
    if redacted_first:
        assert runner.invoke(main, ["redact", "--all", "--store", str(store)]).exit_code == 0
    result = runner.invoke(main, ["scan", str(store), "--fail-on", "error", "--now", "2026-11-29"])
    assert result.exit_code == status, result.output


def test_the_pre_commit_hook_catches_a_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = build_claude_project(tmp_path / "project", FAKES[:3])
    monkeypatch.chdir(tmp_path / "project")
    result = CliRunner().invoke(main, _hook_args())
    assert result.exit_code == 1
    assert "[secret]" in result.output and leaked(result.output, FAKES) == []
    assert store.is_dir()


async def test_tui_redacts_the_selected_entry_in_one_commit(tmp_path: Path) -> None:
    store = build_claude_project(tmp_path / "project", FAKES[:2])
    path = store / "body_github-token.md"
    before = path.read_bytes()
    app = CuratorApp(store, now=None, watch_disk=False)
    async with app.run_test(size=(160, 48)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("body_github-token.md")
        count = len(git(tmp_path / "project", "log", "--format=%s").splitlines())
        await pilot.press("D")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        subjects = await wait_for_commit(pilot, app, tmp_path / "project", count)
        assert subjects[0].startswith("curator: redact 1 secret (github-token) in body_github-token.md")
        assert path.read_bytes() == before.replace(FAKES[0].value.encode(), b"<redacted:github-token>")
        assert not [
            item for item in app.session.findings if item.rule == "secret" and item.entries == ["body_github-token.md"]
        ]


def test_the_snapshot_hook_logs_a_warning_for_a_secret_and_still_succeeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    store = build_claude_project(tmp_path / "project", FAKES[4:5])
    (store / "ci.md").write_text(
        f"---\nname: ci\ndescription: ci\ntype: project\n---\n\n{FAKES[0].line}\n", encoding="utf-8"
    )
    (store / "plain.md").write_text(
        "---\nname: plain\ndescription: p\ntype: project\n---\n\nNothing secret.\n", encoding="utf-8"
    )
    payload = {
        "session_id": "s-1",
        "transcript_path": str(tmp_path / "project" / ".claude" / "s-1.jsonl"),
        "cwd": str(tmp_path / "project"),
        "hook_event_name": "SessionEnd",
    }
    result = CliRunner().invoke(main, ["snapshot", "--hook"], input=json.dumps(payload))
    assert result.exit_code == 0 and result.output == ""
    assert git(tmp_path / "project", "log", "-1", "--format=%s").startswith("curator: snapshot")
    log = (home / ".local" / "state" / "curator" / "snapshot.log").read_text(encoding="utf-8")
    lines = [line for line in log.splitlines() if "secret" in line]
    assert len(lines) == 1 and "ci.md" in lines[0] and "GitHub Token" in lines[0] and "plain.md" not in log
    assert leaked(log, FAKES) == []


@pytest.mark.parametrize("fake", [fake for fake in FAKES if "entropy" not in fake.kind], ids=lambda fake: fake.kind)
def test_snapshot_warnings_cover_every_credential_shape(tmp_path: Path, fake) -> None:
    from curator.secrets.files import snapshot_warnings

    (tmp_path / "topic.md").write_text(f"Memory.\n\n{fake.line}\n", encoding="utf-8")
    (tmp_path / "clean.md").write_text(
        "A plain memory about paths/like/this/one and a token-free day.\n", encoding="utf-8"
    )
    warnings = snapshot_warnings(tmp_path, ["topic.md", "clean.md", "../outside.md", "missing.md"])
    assert len(warnings) == 1 and "topic.md" in warnings[0] and leaked(warnings[0], FAKES) == []


def test_the_cheap_look_sees_every_planted_credential_and_skips_plain_text() -> None:
    from curator.secrets.signals import may_hold_secret

    assert [fake.kind for fake in FAKES if not may_hold_secret(fake.line)] == []
    assert not may_hold_secret("curator: expire deploy_freeze.md — deadline 2026-04-15 passed; see src/app/routes.py")
