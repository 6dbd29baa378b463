"""`curator index ...`, `expire --unlink` and merge's commit reason, end to end with CliRunner on real git stores."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from tests.support.ops_stores import CLAUDE_FILES, claude_store, head_paths, head_subject, status, topic


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize(
    ("args", "line_gone", "line_new"),
    [
        (("index", "add", "orphan.md"), None, "- [Orphan](orphan.md) — nobody links me"),
        (("index", "drop", "6"), "- [Gone](gone.md) — was deleted", None),
        (
            ("index", "shorten", "deploy_freeze.md", "--hook", "frozen"),
            "- [Deploy freeze](deploy_freeze.md) — no deploys before 2026-04-15",
            "- [Deploy freeze](deploy_freeze.md) — frozen",
        ),
    ],
)
def test_index_commands_change_one_line_in_one_commit(
    tmp_path: Path, args: tuple[str, ...], line_gone: str | None, line_new: str | None
) -> None:
    files = dict(CLAUDE_FILES, **{"orphan.md": topic("Orphan", "nobody links me", "project", "Body.")})
    files["MEMORY.md"] = CLAUDE_FILES["MEMORY.md"] + "- [Gone](gone.md) — was deleted\n"
    root = claude_store(tmp_path / "proj", files=files)
    result = invoke(*args, "--store", str(root))
    assert result.exit_code == 0, result.output + result.stderr
    lines = (root / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    if line_gone:
        assert line_gone not in lines
    if line_new:
        assert line_new in lines
    assert head_paths(root) == ["MEMORY.md"] and head_subject(root).startswith("curator: index: ")
    assert status(root) == ""


def test_index_command_refuses_a_line_that_is_not_there(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    result = invoke("index", "drop", "99", "--store", str(root))
    assert result.exit_code == 1 and "no non-blank line 99" in result.stderr


def test_expire_lists_the_links_it_breaks_and_unlink_rewrites_them(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    result = invoke("expire", "blog_cadence.md", "--now", "2026-11-29", "--store", str(root))
    assert "1 link(s) point here, left as they are" in result.stderr
    assert "team/people.md:6 [[blog-cadence]]" in result.stderr
    assert "[[blog-cadence]]" in (root / "team/people.md").read_text(encoding="utf-8")
    other = claude_store(tmp_path / "other")
    result = invoke("expire", "blog_cadence.md", "--unlink", "--now", "2026-11-29", "--store", str(other))
    assert result.exit_code == 0 and "made plain text" in result.stderr
    assert "Links blog-cadence and" in (other / "team/people.md").read_text(encoding="utf-8")
    assert "team/people.md" in head_paths(other)


def test_merge_commit_says_conflict_when_a_conflict_pairs_the_entries(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    result = invoke("merge", "blog_cadence.md", "cadence_again.md", "--now", "2026-11-29", "--store", str(root))
    assert result.exit_code == 0, result.stderr
    assert " — resolve a conflict: " in head_subject(root)


@pytest.mark.parametrize("make", ["empty", "non-memory"])
def test_an_empty_or_non_memory_directory_exits_2_like_a_missing_one(tmp_path: Path, make: str) -> None:
    target = tmp_path / "dir"
    target.mkdir()
    if make == "non-memory":
        (target / "photo.jpg").write_bytes(b"\xff\xd8\xff")
        (target / "src").mkdir()
    for argv in (["tui", str(target)], [str(target)]):
        result = invoke(*argv)
        assert result.exit_code == 2 and "no agent memory found" in result.output
    assert invoke("tui", str(tmp_path / "missing")).exit_code == 2


def test_curator_path_without_a_terminal_prints_the_scan(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    result = invoke(str(root), "--now", "2026-11-29")
    assert result.exit_code == 0
    assert "not a terminal: printing the scan" in result.stderr
    assert "conflict" in result.stdout and "blog_cadence.md" in result.stdout


def test_the_demo_says_where_it_was_built_before_it_opens(tmp_path: Path) -> None:
    result = invoke("demo", "--path", str(tmp_path / "demo"), "--now", "2026-11-29")
    assert result.exit_code == 0
    assert result.stdout.index("demo built in") < result.stdout.index("claude store") < result.stdout.index("conflict")


def test_expire_relink_to_points_links_at_the_named_entry(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    result = invoke(
        "expire", "cadence_again.md", "--relink-to", "blog_cadence.md", "--now", "2026-11-29", "--store", str(root)
    )
    assert result.exit_code == 0 and "pointed at the entry you named" in result.stderr
    assert "[[blog_cadence|the other]]" in (root / "team/people.md").read_text(encoding="utf-8")
