"""Redact: replace detected secrets with `<redacted:TYPE>`, byte for byte everything else, in one undoable commit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from curator.model import SourceFile, Store
from curator.ops.core import (
    OpResult,
    UnknownEntry,
    file_dir,
    find_entry,
    run_plan,
)
from curator.ops.io import OpError, Plan
from curator.secrets import Located, scan_store
from curator.secrets.detect import Hit

STILL_EXPOSED = (
    "the old value is still in git history and in the agent's session transcripts "
    "(~/.claude/projects/…/*.jsonl): rotate it now; curator never rewrites history"
)


def placeholder(hit: Hit) -> str:
    return f"<redacted:{hit.kind}>"


def _line_bounds(text: str, line: int) -> tuple[int, int]:
    start = 0
    for _ in range(line - 1):
        found = text.find("\n", start)
        if found < 0:
            return len(text), len(text)
        start = found + 1
    end = text.find("\n", start)
    return start, len(text) if end < 0 else end


def redact_text(text: str, hits: list[Hit]) -> tuple[str, int]:
    """`text` with each hit's value replaced on its own line(s); returns the new text and how many values changed."""
    replaced = 0
    for hit in sorted(hits, key=lambda item: (-item.line, -len(item.value))):
        start, end = _line_bounds(text, hit.line)
        if "\n" in hit.value:
            pattern = re.compile(r"\r?\n".join(re.escape(part) for part in hit.value.split("\n")))
            match = pattern.search(text, start)
            if match is None or match.start() > end:
                continue
            text = text[: match.start()] + placeholder(hit) + text[match.end() :]
            replaced += 1
            continue
        line = text[start:end]
        count = line.count(hit.value)
        if count:
            text = text[:start] + line.replace(hit.value, placeholder(hit)) + text[end:]
            replaced += count
    return text, replaced


def _source(store: Store, item: Located) -> SourceFile:
    files = store.files if item.origin == "store" else store.context_files
    source = files.get(item.path)
    if source is None or source.text is None:
        raise OpError(f"{item.path} could not be read as text, so curator will not change it")
    return source


def redact(store: Store, target: str | None = None, *, every: bool = False, session: Any = None) -> OpResult:
    """Replace the secrets of entry (or file) `target`, or of the whole store with `every`, in one commit."""
    found = scan_store(store)
    if every:
        items = list(found.secrets)
        label = "the store"
    else:
        if not target:
            raise OpError("redact needs an entry id, or --all for every secret in the store")
        items = found.for_target(target)
        if not items and target not in store.files and target not in store.context_files:
            find_entry(store, target)
        label = target
    if not items:
        raise OpError(f"no secret detected in {label}; nothing to redact")
    plan = Plan(file_dir(store))
    kinds: list[str] = []
    by_file: dict[tuple[str, str], list[Located]] = {}
    for item in items:
        by_file.setdefault((item.origin, item.path), []).append(item)
    total = 0
    for located in by_file.values():
        source = _source(store, located[0])
        hits = [item.hit for item in located if isinstance(item.hit, Hit)]
        new_text, replaced = redact_text(source.text or "", hits)
        total += replaced
        kinds.extend(hit.kind for hit in hits if hit.kind not in kinds)
        plan.write(located[0].path, source.encode(new_text), source.raw, Path(source.abspath))
    if total == 0:
        raise OpError(f"the secrets found in {label} are no longer where they were; rescan and try again")
    what = f"redact {total} secret{'s' if total != 1 else ''} ({', '.join(kinds)}) in {label}"
    result = run_plan(store, plan, what, "rotate the value: it is still in git history", session)
    result.notes.append(STILL_EXPOSED)
    if store.format == "openclaw":
        result.notes.append("OpenClaw's search index keeps the old text until the workspace is reindexed")
    return result


__all__ = ["STILL_EXPOSED", "UnknownEntry", "redact", "redact_text"]
