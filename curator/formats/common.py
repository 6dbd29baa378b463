"""Pieces every reader shares: unreadable entries, parse-error findings, the index, directory walks."""

from __future__ import annotations

import os
from pathlib import Path

from curator.formats.markdown import Line, markdown_links, strip_inline, wiki_links
from curator.formats.source import ParseProblem, read_source
from curator.model import (
    INDEX_MAX_BYTES,
    INDEX_MAX_LINES,
    Entry,
    EntryKind,
    Finding,
    IndexInfo,
    IndexLine,
    SourceFile,
    Store,
    estimate_tokens,
)
from curator.vcs import nearest_git_root

SKIPPED_DIRS = {".git", "node_modules", "__pycache__", ".venv", "venv", ".hg", ".svn"}


def parse_error(problem: ParseProblem, entry_id: str, rel: str) -> Finding:
    """The `parse-error` finding for a file (or frontmatter) that could not be read."""
    message = (
        f"{rel} cannot be read: {problem.reason}{problem.where()}. "
        "curator left the file untouched; fix it by hand (or restore it from git) and rescan."
    )
    evidence = {"path": rel, **problem.evidence()}
    return Finding(rule="parse-error", severity="error", entries=[entry_id], message=message, evidence=evidence)


def unreadable_entry(
    entry_id: str, rel: str, problem: ParseProblem, *, kind: EntryKind = "file", origin: str = "store"
) -> Entry:
    """An entry standing for a file curator could not read."""
    return Entry(
        id=entry_id,
        path=rel,
        kind=kind,
        name=Path(rel).name or rel,
        description=problem.reason,
        status="unreadable",
        origin=origin,
        fields={"reason": problem.reason, "line": problem.line, "column": problem.column},
    )


def record_problem(store: Store, problem: ParseProblem, entry_id: str, rel: str, *, kind: EntryKind = "file") -> Entry:
    """Add an unreadable entry and its parse-error finding to `store`; keep the raw bytes if any."""
    if problem.source is not None:
        store.files[rel] = problem.source
    entry = unreadable_entry(entry_id, rel, problem, kind=kind)
    store.entries.append(entry)
    store.findings.append(parse_error(problem, entry_id, rel))
    return entry


def load_source(store: Store, rel: str, *, entry_id: str | None = None) -> SourceFile | None:
    """Read one file into `store.files`, or record it as unreadable and return None."""
    result = read_source(store.root, rel)
    if isinstance(result, ParseProblem):
        record_problem(store, result, entry_id or rel, rel)
        return None
    store.files[rel] = result
    return result


def build_index(source: SourceFile, lines: list[Line], *, whole_file_loaded: bool = False) -> IndexInfo:
    """How much of an always-loaded file the agent sees, and what each non-blank line links to."""
    text = source.text or ""
    total_bytes = len(source.raw)
    loaded_lines = 0
    loaded_bytes = 3 if source.bom else 0
    loaded_end = 0
    for line in lines:
        line_bytes = len(text[line.start : line.end].encode("utf-8"))
        if not whole_file_loaded and (loaded_lines >= INDEX_MAX_LINES or loaded_bytes + line_bytes > INDEX_MAX_BYTES):
            break
        loaded_lines += 1
        loaded_bytes += line_bytes
        loaded_end = line.end
    entries: list[IndexLine] = []
    for line in lines:
        if line.blank:
            continue
        links = markdown_links(line.content) if not line.in_code else []
        targets = [target for _, target in links] + (
            [f"[[{name}]]" for name in wiki_links(line.content)] if not line.in_code else []
        )
        title = strip_inline(links[0][0]) if links else strip_inline(line.content)
        entries.append(IndexLine(line=line.number, text=line.content, targets=targets, title=title))
    return IndexInfo(
        path=source.rel,
        lines=len(lines),
        bytes=total_bytes,
        loaded_lines=loaded_lines,
        loaded_bytes=loaded_bytes,
        tokens_loaded=estimate_tokens(text[:loaded_end]),
        entries=entries,
    )


def walk_files(store: Store, top: str, suffixes: tuple[str, ...], *, skip: set[str] | None = None) -> list[str]:
    """Store-relative paths of files under `top` with one of `suffixes`, sorted; unreadable dirs recorded."""
    root = store.root
    found: list[str] = []
    visited: set[tuple[int, int]] = set()
    skip_names = SKIPPED_DIRS | (skip or set())
    pending = [top]
    while pending:
        rel_dir = pending.pop()
        directory = root / rel_dir if rel_dir else root
        try:
            stat = directory.stat()
        except OSError as error:
            _record_dir_problem(store, rel_dir, error)
            continue
        if (stat.st_dev, stat.st_ino) in visited:
            continue
        visited.add((stat.st_dev, stat.st_ino))
        try:
            with os.scandir(directory) as iterator:
                children = sorted(iterator, key=lambda child: child.name)
        except OSError as error:
            _record_dir_problem(store, rel_dir, error)
            continue
        for child in children:
            rel = f"{rel_dir}/{child.name}" if rel_dir else child.name
            try:
                is_dir = child.is_dir()
            except OSError:
                is_dir = False
            if is_dir:
                if child.name in skip_names or child.name.startswith("."):
                    continue
                if child.is_symlink():
                    target = _real_or_none(root / rel)
                    if target is None or not _within(target, root):
                        continue
                pending.append(rel)
            elif child.name.endswith(suffixes):
                found.append(rel)
    return sorted(found)


def _real_or_none(path: Path) -> Path | None:
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError):
        return None


def _within(path: Path, root: Path) -> bool:
    real_root = _real_or_none(root)
    if real_root is None:
        return False
    try:
        path.relative_to(real_root)
    except ValueError:
        return False
    return True


def _record_dir_problem(store: Store, rel_dir: str, error: OSError) -> None:
    reason = "permission denied" if isinstance(error, PermissionError) else (error.strerror or "cannot be listed")
    rel = f"{rel_dir}/" if rel_dir else "./"
    problem = ParseProblem(f"directory cannot be listed: {reason}", rel=rel)
    record_problem(store, problem, rel, rel)


def find_git_root(start: Path) -> Path | None:
    """The closest directory at or above `start` holding `.git` (no git process is run)."""
    return nearest_git_root(start)
