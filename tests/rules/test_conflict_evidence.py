"""Conflicts with project context: instruction files never hide memory pairs; the project's own files decide."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from curator.model import Finding
from curator.scan import run_scan
from tests.support.gitrepo import commit_files, init_repo

NOW = datetime(2026, 11, 29, 12, tzinfo=UTC)
OLD, NEW = "2025-03-01T10:00:00+00:00", "2026-10-01T10:00:00+00:00"


def _topic(name: str, text: str) -> str:
    return f"---\nname: {name}\ndescription: {name} notes\ntype: project\n---\n{text}\n"


def _scan(
    tmp_path: Path,
    old: dict[str, str],
    new: dict[str, str],
    claude: str | None = None,
    project_files: dict[str, str] | None = None,
) -> list[Finding]:
    """A git project with memory in `.claude/memory`: `old` topics committed in 2025, `new` ones in 2026."""
    repo = init_repo(tmp_path / "proj")
    base = {"README.md": "# proj\n", **(project_files or {})}
    if claude is not None:
        base["CLAUDE.md"] = f"# Rules\n\n- {claude}\n"
    names = [*old, *new]
    base[".claude/memory/MEMORY.md"] = "".join(f"- [{n}]({n}.md) — {n}\n" for n in names)
    commit_files(repo, {**base, **{f".claude/memory/{n}.md": _topic(n, t) for n, t in old.items()}}, "old", OLD)
    commit_files(repo, {f".claude/memory/{n}.md": _topic(n, t) for n, t in new.items()}, "new", NEW)
    return [f for f in run_scan(repo / ".claude" / "memory", now=NOW).findings if f.rule == "conflict"]


@pytest.mark.parametrize(
    ("old", "new", "claude"),
    [
        (
            {"m1": "Install dependencies with yarn."},
            {"m2": "Tests run with vitest (`pnpm test`)."},
            "Use pnpm for installs.",
        ),
        ({"m1": "Use npm for installs."}, {"m2": "Use pnpm for installs."}, "Use pnpm for everything."),
        (
            {"m1": "Always squash merge pull requests."},
            {"m2": "Never squash merge pull requests."},
            "Never squash merge pull requests.",
        ),
        (
            {"m1": "Publish at most 4 posts per week."},
            {"m2": "We publish up to 6 posts per week."},
            "Publish at most 5 posts per week.",
        ),
    ],
)
def test_a_claude_md_conflict_never_hides_the_memory_pair(
    tmp_path: Path, old: dict[str, str], new: dict[str, str], claude: str
) -> None:
    without = _scan(tmp_path / "a", old, new)
    with_context = _scan(tmp_path / "b", old, new, claude)
    assert [f.entries for f in without] == [["m1.md", "m2.md"]]
    assert ["m1.md", "m2.md"] in [f.entries for f in with_context]
    assert any(any(e.startswith("CLAUDE.md") for e in f.entries) for f in with_context)


LOCK = {"pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "package.json": '{"name": "p"}\n'}
VITEST = {"vitest.config.ts": "export default {}\n", "package.json": '{"scripts": {"test": "vitest run"}}\n'}
BOTH_RUNNERS = {"vitest.config.ts": "export default {}\n", "jest.config.js": "module.exports = {}\n"}


@pytest.mark.parametrize(
    ("old", "new", "claude", "files", "wrong", "because"),
    [
        # the newer memory is contradicted by the lockfile: the older one stands
        ({"a": "Use pnpm for installs."}, {"b": "Use npm for installs."}, None, LOCK, "b.md", "pnpm-lock.yaml"),
        # the project overrides an instruction file, whatever its date
        ({}, {"b": "Tests run with vitest."}, "Tests run with jest.", VITEST, "CLAUDE.md:L3", "vitest.config.ts"),
        (
            {"a": "Never use jest; tests run with vitest."},
            {"b": "Tests run with jest."},
            None,
            VITEST,
            "b.md",
            "scripts.test: vitest run",
        ),
        # the project is silent: an instruction file outranks a newer memory
        ({}, {"b": "Use npm for installs."}, "Use pnpm for installs.", None, "b.md", "instruction file"),
        # the project establishes both members: no decision from it, the instruction still outranks
        ({}, {"b": "Tests run with jest."}, "Tests run with vitest.", BOTH_RUNNERS, "b.md", "instruction file"),
        # two memories and no evidence: the newer supersedes the older
        ({"a": "Use npm for installs."}, {"b": "Use pnpm for installs."}, None, None, "a.md", "date"),
    ],
)
def test_evidence_decides_who_is_superseded(
    tmp_path: Path,
    old: dict[str, str],
    new: dict[str, str],
    claude: str | None,
    files: dict[str, str] | None,
    wrong: str,
    because: str,
) -> None:
    findings = _scan(tmp_path, old, new, claude, files)
    assert len(findings) == 1, [f.message for f in findings]
    superseded = findings[0].evidence["superseded"]
    assert superseded["entry"] == wrong
    assert because in superseded["because"]
    if because not in ("date", "instruction file"):
        assert "the project decides: " in findings[0].message and because in findings[0].message
        assert f"so {wrong} is wrong whatever its date" in findings[0].message
