"""What changed against the last review, in numbers: index lines freed, entries expired or merged, findings resolved."""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.history.git import Repository, find_repository, git_executable
from curator.history.trend import TrendError, TrendPoint, store_trend
from curator.model import Store

FINDINGS_TRAILER = "Curator-Findings"
_FINDINGS = re.compile(rf"^{FINDINGS_TRAILER}:\s*(\d+)\s*$", re.MULTILINE)


@dataclass
class ReviewDelta:
    """The store now against the point of the previous review."""

    reviewed: TrendPoint
    index_lines_then: int
    index_lines_now: int
    active_then: int
    active_now: int
    archived_since: int
    merges_since: int
    findings_then: int | None
    findings_now: int | None

    @property
    def lines_freed(self) -> int:
        return self.index_lines_then - self.index_lines_now

    def one_line(self) -> str:
        """`index 212 → 168 lines since last review (2026-11-24)`."""
        return f"index {self.index_lines_then} → {self.index_lines_now} lines since last review ({self.reviewed.date:%Y-%m-%d})"

    def describe(self) -> str:
        """Every number in one sentence, for the end of a review."""
        freed = f"{self.lines_freed} freed" if self.lines_freed >= 0 else f"{-self.lines_freed} more"
        parts = [
            f"index {self.index_lines_then} → {self.index_lines_now} lines ({freed})",
            f"{self.active_then} → {self.active_now} active entries",
            f"{self.archived_since} expired or merged ({self.merges_since} merge(s))",
        ]
        if self.findings_then is not None and self.findings_now is not None:
            resolved = self.findings_then - self.findings_now
            parts.append(
                f"findings {self.findings_then} → {self.findings_now} ({resolved} resolved)"
                if resolved >= 0
                else f"findings {self.findings_then} → {self.findings_now}"
            )
        return f"Since the review of {self.reviewed.date:%Y-%m-%d}: " + ", ".join(parts)


def findings_trailer(count: int | None) -> str:
    """The trailer line a review commit carries so the next review can count findings resolved."""
    return f"{FINDINGS_TRAILER}: {count}" if count is not None else ""


def since_last_review(
    store: Store, *, findings_now: int | None = None, before: str | None = None
) -> ReviewDelta | None:
    """The store against its previous review (the last one before commit `before`, when given); None when never reviewed."""
    try:
        trend = store_trend(store, every="commit")
    except TrendError:
        return None
    reviews = [point for point in trend.points if point.review and point.commit != before]
    if not reviews:
        return None
    reviewed = reviews[-1]
    after = trend.points[trend.points.index(reviewed) + 1 :]
    latest = trend.points[-1]
    index_now = store.index.lines if store.index is not None else latest.index_lines
    archived_now = sum(1 for entry in store.entries if entry.status == "expired")
    return ReviewDelta(
        reviewed=reviewed,
        index_lines_then=reviewed.index_lines,
        index_lines_now=index_now,
        active_then=reviewed.active,
        active_now=len(store.active()),
        archived_since=max(0, archived_now - reviewed.archived),
        merges_since=_merges(store, [point.commit for point in after]),
        findings_then=_findings_at(store, reviewed.commit),
        findings_now=findings_now,
    )


def _repository(store: Store) -> Repository | None:
    executable = git_executable()
    directory = store.root if store.root.is_dir() else store.root.parent
    return find_repository(directory, executable) if executable else None


def _merges(store: Store, commits: list[str]) -> int:
    repository = _repository(store)
    if repository is None or not commits:
        return 0
    subjects = repository.run("show", "-s", "--format=%s", *commits).decode("utf-8", "replace").splitlines()
    return sum(1 for subject in subjects if subject.startswith("curator: merge"))


def _findings_at(store: Store, commit: str) -> int | None:
    repository = _repository(store)
    if repository is None:
        return None
    body = repository.run("show", "-s", "--format=%B", commit).decode("utf-8", "replace")
    found = _FINDINGS.search(body)
    return int(found.group(1)) if found else None
