"""history.entry_history: commits newest first with the entry's own diff, on real repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator import formats, history
from curator.history.changes import UnknownEntry, map_range_to_head
from curator.model import Entry, Store
from tests.support.gitrepo import commit_files, git, init_repo
from tests.support.history_repos import NOTES_V3, build_project_repo


@pytest.fixture(autouse=True)
def no_repository_above(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep git from finding a repository above tmp_path, so "outside a repository" holds anywhere."""
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))


@pytest.fixture
def project_repo(tmp_path: Path) -> Path:
    return build_project_repo(tmp_path)


def file_store(repo: Path, rel: str) -> Store:
    return Store(root=repo / "mem", format="claude-code", entries=[Entry(id=rel, path=rel, kind="file")])


def subjects(changes: list[history.Change]) -> list[str]:
    return [change.subject for change in changes]


def test_file_history_follows_renames_newest_first(project_repo: Path) -> None:
    changes = history.entry_history(file_store(project_repo, "new.md"), "new.md")
    oracle = git(project_repo, "log", "--follow", "--format=%H%x09%s", "--", "mem/new.md").splitlines()
    assert [f"{change.sha}\t{change.subject}" for change in changes] == oracle
    assert subjects(changes) == ["grow new", "rename old to new", "start"]
    assert [change.date for change in changes] == sorted((change.date for change in changes), reverse=True)
    assert "+more" in changes[0].diff.splitlines()
    assert changes[0].short_sha and changes[0].sha.startswith(changes[0].short_sha)
    assert not any(change.uncommitted for change in changes)


def test_section_history_has_only_its_own_lines(project_repo: Path) -> None:
    store = formats.detect(project_repo / "mem" / "notes.md")
    first = history.entry_history(store, "notes.md#1")
    second = history.entry_history(store, "notes.md#2")
    assert subjects(first) == ["revise first section", "notes first section"]
    assert subjects(second) == ["notes second section"]
    assert "+- alpha two, revised" in first[0].diff.splitlines()
    assert "-- alpha two" in first[0].diff.splitlines()
    assert "beta" not in first[0].diff and "beta" not in first[1].diff
    assert "+- beta one" in second[0].diff.splitlines() and "alpha" not in second[0].diff


def test_uncommitted_section_edit_comes_first_and_lines_are_mapped(project_repo: Path) -> None:
    notes = project_repo / "mem" / "notes.md"
    edited = NOTES_V3.replace("- alpha one\n", "- alpha zero\n- alpha one\n").replace("- beta one\n", "- beta two\n")
    notes.write_text(edited, encoding="utf-8")
    store = formats.detect(notes)
    second = history.entry_history(store, "notes.md#2")
    assert second[0].uncommitted and second[0].short_sha == "worktree" and second[0].sha == ""
    assert "+- beta two" in second[0].diff.splitlines() and "-- beta one" in second[0].diff.splitlines()
    assert "alpha" not in second[0].diff
    assert subjects(second[1:]) == ["notes second section"]


def test_uncommitted_file_edit_comes_first(project_repo: Path) -> None:
    (project_repo / "mem" / "a.md").write_text("a local\n", encoding="utf-8")
    changes = history.entry_history(file_store(project_repo, "a.md"), "a.md")
    assert changes[0].uncommitted and "+a local" in changes[0].diff.splitlines()
    assert subjects(changes[1:]) == ["edit a", "start"]
    assert changes[1].author == "Second Person"


def test_untracked_and_outside_a_repository_have_no_history(project_repo: Path, tmp_path: Path) -> None:
    (project_repo / "mem" / "loose.md").write_text("x\n", encoding="utf-8")
    assert history.entry_history(file_store(project_repo, "loose.md"), "loose.md") == []
    plain = tmp_path / "plain" / "mem"
    plain.mkdir(parents=True)
    (plain / "x.md").write_text("x\n", encoding="utf-8")
    assert history.entry_history(file_store(plain.parent, "x.md"), "x.md") == []


def test_unknown_id_raises(project_repo: Path) -> None:
    with pytest.raises(UnknownEntry):
        history.entry_history(file_store(project_repo, "a.md"), "nope.md")


def test_non_ascii_file_history(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r")
    commit_files(repo, {"mem/メモ.md": "一\n"}, "add", "2026-02-02T00:00:00Z")
    commit_files(repo, {"mem/メモ.md": "一\n二\n"}, "more", "2026-03-02T00:00:00Z")
    changes = history.entry_history(file_store(repo, "メモ.md"), "メモ.md")
    assert subjects(changes) == ["more", "add"] and "+二" in changes[0].diff.splitlines()


@pytest.mark.parametrize(
    ("head", "work", "first", "last", "expected"),
    [
        (["a", "b", "c"], ["a", "b", "c"], 2, 3, (2, 3)),
        (["a", "b", "c"], ["new", "a", "b", "c"], 3, 4, (2, 3)),
        (["a", "b", "c", "d"], ["a", "d"], 1, 2, (1, 4)),
        (["a", "b", "c"], ["a", "B", "c"], 2, 2, (2, 2)),
        (["a", "b"], ["a", "b", "x", "y"], 3, 4, None),
        (["a", "b", "c"], ["a", "c"], 2, 2, (3, 3)),
    ],
)
def test_map_range_to_head(head: list[str], work: list[str], first: int, last: int, expected: tuple | None) -> None:
    assert map_range_to_head(head, work, first, last) == expected


def test_file_history_stops_where_the_file_was_copied_from_another(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "repo")
    log_text = "# day one\n\n- Reviewed the publishing queue.\n- Drafted the weekly summary.\n"
    commit_files(repo, {"mem/a.md": log_text}, "first log", "2026-10-01T10:00:00+00:00")
    commit_files(repo, {"mem/b.md": log_text.replace("day one", "day two")}, "second log", "2026-11-01T10:00:00+00:00")
    changes = history.entry_history(file_store(repo, "b.md"), "b.md")
    assert subjects(changes) == ["second log"]
