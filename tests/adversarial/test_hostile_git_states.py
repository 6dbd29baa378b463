"""Item 6: git failures are failures — refuse before writing or roll back, exit non-zero with git's reason."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.adversarial.hostile import claude_store, commit_files, git, invoke, snapshot

NOW = ("--now", "2026-11-29")
STORE = ".claude/memory"


def _state(project: Path) -> tuple[dict[str, bytes], str, str]:
    """Store files, HEAD and the index, to compare before and after a refused op."""
    return snapshot(project / STORE), git(project, "rev-parse", "HEAD"), git(project, "ls-files", "-s")


def _conflicting_branch(project: Path) -> None:
    commit_files(project, {"README.md": "base\n"}, "base", "2026-03-02T10:00:00+00:00")
    git(project, "checkout", "-q", "-b", "other")
    commit_files(project, {"README.md": "other side\n"}, "other", "2026-03-03T10:00:00+00:00")
    git(project, "checkout", "-q", "main")
    commit_files(project, {"README.md": "main side\n"}, "main", "2026-03-04T10:00:00+00:00")


def _merge_in_progress(project: Path) -> None:
    _conflicting_branch(project)
    subprocess.run(["git", "merge", "-q", "other"], cwd=project, capture_output=True, check=False)
    assert (project / ".git" / "MERGE_HEAD").exists()


def _rebase_in_progress(project: Path) -> None:
    _conflicting_branch(project)
    subprocess.run(["git", "rebase", "other"], cwd=project, capture_output=True, check=False)
    assert (project / ".git" / "rebase-merge").exists() or (project / ".git" / "rebase-apply").exists()


def _cherry_pick_in_progress(project: Path) -> None:
    _conflicting_branch(project)
    subprocess.run(["git", "cherry-pick", "other"], cwd=project, capture_output=True, check=False)
    assert (project / ".git" / "CHERRY_PICK_HEAD").exists()


def _index_lock(project: Path) -> None:
    (project / ".git" / "index.lock").write_bytes(b"")


def _skip_worktree(project: Path) -> None:
    git(project, "update-index", "--skip-worktree", f"{STORE}/blog_cadence.md")


def _assume_unchanged(project: Path) -> None:
    git(project, "update-index", "--assume-unchanged", f"{STORE}/blog_cadence.md")


REFUSED_BEFORE_WRITING = {
    "merge": (_merge_in_progress, "merge is in progress"),
    "rebase": (_rebase_in_progress, "rebase"),
    "cherry-pick": (_cherry_pick_in_progress, "cherry-pick"),
    "index.lock": (_index_lock, "index.lock"),
    "skip-worktree": (_skip_worktree, "skip-worktree"),
    "assume-unchanged": (_assume_unchanged, "assume-unchanged"),
}


@pytest.mark.parametrize("op", ["review", "expire"])
@pytest.mark.parametrize("state", sorted(REFUSED_BEFORE_WRITING))
def test_a_git_state_that_cannot_take_the_commit_refuses_before_writing(tmp_path: Path, state: str, op: str) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    make_state, reason = REFUSED_BEFORE_WRITING[state]
    make_state(project)
    before = _state(project)
    result = invoke(op, "blog_cadence.md", "--store", str(root), *NOW)
    assert result.exit_code == 1, result.output
    assert reason in result.output
    assert "Traceback" not in result.output
    assert _state(project) == before


def test_a_commit_that_fails_rolls_the_files_back(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    git(project, "config", "commit.gpgsign", "true")
    git(project, "config", "gpg.program", "/bin/false")
    before = _state(project)
    result = invoke("expire", "deploy_freeze.md", "--store", str(root), *NOW)
    assert result.exit_code == 1, result.output
    assert "put back" in result.output and "gpg" in result.output.lower()
    assert _state(project) == before
    assert git(project, "status", "--porcelain", "--untracked-files=all") == ""


def test_recording_uncommitted_changes_failing_stops_the_op(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    user_edit = (root / "blog_cadence.md").read_text() + "A line the user has not committed yet.\n"
    (root / "blog_cadence.md").write_text(user_edit)
    git(project, "config", "commit.gpgsign", "true")
    git(project, "config", "gpg.program", "/bin/false")
    head = git(project, "rev-parse", "HEAD")
    result = invoke("review", "blog_cadence.md", "--store", str(root), *NOW)
    assert result.exit_code == 1, result.output
    assert "uncommitted" in result.output
    assert (root / "blog_cadence.md").read_text() == user_edit
    assert git(project, "rev-parse", "HEAD") == head


def test_a_gitignored_archive_refuses_a_partial_commit(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    commit_files(
        project, {".gitignore": ".claude/memory/.archive/\n"}, "ignore the archive", "2026-03-02T10:00:00+00:00"
    )
    before = _state(project)
    result = invoke("expire", "deploy_freeze.md", "--store", str(root), *NOW)
    assert result.exit_code == 1, result.output
    assert "ignores" in result.output
    assert _state(project) == before


def test_detached_head_warns_and_commits(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    git(project, "checkout", "-q", "--detach")
    result = invoke("review", "blog_cadence.md", "--store", str(root), *NOW)
    assert result.exit_code == 0, result.output
    assert "detached" in result.output
    assert "review blog_cadence.md" in git(project, "log", "-1", "--format=%s")


@pytest.mark.parametrize("hook", ["pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "post-index-change"])
def test_hooks_never_run_for_curator_commits(tmp_path: Path, hook: str) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    marker = tmp_path / f"{hook}-ran"
    script = project / ".git" / "hooks" / hook
    script.write_text(f"#!/bin/sh\necho ran > '{marker}'\necho hacked >> '{root / 'blog_cadence.md'}'\n")
    script.chmod(0o755)
    result = invoke("review", "blog_cadence.md", "--store", str(root), *NOW)
    assert result.exit_code == 0, result.output
    assert not marker.exists()
    assert "hacked" not in (root / "blog_cadence.md").read_text()


def test_hooks_path_config_is_ignored_too(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    marker = tmp_path / "ran"
    (hooks / "post-commit").write_text(f"#!/bin/sh\necho ran > '{marker}'\n")
    (hooks / "post-commit").chmod(0o755)
    git(project, "config", "core.hooksPath", str(hooks))
    assert invoke("review", "blog_cadence.md", "--store", str(root), *NOW).exit_code == 0
    assert not marker.exists()


def test_paths_go_to_git_literally(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    files = {
        "MEMORY.md": "# Memory\n- [glob](%5Bab%5D%2A.md) — g\n- [a](ax.md) — a\n- [b](b.md) — b\n",
        "[ab]*.md": "---\nname: glob\ndescription: g\ntype: project\n---\nA file with glob characters.\n",
        "ax.md": "---\nname: ax\ndescription: a\ntype: project\n---\nAx.\n",
        "b.md": "---\nname: b\ndescription: b\ntype: project\n---\nB.\n",
    }
    root = claude_store(project, files=files)
    (root / "ax.md").write_text(files["ax.md"] + "uncommitted user work\n")
    (root / "b.md").write_text(files["b.md"] + "uncommitted user work\n")
    result = invoke("review", "[ab]*.md", "--store", str(root), *NOW)
    assert result.exit_code == 0, result.output
    changed = git(project, "log", "--format=", "--name-only", "HEAD~1..HEAD").split()
    assert changed == [f"{STORE}/[ab]*.md"]
    dirty = git(project, "status", "--porcelain").splitlines()
    assert sorted(line[3:] for line in dirty) == [f"{STORE}/ax.md", f"{STORE}/b.md"]


def _can_mount() -> bool:
    return os.geteuid() == 0 and subprocess.run(["which", "mount"], capture_output=True).returncode == 0


def test_read_only_git_dir_refuses_before_writing(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    git_dir = project / ".git"
    if os.geteuid() != 0:
        for path in [git_dir, *git_dir.rglob("*")]:
            if path.is_dir():
                path.chmod(0o555)
    else:
        mounted = subprocess.run(["mount", "--bind", "-o", "ro", str(git_dir), str(git_dir)], capture_output=True)
        if mounted.returncode != 0:
            pytest.skip(f"cannot bind-mount read-only here: {mounted.stderr.decode().strip()}")
        remounted = subprocess.run(["mount", "-o", "remount,bind,ro", str(git_dir)], capture_output=True)
        if remounted.returncode != 0:
            subprocess.run(["umount", str(git_dir)], capture_output=True)
            pytest.skip("cannot remount read-only here")
    try:
        before = snapshot(root)
        result = invoke("review", "blog_cadence.md", "--store", str(root), *NOW)
        assert result.exit_code == 1, result.output
        assert "writable" in result.output or "read-only" in result.output
        assert snapshot(root) == before
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", str(git_dir)], capture_output=True)
        else:
            for path in [git_dir, *git_dir.rglob("*")]:
                if path.is_dir():
                    path.chmod(0o755)


def test_a_review_session_whose_commit_fails_puts_every_file_back(tmp_path: Path) -> None:
    from datetime import date

    from curator import ops
    from curator.scan import load_store

    project = tmp_path / "proj"
    root = claude_store(project)
    git(project, "config", "commit.gpgsign", "true")
    git(project, "config", "gpg.program", "/bin/false")
    before = _state(project)
    store = load_store(root)
    with pytest.raises(ops.OpError, match="put back"):
        with ops.session(store, "review 2026-11-29 — 2 kept, 1 expired") as batch:
            batch.review("blog_cadence.md", on=date(2026, 11, 29))
            batch.review("cadence_again.md", on=date(2026, 11, 29))
            batch.expire("deploy_freeze.md", reason="deadline passed", now=date(2026, 11, 29))
    assert _state(project) == before
