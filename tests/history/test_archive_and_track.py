"""History survives archiving (the move into .archive/ and back) and tracking (ages recorded at `curator track`)."""

from __future__ import annotations

import os
import shutil
from datetime import date, datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator import history, ops
from curator.cli import main
from curator.history.log import archive_moves, archive_origins
from curator.history.tracked import NOTES_REF, format_mtimes, parse_mtimes
from curator.scan import load_store
from tests.support.gitrepo import commit_files, git
from tests.support.ops_stores import claude_store, topic

NOW = datetime(2026, 11, 29, 12, tzinfo=timezone.utc)
TODAY = NOW.date()
EDITED = "2026-05-01T10:00:00+00:00"


@pytest.mark.parametrize(
    ("path", "origins"),
    [
        (".archive/x.md", ["x.md"]),
        (".archive/team/people.md", ["team/people.md"]),
        (".archive/x.2.md", ["x.2.md", "x.md"]),
        ("sub/.archive/x.md", ["sub/x.md"]),
        ("x.md", []),
        ("my.archive/x.md", []),
    ],
)
def test_archive_origins_name_the_live_path(path: str, origins: list[str]) -> None:
    assert archive_origins(path) == origins


def test_archive_moves_pair_deletes_with_adds_both_ways() -> None:
    assert archive_moves(["x.md", "y.md"], [".archive/x.md"]) == {"x.md": ".archive/x.md"}
    assert archive_moves([".archive/x.2.md"], ["x.md"]) == {".archive/x.2.md": "x.md"}
    assert archive_moves(["v1.2.md"], [".archive/v1.2.md"]) == {"v1.2.md": ".archive/v1.2.md"}
    assert archive_moves(["x.md"], [".archive/other.md"]) == {}


def _store_with_history(project: Path) -> Path:
    root = claude_store(project)
    body = "No deploys before 2026-04-15.\n\n**Why:** launch; the freeze was extended."
    commit_files(
        project,
        {".claude/memory/deploy_freeze.md": topic("deploy-freeze", "d", "project", body)},
        "extend freeze",
        EDITED,
    )
    return root


def test_an_archived_entry_keeps_its_whole_history_and_is_found_by_its_old_id(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = _store_with_history(project)
    before = load_store(root).get("deploy_freeze.md")
    assert before is not None and before.commits == 2
    ops.expire(load_store(root), "deploy_freeze.md", reason="passed", now=TODAY)
    moved = git(project, "show", "-M", "--name-status", "--format=", "HEAD").splitlines()
    assert not any(line.startswith("R") for line in moved), "git alone would follow this move"
    archived = load_store(root).get(".archive/deploy_freeze.md")
    assert archived is not None and archived.commits == 3 and archived.created == before.created
    changes = history.entry_history(load_store(root), ".archive/deploy_freeze.md")
    assert [change.subject for change in changes][1:] == ["extend freeze", "memory as the agent wrote it"]
    shown = CliRunner().invoke(main, ["history", "deploy_freeze.md", "--store", str(root), "--now", "2026-11-29"])
    assert shown.exit_code == 0, shown.output
    assert ".archive/deploy_freeze.md" in shown.output and "archived" in shown.output
    assert "extend freeze" in shown.output and "memory as the agent wrote it" in shown.output
    ops.restore(load_store(root), "deploy_freeze.md")
    restored = load_store(root).get("deploy_freeze.md")
    assert restored is not None and restored.commits == 4 and restored.created == before.created
    subjects = [change.subject for change in history.entry_history(load_store(root), "deploy_freeze.md")]
    assert subjects[0].startswith("curator: restore") and subjects[-1] == "memory as the agent wrote it"
    assert len(subjects) == 4


def _age(root: Path, entry_id: str) -> float | None:
    entry = load_store(root).get(entry_id)
    assert entry is not None
    return entry.age_days(NOW)


def test_track_keeps_ages_by_recording_each_files_mtime(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj", git_repo=False)
    written = NOW.timestamp() - 548 * 86400
    for path in root.rglob("*.md"):
        os.utime(path, (written, written))
    result = ops.track(root)
    assert any(NOTES_REF in note for note in result.notes)
    assert _age(root, "blog_cadence.md") == pytest.approx(548, abs=1)
    entry = load_store(root).get("blog_cadence.md")
    assert entry is not None and entry.date_source == "git+tracked mtime"
    later = "2030-01-01T10:00:00+00:00"
    commit_files(
        root, {"blog_cadence.md": topic("blog-cadence", "c", "feedback", "At most 3 posts per week.")}, "edit", later
    )
    edited = load_store(root).get("blog_cadence.md")
    assert edited is not None and edited.created is not None
    assert edited.created.timestamp() == pytest.approx(written, abs=1)
    assert edited.modified == datetime.fromisoformat(later)
    git(root, "update-ref", "-d", NOTES_REF)
    assert _age(root, "deploy_freeze.md") < 2


def test_a_tracked_store_keeps_its_ages_after_a_copy_of_the_repository(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj", git_repo=False)
    written = NOW.timestamp() - 100 * 86400
    for path in root.rglob("*.md"):
        os.utime(path, (written, written))
    ops.track(root)
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    for path in copy.rglob("*.md"):
        os.utime(path, None)
    assert _age(copy, "deploy_freeze.md") == pytest.approx(100, abs=1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            format_mtimes({"a.md": 1700000000.7, "dir/b c.md": 1600000000}),
            {"a.md": 1700000000, "dir/b c.md": 1600000000},
        ),
        ('Curator-Mtime: 1700000000 "new\\nline.md"\n', {"new\nline.md": 1700000000}),
        ('Curator-Mtime: nope "a.md"\nCurator-Mtime: 99999999999999 "b.md"\nsomething else\n', {}),
    ],
)
def test_the_mtime_note_round_trips_and_skips_malformed_lines(text: str, expected: dict[str, int]) -> None:
    assert {path: moment.timestamp() for path, moment in parse_mtimes(text).items()} == expected


def test_expire_then_restore_dates_are_unchanged_in_the_scan(tmp_path: Path) -> None:
    root = _store_with_history(tmp_path / "proj")
    created = load_store(root).get("deploy_freeze.md").created
    ops.expire(load_store(root), "deploy_freeze.md", reason="passed", now=date(2026, 11, 29))
    ops.restore(load_store(root), "deploy_freeze.md")
    assert load_store(root).get("deploy_freeze.md").created == created


def test_an_archived_section_keeps_the_history_of_its_lines(tmp_path: Path) -> None:
    from tests.support.ops_stores import NOTES_TEXT, notes_store

    root = notes_store(tmp_path / "notes", NOTES_TEXT)
    edited = NOTES_TEXT.replace("- at most 4 posts per week", "- at most 4 posts per week, on weekdays")
    commit_files(root, {"notes.md": edited}, "weekdays only", EDITED)
    ops.expire(load_store(root), "notes.md#2", reason="done", now=TODAY)
    archived = next(e for e in load_store(root).entries if e.path == "notes.archive.md")
    subjects = [change.subject for change in history.entry_history(load_store(root), archived.id)]
    assert subjects[0].startswith("curator: expire notes.md#2")
    assert subjects[1:] == ["weekdays only", "notes"]
