"""Archive stamps come from files on disk, so they are untrusted: a stamp that would restore outside the store is a parse-error."""

from __future__ import annotations

import json
from pathlib import PurePosixPath
from typing import Any

from curator import lazyre as re
from curator.formats.common import parse_error
from curator.formats.source import ParseProblem
from curator.model import Store

_FILE_STAMP = re.compile(r"^curator_archive:[ \t]*(.*?)[ \t]*\r?$", re.MULTILINE)
_SECTION_STAMP = re.compile(r"^<!-- curator-archive (.*) -->[ \t]*\r?$", re.MULTILINE)


def unsafe_rel(rel: Any) -> str | None:
    """Why a store-relative path taken from file content cannot be written to, or None when it is plain."""
    if not isinstance(rel, str) or not rel.strip():
        return "it is empty"
    if any(ord(char) < 32 or 0x7F <= ord(char) < 0xA0 for char in rel):
        return "it contains control characters"
    if "\\" in rel or rel.startswith(("/", "~")) or (len(rel) > 1 and rel[1] == ":"):
        return "it is not a relative path inside the store"
    if any(part in ("..", ".", "") for part in rel.split("/")):
        return "it climbs out of the store"
    if any(part.lower() == ".git" for part in PurePosixPath(rel).parts):
        return "it points into .git"
    return None


def stamp_problem(meta: Any) -> str | None:
    """Why a decoded stamp (`{from, id, index, line}`) cannot be trusted, or None."""
    if not isinstance(meta, dict):
        return "the archive stamp is not a JSON object"
    origin = meta.get("from")
    why = unsafe_rel(origin)
    if why:
        return f"the archive stamp's from {origin!r} is unusable ({why})"
    entry_id = meta.get("id")
    if entry_id is not None and (not isinstance(entry_id, str) or any(ord(char) < 32 for char in entry_id)):
        return f"the archive stamp's id {entry_id!r} is not a plain entry id"
    if isinstance(entry_id, str) and unsafe_rel(entry_id.split("#", 1)[0].split(":L", 1)[0]):
        return f"the archive stamp's id {entry_id!r} is unusable ({unsafe_rel(entry_id.split('#', 1)[0].split(':L', 1)[0])})"
    records = meta.get("index", [])
    if not isinstance(records, list) or not all(isinstance(record, dict) for record in records):
        return "the archive stamp's index records are not a list of objects"
    for key in ("line", "lines"):
        if key in meta and (not isinstance(meta[key], int) or isinstance(meta[key], bool) or meta[key] < 0):
            return f"the archive stamp's {key} is not a line number"
    return None


def text_problem(text: str) -> tuple[str, int] | None:
    """The first untrusted stamp in an archived text, with its 1-based line, or None."""
    for pattern in (_FILE_STAMP, _SECTION_STAMP):
        for match in pattern.finditer(text):
            try:
                meta = json.loads(match.group(1))
            except json.JSONDecodeError:
                continue
            why = stamp_problem(meta)
            if why:
                return why, text.count("\n", 0, match.start()) + 1
    return None


def check_archives(store: Store) -> None:
    """Mark each archived entry whose stamp is unsafe as unreadable, with a parse-error finding (never a write)."""
    for entry in store.entries:
        if entry.status != "expired":
            continue
        source = store.files.get(entry.path)
        if source is None or source.text is None:
            continue
        start = entry.span[0] if entry.span else 0
        found = text_problem(source.text[slice(*entry.span)] if entry.span else source.text)
        if found is None:
            continue
        reason, line = found
        problem = ParseProblem(
            reason + "; restore refuses it", source.text.count("\n", 0, start) + line, 1, rel=entry.path
        )
        entry.status = "unreadable"
        entry.fields = {**entry.fields, "reason": problem.reason}
        store.findings.append(parse_error(problem, entry.id, entry.path))
