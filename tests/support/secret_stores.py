"""Stores in every format with the fake credentials planted: topic-file bodies and frontmatter, notes sections,
CLAUDE.md bullets; committed to real git repositories."""

from __future__ import annotations

from pathlib import Path

from tests.support.fake_secrets import Fake, fakes, frontmatter_value
from tests.support.gitrepo import commit_files, init_repo

DATE = "2026-11-01T12:00:00+00:00"


def topic(name: str, extra_frontmatter: str, body: str) -> str:
    return f"---\nname: {name}\ndescription: notes on {name}\ntype: project\n{extra_frontmatter}---\n\n{body}\n"


def claude_code_files(planted: list[Fake]) -> dict[str, str]:
    """A Claude Code store: one topic file per fake in its body, one per fake in its frontmatter, plus CLAUDE.md bullets."""
    files: dict[str, str] = {}
    index = ["# Memory", ""]
    for fake in planted:
        body_name = f"body_{fake.kind}.md"
        files[f".claude/memory/{body_name}"] = topic(f"body {fake.kind}", "", fake.line)
        index.append(f"- [body {fake.kind}]({body_name}) — {fake.kind} in the body")
        extra = frontmatter_value(fake)
        if extra:
            front_name = f"front_{fake.kind}.md"
            files[f".claude/memory/{front_name}"] = topic(f"front {fake.kind}", extra, "Nothing secret down here.")
            index.append(f"- [front {fake.kind}]({front_name}) — {fake.kind} in the frontmatter")
    files[".claude/memory/MEMORY.md"] = "\n".join(index) + "\n"
    bullets = []
    for fake in planted:
        first, *rest = fake.line.split("\n")
        bullets.append("- " + "\n".join([first, *("  " + line for line in rest)]))
    files["CLAUDE.md"] = "# Project rules\n\n" + "\n".join(bullets) + "\n"
    return files


def notes_text(planted: list[Fake]) -> str:
    """A tiny-agent notes.md: one dated section per fake."""
    sections = [f"## 2026-10-{day:02d} - {fake.kind}\n\n{fake.line}\n" for day, fake in enumerate(planted, start=1)]
    return "# Notes\n\n" + "\n".join(sections)


def build_claude_project(root: Path, planted: list[Fake] | None = None) -> Path:
    """A git project with a planted Claude Code store and CLAUDE.md; returns the store path."""
    init_repo(root)
    commit_files(root, claude_code_files(planted or fakes()), "plant fakes", DATE)
    return root / ".claude" / "memory"


def build_notes_project(root: Path, planted: list[Fake] | None = None) -> Path:
    """A git project with a planted notes.md; returns its path."""
    init_repo(root)
    commit_files(root, {"memory/notes.md": notes_text(planted or fakes())}, "plant fakes", DATE)
    return root / "memory" / "notes.md"
