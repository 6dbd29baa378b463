"""Fix from evidence: a failed count or pinned-version claim is rewritten through ops.fix_claim."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from curator import ops
from curator.checks import run_checks
from curator.ops import evidence_edit, fix_from_evidence
from curator.scan import load_store
from tests.support.gitrepo import commit_files, git, init_repo

TOPIC = "---\nname: {name}\ndescription: d\ntype: project\n---\n\n{body}"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = init_repo(tmp_path / "blog")
    files = {f"posts/short/p{number:02d}.md": "post\n" for number in range(41)}
    files.update(
        {
            ".nvmrc": "20\n",
            "memory/notes.md": "# Notes\n\n## 2026-05-01 - 清理\n- posts/short/ 下还有 58 篇待删。\n",
            ".claude/memory/MEMORY.md": "- [Runtime](runtime.md) — node\n- [Files](files.md) — files\n",
            ".claude/memory/runtime.md": TOPIC.format(name="runtime", body="The site builds on Node 18.\n"),
            ".claude/memory/files.md": TOPIC.format(name="files", body="Helpers in `src/helpers.ts`.\n"),
        }
    )
    commit_files(root, files, "blog", "2026-05-01T00:00:00+00:00")
    return root


def _failed(store, entry_id: str):
    [result] = [item for item in run_checks(store, entry_ids=[entry_id]).results[entry_id] if item.verdict == "fail"]
    return result


def test_chinese_count_in_a_notes_section_is_fixed(repo: Path) -> None:
    store = load_store(repo / "memory" / "notes.md")
    result = _failed(store, "notes.md#1")
    assert evidence_edit(result) == ("posts/short/ 下还有 58 篇", "posts/short/ 下还有 41 篇")
    outcome = fix_from_evidence(store, result, on=date(2026, 11, 29))
    text = (repo / "memory" / "notes.md").read_text(encoding="utf-8")
    assert "posts/short/ 下还有 41 篇待删。" in text and "verified: 2026-11-29" in text
    assert "58" not in text
    assert "check: memory says 58 entries under posts/short/; ls finds 41" in git(repo, "log", "-1", "--format=%B")
    assert [item.verdict for item in run_checks(outcome.store).results["notes.md#1"]] == ["pass"]


def test_pinned_version_is_fixed(repo: Path) -> None:
    store = load_store(repo / ".claude" / "memory")
    result = _failed(store, "runtime.md")
    assert evidence_edit(result) == ("Node 18", "Node 20")
    fix_from_evidence(store, result, on=date(2026, 11, 29))
    text = (repo / ".claude" / "memory" / "runtime.md").read_text(encoding="utf-8")
    assert "The site builds on Node 20." in text and "verified: 2026-11-29" in text


def test_claims_without_an_observed_value_are_not_fixed(repo: Path) -> None:
    store = load_store(repo / ".claude" / "memory")
    result = _failed(store, "files.md")
    assert evidence_edit(result) is None
    before = (repo / ".claude" / "memory" / "files.md").read_bytes()
    with pytest.raises(ops.OpError, match="no observed value"):
        fix_from_evidence(store, result, on=date(2026, 11, 29))
    assert (repo / ".claude" / "memory" / "files.md").read_bytes() == before
