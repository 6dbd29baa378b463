"""History over the real files of the shared corpus, committed into back-dated repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator import formats, history
from tests.support.gitrepo import commit_files, init_repo
from tests.support.history_repos import utc

ADDED_SECTION = "\n## 2026-11-01 - Added later\n- a fact added in a second commit\n"


@pytest.fixture(autouse=True)
def no_repository_above(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))


def test_notes_sections_of_every_corpus_notes_file(corpus: Path, tmp_path: Path) -> None:
    checked_sections = 0
    for source in sorted((corpus / "notes_md").glob("*.md")):
        repo = init_repo(tmp_path / source.stem)
        text = source.read_text(encoding="utf-8")
        commit_files(repo, {"memory/notes.md": text}, "first", "2026-02-02T00:00:00Z")
        separator = "" if text.endswith("\n") else "\n"
        commit_files(repo, {"memory/notes.md": text + separator + ADDED_SECTION}, "second", "2026-11-01T00:00:00Z")
        store = formats.detect(repo / "memory" / "notes.md")
        history.annotate(store)
        sections = [entry for entry in store.entries if history.is_section(entry)]
        if not sections:
            continue
        *earlier, added = sections
        assert added.name.endswith("Added later") or "Added later" in added.text, source.name
        assert (added.created, added.commits, added.date_source) == (utc("2026-11-01T00:00"), 1, "git"), source.name
        for entry in earlier:
            assert (entry.created, entry.modified, entry.commits) == (
                utc("2026-02-02T00:00"),
                utc("2026-02-02T00:00"),
                1,
            ), f"{source.name} {entry.id}"
        checked_sections += len(sections)
    assert checked_sections > 10


def test_rules_of_every_corpus_claude_md(corpus: Path, tmp_path: Path) -> None:
    checked_rules = 0
    for source in sorted((corpus / "claude_md").glob("*.md")):
        repo = init_repo(tmp_path / source.stem)
        name = "CLAUDE.local.md" if source.name.endswith("CLAUDE.local.md") else "CLAUDE.md"
        commit_files(repo, {name: source.read_text(encoding="utf-8")}, "rules", "2026-03-03T00:00:00Z")
        store = formats.detect(repo / name)
        history.annotate(store)
        for entry in [*store.entries, *store.context]:
            assert (entry.created, entry.commits, entry.date_source) == (utc("2026-03-03T00:00"), 1, "git"), entry.id
            checked_rules += 1
    assert checked_rules > 10
