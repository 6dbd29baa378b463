"""The review marker: `refs/curator/reviewed` and the `Curator-Review:` commits that moved it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from curator.history.git import GitError, Repository, find_repository, git_executable
from curator.history.log import epoch_to_utc

REVIEW_REF = "refs/curator/reviewed"
REVIEW_TRAILER = "Curator-Review"
SNAPSHOT_TRAILER = "Curator-Snapshot"
SESSION_TRAILER = "Curator-Session"


@dataclass(frozen=True)
class ReviewMark:
    """One finished review: the commit it recorded and when."""

    sha: str
    date: datetime


def repository_for(directory: Path) -> Repository | None:
    """The git work tree holding `directory`, or None (no git, or not a repository)."""
    executable = git_executable()
    return find_repository(directory, executable) if executable else None


def resolve_commit(repository: Repository, revision: str) -> str | None:
    """The full sha `revision` names, or None when it names no commit."""
    try:
        output = repository.run(
            "rev-parse", "--verify", "-q", "--end-of-options", f"{revision}^{{commit}}", check=False
        )
    except GitError:
        return None
    sha = output.decode("ascii", "replace").strip()
    return sha or None


def last_review(repository: Repository) -> ReviewMark | None:
    """The commit `refs/curator/reviewed` points at, or None before the first review."""
    sha = resolve_commit(repository, REVIEW_REF)
    if sha is None:
        return None
    epoch = repository.run("log", "-1", "--format=%ct", sha, check=False).strip()
    return ReviewMark(sha, epoch_to_utc(epoch)) if epoch else None


def review_points(repository: Repository) -> list[ReviewMark]:
    """Every finished review reachable from HEAD, oldest first."""
    if resolve_commit(repository, "HEAD") is None:
        return []
    raw = repository.run(
        "log", "--reverse", f"--format=%H%x1f%ct%x1f%(trailers:key={REVIEW_TRAILER},valueonly,separator=%x2c)", "HEAD"
    )
    marks: list[ReviewMark] = []
    for line in raw.decode("utf-8", "replace").splitlines():
        sha, _, rest = line.partition("\x1f")
        epoch, _, trailer = rest.partition("\x1f")
        if trailer.strip():
            marks.append(ReviewMark(sha, epoch_to_utc(epoch)))
    return marks
