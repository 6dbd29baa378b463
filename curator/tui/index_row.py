"""The index (MEMORY.md) as a table row, and the fixes its findings suggest."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath

from curator.model import INDEX_LINE_MAX_CHARS, Entry, EntryKind, Finding, Store

INDEX_KIND: EntryKind = "index"
INDEX_FILE_NAME = "MEMORY.md"
INDEX_RULE_KEYS = {
    "index-overflow": "path",
    "index-line-too-long": "path",
    "dangling-link": "source",
    "orphan": "index",
}
INDEX_OPS_FORMATS = ("claude-code",)


def index_target(finding: Finding) -> str | None:
    """The index file a store-level finding is about (overflow, long line, dangling index link, orphan)."""
    key = INDEX_RULE_KEYS.get(finding.rule)
    value = finding.evidence.get(key) if key else None
    if isinstance(value, str) and PurePosixPath(value).name == INDEX_FILE_NAME:
        return value
    return None


def index_entry(store: Store | None) -> Entry | None:
    """A row for the always-loaded index file, or None when the store has none."""
    if store is None or store.index is None:
        return None
    source = store.files.get(store.index.path)
    if source is None or source.text is None:
        return None
    lines, loaded = store.index.lines, store.index.loaded_lines
    cut = f"; only {loaded} loaded" if store.index.overflows else ""
    return Entry(
        id=store.index.path,
        path=store.index.path,
        kind=INDEX_KIND,
        name=f"{store.index.path} (index)",
        description=f"the index the agent loads every session: {lines} lines{cut}",
        type=None,
        body=source.text,
        text=source.text,
        always_loaded=True,
    )


def is_index(entry: Entry | None) -> bool:
    return entry is not None and entry.kind == INDEX_KIND


def table_entries(store: Store | None) -> list[Entry]:
    """The store's entries plus the index row."""
    if store is None:
        return []
    row = index_entry(store)
    return [*store.entries, row] if row is not None else list(store.entries)


@dataclass(frozen=True)
class IndexFix:
    """One index change a finding suggests: what the person sees, and the op that makes it."""

    label: str
    op: str
    ref: str
    finding: Finding | None = None


def index_fixes(store: Store | None, findings: list[Finding], entry: Entry | None = None) -> list[IndexFix]:
    """Fixes for the index row's findings, or (for a topic entry) the ones about that entry."""
    if store is None or store.index is None and not (entry is not None and store.format in INDEX_OPS_FORMATS):
        return []
    if store.format not in INDEX_OPS_FORMATS:
        return []
    fixes: list[IndexFix] = []
    seen: set[tuple[str, str]] = set()

    def add(fix: IndexFix) -> None:
        if (fix.op, fix.ref) not in seen:
            seen.add((fix.op, fix.ref))
            fixes.append(fix)

    for finding in findings:
        about_entry = entry is not None and not is_index(entry) and entry.id in finding.entries
        if not about_entry and not (index_target(finding) and (entry is None or is_index(entry))):
            continue
        evidence = finding.evidence
        if finding.rule == "orphan":
            for orphan in finding.entries:
                add(IndexFix(f"add {orphan} to the index (hook from its description)", "add", orphan, finding))
        elif finding.rule == "dangling-link" and index_target(finding) and evidence.get("line"):
            add(
                IndexFix(
                    f"drop line {evidence['line']}: it links to {evidence.get('target')}, which is gone",
                    "drop",
                    str(evidence["line"]),
                    finding,
                )
            )
        elif finding.rule == "index-line-too-long":
            add(
                IndexFix(
                    f"shorten line {evidence.get('line')} ({evidence.get('chars')} → ≤{INDEX_LINE_MAX_CHARS} characters)",
                    "shorten",
                    str(evidence.get("line")),
                    finding,
                )
            )
        elif finding.rule == "index-overflow":
            for past in evidence.get("past_cut", []):
                if past.get("entries") and (entry is None or is_index(entry) or entry.id in past["entries"]):
                    add(
                        IndexFix(
                            f"move line {past['line']} ({', '.join(past['entries'])}) above the cut",
                            "promote",
                            str(past["line"]),
                            finding,
                        )
                    )
    return fixes
