"""A back-dated project repository shared by the history tests."""

from __future__ import annotations

import os
import subprocess
from datetime import datetime, timezone
from pathlib import Path

from tests.support.gitrepo import TEST_IDENTITY, commit_files, git, init_repo

NOTES_V1 = "## 2026-02-01 - First\n- alpha one\n- alpha two\n"
NOTES_V2 = NOTES_V1 + "\n## 2026-03-01 - Second\n- beta one\n"
NOTES_V3 = NOTES_V2.replace("- alpha two\n", "- alpha two, revised\n")


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


def commit_as(repo: Path, author: str, message: str, date: str) -> None:
    """Commit what is staged as another author."""
    env = {
        **os.environ,
        **TEST_IDENTITY,
        "GIT_AUTHOR_NAME": author,
        "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_DATE": date,
    }
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo, env=env, check=True)


def build_project_repo(tmp_path: Path) -> Path:
    """A repo whose memory store sits in `mem/`, with a rename, two authors and commits outside the store."""
    repo = init_repo(tmp_path / "proj")
    commit_files(
        repo, {"mem/a.md": "a v1\n", "mem/old.md": "old v1\n", "README.md": "x\n"}, "start", "2026-01-10T10:00:00Z"
    )
    (repo / "mem/a.md").write_text("a v2\n", encoding="utf-8")
    git(repo, "add", "mem/a.md")
    commit_as(repo, "Second Person", "edit a", "2026-03-05T09:00:00Z")
    commit_files(repo, {"mem/notes.md": NOTES_V1}, "notes first section", "2026-02-01T08:00:00Z")
    git(repo, "mv", "mem/old.md", "mem/new.md")
    commit_files(repo, {}, "rename old to new", "2026-05-01T12:00:00Z")
    commit_files(repo, {"mem/new.md": "old v1\nmore\n"}, "grow new", "2026-06-01T12:00:00Z")
    commit_files(repo, {"mem/notes.md": NOTES_V2}, "notes second section", "2026-06-15T08:00:00Z")
    commit_files(repo, {"README.md": "y\n", "other.md": "z\n"}, "outside the store", "2026-07-01T12:00:00Z")
    commit_files(repo, {"mem/notes.md": NOTES_V3}, "revise first section", "2026-08-20T08:00:00Z")
    return repo
