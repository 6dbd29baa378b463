"""Hostile stores for the adversarial suite: real files, real git repositories, real processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner, Result

from curator.cli import main
from tests.support.gitrepo import commit_files, git, init_repo
from tests.support.ops_stores import DAY1, claude_store, notes_store, snapshot

__all__ = [
    "DAY1",
    "claude_store",
    "notes_store",
    "snapshot",
    "git",
    "init_repo",
    "commit_files",
    "invoke",
    "run_curator",
    "tree",
    "ESCAPES",
]

ESCAPES = {
    "osc52": "\x1b]52;c;ZWNobyBwd25lZA==\x07",
    "osc0": "\x1b]0;owned title\x07",
    "osc8": "\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\",
    "csi": "\x1b[2J\x1b[31m",
    "c1": "\x9b31m\x9d0;t\x9c",
    "bel": "\x07\x08\r",
}


def invoke(*args: str, input: str | None = None) -> Result:
    """Run the CLI in-process (click's CliRunner), exceptions caught so a traceback fails the test."""
    return CliRunner().invoke(main, list(args), input=input)


def run_curator(cwd: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run `python -m curator ARGS` as a real process."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    return subprocess.run(
        [sys.executable, "-m", "curator", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def tree(root: Path) -> dict[str, bytes]:
    """Every regular file (symlinks not followed) under `root`, git internals included."""
    files: dict[str, bytes] = {}
    for folder, _dirs, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            if path.is_file() and not path.is_symlink():
                files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files
