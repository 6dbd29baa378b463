"""How fresh the last review is: when it was, what changed since, and what was deleted without a trace."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from datetime import datetime

from curator.inbox.changes import StoreChange, changes_since
from curator.inbox.store_git import InboxError
from curator.model import INDEX_MAX_BYTES, INDEX_MAX_LINES, Finding, Store

DELETED_RULE = "deleted-since-review"


@dataclass
class ReviewState:
    """The store against its last review: its date (None: never reviewed) and the unreviewed changes."""

    reviewed_at: datetime | None
    unreviewed: int
    deleted: list[str] = field(default_factory=list)
    loaded_lines_changed: int = 0
    base_label: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "reviewed_at": self.reviewed_at.isoformat() if self.reviewed_at else None,
            "unreviewed_changes": self.unreviewed,
            "deleted_since_review": list(self.deleted),
            "loaded_lines_changed": self.loaded_lines_changed,
        }

    def summary(self, now: datetime) -> str:
        """One line for the summary bar and the text report."""
        if self.reviewed_at is None:
            return f"never reviewed ({self.unreviewed} change(s) since the first commit)"
        days = max(0, int((now - self.reviewed_at).total_seconds() // 86400))
        parts = [f"reviewed {self.reviewed_at:%Y-%m-%d} ({days} d ago)", f"{self.unreviewed} unreviewed change(s)"]
        if self.loaded_lines_changed:
            parts.append(f"{self.loaded_lines_changed} always-loaded line(s) changed")
        if self.deleted:
            parts.append(f"{len(self.deleted)} deleted since review")
        return ", ".join(parts)


def _loaded_part(data: bytes | None) -> list[str]:
    """The lines of an index the agent loads: the first 200 lines within the first 25 KB."""
    lines: list[str] = []
    size = 0
    for line in (data or b"").decode("utf-8", "replace").splitlines(keepends=True)[:INDEX_MAX_LINES]:
        size += len(line.encode("utf-8"))
        if size > INDEX_MAX_BYTES:
            break
        lines.append(line.rstrip("\r\n"))
    return lines


def loaded_lines_changed(change: StoreChange) -> int:
    """Lines added or removed in the loaded part of an index between the review and now."""
    before, after = _loaded_part(change.before), _loaded_part(change.after)
    return sum(
        max(i2 - i1, j2 - j1)
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
        if tag != "equal"
    )


def review_state(store: Store) -> ReviewState | None:
    """The store's review freshness, or None when it is not in git (nothing to compare with)."""
    try:
        inbox = changes_since(store)
    except InboxError:
        return None
    index_path = store.index.path if store.index else None
    loaded = sum(loaded_lines_changed(change) for change in inbox.changes if index_path and change.path == index_path)
    deleted = sorted(change.entry_id for change in inbox.changes if change.kind == "deleted")
    return ReviewState(inbox.reviewed_at, len(inbox.changes), deleted, loaded, inbox.base_label)


def deleted_findings(state: ReviewState | None) -> list[Finding]:
    """A `deleted-since-review` warning per entry deleted since the last review (none before a first review)."""
    if state is None or state.reviewed_at is None:
        return []
    return [
        Finding(
            DELETED_RULE,
            "warning",
            [entry_id],
            f"{entry_id} was deleted since the last review ({state.reviewed_at:%Y-%m-%d}) without being expired; "
            "restore it from the inbox (`curator changes --revert`) or approve the deletion",
            {"reviewed_at": state.reviewed_at.isoformat()},
        )
        for entry_id in state.deleted
    ]
