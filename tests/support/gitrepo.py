"""Build real, back-dated git repositories for tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

TEST_IDENTITY = {
    "GIT_AUTHOR_NAME": "Test Author",
    "GIT_AUTHOR_EMAIL": "author@example.com",
    "GIT_COMMITTER_NAME": "Test Author",
    "GIT_COMMITTER_EMAIL": "author@example.com",
}


def git(repo: Path, *args: str, date: str | None = None) -> str:
    """Run git in `repo` and return its stdout; `date` back-dates author and committer."""
    env = dict(os.environ, **TEST_IDENTITY)
    if date:
        env["GIT_AUTHOR_DATE"] = date
        env["GIT_COMMITTER_DATE"] = date
    completed = subprocess.run(
        ["git", "-c", "core.quotepath=off", *args],
        cwd=repo,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return completed.stdout


def init_repo(repo: Path) -> Path:
    """Create an empty repository with a fixed branch name."""
    repo.mkdir(parents=True, exist_ok=True)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "commit.gpgsign", "false")
    return repo


def commit_files(repo: Path, files: dict[str, str | bytes | None], message: str, date: str) -> str:
    """Write (or delete, for None) files, commit them at `date`, return the commit sha."""
    for rel, content in files.items():
        target = repo / rel
        if content is None:
            git(repo, "rm", "-q", "--", rel)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
        git(repo, "add", "--", rel)
    git(repo, "commit", "-q", "-m", message, date=date)
    return git(repo, "rev-parse", "HEAD").strip()
