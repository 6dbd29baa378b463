"""`curator sync` with a local bare repository as the remote and two stores as two machines."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from curator.scan import run_scan
from curator.sync.index_merge import merge_index
from tests.support.gitrepo import git, init_repo

TOPIC = "---\nname: {name}\ndescription: {name} topic\ntype: project\n---\n\n{body}\n"


def machine(root: Path, name: str, remote_url: str) -> tuple[Path, Path]:
    """A checkout of the same project (same origin URL) and its own memory store outside it."""
    project = init_repo(root / f"checkout-{name}")
    git(project, "remote", "add", "origin", remote_url)
    store = root / f"home-{name}" / "memory"
    store.mkdir(parents=True)
    (store / "shared.md").write_text(TOPIC.format(name="shared", body="Shared fact."), encoding="utf-8")
    (store / "MEMORY.md").write_text("- [Shared](shared.md) — shared\n", encoding="utf-8")
    return project, store


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def machines(tmp_path: Path) -> tuple[Path, Path, Path, Path, Path]:
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    project_a, store_a = machine(tmp_path, "a", "git@github.com:Org/Blog.git")
    project_b, store_b = machine(tmp_path, "b", "https://github.com/Org/Blog")
    assert "memory/github.com/Org/Blog" in run("sync", str(store_a), "--project", str(project_a), "--init", str(remote))
    run("sync", str(store_b), "--project", str(project_b), "--init", str(remote))
    return remote, project_a, store_a, project_b, store_b


def files(store: Path) -> dict[str, bytes]:
    return {
        path.relative_to(store).as_posix(): path.read_bytes()
        for path in store.rglob("*.md")
        if ".git" not in path.parts
    }


def test_two_machines_add_edit_and_delete_then_end_with_the_same_store(machines) -> None:
    remote, project_a, store_a, project_b, store_b = machines
    (store_a / "from_a.md").write_text(TOPIC.format(name="from_a", body="Learned on A."), encoding="utf-8")
    with (store_a / "MEMORY.md").open("a", encoding="utf-8") as handle:
        handle.write("- [From A](from_a.md) — a\n")
    run("sync", str(store_a), "--project", str(project_a))
    (store_b / "from_b.md").write_text(TOPIC.format(name="from_b", body="Learned on B."), encoding="utf-8")
    with (store_b / "MEMORY.md").open("a", encoding="utf-8") as handle:
        handle.write("- [From B](from_b.md) — b\n")
    run("sync", str(store_b), "--project", str(project_b))
    run("sync", str(store_a), "--project", str(project_a))
    assert files(store_a) == files(store_b)
    index = (store_a / "MEMORY.md").read_text()
    assert index.count("(shared.md)") == 1 and "(from_a.md)" in index and "(from_b.md)" in index
    (store_b / "from_a.md").unlink()
    (store_b / "MEMORY.md").write_text(index.replace("- [From A](from_a.md) — a\n", ""), encoding="utf-8")
    (store_a / "shared.md").write_text(TOPIC.format(name="shared", body="Shared fact, edited on A."), encoding="utf-8")
    run("sync", str(store_b), "--project", str(project_b))
    run("sync", str(store_a), "--project", str(project_a))
    run("sync", str(store_b), "--project", str(project_b))
    assert files(store_a) == files(store_b)
    assert "from_a.md" not in files(store_a) and b"edited on A" in files(store_a)["shared.md"]
    assert git(remote, "branch", "--list").split() == ["memory/github.com/Org/Blog"]


def test_a_conflicting_edit_keeps_both_sides_and_shows_in_the_conflicts_view(machines) -> None:
    _remote, project_a, store_a, project_b, store_b = machines
    run("sync", str(store_a), "--project", str(project_a))
    run("sync", str(store_b), "--project", str(project_b))
    (store_a / "shared.md").write_text(TOPIC.format(name="shared", body="A says 4 posts a week."), encoding="utf-8")
    (store_b / "shared.md").write_text(TOPIC.format(name="shared", body="B says 6 posts a week."), encoding="utf-8")
    run("sync", str(store_a), "--project", str(project_a))
    output = run("sync", str(store_b), "--project", str(project_b))
    assert "shared.md" in output and "side by side" in output
    kept = {name: data for name, data in files(store_b).items() if name.startswith("shared")}
    assert kept["shared.md"] == TOPIC.format(name="shared", body="B says 6 posts a week.").encode()
    [conflict_copy] = [name for name in kept if ".sync-conflict-" in name]
    assert kept[conflict_copy] == TOPIC.format(name="shared", body="A says 4 posts a week.").encode()
    assert git(store_b, "status", "--porcelain") == ""
    findings = [finding for finding in run_scan(store_b).findings if finding.rule == "sync-conflict"]
    assert [finding.entries for finding in findings] == [["shared.md", conflict_copy]]


def test_an_unreachable_remote_fails_clearly_and_leaves_the_store_untouched(machines, tmp_path: Path) -> None:
    _remote, project_a, store_a, _project_b, _store_b = machines
    run("sync", str(store_a), "--project", str(project_a), "--init", str(tmp_path / "gone.git"))
    (store_a / "shared.md").write_text(TOPIC.format(name="shared", body="Local edit."), encoding="utf-8")
    head = git(store_a, "rev-parse", "HEAD")
    before = files(store_a)
    result = CliRunner().invoke(main, ["sync", str(store_a), "--project", str(project_a)])
    assert result.exit_code == 1 and "unreachable" in result.output
    assert files(store_a) == before and git(store_a, "rev-parse", "HEAD") == head


def test_a_store_inside_the_project_repository_is_refused(tmp_path: Path) -> None:
    project = init_repo(tmp_path / "project")
    store = project / ".claude" / "memory"
    store.mkdir(parents=True)
    (store / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (store / "a.md").write_text(TOPIC.format(name="a", body="A."), encoding="utf-8")
    result = CliRunner().invoke(main, ["sync", str(store), "--init", str(tmp_path / "remote.git")])
    assert result.exit_code == 1 and "part of the repository" in result.output


@pytest.mark.parametrize(
    ("base", "ours", "theirs", "merged"),
    [
        (
            "- [A](a.md)\n",
            "- [A](a.md)\n- [B](b.md)\n",
            "- [A](a.md)\n- [C](c.md)\n",
            "- [A](a.md)\n- [B](b.md)\n- [C](c.md)\n",
        ),
        ("- [A](a.md)\n- [B](b.md)\n", "- [A](a.md)\n- [B](b.md)\n", "- [A](a.md)\n", "- [A](a.md)\n"),
        ("", "- [A](a.md) — one\n", "- [A](a.md) — other hook\n", "- [A](a.md) — one\n"),
        ("", "- [A](a.md)\r\n", "- [B](b.md)\r\n", "- [A](a.md)\r\n- [B](b.md)\r\n"),
    ],
)
def test_index_union(base: str, ours: str, theirs: str, merged: str) -> None:
    assert merge_index(base, ours, theirs) == merged
