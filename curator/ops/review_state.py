"""Review decisions: keep (extend or clear a past `expires:`), snooze, which entries can rest, and the crash journal."""

from __future__ import annotations

import hashlib
import json
import os
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from curator.model import Entry, Store
from curator.ops import git as ops_git
from curator.ops.core import OpResult, file_dir, today
from curator.ops.editing import edit
from curator.ops.expiry import scheduled_day
from curator.ops.io import atomic_write, remove_file

JOURNAL_DIR = "curator"
REVIEW_AFTER = "review_after"
CLEAR = "clear"


def expired_but_active(entry: Entry, day: date) -> bool:
    """True when the entry's `expires:` day has passed (keeping it needs a new date or no date)."""
    scheduled = scheduled_day(entry)
    return scheduled is not None and scheduled <= day


def keep_fields(on: date, expires: str | date | None = None) -> dict[str, Any]:
    """Fields a keep writes: `reviewed`, plus a new `expires` date or (CLEAR) no `expires` at all."""
    fields: dict[str, Any] = {"reviewed": on.isoformat()}
    if expires == CLEAR:
        fields.update({"expires": None, "expires_reason": None})
    elif expires is not None:
        fields["expires"] = expires.isoformat() if isinstance(expires, date) else str(expires)
    return fields


def keep(store: Store, entry_id: str, *, on: date, expires: str | date | None = None, session: Any = None) -> OpResult:
    """Stamp `reviewed`, and extend (a date) or clear (CLEAR) the entry's `expires:`."""
    what = f"review {entry_id}"
    if expires == CLEAR:
        what += ", clearing its expiry"
    elif expires is not None:
        what += f", expiry moved to {expires}"
    return edit(
        store,
        entry_id,
        fields=keep_fields(on, expires),
        what=what,
        reason=f"confirmed still true on {on.isoformat()}",
        session=session,
    )


def snooze(store: Store, entry_id: str, *, on: date, weeks: int, session: Any = None) -> OpResult:
    """Stamp `reviewed` and `review_after` (N weeks on): review leaves the entry alone until then."""
    if weeks < 1:
        raise ValueError("snooze needs at least one week")
    until = on + timedelta(weeks=weeks)
    fields = {"reviewed": on.isoformat(), REVIEW_AFTER: until.isoformat()}
    return edit(
        store,
        entry_id,
        fields=fields,
        what=f"snooze {entry_id} until {until.isoformat()}",
        reason=f"ask again in {weeks} week(s)",
        session=session,
    )


def _field_day(entry: Entry, key: str) -> date | None:
    value = entry.fields.get(key)
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()[:10])
        except ValueError:
            return None
    return None


def resting_reason(entry: Entry, now: datetime | date, skip_reviewed_days: int) -> str | None:
    """Why review leaves this entry out today (snoozed, or reviewed in the last N days), or None."""
    day = today(now)
    after = _field_day(entry, REVIEW_AFTER)
    if after is not None and after > day:
        return f"snoozed until {after.isoformat()}"
    if skip_reviewed_days and entry.reviewed is not None:
        reviewed = entry.reviewed.date()
        if reviewed <= day and (day - reviewed).days < skip_reviewed_days:
            return f"reviewed {reviewed.isoformat()}"
    return None


def journal_path(store: Store) -> Path | None:
    """`.git/curator/review-<store hash>.json` in the store's repository, or None outside git."""
    repo = ops_git.find_repo(file_dir(store))
    if repo is None:
        return None
    try:
        git_dir = ops_git.run_git(repo.toplevel, "rev-parse", "--absolute-git-dir").decode("utf-8").strip()
    except ops_git.GitError:
        return None
    key = hashlib.sha1(os.path.realpath(store.root).encode("utf-8")).hexdigest()[:12]
    return Path(git_dir) / JOURNAL_DIR / f"review-{key}.json"


def save_journal(store: Store, data: dict[str, Any]) -> Path | None:
    """Write the review in progress atomically (so a crash loses no decision); None outside git."""
    path = journal_path(store)
    if path is None:
        return None
    path.parent.mkdir(exist_ok=True)
    payload = dict(data, store=os.path.realpath(store.root))
    atomic_write(path, json.dumps(payload, ensure_ascii=False, indent=1).encode("utf-8"))
    return path


def load_journal(store: Store) -> dict[str, Any] | None:
    """The unfinished review journal of this store, or None (a malformed one is ignored)."""
    path = journal_path(store)
    if path is None or not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("store") != os.path.realpath(store.root):
        return None
    if not isinstance(data.get("decisions"), dict):
        return None
    return data


def clear_journal(store: Store) -> None:
    """Forget the review journal (after the review was applied or discarded)."""
    path = journal_path(store)
    if path is not None and path.is_file():
        remove_file(path)
