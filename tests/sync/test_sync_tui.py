"""Pilot tests: a sync conflict resolved in the conflicts view without losing either side, and promote from the TUI."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from curator.cli import main
from curator.tui.app import CuratorApp
from curator.tui.screens.conflicts import ConflictsScreen
from curator.tui.screens.expire import ExpireModal
from curator.tui.screens.prompt import PromptModal
from tests.support.gitrepo import commit_files, git, init_repo
from tests.support.tui import wait_for, wait_ready

TOPIC = "---\nname: {name}\ndescription: {name} topic\ntype: project\n---\n\n{body}\n"


def conflicting_store(tmp_path: Path) -> Path:
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    stores = []
    for name in ("a", "b"):
        project = init_repo(tmp_path / f"checkout-{name}")
        git(project, "remote", "add", "origin", "git@github.com:Org/Blog.git")
        store = tmp_path / f"home-{name}" / "memory"
        store.mkdir(parents=True)
        (store / "shared.md").write_text(TOPIC.format(name="shared", body="Shared."), encoding="utf-8")
        (store / "MEMORY.md").write_text("- [Shared](shared.md) — shared\n", encoding="utf-8")
        for args in (
            ["sync", str(store), "--project", str(project), "--init", str(remote)],
            ["sync", str(store), "--project", str(project)],
        ):
            assert CliRunner().invoke(main, args).exit_code == 0
        stores.append((store, project))
    (store_a, project_a), (store_b, project_b) = stores
    assert CliRunner().invoke(main, ["sync", str(store_a), "--project", str(project_a)]).exit_code == 0
    (store_a / "shared.md").write_text(TOPIC.format(name="shared", body="A: four posts a week."), encoding="utf-8")
    (store_b / "shared.md").write_text(TOPIC.format(name="shared", body="B: six posts a week."), encoding="utf-8")
    assert CliRunner().invoke(main, ["sync", str(store_a), "--project", str(project_a)]).exit_code == 0
    assert CliRunner().invoke(main, ["sync", str(store_b), "--project", str(project_b)]).exit_code == 0
    return store_b


async def test_sync_conflict_keep_left_archives_the_other_side(tmp_path: Path, now) -> None:
    store = conflicting_store(tmp_path)
    [copy] = [path.name for path in store.glob("shared.sync-conflict-*.md")]
    app = CuratorApp(store, now=now, watch_disk=False, run_checks=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_ready(pilot, app)
        await pilot.press("c")
        assert isinstance(app.screen, ConflictsScreen)
        finding, left, right = app.screen.current
        assert finding.rule == "sync-conflict" and {left.id, right.id} == {"shared.md", copy}
        await pilot.press("h")
        assert isinstance(app.screen, ExpireModal)
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: not (store / right.id).exists(), message="the other side archived")
        await wait_ready(pilot, app)
    texts = (store / left.id).read_text() + (store / ".archive" / right.id).read_text()
    assert "A: four posts a week." in texts and "B: six posts a week." in texts


async def test_promote_from_the_tui(tmp_path: Path, now) -> None:
    project = init_repo(tmp_path / "project")
    commit_files(
        project,
        {
            "CLAUDE.md": "# Blog\n",
            ".claude/memory/MEMORY.md": "- [CI](ci.md) — ci\n",
            ".claude/memory/ci.md": TOPIC.format(name="ci", body="Run vitest with --run in CI."),
        },
        "init",
        "2026-11-01T10:00:00+00:00",
    )
    store = project / ".claude" / "memory"
    app = CuratorApp(store, now=now, watch_disk=False, run_checks=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("ci.md")
        await pilot.pause(0.1)
        await pilot.press("plus")
        assert isinstance(app.screen, PromptModal)
        app.screen.query_one("#prompt-heading").value = "Testing"
        await pilot.click("#prompt-ok")
        await wait_for(pilot, lambda: (store / ".archive" / "ci.md").exists(), message="promoted")
        await wait_ready(pilot, app)
    assert (project / "CLAUDE.md").read_text() == "# Blog\n\n## Testing\n\n- Run vitest with --run in CI.\n"
