"""Claude Code auto-memory: a MEMORY.md index plus one topic file (with frontmatter) per memory."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from curator.formats import frontmatter
from curator.formats.common import build_index, load_source, parse_error, record_problem, walk_files
from curator.formats.markdown import (
    Line,
    body_wiki_links,
    comment_fields,
    field_date,
    heading_text,
    level2_sections,
    markdown_links,
    split_lines,
    strip_inline,
    to_datetime,
)
from curator.formats.source import ParseProblem, read_source
from curator.model import ARCHIVE_DIR, INDEX_NAME, Entry, EntryStatus, SourceFile, Store

_RULE_LINE = re.compile(r"^\s{0,3}([-*_])(?:\s*\1){2,}\s*$")


def memory_type(fields: dict[str, Any]) -> str | None:
    """The memory type from top-level `type:` or `metadata: {type: ...}`."""
    value = fields.get("type")
    metadata = fields.get("metadata")
    if value is None and isinstance(metadata, dict):
        value = metadata.get("type")
    if value is None or value == "":
        return None
    return str(value).strip()


def _lookup(fields: dict[str, Any], *keys: str) -> Any:
    metadata: dict[str, Any] = fields["metadata"] if isinstance(fields.get("metadata"), dict) else {}
    for key in keys:
        if fields.get(key) not in (None, ""):
            return fields[key]
        if metadata.get(key) not in (None, ""):
            return metadata[key]
    return None


def topic_entry(source: SourceFile, fields: dict[str, Any], body_start: int, *, status: EntryStatus) -> Entry:
    """The entry for one topic file whose frontmatter has been parsed."""
    text = source.text or ""
    body = text[body_start:]
    name = _lookup(fields, "name")
    description = _lookup(fields, "description")
    stem = Path(source.rel).stem
    return Entry(
        id=source.rel,
        path=source.rel,
        kind="file",
        name=str(name).strip() if name is not None else stem,
        description=str(description).strip() if description is not None else "",
        type=memory_type(fields),
        status=status,
        body=body,
        text=text,
        fields=fields,
        span=(0, len(text)),
        date=field_date(fields, "date", "created", "created_at")
        or field_date(fields.get("metadata") or {}, "date", "created", "created_at"),
        reviewed=field_date(fields, "reviewed", "last_reviewed")
        or field_date(fields.get("metadata") or {}, "reviewed"),
        expires=field_date(fields, "expires", "expires_at", "valid_until")
        or field_date(fields.get("metadata") or {}, "expires"),
        links=body_wiki_links(split_lines(body)) if "[[" in body else [],
        always_loaded=False,
    )


def load_topic(store: Store, rel: str, *, status: EntryStatus = "active") -> Entry:
    """Read one topic file into the store (unreadable entry plus finding when it cannot be)."""
    result = read_source(store.root, rel)
    if isinstance(result, ParseProblem):
        return record_problem(store, result, rel, rel)
    store.files[rel] = result
    text = result.text or ""
    block = frontmatter.split(text)
    if block is None:
        if frontmatter.unclosed(text):
            unclosed = ParseProblem("frontmatter block opened on line 1 is never closed with ---", 1, 1, rel=rel)
            entry = record_problem(store, unclosed, rel, rel)
            entry.text, entry.body, entry.span = text, text, (0, len(text))
            return entry
        entry = topic_entry(result, {}, 0, status=status)
        store.entries.append(entry)
        return entry
    fields, problem = frontmatter.parse_yaml(block.raw, first_line=2)
    entry = topic_entry(result, fields, block.body_start, status=status)
    if problem is not None:
        problem.rel = rel
        entry.status = "unreadable"
        store.findings.append(parse_error(problem, rel, rel))
    store.entries.append(entry)
    return entry


def _is_link_only(line: Line) -> bool:
    """A line whose content is just index links to memory files (plus their hooks)."""
    return any(target.endswith(".md") for _, target in markdown_links(line.content))


def index_sections(store: Store, source: SourceFile, lines: list[Line], *, always_loaded: bool = True) -> list[Entry]:
    """Entries for the `##` sections of an always-loaded file that hold memory, not just links."""
    text = source.text or ""
    entries: list[Entry] = []
    for number, (heading, section_lines) in enumerate(level2_sections(lines), start=1):
        content = [
            line
            for line in section_lines
            if not line.blank and (line.in_code or not _RULE_LINE.match(line.content)) and not _is_link_only(line)
        ]
        if not content:
            continue
        end = section_lines[-1].end if section_lines else heading.end
        last_line = max((line.number for line in section_lines if not line.blank), default=heading.number)
        body = text[heading.end : end]
        stamps = comment_fields(body)
        entries.append(
            Entry(
                id=f"{source.rel}#{number}",
                path=source.rel,
                kind="section",
                line=heading.number,
                line_end=last_line,
                name=heading_text(heading.content) or f"section {number}",
                description=strip_inline(content[0].content)[:150],
                body=body,
                text=text[heading.start : end],
                fields=stamps,
                span=(heading.start, end),
                date=to_datetime(stamps.get("date") or ""),
                reviewed=to_datetime(stamps.get("reviewed") or ""),
                expires=to_datetime(stamps.get("expires") or ""),
                links=body_wiki_links(section_lines),
                always_loaded=always_loaded,
            )
        )
    return entries


def load(store: Store, *, only: list[str] | None = None, index_name: str = INDEX_NAME) -> None:
    """Fill `store` from a Claude Code memory directory (or just the files in `only`)."""
    root = store.root
    if only is None:
        topics = [rel for rel in walk_files(store, "", (".md",)) if rel != index_name]
        archived = walk_files(store, ARCHIVE_DIR, (".md",)) if (root / ARCHIVE_DIR).is_dir() else []
        load_index = (root / index_name).exists() or (root / index_name).is_symlink()
    else:
        topics = [rel for rel in only if rel != index_name]
        archived = []
        load_index = index_name in only
    for rel in topics:
        load_topic(store, rel, status="expired" if rel.startswith(f"{ARCHIVE_DIR}/") else "active")
    for rel in archived:
        load_topic(store, rel, status="expired")
    if load_index:
        source = load_source(store, index_name)
        if source is not None:
            lines = split_lines(source.text or "")
            store.index = build_index(source, lines)
            store.entries.extend(index_sections(store, source, lines))
    store.notes.append(
        f"Claude Code store at {root}: {len(topics)} topic file(s)"
        + (f", index {index_name} with {store.index.lines} line(s)" if store.index else ", no MEMORY.md index")
    )
