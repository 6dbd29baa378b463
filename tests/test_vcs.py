"""The one git layer: one GitError, a hook's GIT_DIR never redirects curator, GitPython discovery and config."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator import vcs
from curator.history import git as history_git
from curator.ops import git as ops_git
from tests.support.gitrepo import commit_files, git, init_repo


def test_history_and_ops_raise_the_same_git_error() -> None:
    assert history_git.GitError is ops_git.GitError is vcs.GitError


def test_a_hooks_git_dir_and_index_do_not_redirect_curator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ours = init_repo(tmp_path / "ours")
    theirs = init_repo(tmp_path / "theirs")
    commit_files(ours, {"a.md": "ours\n"}, "ours", "2026-01-01T00:00:00+00:00")
    commit_files(theirs, {"b.md": "theirs\n"}, "theirs", "2026-01-01T00:00:00+00:00")
    monkeypatch.setenv("GIT_DIR", str(theirs / ".git"))
    monkeypatch.setenv("GIT_INDEX_FILE", str(theirs / ".git" / "index"))
    toplevel = vcs.run(ours, "rev-parse", "--show-toplevel").decode().strip()
    assert Path(toplevel).resolve() == ours.resolve()
    assert vcs.run(ours, "log", "--format=%s", work_tree=vcs.work_tree(ours)) == b"ours\n"


@pytest.mark.parametrize(("where", "found"), [("ours/a/b", "ours"), ("ours", "ours"), ("loose", None)])
def test_work_tree_is_found_from_inside_and_none_outside(tmp_path: Path, where: str, found: str | None) -> None:
    init_repo(tmp_path / "ours")
    (tmp_path / where).mkdir(parents=True, exist_ok=True)
    root = vcs.work_tree(tmp_path / where)
    assert root == ((tmp_path / found).resolve() if found else None)


def test_config_is_read_as_git_resolves_it(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "ours")
    git(repo, "config", "user.name", "Repo Person")
    assert vcs.config_value(repo, "user", "name") == "Repo Person"
    assert vcs.config_value(repo, "user", "no-such-option") == ""


def test_a_failure_names_the_subcommand_and_gits_complaint(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "ours")
    commit_files(repo, {"a.md": "a\n"}, "first", "2026-01-01T00:00:00+00:00")
    for work_tree in (None, vcs.work_tree(repo)):
        with pytest.raises(vcs.GitError, match=r"^git show failed: .*no-such-file"):
            vcs.run(repo, "show", "HEAD:no-such-file.md", work_tree=work_tree)
    with pytest.raises(vcs.GitError, match=r"^git log failed: not a git repository"):
        vcs.run(tmp_path, "log")


@pytest.mark.parametrize("pinned", [False, True])
def test_standard_input_reaches_git_with_and_without_a_known_work_tree(tmp_path: Path, pinned: bool) -> None:
    repo = init_repo(tmp_path / "repo")
    work_tree = vcs.work_tree(repo) if pinned else None
    hello, empty = "ce013625030ba8dba906f756967f9e9ca394464a", "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
    assert vcs.run(repo, "hash-object", "--stdin", stdin=b"hello\n", work_tree=work_tree).decode().strip() == hello
    assert vcs.run(repo, "hash-object", "--stdin", work_tree=work_tree).decode().strip() == empty
