"""Memory over time from git objects alone: one `git log --raw` pass and one `git cat-file --batch`."""

from __future__ import annotations

import bisect
import subprocess
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import PurePosixPath
from typing import Any, Literal

from curator import lazyre as re
from curator.history.git import GitError, Repository, find_repository, git_executable
from curator.history.log import epoch_to_utc
from curator.model import INDEX_MAX_BYTES, INDEX_MAX_LINES, MEMORY_TYPES, Store, estimate_tokens

Every = Literal["day", "week", "commit"]
EVERY_CHOICES = ("day", "week", "commit")
ARCHIVE_DIR = ".archive"
INDEX_NAME = "MEMORY.md"
REVIEW_TRAILER = "Curator-Review"
_TYPE_LINE = re.compile(r"^\s*type:\s*['\"]?([A-Za-z_-]+)", re.MULTILINE)
_SECTION = re.compile(r"^## ", re.MULTILINE)
_ZERO_SHA = "0" * 40


class TrendError(Exception):
    """The store has no git history to chart."""


@dataclass
class TrendPoint:
    """The store as of one commit."""

    date: datetime
    commit: str
    active: int
    archived: int
    loaded_lines: int
    index_lines: int
    index_bytes: int
    total_bytes: int
    total_tokens: int
    by_type: dict[str, int]
    median_age_days: float | None
    review: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "date": self.date.isoformat(),
            "commit": self.commit,
            "entries": {"active": self.active, "archived": self.archived},
            "always_loaded": {
                "lines": self.index_lines,
                "bytes": self.index_bytes,
                "loaded_lines": self.loaded_lines,
                "limit_lines": INDEX_MAX_LINES,
                "limit_bytes": INDEX_MAX_BYTES,
            },
            "total": {"bytes": self.total_bytes, "tokens": self.total_tokens},
            "by_type": dict(self.by_type),
            "median_age_days": self.median_age_days,
            "review": self.review,
        }


@dataclass
class Trend:
    """A time series of trend points, oldest first, and how it was sampled."""

    every: str
    points: list[TrendPoint] = field(default_factory=list)

    def reviews(self) -> list[TrendPoint]:
        return [point for point in self.points if point.review]


@dataclass
class _Blob:
    size: int
    entries: int
    type: str
    tokens: int
    lines: int
    loaded_lines: int


@dataclass
class _Commit:
    sha: str
    date: datetime
    review: bool
    changes: list[tuple[str, str]]


def _parse_log(raw: bytes, prefix: str) -> list[_Commit]:
    """`git log --raw -z` records: (path, new blob sha or the zero sha for a deletion) per commit."""
    commits: list[_Commit] = []
    for record in raw.split(b"\x1e")[1:]:
        header, _, rest = record.partition(b"\0")
        sha, epoch, trailer = (header.decode("utf-8", "replace").split("\x1f") + ["", ""])[:3]
        fields = rest.lstrip(b"\n").split(b"\0")
        changes: list[tuple[str, str]] = []
        for position in range(0, len(fields) - 1, 2):
            meta, path = (
                fields[position].decode("ascii", "replace"),
                fields[position + 1].decode("utf-8", "surrogateescape"),
            )
            if not meta.startswith(":"):
                continue
            parts = meta.split()
            if len(parts) < 5 or not path.startswith(prefix):
                continue
            changes.append((path[len(prefix) :], parts[3] if parts[4] != "D" else _ZERO_SHA))
        commits.append(_Commit(sha, epoch_to_utc(epoch), bool(trailer.strip()), changes))
    return commits


def _is_memory(path: str) -> bool:
    return path.endswith(".md") and not PurePosixPath(path).name.startswith(".")


def _is_archived(path: str) -> bool:
    return path.startswith(f"{ARCHIVE_DIR}/") or PurePosixPath(path).stem.endswith(".archive")


def _describe(path: str, text: str, sectioned: bool) -> _Blob:
    """What one version of a memory file contributes: entries, type, tokens, index lines."""
    data = text.encode("utf-8")
    lines = text.splitlines(keepends=True)
    loaded = 0
    consumed = 0
    for line in lines[:INDEX_MAX_LINES]:
        consumed += len(line.encode("utf-8"))
        if consumed > INDEX_MAX_BYTES:
            break
        loaded += 1
    type_match = _TYPE_LINE.search(text[:2000]) if text.startswith("---") else None
    memory_type = type_match.group(1).lower() if type_match else "untyped"
    entries = max(1, len(_SECTION.findall(text))) if sectioned else 1
    return _Blob(
        len(data),
        entries,
        memory_type if memory_type in MEMORY_TYPES else "untyped",
        estimate_tokens(text),
        len(lines),
        loaded,
    )


def _read_blobs(repository: Repository, shas: set[str]) -> dict[str, str]:
    """Every blob's text in one `git cat-file --batch` process."""
    if not shas:
        return {}
    ordered = sorted(shas)
    completed = subprocess.run(
        [repository.executable, "cat-file", "--batch"],
        cwd=repository.toplevel,
        input=("\n".join(ordered) + "\n").encode("ascii"),
        capture_output=True,
        timeout=300,
        check=False,
    )
    if completed.returncode != 0:
        raise GitError(f"git cat-file: {completed.stderr.decode('utf-8', 'replace').strip()}")
    texts: dict[str, str] = {}
    output = completed.stdout
    position = 0
    for sha in ordered:
        header_end = output.index(b"\n", position)
        header = output[position:header_end].split()
        if len(header) < 3 or header[1] != b"blob":
            position = header_end + 1
            continue
        size = int(header[2])
        texts[sha] = output[header_end + 1 : header_end + 1 + size].decode("utf-8", "replace")
        position = header_end + 1 + size + 1
    return texts


def _bucket(moment: datetime, every: str) -> str:
    if every == "day":
        return moment.date().isoformat()
    if every == "week":
        year, week, _ = moment.isocalendar()
        return f"{year}-W{week:02d}"
    return ""


def _sample(commits: list[_Commit], every: str) -> list[int]:
    """Indexes of the commits that become points: each commit, or the last of each day or week."""
    if every == "commit":
        return list(range(len(commits)))
    chosen: list[int] = []
    for position, commit in enumerate(commits):
        key = _bucket(commit.date, every)
        if chosen and _bucket(commits[chosen[-1]].date, every) == key:
            chosen[-1] = position
        else:
            chosen.append(position)
    return chosen


def compute_trend(
    repository: Repository,
    prefix: str,
    *,
    index_path: str | None = INDEX_NAME,
    sectioned: tuple[str, ...] = (),
    every: str = "week",
    since: datetime | None = None,
) -> Trend:
    """The store under `prefix` (a repository-relative directory, '' for the root) over its history."""
    if every not in EVERY_CHOICES:
        raise ValueError(f"every must be one of {', '.join(EVERY_CHOICES)}")
    pathspec = prefix.rstrip("/") or "."
    raw = repository.run(
        "log",
        "--reverse",
        "--raw",
        "-z",
        "--no-abbrev",
        "--no-renames",
        "--first-parent",
        "--sparse",
        f"--format=%x1e%H%x1f%ct%x1f%(trailers:key={REVIEW_TRAILER},valueonly,separator=%x2c)",
        "--",
        pathspec,
    )
    commits = [commit for commit in _parse_log(raw, prefix) if commit.changes or commit.review]
    sampled = set(_sample(commits, every))
    blobs = {blob for commit in commits for path, blob in commit.changes if _is_memory(path) and blob != _ZERO_SHA}
    texts = _read_blobs(repository, blobs)
    running = _Running(index_path)
    trend = Trend(every)
    review_pending = False
    for position, commit in enumerate(commits):
        for path, blob in commit.changes:
            if _is_memory(path):
                info = None if blob == _ZERO_SHA else _describe(path, texts.get(blob, ""), path in sectioned)
                running.apply(path, info, commit.date)
        review_pending = review_pending or commit.review
        if position in sampled:
            if since is None or commit.date >= since:
                trend.points.append(running.point(commit, review_pending))
            review_pending = False
    return trend


class _Running:
    """The store's totals kept up to date change by change, so each point costs O(1) plus a median."""

    def __init__(self, index_path: str | None) -> None:
        self.index_path = index_path
        self.files: dict[str, _Blob] = {}
        self.changed_at: dict[str, float] = {}
        self.active_dates: list[float] = []
        self.active = self.archived = self.total_bytes = self.total_tokens = 0
        self.by_type: dict[str, int] = {}
        self.index: _Blob | None = None

    def _count(self, path: str, info: _Blob, sign: int) -> None:
        self.total_bytes += sign * info.size
        self.total_tokens += sign * info.tokens
        if path == self.index_path:
            self.index = info if sign > 0 else None
        elif _is_archived(path):
            self.archived += sign * info.entries
        else:
            self.active += sign * info.entries
            self.by_type[info.type] = self.by_type.get(info.type, 0) + sign * info.entries
            stamp = self.changed_at[path]
            if sign > 0:
                bisect.insort(self.active_dates, stamp)
            else:
                del self.active_dates[bisect.bisect_left(self.active_dates, stamp)]

    def apply(self, path: str, info: _Blob | None, when: datetime) -> None:
        previous = self.files.pop(path, None)
        if previous is not None:
            self._count(path, previous, -1)
        if info is not None:
            self.files[path] = info
            self.changed_at[path] = when.timestamp()
            self._count(path, info, +1)
        else:
            self.changed_at.pop(path, None)

    def point(self, commit: _Commit, review: bool) -> TrendPoint:
        median_age = None
        if self.active_dates:
            dates, middle = self.active_dates, len(self.active_dates) // 2
            median_date = dates[middle] if len(dates) % 2 else (dates[middle - 1] + dates[middle]) / 2
            median_age = round((commit.date.timestamp() - median_date) / 86400, 1)
        index = self.index
        return TrendPoint(
            commit.date,
            commit.sha,
            self.active,
            self.archived,
            index.loaded_lines if index else 0,
            index.lines if index else 0,
            index.size if index else 0,
            self.total_bytes,
            self.total_tokens,
            {kind: count for kind, count in sorted(self.by_type.items()) if count},
            median_age,
            review,
        )


def store_trend(store: Store, *, every: str = "week", since: datetime | None = None) -> Trend:
    """The trend of a loaded store (raises TrendError when it is not in git)."""
    directory = store.root if store.root.is_dir() else store.root.parent
    executable = git_executable()
    repository = find_repository(directory, executable) if executable else None
    if repository is None:
        raise TrendError(f"{directory} is not in git, so it has no history to chart; `curator snapshot` starts one")
    relative = repository.relative(directory)
    if relative.startswith(".."):
        raise TrendError(f"{directory} is outside its git work tree")
    prefix = f"{relative}/" if relative else ""
    if not store.root.is_dir():
        name = store.root.name
        archive = f"{PurePosixPath(name).stem}.archive.md"
        return compute_trend(repository, prefix, index_path=None, sectioned=(name, archive), every=every, since=since)
    if store.format == "openclaw":
        return compute_trend(repository, prefix, index_path=None, sectioned=(INDEX_NAME,), every=every, since=since)
    return compute_trend(repository, prefix, index_path=INDEX_NAME, every=every, since=since)
