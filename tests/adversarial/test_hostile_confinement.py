"""Item 1: every write lands inside the store (or the project for instruction files), resolved at write time."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.adversarial.hostile import claude_store, commit_files, init_repo, invoke, notes_store, snapshot, tree
from tests.support.ops_stores import NOTES_TEXT

NOW = ("--now", "2026-11-29")


def _outside(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.md").write_text("# the user's own file\n")
    return outside


def _assert_untouched(outside: Path, before: dict[str, bytes], result) -> None:
    assert tree(outside) == before, "a file outside the store was written"
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output


def test_symlinked_archive_dir_leading_out_is_refused(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    root = claude_store(tmp_path / "proj")
    (root / ".archive").symlink_to(outside, target_is_directory=True)
    before, store_before = tree(outside), snapshot(root)
    result = invoke("expire", "deploy_freeze.md", "--store", str(root), *NOW)
    _assert_untouched(outside, before, result)
    assert "outside" in result.output
    assert snapshot(root) == store_before


def test_symlinked_notes_archive_leading_out_is_refused(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    root = notes_store(tmp_path / "notes", NOTES_TEXT)
    (root / "notes.archive.md").symlink_to(outside / "victim.md")
    before = tree(outside)
    result = invoke("expire", "notes.md#2", "--store", str(root), *NOW)
    _assert_untouched(outside, before, result)
    assert (root / "notes.md").read_text() == NOTES_TEXT


def test_symlinked_index_leading_out_is_refused_on_restore(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    root = claude_store(tmp_path / "proj")
    assert invoke("expire", "deploy_freeze.md", "--store", str(root), *NOW).exit_code == 0
    (outside / "INDEX.md").write_bytes((root / "MEMORY.md").read_bytes())
    (root / "MEMORY.md").unlink()
    (root / "MEMORY.md").symlink_to(outside / "INDEX.md")
    before = tree(outside)
    result = invoke("restore", "deploy_freeze.md", "--store", str(root))
    _assert_untouched(outside, before, result)
    assert (root / ".archive" / "deploy_freeze.md").exists()


def test_symlinked_subdirectory_leading_out_is_refused(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    root = claude_store(tmp_path / "proj")
    (root / "sub").symlink_to(outside, target_is_directory=True)
    before = tree(outside)
    result = invoke("merge", "blog_cadence.md", "cadence_again.md", "--name", "sub/merged", "--store", str(root), *NOW)
    _assert_untouched(outside, before, result)


def test_symlinked_config_leading_out_is_refused(tmp_path: Path) -> None:
    from curator import ops
    from curator.model import Finding
    from curator.scan import load_store

    outside = _outside(tmp_path)
    root = claude_store(tmp_path / "proj")
    (outside / "config.toml").write_text("")
    (root / ".curator.toml").symlink_to(outside / "config.toml")
    before = tree(outside)
    store = load_store(root)
    finding = Finding(rule="stale", severity="info", entries=["blog_cadence.md"], message="m")
    with pytest.raises(ops.OpError, match="outside"):
        ops.dismiss(store, finding, reason="fine")
    assert tree(outside) == before


def test_instruction_file_symlinked_out_of_the_project_is_refused(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    project = tmp_path / "proj"
    init_repo(project)
    (outside / "CLAUDE.md").write_text("- Use pnpm for everything.\n")
    (project / "CLAUDE.md").symlink_to(outside / "CLAUDE.md")
    commit_files(project, {"README.md": "hi\n"}, "init", "2026-03-01T10:00:00+00:00")
    new_text = tmp_path / "new.txt"
    new_text.write_text("- Use npm.\n")
    before = tree(outside)
    result = invoke("edit", "CLAUDE.md:L1", "--text-file", str(new_text), "--store", str(project / "CLAUDE.md"))
    assert tree(outside) == before
    assert result.exit_code in (1, 2), result.output


def test_reading_and_writing_through_an_in_store_symlink_stays_allowed(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    (root / "notes").mkdir()
    os.replace(root / "plain.md", root / "notes" / "plain.md")
    (root / "plain.md").symlink_to(Path("notes") / "plain.md")
    scanned = invoke("scan", str(root), "--format", "json", *NOW)
    ids = [entry["id"] for entry in json.loads(scanned.output)["entries"]]
    assert "plain.md" in ids
    result = invoke("review", "plain.md", "--store", str(root), *NOW)
    assert result.exit_code == 0, result.output
    assert "reviewed" in (root / "notes" / "plain.md").read_text()


# ---- archive stamps -----------------------------------------------------------------------


def _stamped(origin: str) -> str:
    meta = {"from": origin, "index": [], "lines": 2, "added_frontmatter": False}
    return (
        "---\nname: evil\ndescription: d\ntype: project\nexpired: 2026-01-01\n"
        f"curator_archive: {json.dumps(meta)}\n---\nI come back wherever my stamp says.\n"
    )


BAD_ORIGINS = [
    "../../outside/pwned.md",
    "../outside-sibling.md",
    "{abs}/pwned-abs.md",
    "sub/../../escape.md",
    ".git/hooks/post-checkout",
    "a\\..\\..\\win.md",
    "",
]


@pytest.mark.parametrize("origin", BAD_ORIGINS)
def test_a_crafted_file_stamp_is_a_finding_and_restore_writes_nothing(tmp_path: Path, origin: str) -> None:
    outside = _outside(tmp_path)
    origin = origin.replace("{abs}", str(outside))
    project = tmp_path / "proj"
    init_repo(project)
    commit_files(
        project, {"MEMORY.md": "# Memory\n", ".archive/evil.md": _stamped(origin)}, "m", "2026-03-01T10:00:00+00:00"
    )
    before_outside, before_repo = tree(outside), tree(project)
    result = invoke("restore", ".archive/evil.md", "--store", str(project))
    assert result.exit_code == 1, result.output
    assert "archive stamp" in result.output
    assert tree(outside) == before_outside
    assert tree(project) == before_repo
    scanned = json.loads(invoke("scan", str(project), "--format", "json", "--fail-on", "never", *NOW).output)
    assert any(
        finding["rule"] == "parse-error"
        and ".archive/evil.md" in finding["entries"]
        and "archive stamp" in finding["message"]
        for finding in scanned["findings"]
    ), scanned["findings"]


@pytest.mark.parametrize("origin", ["../outside/x.md", "{abs}/x.md", ".git/config", "..", "notes.md\n../x"])
def test_a_crafted_section_record_is_a_finding_and_restore_writes_nothing(tmp_path: Path, origin: str) -> None:
    outside = _outside(tmp_path)
    origin = origin.replace("{abs}", str(outside))
    root = notes_store(tmp_path / "notes", NOTES_TEXT)
    meta = {"from": origin, "id": "notes.md#9", "line": 1, "expired": "2026-01-01"}
    (root / "notes.archive.md").write_text(
        f"## 2026-07-09 - Evil\n<!-- curator-archive {json.dumps(meta)} -->\n- comes back anywhere\n"
    )
    before_outside, before_root = tree(outside), tree(root)
    result = invoke("restore", "notes.md#9", "--store", str(root))
    assert result.exit_code == 1, result.output
    assert "archive stamp" in result.output
    assert tree(outside) == before_outside and tree(root) == before_root
    scanned = json.loads(invoke("scan", str(root), "--format", "json", "--fail-on", "never", *NOW).output)
    assert any(f["rule"] == "parse-error" and "archive stamp" in f["message"] for f in scanned["findings"]), scanned[
        "findings"
    ]


def test_a_good_stamp_still_restores(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "proj")
    before = snapshot(root)
    assert invoke("expire", "team/people.md", "--store", str(root), *NOW).exit_code == 0
    scanned = json.loads(invoke("scan", str(root), "--format", "json", "--fail-on", "never", *NOW).output)
    assert not [f for f in scanned["findings"] if f["rule"] == "parse-error"]
    assert invoke("restore", "team/people.md", "--store", str(root)).exit_code == 0
    assert snapshot(root) == before
