"""Build the demo: a small blog project whose agent memory has drifted in every way curator finds."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from curator import demo_content as content
from curator import vcs

DEMO_IDENTITY = {
    "GIT_AUTHOR_NAME": "Demo Agent",
    "GIT_AUTHOR_EMAIL": "agent@inkwell.example",
    "GIT_COMMITTER_NAME": "Demo Agent",
    "GIT_COMMITTER_EMAIL": "agent@inkwell.example",
}
MEMORY_DIR = ".claude/memory"
OPENCLAW_INDEX = "memory/main.sqlite"


class DemoError(Exception):
    """The demo could not be built (no git, or the target directory is not empty)."""


@dataclass
class DemoPaths:
    """Where the demo's project and its three memory stores live."""

    root: Path
    project: Path
    claude_store: Path
    notes: Path
    openclaw: Path


class _Repo:
    """A git repository the demo writes back-dated commits into."""

    def __init__(self, path: Path, now: datetime) -> None:
        self.path = path
        self.now = now
        path.mkdir(parents=True, exist_ok=True)
        self.git("init", "-q")
        self.git("symbolic-ref", "HEAD", "refs/heads/main")

    def git(self, *args: str, days_ago: int | None = None) -> None:
        env = {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}
        env.update(DEMO_IDENTITY)
        if days_ago is not None:
            stamp = (self.now - timedelta(days=days_ago)).replace(microsecond=0).isoformat()
            env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = stamp
        try:
            vcs.run(self.path, *args, env=env, options=("-c", "commit.gpgsign=false", "-c", "core.autocrlf=false"))
        except vcs.GitError as error:
            raise DemoError("the demo needs git on PATH" if vcs.git_executable() is None else str(error)) from None

    def write(self, rel: str, text: str) -> None:
        target = self.path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))

    def commit(self, days_ago: int, message: str, files: Mapping[str, str | None]) -> None:
        """Write (None: delete) files and commit them as of `days_ago` days before now."""
        for rel, text in files.items():
            if text is None:
                self.git("rm", "-q", "-r", "--", rel)
            else:
                self.write(rel, text)
                self.git("add", "--", rel)
        self.git("commit", "-q", "-m", message, days_ago=days_ago)


def _posts(folder: str, count: int, start: int = 0) -> dict[str, str]:
    return {
        f"posts/{folder}/post-{number:03d}.md": f"# Post {number}\n\nA {folder} post.\n"
        for number in range(start, start + count)
    }


def _build_project(project: Path, now: datetime) -> None:
    def day(days_ago: int) -> str:
        return content.iso_day(now, days_ago)

    repo = _Repo(project, now)
    topics = {f"{MEMORY_DIR}/{name}": text for name, text in content.memory_topics(day).items()}
    notes = content.notes_sections(day)
    old_feed = content.PROJECT_FILES["src/feed.ts"].replace("buildFeed", "renderFeed")
    deleted_short_posts = 58 - content.SHORT_POSTS_KEPT

    initial = dict(content.PROJECT_FILES)
    initial["src/feed.ts"] = old_feed
    initial["src/legacy/feed_xml.ts"] = "export const XML_HEADER = '<?xml version=\"1.0\"?>';\n"
    initial.update(_posts("short", 58))
    initial.update(_posts("long", content.LONG_POSTS))
    initial[f"{MEMORY_DIR}/analytics.md"] = topics[f"{MEMORY_DIR}/analytics.md"]
    initial[f"{MEMORY_DIR}/api_tokens.md"] = topics[f"{MEMORY_DIR}/api_tokens.md"]
    repo.commit(420, "Start inkwell", initial)

    def memory(*names: str) -> dict[str, str]:
        return {f"{MEMORY_DIR}/{name}": topics[f"{MEMORY_DIR}/{name}"] for name in names}

    def notes_upto(days_ago: int) -> dict[str, str]:
        sections = [text for section_days, text in notes if section_days >= days_ago]
        return {"memory/notes.md": content.NOTES_HEADER + "\n".join(sections)}

    repo.commit(
        240,
        "memory: cadence, deploy freeze, package manager",
        memory("blog_cadence.md", "deploy_freeze.md", "package_manager.md"),
    )
    for days_ago, _text in notes[:4]:
        extra = memory("cleanup_backlog.md") if days_ago == 200 else {}
        repo.commit(days_ago, f"notes: {days_ago} days ago", {**notes_upto(days_ago), **extra})
    feed_text = topics[f"{MEMORY_DIR}/feed_builder.md"]
    repo.commit(190, "memory: testing and feed", {**memory("testing.md"), f"{MEMORY_DIR}/feed.md": feed_text})
    repo.commit(
        150,
        "memory: lint, image pipeline notes, drafts",
        memory("lint_before_push.md", "image_pipeline.md", "draft_ideas.md", "broken_frontmatter.md"),
    )
    repo.git("mv", f"{MEMORY_DIR}/feed.md", f"{MEMORY_DIR}/feed_builder.md")
    renamed = {"src/feed.ts": content.PROJECT_FILES["src/feed.ts"], "src/legacy/feed_xml.ts": None}
    renamed.update({rel: None for rel in _posts("short", deleted_short_posts, start=content.SHORT_POSTS_KEPT)})
    repo.commit(
        100,
        "Rename renderFeed to buildFeed, drop legacy XML helpers, delete old short posts",
        {**renamed, **memory("user_profile.md")},
    )
    repo.commit(60, "memory: Q4 cadence", {**notes_upto(60), **memory("blog_cadence_q4.md")})
    repo.commit(
        40, "memory: pre-push checks, stack", {**notes_upto(40), **memory("pre_push_checks.md", "project_stack.md")}
    )
    repo.commit(20, "memory: publishing, newsletter", memory("publishing.md", "newsletter.md"))
    repo.commit(10, "notes: feed", notes_upto(10))
    repo.commit(5, "memory: index", {f"{MEMORY_DIR}/MEMORY.md": content.memory_index(day)})


def _build_openclaw(workspace: Path, now: datetime) -> None:
    def day(days_ago: int) -> str:
        return content.iso_day(now, days_ago)

    repo = _Repo(workspace, now)
    daily = {f"memory/{day(days_ago)}.md": content.openclaw_daily(day, days_ago) for days_ago in (30, 3)}
    first_log, last_log = (f"memory/{day(days_ago)}.md" for days_ago in (30, 3))
    repo.commit(30, "workspace memory", {"MEMORY.md": content.openclaw_memory(day), first_log: daily[first_log]})
    repo.commit(3, "daily log", {last_log: daily[last_log]})
    indexed_at = {rel: text for rel, text in daily.items()}
    stale_rel = f"memory/{day(3)}.md"
    indexed_at[stale_rel] = daily[stale_rel].replace("Drafted the weekly summary.", "Drafted a summary.")
    indexed_at["MEMORY.md"] = content.openclaw_memory(day)
    _write_openclaw_index(workspace / OPENCLAW_INDEX, indexed_at, now)


def _write_openclaw_index(database: Path, indexed: dict[str, str], now: datetime) -> None:
    """An OpenClaw SQLite index whose rows record the hashes the files had when indexed."""
    database.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(database)
    try:
        connection.execute(
            "CREATE TABLE files (path TEXT PRIMARY KEY, source TEXT, hash TEXT, mtime INTEGER, size INTEGER)"
        )
        connection.execute(
            "CREATE TABLE chunks (id TEXT PRIMARY KEY, path TEXT, source TEXT, start_line INTEGER, "
            "end_line INTEGER, hash TEXT, model TEXT, text TEXT, embedding BLOB, updated_at INTEGER)"
        )
        stamp = int(now.timestamp())
        for rel, text in sorted(indexed.items()):
            data = text.encode("utf-8")
            digest = hashlib.sha256(data).hexdigest()
            connection.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?)", (rel, "memory", digest, stamp, len(data)))
            connection.execute(
                "INSERT INTO chunks VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)",
                (f"{rel}#1", rel, "memory", 1, text.count("\n"), digest, "none", text, stamp),
            )
        connection.commit()
    finally:
        connection.close()


def build_demo(path: Path, now: datetime) -> DemoPaths:
    """Build the demo under `path` (created if missing, must be empty) as of `now`."""
    path = Path(path)
    if path.exists() and any(path.iterdir()):
        raise DemoError(f"{path} is not empty; pick an empty or new directory")
    path.mkdir(parents=True, exist_ok=True)
    project = path / "inkwell"
    _build_project(project, now)
    workspace = path / "agent-workspace"
    _build_openclaw(workspace, now)
    return DemoPaths(
        root=path,
        project=project,
        claude_store=project / MEMORY_DIR,
        notes=project / "memory" / "notes.md",
        openclaw=workspace,
    )
