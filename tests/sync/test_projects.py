"""`curator projects`: every store under a temporary HOME, a missing checkout, archiving orphans, the start screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from curator.formats.project import encode_project_path
from curator.tui.app import CuratorApp
from curator.tui.screens.projects import ProjectsScreen
from tests.support.gitrepo import init_repo
from tests.support.tui import screen_text, wait_for

TOPIC = "---\nname: {name}\ndescription: {name}\ntype: project\n---\n\n{body}\n"


def claude_store(home: Path, project: Path, names: list[str]) -> Path:
    store = home / ".claude" / "projects" / encode_project_path(project.resolve()) / "memory"
    store.mkdir(parents=True)
    for name in names:
        (store / f"{name}.md").write_text(TOPIC.format(name=name, body=f"{name} body."), encoding="utf-8")
    (store / "MEMORY.md").write_text("".join(f"- [{name}]({name}.md) — {name}\n" for name in names), encoding="utf-8")
    return store


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def test_projects_lists_stores_and_archives_orphans(home: Path, tmp_path: Path) -> None:
    live = init_repo(tmp_path / "work" / "blog")
    live_store = claude_store(home, live, ["alpha", "beta"])
    gone_store = claude_store(home, tmp_path / "work" / "deleted-app", ["gamma"])
    rows = json.loads(CliRunner().invoke(main, ["projects", "--format", "json"]).output)
    by_store = {row["store"]: row for row in rows}
    assert by_store[str(live_store)]["project"] == str(live.resolve()) and not by_store[str(live_store)]["missing"]
    assert by_store[str(live_store)]["entries"] == 2 and by_store[str(live_store)]["always_loaded_lines"] == 2
    assert by_store[str(gone_store)]["missing"] is True
    text = CliRunner().invoke(main, ["projects"]).output
    assert "(missing)" in text and str(live.resolve()) in text
    archived = CliRunner().invoke(main, ["projects", "--archive-orphans"])
    assert archived.exit_code == 0, archived.output
    assert not gone_store.exists()
    moved = home / ".claude" / "projects" / ".curator-archive" / gone_store.parent.name / "memory" / "gamma.md"
    assert moved.read_text() == TOPIC.format(name="gamma", body="gamma body.")
    assert live_store.exists()


async def test_start_screen_lists_stores_and_opens_one(home: Path, tmp_path: Path, now) -> None:
    live = init_repo(tmp_path / "work" / "blog")
    store = claude_store(home, live, ["alpha", "beta"])
    app = CuratorApp(None, now=now, watch_disk=False, run_checks=False, projects_home=home)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ProjectsScreen) and bool(app.screen.rows), message="rows")
        await wait_for(pilot, lambda: str(live.resolve()) in screen_text(app), message="the store's project painted")
        assert "1 memory store(s)" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.session.store is not None and app.session.stage == "ready", message="opened")
        assert app.session.store.root == store
