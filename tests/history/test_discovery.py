"""Repository discovery within one scan: each work tree asked of git once, nested repositories kept apart."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from curator import vcs
from curator.history import git as history_git
from curator.history.git import git_executable, locate_repository, one_discovery_per_directory


def _init(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(directory)], check=True)


@pytest.fixture
def rev_parses(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The directories `git rev-parse --show-toplevel` ran in."""
    asked: list[Path] = []
    real_run = vcs.run

    def counting(cwd: Path, *args: str, **options: object) -> bytes:
        if args[:2] == ("rev-parse", "--show-toplevel"):
            asked.append(Path(cwd))
        return real_run(cwd, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(history_git.vcs, "run", counting)
    return asked


def test_one_scan_asks_git_once_per_work_tree_and_keeps_nested_repositories_apart(
    tmp_path: Path, rev_parses: list[Path]
) -> None:
    executable = git_executable()
    assert executable is not None
    outer, nested = tmp_path / "project", tmp_path / "project" / "vendor" / "lib"
    _init(outer)
    _init(nested)
    (outer / ".claude" / "memory").mkdir(parents=True)
    (nested / "docs").mkdir()
    with one_discovery_per_directory():
        store, _ = locate_repository(outer / ".claude" / "memory", executable)
        project, _ = locate_repository(outer, executable)
        again, _ = locate_repository(outer / ".claude" / "memory", executable)
        inner, _ = locate_repository(nested / "docs", executable)
    assert store is not None and project is not None and again is not None and inner is not None
    assert store.toplevel == project.toplevel == again.toplevel == outer.resolve()
    assert inner.toplevel == nested.resolve()
    assert rev_parses == [outer / ".claude" / "memory", nested / "docs"]


def test_outside_a_scan_every_call_asks_git(tmp_path: Path, rev_parses: list[Path]) -> None:
    executable = git_executable()
    assert executable is not None
    _init(tmp_path / "project")
    for _ in range(2):
        found, _ = locate_repository(tmp_path / "project", executable)
        assert found is not None
    assert len(rev_parses) == 2
