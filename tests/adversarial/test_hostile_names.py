"""Item 8: names are data — a hostile --name is refused, never injected into the index; long names work."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.adversarial.hostile import claude_store, git, invoke, snapshot

NOW = ("--now", "2026-11-29")

HOSTILE_NAMES = [
    "x\n- [Injected](../../etc/passwd) — pwned",
    "a)b",
    "a](evil.md",
    "sub/merged",
    "..\\up",
    "../up",
    "tab\there",
    "esc\x1b]0;title\x07",
    "with space",
    ".hidden",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_hostile_merge_name_is_refused_and_changes_nothing(tmp_path: Path, name: str) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    before, head = snapshot(root), git(project, "rev-parse", "HEAD")
    result = invoke("merge", "blog_cadence.md", "cadence_again.md", "--name", name, "--store", str(root), *NOW)
    assert result.exit_code == 1, result.output
    assert "not a usable name" in result.output
    assert snapshot(root) == before and git(project, "rev-parse", "HEAD") == head


def test_a_name_near_name_max_merges(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    name = "n" * 250
    result = invoke("merge", "blog_cadence.md", "cadence_again.md", "--name", name, "--store", str(root), *NOW)
    assert result.exit_code == 0, result.output
    assert (root / f"{name}.md").exists()
    assert f"]({name}.md)" in (root / "MEMORY.md").read_text()
    assert invoke("expire", f"{name}.md", "--store", str(root), *NOW).exit_code == 0
    assert (root / ".archive" / f"{name}.md").exists()


def test_a_name_over_name_max_is_refused_cleanly(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    result = invoke("merge", "blog_cadence.md", "cadence_again.md", "--name", "n" * 260, "--store", str(root), *NOW)
    assert result.exit_code == 1 and "too long" in result.output


def test_brackets_in_a_frontmatter_name_are_escaped_in_the_index_line(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    text = tmp_path / "merged.md"
    text.write_text("---\nname: Evil](http://evil.example) [x\ndescription: d\ntype: feedback\n---\nMerged body.\n")
    result = invoke(
        "merge", "blog_cadence.md", "cadence_again.md", "--text-file", str(text), "--store", str(root), *NOW
    )
    assert result.exit_code == 0, result.output
    index = (root / "MEMORY.md").read_text()
    assert re.search(r"(?<!\\)\]\(http://evil", index) is None
    assert "- [Evil\\](http://evil.example) \\[x](" in index
