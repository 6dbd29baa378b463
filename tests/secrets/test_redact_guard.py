"""Redaction goes through the guarded op path: the store lock, write confinement and git-state refusals."""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path

from click.testing import CliRunner

from curator import ops
from curator.cli import main
from tests.support.fake_secrets import fakes
from tests.support.gitrepo import commit_files, git, init_repo
from tests.support.secret_stores import build_claude_project

FAKES = fakes()


def _files(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


def test_redact_refuses_while_a_merge_is_in_progress(tmp_path: Path) -> None:
    project = tmp_path / "project"
    store = build_claude_project(project, FAKES[:1])
    commit_files(project, {"README.md": "base\n"}, "base", "2026-11-02T10:00:00+00:00")
    git(project, "checkout", "-q", "-b", "other")
    commit_files(project, {"README.md": "other side\n"}, "other", "2026-11-03T10:00:00+00:00")
    git(project, "checkout", "-q", "-")
    commit_files(project, {"README.md": "this side\n"}, "this", "2026-11-04T10:00:00+00:00")
    subprocess.run(["git", "merge", "-q", "other"], cwd=project, capture_output=True, check=False)
    assert (project / ".git" / "MERGE_HEAD").exists()
    before = _files(store)
    result = CliRunner().invoke(main, ["redact", f"body_{FAKES[0].kind}.md", "--store", str(store)])
    assert result.exit_code == 1, result.output
    assert "merge is in progress" in result.output and "Traceback" not in result.output
    assert _files(store) == before


def test_redact_never_writes_through_an_instruction_file_linked_out_of_the_project(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "CLAUDE.md").write_text(f"- {FAKES[0].line}\n")
    project = tmp_path / "project"
    init_repo(project)
    (project / "CLAUDE.md").symlink_to(outside / "CLAUDE.md")
    commit_files(project, {"README.md": "hi\n"}, "init", "2026-11-01T10:00:00+00:00")
    before = _files(outside)
    result = CliRunner().invoke(main, ["redact", "--all", "--store", str(project / "CLAUDE.md")])
    assert _files(outside) == before
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output


def test_redact_waits_for_the_store_lock(tmp_path: Path) -> None:
    project = tmp_path / "project"
    store = build_claude_project(project, FAKES[:1])
    target = store / f"body_{FAKES[0].kind}.md"
    before = target.read_bytes()
    holding, started = threading.Event(), threading.Event()
    seen_while_held: list[bytes] = []
    outcome: list[int] = []

    def run_redact() -> None:
        outcome.append(CliRunner().invoke(main, ["redact", target.name, "--store", str(store)]).exit_code)

    redactor = threading.Thread(target=run_redact)

    def hold() -> None:
        with ops.store_lock(store):
            holding.set()
            started.wait(10)
            redactor.join(4.0)
            seen_while_held.append(target.read_bytes())

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(10)
    redactor.start()
    started.set()
    holder.join(30)
    redactor.join(60)
    assert seen_while_held == [before], "redact wrote while another op held the store lock"
    assert outcome == [0]
    assert FAKES[0].value not in target.read_text()
