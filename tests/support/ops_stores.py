"""Small real memory stores (optionally in back-dated git repos) for the ops tests."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.support.gitrepo import commit_files, git, init_repo

DAY1 = "2026-03-01T10:00:00+00:00"


def topic(name: str, description: str, kind: str, body: str, *, eol: str = "\n") -> str:
    lines = ["---", f"name: {name}", f"description: {description}", f"type: {kind}", "---", body]
    return eol.join(lines) + eol


CLAUDE_FILES = {
    "MEMORY.md": (
        "# Memory\n"
        "- [Deploy freeze](deploy_freeze.md) — no deploys before 2026-04-15\n"
        "- [Blog cadence](blog_cadence.md) — at most 4 posts per week\n"
        "- [Cadence again](cadence_again.md) — six posts a week\n"
        "- [Team notes](team/people.md) — who does what\n"
    ),
    "deploy_freeze.md": topic(
        "deploy-freeze", "no deploys before the launch", "project", "No deploys before 2026-04-15.\n\n**Why:** launch."
    ),
    "blog_cadence.md": topic("blog-cadence", "posting cadence", "feedback", "At most 4 posts per week."),
    "cadence_again.md": topic(
        "cadence-again", "posting cadence, again", "feedback", "At most 6 posts per week; see [[deploy-freeze]]."
    ),
    "team/people.md": topic(
        "people", "who does what", "user", "Ana reviews posts. Links [[blog-cadence]] and [[cadence_again|the other]]."
    ),
    "plain.md": "No frontmatter here, just a note that 58 posts remain under posts/short/.\n",
}


def write_files(root: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))


STORE_DIR = ".claude/memory"


def claude_store(project: Path, *, git_repo: bool = True, files: dict[str, str | bytes] | None = None) -> Path:
    """A Claude Code store committed as `project/.claude/memory` (in the project's repo unless git_repo is False)."""
    content = {f"{STORE_DIR}/{rel}": text for rel, text in (CLAUDE_FILES if files is None else files).items()}
    if git_repo:
        init_repo(project)
        commit_files(project, content, "memory as the agent wrote it", DAY1)
    else:
        project.mkdir(parents=True, exist_ok=True)
        write_files(project, content)
    return project / STORE_DIR


def notes_store(root: Path, text: str | bytes, *, git_repo: bool = True) -> Path:
    """A tiny-agent notes store: `root/notes.md`."""
    if git_repo:
        init_repo(root)
        commit_files(root, {"notes.md": text}, "notes", DAY1)
    else:
        root.mkdir(parents=True, exist_ok=True)
        write_files(root, {"notes.md": text})
    return root


NOTES_TEXT = (
    "# Notes\n\n"
    "## 2026-07-01 - Deploy freeze\n<!-- type: project -->\n- no deploys before 2026-04-15\n\n"
    "## 2026-07-02 - Cadence\n- at most 4 posts per week\n\n"
    "## 2026-07-03 - Cadence again\n- at most 6 posts per week"
)


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under `root` except git's own, by relative path."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and ".git" not in path.relative_to(root).parts
    }


def status(root: Path) -> str:
    return git(root, "status", "--porcelain", "--untracked-files=all")


def commit_count(root: Path) -> int:
    return int(git(root, "rev-list", "--count", "HEAD").strip())


def head_subject(root: Path) -> str:
    return git(root, "log", "-1", "--format=%s").strip()


def head_paths(root: Path) -> list[str]:
    """Paths the last commit touched, relative to `root`."""
    prefix = git(root, "rev-parse", "--show-prefix").strip()
    return sorted(path[len(prefix) :] for path in git(root, "show", "--name-only", "--format=", "HEAD").split())


def run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), cwd=root, capture_output=True, text=True, check=False)
