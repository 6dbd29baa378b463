"""`git blame --line-porcelain` once per file, mapped onto the line ranges of section entries."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from curator.history.git import GitError, Repository
from curator.history.log import epoch_to_utc

UNCOMMITTED_SHA = "0" * 40


@dataclass
class BlamedLine:
    """Who last changed one line of the working file, and when."""

    sha: str
    when: datetime
    author: str
    blank: bool = False

    @property
    def committed(self) -> bool:
        return self.sha != UNCOMMITTED_SHA


@dataclass
class RangeStats:
    """Blame folded over a line range: oldest and newest committed line, distinct commits, authors."""

    first: datetime | None = None
    last: datetime | None = None
    commits: int = 0
    uncommitted: bool = False
    author_commits: Counter[str] = field(default_factory=Counter)
    lines: int = 0

    @property
    def authors(self) -> list[str]:
        return [name for name, _ in sorted(self.author_commits.items(), key=lambda item: (-item[1], item[0]))]


def blame_lines(repository: Repository, repo_path: str) -> list[BlamedLine] | None:
    """One blamed line per line of the working file, or None when git cannot blame it (untracked, binary...)."""
    try:
        raw = repository.run("blame", "--line-porcelain", "--", repo_path)
    except GitError:
        return None
    return parse_line_porcelain(raw)


def parse_line_porcelain(raw: bytes) -> list[BlamedLine]:
    """Parse `git blame --line-porcelain` output into one record per final line."""
    blamed: list[BlamedLine] = []
    sha = ""
    author = ""
    author_time = b"0"
    expect_header = True
    for line in raw.split(b"\n"):
        if line.startswith(b"\t"):
            blank = not line[1:].strip()
            blamed.append(BlamedLine(sha=sha, when=epoch_to_utc(author_time), author=author, blank=blank))
            expect_header = True
            continue
        if expect_header:
            if not line:
                continue
            sha = line.split(b" ", 1)[0].decode("ascii", "replace")
            expect_header = False
        elif line.startswith(b"author "):
            author = line[7:].decode("utf-8", "replace")
        elif line.startswith(b"author-time "):
            author_time = line[12:]
    return blamed


def fold_range(blamed: list[BlamedLine], first_line: int, last_line: int) -> RangeStats:
    """Fold the blame of lines first_line..last_line (1-based, inclusive) into one summary.

    Blank lines are skipped (unless the range has nothing else) so that the blank line a later
    section brings with it does not count as a change to the section above.
    """
    stats = RangeStats()
    seen_shas: set[str] = set()
    in_range = blamed[max(first_line - 1, 0) : max(last_line, 0)]
    counted = [record for record in in_range if not record.blank] or in_range
    for record in counted:
        stats.lines += 1
        if not record.committed:
            stats.uncommitted = True
            continue
        stats.first = record.when if stats.first is None else min(stats.first, record.when)
        stats.last = record.when if stats.last is None else max(stats.last, record.when)
        if record.sha not in seen_shas:
            seen_shas.add(record.sha)
            stats.author_commits[record.author] += 1
    stats.commits = len(seen_shas)
    return stats
