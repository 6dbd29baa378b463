"""history.annotate on real back-dated repositories, checked against what `git log` itself says."""

from __future__ import annotations

import os
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

from curator import formats, history
from curator.model import Entry, Store
from tests.support.gitrepo import TEST_IDENTITY, commit_files, git, init_repo
from tests.support.history_repos import NOTES_V3, build_project_repo, utc


def file_entry(rel: str, **fields: object) -> Entry:
    return Entry(id=rel, path=rel, kind="file", fields=dict(fields))


def notes_store(repo: Path) -> Store:
    """The notes.md store in `mem/`, read by the notes reader as it is on disk now."""
    store = formats.detect(repo / "mem" / "notes.md")
    assert [entry.id for entry in store.entries][:2] == ["notes.md#1", "notes.md#2"]
    return store


def git_log_dates(repo: Path, *args: str) -> list[datetime]:
    """Author dates `git log` reports, newest first (the oracle these tests compare with)."""
    output = git(repo, "log", "--format=%at", *args)
    return [datetime.fromtimestamp(int(line), tz=timezone.utc) for line in output.split()]


@pytest.fixture(autouse=True)
def no_repository_above(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep git from finding a repository above tmp_path, so "outside a repository" holds anywhere."""
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))


@pytest.fixture
def project_repo(tmp_path: Path) -> Path:
    return build_project_repo(tmp_path)


def store_of(root: Path, entries: list[Entry]) -> Store:
    return Store(root=root, format="claude-code", entries=entries)


@pytest.mark.parametrize("rel", ["a.md", "new.md"])
def test_file_dates_and_counts_match_git_log_follow(project_repo: Path, rel: str) -> None:
    store = store_of(project_repo / "mem", [file_entry(rel)])
    history.annotate(store)
    entry = store.entries[0]
    oracle = git_log_dates(project_repo, "--follow", "--", f"mem/{rel}")
    assert (entry.created, entry.modified, entry.commits) == (min(oracle), max(oracle), len(oracle))
    assert entry.date_source == "git" and not entry.uncommitted


def test_rename_credits_the_old_name_commits(project_repo: Path) -> None:
    store = store_of(project_repo / "mem", [file_entry("new.md")])
    history.annotate(store)
    entry = store.entries[0]
    assert entry.created == utc("2026-01-10T10:00:00")
    assert entry.modified == utc("2026-06-01T12:00:00")
    assert entry.commits == 3


def test_authors_most_commits_first(project_repo: Path) -> None:
    commit_files(project_repo, {"mem/a.md": "a v3\n"}, "again", "2026-09-01T00:00:00Z")
    store = store_of(project_repo / "mem", [file_entry("a.md")])
    history.annotate(store)
    assert store.entries[0].authors == [TEST_IDENTITY["GIT_AUTHOR_NAME"], "Second Person"]


def test_sections_added_in_different_commits(project_repo: Path) -> None:
    store = notes_store(project_repo)
    history.annotate(store)
    first, second = store.entries
    for entry in (first, second):
        oracle = git_log_dates(project_repo, f"-L{entry.line},{entry.line_end}:mem/notes.md", "--no-patch")
        assert (entry.created, entry.modified, entry.commits) == (min(oracle), max(oracle), len(oracle))
        assert entry.date_source == "git"
    assert (first.created, first.modified, first.commits) == (utc("2026-02-01T08:00"), utc("2026-08-20T08:00"), 2)
    assert (second.created, second.modified, second.commits) == (utc("2026-06-15T08:00"), utc("2026-06-15T08:00"), 1)


def test_store_at_repo_root_and_in_subdirectory_agree(project_repo: Path) -> None:
    in_subdir = store_of(project_repo / "mem", [file_entry("a.md")])
    at_root = store_of(project_repo, [file_entry("mem/a.md")])
    history.annotate(in_subdir)
    history.annotate(at_root)
    assert (in_subdir.entries[0].created, in_subdir.entries[0].commits) == (
        at_root.entries[0].created,
        at_root.entries[0].commits,
    )
    assert in_subdir.history_source == "git"
    assert any("git repository" in note for note in in_subdir.notes)


def test_sibling_directory_sharing_the_name_prefix_is_not_counted(project_repo: Path) -> None:
    commit_files(project_repo, {"memory/a.md": "other store\n"}, "sibling store", "2026-10-10T00:00:00Z")
    commit_files(project_repo, {"mem-old/a.md": "older store\n"}, "another sibling", "2026-10-11T00:00:00Z")
    store = store_of(project_repo / "mem", [file_entry("a.md")])
    history.annotate(store)
    oracle = git_log_dates(project_repo, "--", "mem/a.md")
    assert (store.entries[0].modified, store.entries[0].commits) == (max(oracle), len(oracle))


def test_untracked_file_falls_back_and_is_uncommitted(project_repo: Path) -> None:
    (project_repo / "mem/fresh.md").write_text("new\n", encoding="utf-8")
    os.utime(project_repo / "mem/fresh.md", (1_700_000_000, 1_700_000_000))
    dated = file_entry("dated.md", created="2025-04-01", updated="2025-05-02")
    (project_repo / "mem/dated.md").write_text("---\ncreated: 2025-04-01\n---\n", encoding="utf-8")
    store = store_of(project_repo / "mem", [file_entry("fresh.md"), dated])
    history.annotate(store)
    fresh = store.entries[0]
    assert fresh.date_source == "mtime" and fresh.commits == 0 and fresh.uncommitted
    assert fresh.modified == datetime.fromtimestamp(1_700_000_000, tz=timezone.utc)
    assert (dated.created, dated.modified, dated.date_source) == (
        utc("2025-04-01T00:00"),
        utc("2025-05-02T00:00"),
        "frontmatter",
    )
    assert "2 untracked" in store.notes[-1]


def test_uncommitted_edit_of_tracked_file(project_repo: Path) -> None:
    target = project_repo / "mem/a.md"
    target.write_text("a local edit\n", encoding="utf-8")
    os.utime(target, (1_800_000_000, 1_800_000_000))
    store = store_of(project_repo / "mem", [file_entry("a.md")])
    history.annotate(store)
    entry = store.entries[0]
    assert entry.uncommitted and entry.date_source == "git+worktree"
    assert entry.modified == datetime.fromtimestamp(1_800_000_000, tz=timezone.utc)
    assert entry.created == utc("2026-01-10T10:00") and entry.commits == 2


def test_uncommitted_edit_of_one_section(project_repo: Path) -> None:
    notes = project_repo / "mem/notes.md"
    notes.write_text(NOTES_V3.replace("- beta one\n", "- beta one, edited\n"), encoding="utf-8")
    os.utime(notes, (1_800_000_000, 1_800_000_000))
    store = notes_store(project_repo)
    history.annotate(store)
    first, second = store.entries
    assert not first.uncommitted and first.date_source == "git"
    assert first.modified == utc("2026-08-20T08:00")
    assert second.uncommitted and second.date_source == "git+worktree"
    assert second.modified == datetime.fromtimestamp(1_800_000_000, tz=timezone.utc)
    assert second.created == utc("2026-06-15T08:00")


def test_new_uncommitted_section(project_repo: Path) -> None:
    notes = project_repo / "mem/notes.md"
    notes.write_text(NOTES_V3 + "\n## 2026-11-01 - Third\n- gamma\n", encoding="utf-8")
    store = notes_store(project_repo)
    history.annotate(store)
    third = store.get("notes.md#3")
    assert third is not None
    assert third.uncommitted and third.commits == 0 and third.date_source == "git+worktree"
    assert third.created == utc("2026-11-01T00:00")
    assert not store.entries[0].uncommitted and not store.entries[1].uncommitted


@pytest.mark.parametrize(
    ("fields", "section_date", "expected_source", "expected_created", "expected_modified"),
    [
        ({"created": "2025-01-02", "updated": "2025-03-04"}, None, "frontmatter", "2025-01-02", "2025-03-04"),
        ({"date": "2025-06-07"}, None, "frontmatter", "2025-06-07", "2025-06-07"),
        (
            {"metadata": {"modified": "2025-08-09T10:00:00+02:00"}},
            None,
            "frontmatter",
            "2025-08-09T08:00",
            "2025-08-09T08:00",
        ),
        ({}, utc("2025-10-11T00:00"), "section-date", "2025-10-11", "2025-10-11"),
        ({"created": "not a date"}, None, "mtime", "2023-11-14T22:13:20", "2023-11-14T22:13:20"),
    ],
)
def test_store_outside_a_repository_uses_fallbacks(
    tmp_path: Path,
    fields: dict,
    section_date: datetime | None,
    expected_source: str,
    expected_created: str,
    expected_modified: str,
) -> None:
    root = tmp_path / "plain"
    root.mkdir()
    (root / "x.md").write_text("body\n", encoding="utf-8")
    os.utime(root / "x.md", (1_700_000_000, 1_700_000_000))
    entry = Entry(id="x.md", path="x.md", fields=fields, date=section_date)
    store = store_of(root, [entry])
    history.annotate(store)
    assert store.history_source == "not a git repository"
    assert (entry.date_source, entry.created, entry.modified) == (
        expected_source,
        utc(expected_created),
        utc(expected_modified),
    )
    assert entry.commits == 0 and not entry.uncommitted
    assert "not a git repository" in store.notes[-1]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown the repository")
def test_repository_git_refuses_is_named_in_the_note(project_repo: Path) -> None:
    os.chown(project_repo / ".git", 54321, 54321)
    try:
        store = store_of(project_repo / "mem", [file_entry("a.md")])
        history.annotate(store)
    finally:
        os.chown(project_repo / ".git", 0, 0)
    assert store.history_source.startswith("git refused the repository")
    assert "dubious ownership" in store.notes[-1]
    assert store.entries[0].date_source == "mtime"


def test_shallow_clone_says_so(project_repo: Path, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", project_repo.resolve().as_uri(), str(clone)],
        check=True,
        capture_output=True,
    )
    store = notes_store(clone)
    store.entries.insert(0, file_entry("a.md"))
    history.annotate(store)
    assert store.history_source == "git (shallow clone)"
    assert "shallow clone: dates may be too recent" in store.notes[-1]
    head_date = git_log_dates(clone, "-1")[0]
    assert all(entry.created == head_date and entry.commits == 1 for entry in store.entries)


def test_missing_git_binary(project_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty_bin = tmp_path / "empty-bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    store = notes_store(project_repo)
    store.entries.insert(0, file_entry("a.md"))
    history.annotate(store)
    assert store.history_source == "git not installed"
    a_entry, first, second = store.entries
    assert a_entry.date_source == "mtime" and a_entry.commits == 0
    assert (first.date_source, first.created) == ("section-date", utc("2026-02-01T00:00"))
    assert second.created == utc("2026-03-01T00:00")
    assert history.entry_history(store, "a.md") == []


@pytest.mark.parametrize("name", ["日本語メモ.md", "café notes.md", 'quote"d.md'])
def test_non_ascii_and_odd_file_names(tmp_path: Path, name: str) -> None:
    repo = init_repo(tmp_path / "r")
    commit_files(repo, {f"mem/{name}": "one\n"}, "add", "2026-02-02T00:00:00Z")
    git(repo, "mv", f"mem/{name}", f"mem/renamed {name}")
    commit_files(repo, {}, "rename", "2026-03-03T00:00:00Z")
    commit_files(repo, {f"mem/renamed {name}": "two\n"}, "edit", "2026-04-04T00:00:00Z")
    store = store_of(repo / "mem", [file_entry(f"renamed {name}")])
    history.annotate(store)
    entry = store.entries[0]
    assert (entry.created, entry.modified, entry.commits) == (utc("2026-02-02T00:00"), utc("2026-04-04T00:00"), 3)


def test_project_context_entries_are_dated_from_the_project_repo(project_repo: Path, tmp_path: Path) -> None:
    commit_files(project_repo, {"CLAUDE.md": "- rule one\n- rule two\n"}, "rules", "2026-04-04T00:00:00Z")
    commit_files(project_repo, {"CLAUDE.md": "- rule one\n- rule two changed\n"}, "rules", "2026-05-05T00:00:00Z")
    outside = tmp_path / "claude-home" / "memory"
    outside.mkdir(parents=True)
    (outside / "m.md").write_text("x\n", encoding="utf-8")
    rules = [
        Entry(id="CLAUDE.md:L1", path="CLAUDE.md", kind="rule", line=1, line_end=1, origin="project"),
        Entry(id="CLAUDE.md:L2", path="CLAUDE.md", kind="rule", line=2, line_end=2, origin="project"),
    ]
    store = Store(root=outside, format="claude-code", project=project_repo, entries=[file_entry("m.md")], context=rules)
    history.annotate(store)
    assert store.history_source == "not a git repository"
    assert (rules[0].modified, rules[1].modified) == (utc("2026-04-04T00:00"), utc("2026-05-05T00:00"))
    assert any("project instructions" in note for note in store.notes)


def test_repository_without_commits_dates_from_files(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "empty")
    (repo / "mem").mkdir()
    (repo / "mem" / "x.md").write_text("---\ncreated: 2026-01-01\n---\n", encoding="utf-8")
    (repo / "mem" / "notes.md").write_text("## 2026-03-03 - One\n- a\n", encoding="utf-8")
    section = Entry(id="notes.md#1", path="notes.md", kind="section", line=1, line_end=2, date=utc("2026-03-03T00:00"))
    entries = [file_entry("x.md", created="2026-01-01"), section]
    store = store_of(repo / "mem", entries)
    history.annotate(store)
    assert store.history_source == "git"
    assert [(entry.date_source, entry.commits, entry.uncommitted) for entry in entries] == [
        ("frontmatter", 0, True),
        ("section-date", 0, True),
    ]
    assert "2 untracked" in store.notes[-1]
