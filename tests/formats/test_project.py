"""Which project a store is about: --project, the current directory, the decoded store name, the git root."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator import formats
from curator.cli import main
from curator.demo import build_demo
from curator.formats.project import (
    decode_project_name,
    encode_project_path,
    resolve_project,
)
from tests.support.gitrepo import git, init_repo

NOW = "2026-11-29T12:00:00Z"


@pytest.mark.parametrize(
    ("dirs", "target", "expected"),
    [
        (["proj"], "proj", ["proj"]),
        (["my_repo", "my.repo2"], "my_repo", ["my_repo"]),
        (["a/b-c/.hidden/x"], "a/b-c/.hidden/x", ["a/b-c/.hidden/x"]),
        (["spec-rl", "spec/rl"], "spec-rl", ["spec-rl", "spec/rl"]),
        (["other"], "gone", []),
    ],
)
def test_decode_walks_the_filesystem_and_reports_every_match(
    tmp_path: Path, dirs: list[str], target: str, expected: list[str]
) -> None:
    for rel in dirs:
        (tmp_path / rel).mkdir(parents=True)
    (tmp_path / "proj-file").write_text("a file never matches\n", encoding="utf-8")
    name = encode_project_path(tmp_path / target)
    assert decode_project_name(name, root=tmp_path.parent.parent) == sorted(tmp_path / rel for rel in expected)


def _home_store(home: Path, project: Path) -> Path:
    store = home / ".claude" / "projects" / encode_project_path(project) / "memory"
    store.mkdir(parents=True)
    (store / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (store / "a.md").write_text("---\nname: a\ndescription: d\ntype: user\n---\nx\n", encoding="utf-8")
    return store


@pytest.mark.parametrize(
    ("case", "expected_how"),
    [
        ("explicit", "explicit --project"),
        ("cwd", "discovered from the current directory"),
        ("decoded", "decoded from the store name"),
        ("ambiguous", "ambiguous"),
        ("missing", "no existing directory encodes"),
        ("in-repo", "the git repository holding the store"),
    ],
)
def test_resolve_project_says_how_it_found_the_project(tmp_path: Path, case: str, expected_how: str) -> None:
    project = init_repo(tmp_path / "work" / "spec-rl")
    home = tmp_path / "home"
    store = _home_store(home, project)
    explicit = cwd = None
    expected_path: Path | None = project
    if case == "explicit":
        explicit = tmp_path / "work"
        expected_path = explicit
    elif case == "cwd":
        (tmp_path / "work" / "spec" / "rl").mkdir(parents=True)
        cwd = project / "src"
        cwd.mkdir()
    elif case == "ambiguous":
        (tmp_path / "work" / "spec" / "rl").mkdir(parents=True)
        expected_path = None
    elif case == "missing":
        shutil.rmtree(project)
        expected_path = None
    elif case == "in-repo":
        store = project / ".claude" / "memory"
        store.mkdir(parents=True)
    found = resolve_project(store, explicit, cwd)
    assert found.path == expected_path
    assert expected_how in found.how


def _demo_with_home_store(tmp_path: Path) -> tuple[Path, Path, Path]:
    """The demo project, its Claude Code memory moved to `HOME/.claude/projects/<encoded>/memory`."""
    paths = build_demo(tmp_path / "demo", datetime(2026, 11, 29, 12, tzinfo=UTC))
    home = tmp_path / "home"
    store = home / ".claude" / "projects" / encode_project_path(paths.project) / "memory"
    store.parent.mkdir(parents=True)
    shutil.copytree(paths.claude_store, store)
    git(paths.project, "rm", "-rq", ".claude/memory")
    git(paths.project, "commit", "-qm", "memory lives in ~/.claude now")
    return paths.project, home, store


def _findings(output: str) -> list[tuple[str, list[str], str]]:
    return [(f["rule"], f["entries"], f["message"]) for f in json.loads(output)["findings"]]


def test_bare_scan_in_the_project_finds_what_project_dot_finds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project, home, store = _demo_with_home_store(tmp_path)
    monkeypatch.chdir(project)
    runner = CliRunner()
    env = {"HOME": str(home)}
    bare = runner.invoke(main, ["scan", "--check", "--format", "json", "--now", NOW, "--fail-on", "never"], env=env)
    explicit = runner.invoke(
        main,
        ["scan", str(store), "--project", ".", "--check", "--format", "json", "--now", NOW, "--fail-on", "never"],
        env=env,
    )
    assert bare.exit_code == 0 and explicit.exit_code == 0, bare.output + explicit.output
    found = _findings(bare.stdout)
    assert found == _findings(explicit.stdout)
    rules = [rule for rule, _, _ in found]
    assert rules.count("check-failed") >= 3 and "derivable" in rules
    assert (
        sum(rule == "conflict" and any(e.startswith("CLAUDE.md") for e in entries) for rule, entries, _ in found) == 2
    )
    assert json.loads(bare.stdout)["store"]["project"] == str(project)
    assert json.loads(bare.stdout)["store"]["project_how"] == "discovered from the current directory"
    text = runner.invoke(main, ["scan", "--now", NOW, "--fail-on", "never"], env=env)
    assert f"project  {project} (discovered from the current directory)" in text.stdout
    markdown = runner.invoke(main, ["scan", "--format", "markdown", "--now", NOW, "--fail-on", "never"], env=env)
    assert f"- project: {project} (discovered from the current directory)" in markdown.stdout
    checked = runner.invoke(main, ["check", "--now", NOW], env=env)
    assert f"against {project} (discovered from the current directory)" in checked.stdout
    assert "no project root known" not in checked.stdout


def test_a_home_store_opened_by_path_elsewhere_decodes_its_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project, home, store = _demo_with_home_store(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["scan", str(store), "--now", NOW, "--fail-on", "never"], env={"HOME": str(home)})
    assert f"project  {project} (decoded from the store name)" in result.stdout
    assert "derivable" in result.stdout
    loaded = formats.detect(store, cwd=tmp_path)
    assert loaded.project == project and "CLAUDE.md" in "".join(loaded.context_files)


def test_the_tui_summary_names_the_project_and_how(tmp_path: Path) -> None:
    from curator.tui.widgets.summary import store_label

    project, home, store = _demo_with_home_store(tmp_path)
    assert store_label(formats.detect(store, cwd=project)).endswith("→ inkwell (from cwd)")
    assert store_label(formats.detect(store, cwd=tmp_path)).endswith("→ inkwell (decoded from store name)")
    assert store_label(formats.detect(store, project=project)).endswith("→ inkwell (--project)")
    loose = tmp_path / "loose"
    loose.mkdir()
    (loose / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    assert store_label(formats.detect(loose, cwd=tmp_path)).endswith("(no project)")
