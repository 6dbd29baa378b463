"""OpenClaw workspaces: curated MEMORY.md sections plus append-only `memory/YYYY-MM-DD*.md` logs."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from urllib.parse import quote

from curator.formats import frontmatter
from curator.formats.claude_code import index_sections
from curator.formats.common import build_index, load_source, record_problem, walk_files
from curator.formats.markdown import (
    body_wiki_links,
    field_date,
    heading_level,
    heading_text,
    short_name,
    split_lines,
    to_datetime,
)
from curator.formats.source import ParseProblem, read_source
from curator.model import INDEX_NAME, Entry, Finding, Store

DAILY_DIR = "memory"
DAILY_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})[^/]*\.md$")


def daily_files(workspace: Path) -> list[Path]:
    """The dated logs directly under `workspace/memory/`."""
    directory = workspace / DAILY_DIR
    try:
        return sorted(child for child in directory.iterdir() if DAILY_NAME.match(child.name))
    except OSError:
        return []


def is_workspace(root: Path) -> bool:
    """True for a directory holding `memory/YYYY-MM-DD*.md` logs, unless memory/ is a store with its own MEMORY.md."""
    return not (root / DAILY_DIR / INDEX_NAME).exists() and bool(daily_files(root))


def _load_log(store: Store, rel: str) -> None:
    """One log file as one entry (kind "daily" when its name starts with a date)."""
    result = read_source(store.root, rel)
    if isinstance(result, ParseProblem):
        record_problem(store, result, rel, rel)
        return
    store.files[rel] = result
    text = result.text or ""
    block = frontmatter.split(text)
    fields, _problem = frontmatter.parse_yaml(block.raw, first_line=2) if block else ({}, None)
    body = text[block.body_start :] if block else text
    lines = split_lines(body)
    title = next((heading_text(line.content) for line in lines if not line.in_code and heading_level(line.content)), "")
    dated = DAILY_NAME.match(Path(rel).name) or re.search(r"(\d{4}-\d{2}-\d{2})[^/]*\.md$", rel)
    store.entries.append(
        Entry(
            id=rel,
            path=rel,
            kind="daily" if dated else "file",
            name=title or short_name(body) or Path(rel).stem,
            description=short_name("\n".join(line.content for line in lines if not heading_level(line.content)), 150),
            status="active",
            body=body,
            text=text,
            fields=fields,
            span=(0, len(text)),
            date=to_datetime(dated.group(1)) if dated else field_date(fields, "date", "created"),
            reviewed=field_date(fields, "reviewed"),
            expires=field_date(fields, "expires"),
            links=body_wiki_links(lines),
            always_loaded=False,
        )
    )


def _index_databases(root: Path) -> list[Path]:
    """SQLite search indexes that may describe this workspace."""
    places = [root, root / DAILY_DIR, root / ".openclaw"]
    if root.parent.name in (".openclaw", ".clawdbot"):
        places += [root.parent / "memory", root.parent / "state" / "memory"]
    found: list[Path] = []
    for place in places:
        try:
            found.extend(sorted(place.glob("*.sqlite")))
        except OSError:
            continue
    return found


def _text_hash(raw: bytes) -> str:
    """The hash OpenClaw stores: sha256 hex of the file read as UTF-8 text."""
    return hashlib.sha256(raw.decode("utf-8", errors="replace").encode("utf-8")).hexdigest()


def check_index(store: Store, database: Path) -> None:
    """Compare an OpenClaw SQLite index (opened read-only) with the files on disk."""
    import sqlite3  # imported here: only a store with an index database needs it

    uri = f"file:{quote(str(database.absolute()))}?mode=ro"
    try:
        connection = sqlite3.connect(uri, uri=True, timeout=1.0)
    except sqlite3.Error as error:
        store.notes.append(f"search index {database} could not be opened: {error}")
        return
    try:
        rows = connection.execute("SELECT path, source, hash FROM files").fetchall()
    except sqlite3.Error as error:
        store.notes.append(f"search index {database} could not be read: {error}")
        return
    finally:
        connection.close()
    store.notes.append(f"search index {database}: {len(rows)} file row(s), read-only")
    root = store.root.absolute()
    ids_by_path: dict[str, list[str]] = {}
    for entry in store.entries:
        ids_by_path.setdefault(entry.path, []).append(entry.id)
    indexed: set[str] = set()
    for path_value, source_kind, stored_hash in rows:
        if source_kind not in (None, "memory"):
            continue
        path = Path(str(path_value))
        try:
            rel = path.relative_to(root).as_posix() if path.is_absolute() else path.as_posix()
        except ValueError:
            continue
        indexed.add(rel)
        source = store.files.get(rel)
        entry_ids = ids_by_path.get(rel, [])
        if source is None:
            if not (root / rel).exists():
                store.findings.append(
                    Finding(
                        rule="index-stale",
                        severity="warning",
                        entries=entry_ids,
                        message=f"{database.name} still indexes {rel}, which no longer exists; "
                        "memory_search can return text that is gone. Reindex the workspace.",
                        evidence={"database": str(database), "path": rel, "index_hash": stored_hash, "file_hash": None},
                    )
                )
            continue
        current = source.digest
        if stored_hash not in (current, _text_hash(source.raw)):
            store.findings.append(
                Finding(
                    rule="index-stale",
                    severity="warning",
                    entries=entry_ids,
                    message=f"{rel} changed since {database.name} indexed it (hash differs); "
                    "memory_search returns the old text until the workspace is reindexed.",
                    evidence={"database": str(database), "path": rel, "index_hash": stored_hash, "file_hash": current},
                )
            )
    if not indexed:
        return
    for rel in sorted(store.files):
        if rel not in indexed and (rel == INDEX_NAME or rel.startswith(f"{DAILY_DIR}/")):
            store.findings.append(
                Finding(
                    rule="index-stale",
                    severity="warning",
                    entries=ids_by_path.get(rel, []),
                    message=f"{rel} is not in {database.name}, so memory_search cannot find it. Reindex the workspace.",
                    evidence={
                        "database": str(database),
                        "path": rel,
                        "index_hash": None,
                        "file_hash": store.files[rel].digest,
                    },
                )
            )


def load(store: Store, *, logs: list[str] | None = None) -> None:
    """Fill `store` from an OpenClaw workspace (or just the log files in `logs`)."""
    root = store.root
    if logs is None and ((root / INDEX_NAME).exists() or (root / INDEX_NAME).is_symlink()):
        source = load_source(store, INDEX_NAME)
        if source is not None:
            lines = split_lines(source.text or "")
            store.index = build_index(source, lines)
            store.entries.extend(index_sections(store, source, lines))
    if logs is None:
        logs = walk_files(store, DAILY_DIR, (".md",)) if (root / DAILY_DIR).is_dir() else []
    for rel in logs:
        _load_log(store, rel)
    store.notes.append(
        f"OpenClaw workspace at {root}: {len(logs)} log file(s)" + (", MEMORY.md" if store.index else ", no MEMORY.md")
    )
    for database in _index_databases(root):
        check_index(store, database)
