"""Discovery of a project's memory with a fake HOME, and the forward-only path encoding."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator import formats
from tests.support.gitrepo import init_repo


@pytest.mark.parametrize(
    ("project", "encoded"),
    [
        ("/home/u/my_repo", "-home-u-my-repo"),
        ("/home/u/my.repo", "-home-u-my-repo"),
        ("/Users/Ann Lee/código", "-Users-Ann-Lee-c-digo"),
        ("/srv/a-b/c", "-srv-a-b-c"),
    ],
)
def test_claude_project_dir_encodes_forward(project: str, encoded: str) -> None:
    home = Path("/home/u")
    assert formats.claude_project_dir(Path(project), home) == home / ".claude" / "projects" / encoded / "memory"


def _claude_store(home: Path, project: Path) -> Path:
    store = formats.claude_project_dir(project, home)
    store.mkdir(parents=True)
    (store / "MEMORY.md").write_text("- [A](a.md)\n", encoding="utf-8")
    (store / "a.md").write_text("---\nname: a\ndescription: d\ntype: user\n---\nx\n", encoding="utf-8")
    return store


def test_discover_prefers_the_claude_store_of_the_git_root(tmp_path: Path) -> None:
    home = tmp_path / "home"
    project = init_repo(tmp_path / "my_repo")
    (project / "src").mkdir()
    (project / "CLAUDE.md").write_text("- use pnpm\n", encoding="utf-8")
    (project / "memory").mkdir()
    (project / "memory" / "notes.md").write_text("## 2026-01-01 - a\nx\n", encoding="utf-8")
    store_dir = _claude_store(home, project)
    found = formats.discover(project / "src", home=home)
    assert [(candidate.path, candidate.format) for candidate in found] == [
        (store_dir, "claude-code"),
        (project / "memory" / "notes.md", "notes"),
        (project, "instructions"),
    ]
    assert "Claude Code store" in found[0].reason
    store = formats.detect(found[0].path, cwd=tmp_path)
    assert store.format == "claude-code" and store.project == project
    assert store.project_how == "decoded from the store name"
    assert [entry.id for entry in store.entries] == ["a.md"]


@pytest.mark.parametrize(
    ("layout", "expected_rel", "expected_format"),
    [
        ({".claude/memory/MEMORY.md": "- [A](a.md)\n"}, ".claude/memory", "claude-code"),
        ({"memory/notes.md": "## 2026-01-01 - a\nx\n"}, "memory/notes.md", "notes"),
        ({"MEMORY.md": "## Profile\n- x\n", "memory/2026-01-01.md": "# day\n"}, "", "openclaw"),
        ({"memory/MEMORY.md": "- [A](a.md)\n"}, "memory", "claude-code"),
        ({"AGENTS.md": "- rule\n"}, "", "instructions"),
    ],
)
def test_discover_layouts(tmp_path: Path, layout: dict[str, str], expected_rel: str, expected_format: str) -> None:
    project = tmp_path / "proj"
    for rel, text in layout.items():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(text, encoding="utf-8")
    found = formats.discover(project, home=tmp_path / "home")
    assert (found[0].path, found[0].format) == ((project / expected_rel) if expected_rel else project, expected_format)
    store = formats.detect(found[0].path)
    assert store.format == expected_format
    assert formats.detect(project).format == expected_format


def test_discover_nothing(tmp_path: Path) -> None:
    assert formats.discover(tmp_path, home=tmp_path / "home") == []


def test_discover_in_a_store_directory_picks_it_first(tmp_path: Path) -> None:
    store = tmp_path / "proj" / ".claude" / "memory"
    store.mkdir(parents=True)
    (store / "MEMORY.md").write_text("- [A](a.md)\n", encoding="utf-8")
    found = formats.discover(store, home=tmp_path / "home")
    assert (found[0].path, found[0].format) == (store, "claude-code")


def test_claude_projects_store_has_no_project_and_is_never_decoded(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store_dir = _claude_store(home, Path("/nonexistent/with_underscore"))
    store = formats.detect(store_dir)
    assert store.format == "claude-code" and store.project is None and store.context == []


def test_git_root_prefers_its_claude_store_over_a_workspace(tmp_path: Path) -> None:
    home = tmp_path / "home"
    project = init_repo(tmp_path / "repo")
    (project / "memory").mkdir()
    (project / "memory" / "2026-01-01.md").write_text("# day\n", encoding="utf-8")
    store_dir = _claude_store(home, project)
    found = formats.discover(project, home=home)
    assert [(c.path, c.format) for c in found][:2] == [(store_dir, "claude-code"), (project, "openclaw")]


def test_memory_dir_with_its_own_index_is_a_claude_store(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    (project / "memory").mkdir(parents=True)
    (project / "memory" / "MEMORY.md").write_text("- [2026-10-03](2026-10-03.md)\n", encoding="utf-8")
    (project / "memory" / "2026-10-03.md").write_text("# session\n", encoding="utf-8")
    store = formats.detect(project)
    assert (store.format, store.root) == ("claude-code", (project / "memory").absolute())


def test_tracked_store_stays_a_claude_store(tmp_path: Path) -> None:
    store_dir = init_repo(tmp_path / "store")
    (store_dir / "MEMORY.md").write_text("- [A](a.md)\n", encoding="utf-8")
    (store_dir / "a.md").write_text("---\nname: a\ndescription: d\ntype: user\n---\nx\n", encoding="utf-8")
    assert formats.detect(store_dir).format == "claude-code"
    assert formats.discover(store_dir, home=tmp_path / "home")[0].format == "claude-code"
