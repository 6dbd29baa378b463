"""Safety of every op: atomic writes, refusals on changed files, path-only commits, identity, no-git, undo, track."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

from curator import ops
from curator.ops import io as ops_io
from curator.scan import load_store
from tests.support.gitrepo import commit_files, git, init_repo
from tests.support.ops_stores import (
    DAY1,
    NOTES_TEXT,
    claude_store,
    commit_count,
    head_paths,
    head_subject,
    notes_store,
    snapshot,
    status,
)

TODAY = date(2026, 11, 29)


def test_atomic_write_replaces_content_and_keeps_mode(tmp_path: Path) -> None:
    target = tmp_path / "a.md"
    target.write_bytes(b"old")
    target.chmod(0o640)
    ops.atomic_write(target, b"new bytes")
    assert target.read_bytes() == b"new bytes"
    assert (target.stat().st_mode & 0o777) == 0o640
    assert [path.name for path in tmp_path.iterdir()] == ["a.md"]


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_atomic_write_failure_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "a.md"
    target.write_bytes(b"original")

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    if failing == "write":
        monkeypatch.setattr(ops_io.os, "fdopen", lambda *a, **k: (_ for _ in ()).throw(OSError(28, "disk full")))
    else:
        monkeypatch.setattr(ops_io.os, failing, boom)
    with pytest.raises(OSError):
        ops.atomic_write(target, b"replacement")
    assert target.read_bytes() == b"original"
    assert [path.name for path in tmp_path.iterdir()] == ["a.md"]


def _fail_on_call(monkeypatch: pytest.MonkeyPatch, name: str, failing_call: int) -> list[int]:
    """Make os.<name> raise on its `failing_call`-th call; return the call counter."""
    real = getattr(os, name)
    calls = [0]

    def flaky(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        if calls[0] == failing_call:
            raise OSError(5, f"injected {name} failure")
        return real(*args, **kwargs)

    monkeypatch.setattr(ops_io.os, name, flaky)
    return calls


@pytest.mark.parametrize("name", ["replace", "fsync", "unlink"])
@pytest.mark.parametrize("failing_call", [1, 2, 3, 4, 5, 6])
def test_a_failure_at_any_step_of_expire_leaves_every_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, failing_call: int
) -> None:
    root = claude_store(tmp_path / "proj")
    before = snapshot(root)
    store = load_store(root)
    calls = _fail_on_call(monkeypatch, name, failing_call)
    try:
        ops.expire(store, "deploy_freeze.md", reason="passed", now=TODAY)
    except ops.OpError as error:
        assert "injected" in str(error) and "nothing was changed" in str(error)
        monkeypatch.undo()
        assert snapshot(root) == before
        assert not (root / ".archive").exists()
        return
    assert calls[0] < failing_call, "the op succeeded although the injected failure fired"
    assert not (root / "deploy_freeze.md").exists()


def test_a_failing_merge_write_puts_everything_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = claude_store(tmp_path / "proj")
    before = snapshot(root)
    store = load_store(root)
    _fail_on_call(monkeypatch, "replace", 4)
    with pytest.raises(ops.OpError, match="nothing was changed"):
        ops.merge(store, ["blog_cadence.md", "cadence_again.md"], name="cadence")
    monkeypatch.undo()
    assert snapshot(root) == before
    assert status(root.parent.parent) == ""


@pytest.mark.parametrize("changed", ["MEMORY.md", "deploy_freeze.md"])
def test_refuses_when_a_file_changed_on_disk_since_it_was_loaded(tmp_path: Path, changed: str) -> None:
    root = claude_store(tmp_path / "proj")
    store = load_store(root)
    (root / changed).write_bytes((root / changed).read_bytes() + b"\nadded by the agent\n")
    before = snapshot(root)
    with pytest.raises(ops.OpError, match=rf"^{changed} changed on disk since it was loaded"):
        ops.expire(store, "deploy_freeze.md", reason="passed", now=TODAY)
    assert snapshot(root) == before


def test_refuses_when_a_loaded_file_was_deleted(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    store = load_store(root)
    (root / "blog_cadence.md").unlink()
    with pytest.raises(ops.OpError, match="blog_cadence.md was deleted on disk"):
        ops.review(store, "blog_cadence.md", on=TODAY)


def test_restore_refuses_when_the_original_path_exists_again(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    expired = ops.expire(load_store(root), "blog_cadence.md", reason="old", now=TODAY)
    (root / "blog_cadence.md").write_text("a new memory with the same name\n", encoding="utf-8")
    before = snapshot(root)
    with pytest.raises(ops.OpError, match="blog_cadence.md exists again"):
        ops.restore(load_store(root), "blog_cadence.md")
    assert snapshot(root) == before
    assert expired.commit is not None


def test_expire_twice_keeps_both_archived_copies(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    first = ops.expire(load_store(root), "blog_cadence.md", reason="old", now=TODAY)
    (root / "blog_cadence.md").write_text("---\nname: blog-cadence\ntype: feedback\n---\nNew rule.\n", encoding="utf-8")
    second = ops.expire(load_store(root), "blog_cadence.md", reason="older", now=TODAY)
    assert (root / ".archive/blog_cadence.md").exists() and (root / ".archive/blog_cadence.2.md").exists()
    assert "-> .archive/blog_cadence.2.md" in second.message and first.commit != second.commit


def test_commits_only_the_paths_the_op_touched(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    commit_files(project, {"src/app.py": "print(1)\n", "README.md": "readme\n"}, "code", DAY1)
    (project / "src/app.py").write_text("print(2)\n", encoding="utf-8")
    git(project, "add", "src/app.py")
    (project / "src/app.py").write_text("print(3)\n", encoding="utf-8")
    (project / "README.md").write_text("readme, edited\n", encoding="utf-8")
    (project / "scratch.txt").write_text("untracked\n", encoding="utf-8")
    (root / "blog_cadence.md").write_bytes((root / "blog_cadence.md").read_bytes())
    staged_before = git(project, "diff", "--cached")
    unstaged_before = git(project, "diff")
    result = ops.expire(load_store(root), "deploy_freeze.md", reason="deadline 2026-04-15 passed", now=TODAY)
    assert head_paths(project) == sorted(
        [".claude/memory/.archive/deploy_freeze.md", ".claude/memory/MEMORY.md", ".claude/memory/deploy_freeze.md"]
    )
    assert git(project, "diff", "--cached") == staged_before
    assert git(project, "diff") == unstaged_before
    assert (project / "src/app.py").read_text(encoding="utf-8") == "print(3)\n"
    assert (project / "scratch.txt").exists()
    lines = status(project).splitlines()
    assert "MM src/app.py" in lines and " M README.md" in lines and "?? scratch.txt" in lines and len(lines) == 3
    assert result.commit == git(project, "rev-parse", "HEAD").strip()


def test_uncommitted_edits_to_a_touched_file_are_recorded_first_so_undo_is_exact(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    edited = (root / "MEMORY.md").read_text(encoding="utf-8") + "- [Later](later.md) — added by the agent\n"
    (root / "MEMORY.md").write_text(edited, encoding="utf-8")
    commits = commit_count(project)
    result = ops.expire(load_store(root), "deploy_freeze.md", reason="passed", now=TODAY)
    assert commit_count(project) == commits + 2
    assert any("recorded uncommitted changes" in note for note in result.notes)
    ops.undo(result.store)
    assert (root / "MEMORY.md").read_text(encoding="utf-8") == edited
    assert (root / "deploy_freeze.md").exists() and status(project) == ""


def _strip_identity(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    for variable in (
        "GIT_AUTHOR_NAME",
        "GIT_AUTHOR_EMAIL",
        "GIT_COMMITTER_NAME",
        "GIT_COMMITTER_EMAIL",
        "EMAIL",
        "GIT_CONFIG_GLOBAL",
        "XDG_CONFIG_HOME",
    ):
        monkeypatch.delenv(variable, raising=False)
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")


def test_falls_back_to_curator_identity_when_git_has_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = claude_store(tmp_path / "proj")
    _strip_identity(monkeypatch, tmp_path / "empty-home")
    ops.review(load_store(root), "blog_cadence.md", on=TODAY)
    author = git(root, "log", "-1", "--format=%an <%ae>|%cn <%ce>").strip()
    assert author == "curator <curator@localhost>|curator <curator@localhost>"


def test_uses_the_configured_identity(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    _strip_identity(monkeypatch, tmp_path / "empty-home")
    git(project, "config", "user.name", "Rita Reviewer")
    git(project, "config", "user.email", "rita@example.org")
    ops.review(load_store(root), "blog_cadence.md", on=TODAY)
    assert git(root, "log", "-1", "--format=%an <%ae>").strip() == "Rita Reviewer <rita@example.org>"


def test_without_git_every_op_still_works_and_the_archive_keeps_the_data(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj", git_repo=False)
    original = (root / "deploy_freeze.md").read_bytes()
    expired = ops.expire(load_store(root), "deploy_freeze.md", reason="passed", now=TODAY)
    assert expired.commit is None and "not in git: no commit" in expired.notes
    assert original.decode().split("---")[-1] in (root / ".archive/deploy_freeze.md").read_text(encoding="utf-8")
    merged = ops.merge(expired.store, ["blog_cadence.md", "cadence_again.md"], name="cadence")
    assert merged.commit is None
    assert (root / ".archive/blog_cadence.md").exists() and (root / ".archive/cadence_again.md").exists()
    restored = ops.restore(merged.store, "deploy_freeze.md")
    assert (root / "deploy_freeze.md").read_bytes() == original
    with pytest.raises(ops.OpError, match="not in git"):
        ops.undo(restored.store)


def test_without_a_git_binary_ops_still_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = notes_store(tmp_path / "proj", NOTES_TEXT, git_repo=False)
    monkeypatch.setenv("PATH", str(tmp_path / "no-bin"))
    result = ops.expire(load_store(root), "notes.md#2", reason="done", now=TODAY)
    assert result.commit is None
    assert "## 2026-07-02 - Cadence" in (root / "notes.archive.md").read_text(encoding="utf-8")
    ops.restore(result.store, "notes.md#2")
    assert (root / "notes.md").read_text(encoding="utf-8") == NOTES_TEXT


def test_undo_refuses_when_the_last_commit_is_not_curators(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    ops.review(load_store(root), "blog_cadence.md", on=TODAY)
    commit_files(project, {"notes.txt": "mine\n"}, "my own work", DAY1)
    before = snapshot(project)
    with pytest.raises(ops.OpError, match="is not a curator commit"):
        ops.undo(load_store(root))
    assert snapshot(project) == before


def test_undo_refuses_when_a_touched_file_has_uncommitted_changes(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    ops.review(load_store(root), "blog_cadence.md", on=TODAY)
    (root / "blog_cadence.md").write_text("edited after the review\n", encoding="utf-8")
    with pytest.raises(ops.OpError, match="blog_cadence.md has uncommitted changes"):
        ops.undo(load_store(root))
    assert (root / "blog_cadence.md").read_text(encoding="utf-8") == "edited after the review\n"


def test_undo_walks_back_and_redo_walks_forward(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    reviewed = ops.review(load_store(root), "blog_cadence.md", on=TODAY)
    stamped = (root / "blog_cadence.md").read_bytes()
    undone = ops.undo(reviewed.store)
    assert b"reviewed" not in (root / "blog_cadence.md").read_bytes()
    redone = ops.redo(undone.store)
    assert head_subject(project) == "curator: redo review blog_cadence.md — confirmed still true on 2026-11-29"
    assert redone.message.startswith("redo review")
    assert (root / "blog_cadence.md").read_bytes() == stamped
    ops.undo(redone.store)
    assert head_subject(project).startswith("curator: undo review blog_cadence.md")
    ops.redo(load_store(root))
    assert (root / "blog_cadence.md").read_bytes() == stamped
    assert status(project) == ""


def test_track_initialises_a_repo_and_commits_the_store(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj", git_repo=False)
    result = ops.track(root)
    assert (root / ".git").is_dir()
    assert head_subject(root) == f"curator: track {root}"
    assert status(root) == "" and len(result.changed) == 6
    again = ops.track(root)
    assert "already tracked" in again.message and again.commit is None
    with pytest.raises(ops.OpError, match="recorded files curator did not change"):
        ops.undo(load_store(root, format_name="claude-code"))


def test_track_commits_untracked_store_files_in_an_existing_repo_only(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    init_repo(project)
    commit_files(project, {"README.md": "x\n"}, "start", DAY1)
    root = claude_store(project / "sub", git_repo=False)
    (project / "other.txt").write_text("not memory\n", encoding="utf-8")
    ops.track(root)
    assert all(
        path.startswith("sub/.claude/memory/")
        for path in git(project, "show", "--name-only", "--format=", "HEAD").split()
    )
    assert "?? other.txt" in status(project)
    assert not (root / ".git").exists()


@pytest.mark.parametrize("op_name", ["track", "snapshot"])
def test_a_failed_track_or_snapshot_commit_leaves_nothing_staged(tmp_path: Path, op_name: str) -> None:
    from curator.ops.snapshot import snapshot

    project = tmp_path / "proj"
    init_repo(project)
    commit_files(project, {"README.md": "x\n"}, "start", DAY1)
    root = claude_store(project / "sub", git_repo=False)
    git(project, "config", "commit.gpgsign", "true")
    git(project, "config", "gpg.program", "/bin/false")
    head = git(project, "rev-parse", "HEAD")
    with pytest.raises(Exception, match="gpg"):
        (ops.track if op_name == "track" else snapshot)(root)
    assert git(project, "rev-parse", "HEAD") == head
    assert git(project, "diff", "--cached", "--name-only") == ""
    assert all(line.startswith("??") for line in status(project).splitlines())


def test_track_a_notes_file_tracks_its_directory_and_keeps_the_format(tmp_path: Path) -> None:
    root = notes_store(tmp_path / "agent" / "memory", NOTES_TEXT, git_repo=False)
    (root / "notes.archive.md").write_text("## 2026-01-01 - Old\n- gone\n", encoding="utf-8")
    result = ops.track(root / "notes.md")
    assert (root / ".git").is_dir()
    assert sorted(result.changed) == ["notes.archive.md", "notes.md"]
    assert result.store.format == "notes"


@pytest.mark.parametrize(
    "message",
    ["curator: expire a.md — deadline passed", "curator: review 2026-11-29 — 1 kept\n\nkept a.md"],
)
def test_short_commit_messages_are_left_alone(message: str) -> None:
    from curator.ops.git import commit_message

    assert commit_message(message) == message


def test_a_long_commit_subject_is_cut_and_kept_whole_in_the_body() -> None:
    from curator.ops.git import SUBJECT_MAX_CHARS, commit_message

    long_subject = "curator: fix a.md — " + "memory says 58 entries under posts/short/; ls finds 41 " * 5
    subject, blank, body = commit_message(long_subject + "\nmore").split("\n", 2)
    assert len(subject) == SUBJECT_MAX_CHARS and subject.endswith("…")
    assert blank == ""
    assert body == long_subject + "\nmore"
