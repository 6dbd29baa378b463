"""Helpers for the TUI tests: a small drifted Claude Code store in a real git repo, and Pilot waits."""

from __future__ import annotations

import asyncio
import atexit
import shutil
import tempfile
import time
from pathlib import Path
from typing import Callable

from tests.support.gitrepo import commit_files, git, init_repo

MARKUP_BODY = "Literal: [bold]not bold[/] and [red]not red[/red] stay as typed.\n"

TOPICS: dict[str, str] = {
    "blog_cadence.md": (
        "---\nname: Blog cadence\ndescription: How often to publish\ntype: feedback\n---\n\n"
        "Publish at most 4 posts per week.\n\n**Why:** readers complained.\n"
    ),
    "deploy_freeze.md": (
        "---\nname: Deploy freeze\ndescription: No deploys during the migration\ntype: project\n---\n\n"
        "No deploys before 2026-04-15 while the database migrates.\n"
    ),
    "markup_note.md": (
        "---\nname: Markup note\ndescription: Brackets in memory text\ntype: reference\n---\n\n" + MARKUP_BODY
    ),
    "short_cleanup.md": (
        "---\nname: Short-post cleanup\ndescription: Old short posts to delete\ntype: project\n---\n\n"
        "There are 58 old posts under `posts/short/` still to delete.\n"
    ),
    "user_profile.md": (
        "---\nname: User profile\ndescription: Who the user is\ntype: user\n---\n\nThe user writes a tech blog in English.\n"
    ),
}
LATER_TOPICS: dict[str, str] = {
    "blog_cadence_q4.md": (
        "---\nname: Blog cadence for Q4\ndescription: Q4 publishing push\ntype: feedback\n---\n\n"
        "Publish at most 6 posts per week.\n\n**Why:** Q4 push.\n"
    ),
}
TITLES = {
    "blog_cadence.md": "Blog cadence",
    "deploy_freeze.md": "Deploy freeze",
    "markup_note.md": "Markup note",
    "short_cleanup.md": "Short-post cleanup",
    "user_profile.md": "User profile",
    "blog_cadence_q4.md": "Blog cadence for Q4",
}
MEMORY_DIR = ".claude/memory"
SHORT_POSTS = 41


def index_text(names: list[str]) -> str:
    lines = ["# Memory", ""] + [f"- [{TITLES[name]}]({name}) — {TITLES[name].lower()}" for name in names]
    return "\n".join(lines) + "\n"


def build_store(root: Path) -> Path:
    """A project with a drifted Claude Code store in git; returns the store directory."""
    project = init_repo(root / "project")
    files: dict[str, str] = {f"posts/short/post-{number:03d}.md": f"# Post {number}\n" for number in range(SHORT_POSTS)}
    files["package.json"] = '{"name": "blog", "scripts": {"test": "vitest"}}\n'
    files["README.md"] = "# blog\n"
    files.update({f"{MEMORY_DIR}/{name}": text for name, text in TOPICS.items()})
    files[f"{MEMORY_DIR}/MEMORY.md"] = index_text(list(TOPICS))
    commit_files(project, files, "first memory", "2026-03-01T10:00:00+00:00")
    later = {f"{MEMORY_DIR}/{name}": text for name, text in LATER_TOPICS.items()}
    later[f"{MEMORY_DIR}/MEMORY.md"] = index_text(list(TOPICS) + list(LATER_TOPICS))
    commit_files(project, later, "Q4 cadence", "2026-09-30T10:00:00+00:00")
    return project / MEMORY_DIR


_template_store: Path | None = None


def fresh_store(tmp_path: Path) -> Path:
    """A private copy of the test store (built once per session, copied with its .git); returns the store dir."""
    global _template_store
    if _template_store is None or not _template_store.exists():
        scratch = Path(tempfile.mkdtemp(prefix="curator-tui-template-"))
        atexit.register(shutil.rmtree, scratch, True)
        _template_store = build_store(scratch)
    shutil.copytree(_template_store.parents[1], tmp_path / "project", symlinks=True)
    return tmp_path / "project" / MEMORY_DIR


def git_subjects(store: Path) -> list[str]:
    """Commit subjects, newest first."""
    return git(store, "log", "--format=%s").splitlines()


def screen_text(app) -> str:
    """The plain text the current screen shows."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def capture_notifications(app) -> list[str]:
    """Every message the app notifies from now on, kept after the toast expires (toasts last seconds)."""
    shown: list[str] = []
    notify = app.notify

    def recording(message, *args, **kwargs):
        shown.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = recording
    return shown


async def wait_for(pilot, condition: Callable[[], bool], timeout: float = 30.0, message: str = "") -> None:
    """Let the app run until `condition()` holds; fail with `message` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting: {message or condition}")
        await pilot.pause(0.05)


async def wait_ready(pilot, app) -> None:
    """Wait until the staged load (store, history, rules, checks) has finished and no op runs."""
    await wait_for(pilot, lambda: app.session.stage == "ready" and not app.op_running, message="stage ready")
    await pilot.pause(0.1)


async def wait_for_commit(pilot, app, store: Path, count_before: int) -> list[str]:
    """Wait for a new commit and the reload after it; returns the subjects, newest first."""
    await wait_for(pilot, lambda: len(git_subjects(store)) > count_before, message="a new commit")
    await wait_ready(pilot, app)
    return git_subjects(store)


def run(coroutine) -> None:
    asyncio.run(coroutine)
