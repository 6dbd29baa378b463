"""Dates without git: frontmatter fields, the section's own date, then the file's mtime."""

from __future__ import annotations

import os
from datetime import date, datetime, time, timezone
from pathlib import Path
from typing import Any

from curator.model import Entry, SourceFile

CREATED_FIELDS = ("created", "date")
MODIFIED_FIELDS = ("updated", "modified", "date", "created")


def as_utc(value: Any) -> datetime | None:
    """A frontmatter value (date, datetime or ISO string) as an aware UTC datetime, else None."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime.combine(value, time.min)
    elif isinstance(value, str) and value.strip():
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)


def _field_date(fields: dict[str, Any], names: tuple[str, ...]) -> datetime | None:
    """The first of `names` that holds a date, at the top level or under `metadata`."""
    nested = fields.get("metadata")
    for scope in (fields, nested if isinstance(nested, dict) else {}):
        for name in names:
            moment = as_utc(scope.get(name))
            if moment is not None:
                return moment
    return None


def file_mtime(base: Path, entry: Entry, files: dict[str, SourceFile]) -> datetime | None:
    """The entry file's modification time (from the loaded SourceFile when there is one)."""
    source = files.get(entry.path)
    if source is not None and source.mtime_ns:
        return datetime.fromtimestamp(source.mtime_ns / 1e9, tz=timezone.utc)
    try:
        return datetime.fromtimestamp(os.stat(base / entry.path).st_mtime, tz=timezone.utc)
    except OSError:
        return None


def apply_fallback(entry: Entry, mtime: datetime | None) -> None:
    """Date an entry git knows nothing about: frontmatter, else its section date, else mtime."""
    created = _field_date(entry.fields, CREATED_FIELDS)
    modified = _field_date(entry.fields, MODIFIED_FIELDS)
    if created is not None or modified is not None:
        entry.created = created or modified
        entry.modified = modified or created
        entry.date_source = "frontmatter"
    elif entry.date is not None:
        section_date = as_utc(entry.date)
        entry.created = entry.modified = section_date
        entry.date_source = "section-date"
    elif mtime is not None:
        entry.created = entry.modified = mtime
        entry.date_source = "mtime"
    else:
        entry.date_source = "none"
    entry.commits = 0
    entry.authors = []
