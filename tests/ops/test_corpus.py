"""Round trips on the real memory files of the shared corpus: expire/restore and merge/undo leave no trace."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from pathlib import Path

import pytest

from curator import ops
from curator.scan import load_store
from tests.support.gitrepo import commit_files, init_repo
from tests.support.ops_stores import snapshot, status

TODAY = date(2026, 11, 29)
DAY = "2026-03-01T10:00:00+00:00"


def _claude_stores(corpus: Path) -> dict[str, dict[str, bytes]]:
    """Corpus files regrouped into their stores: repository -> {file name: bytes}."""
    stores: dict[str, dict[str, bytes]] = defaultdict(dict)
    for path in sorted((corpus / "claude_memory").glob("*.md")):
        repository, _, name = path.name.rpartition("__memory__")
        stores[repository][name] = path.read_bytes()
    return stores


def _build(tmp_path: Path, files: dict[str, bytes], store_dir: str) -> Path:
    project = init_repo(tmp_path / "proj")
    commit_files(project, {f"{store_dir}/{name}": data for name, data in files.items()}, "memory", DAY)
    return project / store_dir


def test_corpus_claude_entries_expire_and_restore_byte_identically(tmp_path: Path, corpus: Path) -> None:
    checked = 0
    for number, (repository, files) in enumerate(sorted(_claude_stores(corpus).items())):
        root = _build(tmp_path / str(number), files, ".claude/memory")
        before = snapshot(root)
        store = load_store(root, format_name="claude-code")
        targets = [entry.id for entry in store.entries if entry.is_active and entry.kind == "file"]
        targets += [entry.id for entry in store.entries if entry.is_active and entry.kind == "section"][:1]
        for entry_id in targets:
            expired = ops.expire(store, entry_id, reason="corpus round trip", now=TODAY)
            assert snapshot(root) != before, (repository, entry_id)
            store = ops.restore(expired.store, entry_id).store
            assert snapshot(root) == before, (repository, entry_id)
            assert status(root) == "", (repository, entry_id)
            checked += 1
    assert checked >= 10


def test_corpus_claude_merge_then_undo(tmp_path: Path, corpus: Path) -> None:
    merged = 0
    for number, (repository, files) in enumerate(sorted(_claude_stores(corpus).items())):
        root = _build(tmp_path / str(number), files, ".claude/memory")
        store = load_store(root, format_name="claude-code")
        topics = [entry.id for entry in store.entries if entry.is_active and entry.kind == "file"]
        if len(topics) < 2:
            continue
        before = snapshot(root)
        result = ops.merge(store, topics[:2], reason="corpus round trip")
        assert len([e for e in result.store.entries if e.is_active and e.kind == "file"]) == len(topics) - 1
        ops.undo(result.store)
        assert snapshot(root) == before, repository
        assert status(root) == "", repository
        merged += 1
    assert merged >= 2


@pytest.mark.parametrize("position", ["first", "middle", "last"])
def test_corpus_notes_sections_expire_and_restore_byte_identically(tmp_path: Path, corpus: Path, position: str) -> None:
    checked = 0
    for number, path in enumerate(sorted((corpus / "notes_md").glob("*.md"))):
        root = _build(tmp_path / str(number), {"notes.md": path.read_bytes()}, "memory")
        store = load_store(root)
        sections = [entry.id for entry in store.entries if entry.is_active]
        if not sections:
            continue
        entry_id = {"first": sections[0], "middle": sections[len(sections) // 2], "last": sections[-1]}[position]
        before = snapshot(root)
        expired = ops.expire(store, entry_id, reason="corpus round trip", now=TODAY)
        ops.restore(expired.store, entry_id)
        assert snapshot(root) == before, (path.name, entry_id)
        assert status(root) == "", (path.name, entry_id)
        checked += 1
    assert checked >= 5
