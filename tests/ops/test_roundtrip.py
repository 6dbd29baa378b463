"""Every op round-trips: expire/restore and merge/undo give back byte-identical files and a clean git status."""

from __future__ import annotations

import tomllib
from datetime import date
from pathlib import Path

import pytest

from curator import ops
from curator.formats import frontmatter
from curator.model import Finding
from curator.scan import load_store
from tests.support.ops_stores import (
    CLAUDE_FILES,
    NOTES_TEXT,
    claude_store,
    commit_count,
    head_paths,
    head_subject,
    notes_store,
    snapshot,
    status,
    topic,
)

TODAY = date(2026, 11, 29)


def _variant(name: str) -> dict[str, str | bytes]:
    files: dict[str, str | bytes] = dict(CLAUDE_FILES)
    if name == "crlf-bom":
        for rel, text in list(files.items()):
            files[rel] = b"\xef\xbb\xbf" + str(text).replace("\n", "\r\n").encode("utf-8")
    elif name == "index-without-final-newline":
        files["MEMORY.md"] = (
            str(files["MEMORY.md"])
            .rstrip("\n")
            .replace(
                "- [Team notes](team/people.md) — who does what", "- [Deploy freeze again](deploy_freeze.md) — dup"
            )
        )
    return files


@pytest.mark.parametrize(
    ("variant", "entry_id"),
    [
        ("plain", "deploy_freeze.md"),
        ("plain", "team/people.md"),
        ("plain", "plain.md"),
        ("crlf-bom", "deploy_freeze.md"),
        ("crlf-bom", "blog_cadence.md"),
        ("index-without-final-newline", "deploy_freeze.md"),
    ],
)
def test_expire_then_restore_gives_back_identical_files(tmp_path: Path, variant: str, entry_id: str) -> None:
    root = claude_store(tmp_path / "mem", files=_variant(variant))
    before = snapshot(root)
    expired = ops.expire(load_store(root), entry_id, reason="deadline 2026-04-15 passed", now=TODAY)
    assert not (root / entry_id).exists()
    archived = root / ".archive" / entry_id
    fields, problem = frontmatter.parse(archived.read_bytes().decode("utf-8-sig").replace("\r\n", "\n"))
    assert problem is None
    assert fields["expired"] == "2026-11-29" and fields["expired_reason"] == "deadline 2026-04-15 passed"
    assert f"]({entry_id})" not in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert expired.store.get(f".archive/{entry_id}") is not None
    assert head_subject(root) == f"curator: expire {entry_id} — deadline 2026-04-15 passed"
    assert status(root) == ""
    restored = ops.restore(expired.store, entry_id)
    assert snapshot(root) == before
    assert status(root) == ""
    assert restored.store.get(entry_id).is_active


def test_restore_accepts_the_archive_id(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    before = snapshot(root)
    expired = ops.expire(load_store(root), "blog_cadence.md", reason="superseded", now=TODAY)
    ops.restore(expired.store, ".archive/blog_cadence.md")
    assert snapshot(root) == before


def test_restore_refuses_an_active_entry(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    with pytest.raises(ops.OpError, match="not archived"):
        ops.restore(load_store(root), "blog_cadence.md")


def test_merge_archives_sources_rewrites_index_and_links_then_undo_restores(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    before = snapshot(root)
    store = load_store(root)
    result = ops.merge(store, ["blog_cadence.md", "cadence_again.md"], name="cadence", reason="same subject")
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "blog_cadence.md" not in memory and "cadence_again.md" not in memory
    assert memory.count("](cadence.md)") == 1
    assert memory.splitlines()[2].startswith("- [") and "](cadence.md)" in memory.splitlines()[2]
    for source in ("blog_cadence.md", "cadence_again.md"):
        assert not (root / source).exists()
        fields, _ = frontmatter.parse((root / ".archive" / source).read_text(encoding="utf-8"))
        assert fields["merged_into"] == "cadence.md"
    merged_text = (root / "cadence.md").read_text(encoding="utf-8")
    assert "At most 4 posts per week." in merged_text and "At most 6 posts per week" in merged_text
    people = (root / "team/people.md").read_text(encoding="utf-8")
    assert "Links [[cadence]] and [[cadence|the other]]." in people
    assert head_subject(root) == "curator: merge blog_cadence.md, cadence_again.md into cadence.md — same subject"
    assert result.store.get("cadence.md").is_active
    ops.undo(result.store)
    assert snapshot(root) == before
    assert status(root) == ""
    assert head_subject(root).startswith("curator: undo merge blog_cadence.md")


def test_merge_without_a_name_rewrites_the_newest_source(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    store = load_store(root)
    draft = ops.merge_draft(store, ["blog_cadence.md", "cadence_again.md"])
    assert draft.path in ("blog_cadence.md", "cadence_again.md")
    assert draft.index_line is not None and f"]({draft.path})" in draft.index_line
    result = ops.merge(store, ["blog_cadence.md", "cadence_again.md"], text=draft.text)
    assert (root / draft.path).read_text(encoding="utf-8") == draft.text
    assert (root / ".archive" / draft.path).exists()
    assert result.store.get(draft.path).is_active


def test_merge_refuses_an_existing_target_and_single_entries(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    before = snapshot(root)
    store = load_store(root)
    with pytest.raises(ops.OpError, match="already exists"):
        ops.merge(store, ["blog_cadence.md", "cadence_again.md"], name="deploy_freeze")
    with pytest.raises(ops.OpError, match="at least two"):
        ops.merge(store, ["blog_cadence.md", "blog_cadence.md"])
    assert snapshot(root) == before


NOTES_VARIANTS = {
    "lf": NOTES_TEXT,
    "crlf": NOTES_TEXT.replace("\n", "\r\n"),
    "final-newline": NOTES_TEXT + "\n",
}


@pytest.mark.parametrize("variant", sorted(NOTES_VARIANTS))
@pytest.mark.parametrize("entry_id", ["notes.md#1", "notes.md#2", "notes.md#3"])
def test_section_expire_then_restore_gives_back_identical_files(tmp_path: Path, variant: str, entry_id: str) -> None:
    root = notes_store(tmp_path / "mem", NOTES_VARIANTS[variant])
    before = snapshot(root)
    store = load_store(root)
    section_text = store.get(entry_id).text
    expired = ops.expire(store, entry_id, reason="done", now=TODAY)
    assert section_text.splitlines()[0] in (root / "notes.archive.md").read_text(encoding="utf-8")
    assert section_text.splitlines()[0] not in (root / "notes.md").read_text(encoding="utf-8")
    assert [entry.status for entry in expired.store.entries].count("expired") == 1
    assert status(root) == ""
    ops.restore(expired.store, "notes.archive.md#1")
    assert snapshot(root) == before
    assert status(root) == ""


def test_two_sections_expired_restore_by_original_id(tmp_path: Path) -> None:
    root = notes_store(tmp_path / "mem", NOTES_TEXT)
    before = snapshot(root)
    first = ops.expire(load_store(root), "notes.md#3", reason="a", now=TODAY)
    second = ops.expire(first.store, "notes.md#1", reason="b", now=TODAY)
    back = ops.restore(second.store, "notes.md#1")
    back = ops.restore(back.store, "notes.md#3")
    assert snapshot(root) == before


def test_section_merge_then_undo(tmp_path: Path) -> None:
    root = notes_store(tmp_path / "mem", NOTES_TEXT)
    before = snapshot(root)
    result = ops.merge(load_store(root), ["notes.md#2", "notes.md#3"], reason="same cadence")
    text = (root / "notes.md").read_text(encoding="utf-8")
    assert text.count("## ") == 2
    assert "at most 4 posts per week" in text and "at most 6 posts per week" in text
    archive = (root / "notes.archive.md").read_text(encoding="utf-8")
    assert archive.count('"merged_into"') == 2
    assert len(result.store.active()) == 2
    ops.undo(result.store)
    assert snapshot(root) == before
    assert status(root) == ""


def test_scheduled_expiry_then_due(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    scheduled = ops.expire(
        load_store(root), "deploy_freeze.md", reason="launch is over", at=date(2026, 12, 15), now=TODAY
    )
    fields, _ = frontmatter.parse((root / "deploy_freeze.md").read_text(encoding="utf-8"))
    assert fields["expires"] == "2026-12-15"
    assert head_subject(root) == "curator: schedule expiry of deploy_freeze.md on 2026-12-15 — launch is over"
    early = ops.expire_due(scheduled.store, now=date(2026, 12, 14))
    assert early.changed == [] and (root / "deploy_freeze.md").exists()
    commits = commit_count(root)
    due = ops.expire_due(early.store, now=date(2026, 12, 15))
    assert not (root / "deploy_freeze.md").exists()
    assert (root / ".archive/deploy_freeze.md").exists()
    assert commit_count(root) == commits + 1
    assert "launch is over" in (root / ".archive/deploy_freeze.md").read_text(encoding="utf-8")
    assert due.commit is not None


def test_scheduled_section_expiry_then_due(tmp_path: Path) -> None:
    root = notes_store(tmp_path / "mem", NOTES_TEXT)
    scheduled = ops.expire(load_store(root), "notes.md#2", reason="temporary", at=date(2026, 12, 1), now=TODAY)
    assert "expires: 2026-12-01" in (root / "notes.md").read_text(encoding="utf-8")
    ops.expire_due(scheduled.store, now=date(2026, 12, 2))
    assert "Cadence\n" not in (root / "notes.md").read_text(encoding="utf-8").replace("Cadence again", "")
    assert "## 2026-07-02 - Cadence" in (root / "notes.archive.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("entry_id", ["blog_cadence.md", "plain.md"])
def test_review_stamps_reviewed_and_only_that(tmp_path: Path, entry_id: str) -> None:
    root = claude_store(tmp_path / "mem")
    before = (root / entry_id).read_text(encoding="utf-8")
    result = ops.review(load_store(root), entry_id, on=TODAY)
    after = (root / entry_id).read_text(encoding="utf-8")
    fields, _ = frontmatter.parse(after)
    assert fields["reviewed"] == "2026-11-29"
    assert before.split("---")[-1] in after
    assert head_paths(root) == [entry_id]
    assert result.store.get(entry_id).reviewed is not None


def test_review_a_section_keeps_its_metadata_comment(tmp_path: Path) -> None:
    root = notes_store(tmp_path / "mem", NOTES_TEXT)
    ops.review(load_store(root), "notes.md#1", on=TODAY)
    text = (root / "notes.md").read_text(encoding="utf-8")
    assert "<!-- type: project | reviewed: 2026-11-29 -->" in text
    assert text.replace(" | reviewed: 2026-11-29", "") == NOTES_TEXT


def test_fix_claim_rewrites_one_substring_and_stamps_verified(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    store = load_store(root)
    ops.fix_claim(store, "plain.md", old="58", new="41", on=TODAY, reason="ls posts/short shows 41")
    text = (root / "plain.md").read_text(encoding="utf-8")
    assert "41 posts remain" in text and "58" not in text
    assert frontmatter.parse(text)[0]["verified"] == "2026-11-29"
    assert "ls posts/short shows 41" in head_subject(root)


@pytest.mark.parametrize(("old", "message"), [("999", "not in its body"), ("s", "occurs")])
def test_fix_claim_refuses_missing_or_ambiguous_text(tmp_path: Path, old: str, message: str) -> None:
    root = claude_store(tmp_path / "mem")
    before = snapshot(root)
    with pytest.raises(ops.OpError, match=message):
        ops.fix_claim(load_store(root), "plain.md", old=old, new="x", on=TODAY, reason="r")
    assert snapshot(root) == before


def test_dismiss_appends_an_ignore_table_without_disturbing_the_file(tmp_path: Path) -> None:
    files = dict(CLAUDE_FILES)
    files[".curator.toml"] = "# my settings\n[rules]\nstale_days = 30\n"
    root = claude_store(tmp_path / "mem", files=files)
    finding = Finding("conflict", "warning", ["blog_cadence.md", "cadence_again.md"], "4 vs 6")
    ops.dismiss(load_store(root), finding, reason='both are right: "4" is for drafts')
    text = (root / ".curator.toml").read_text(encoding="utf-8")
    assert text.startswith("# my settings\n[rules]\nstale_days = 30\n")
    config = tomllib.loads(text)
    assert config["rules"] == {"stale_days": 30}
    assert config["ignore"] == [
        {
            "rule": "conflict",
            "entries": ["blog_cadence.md", "cadence_again.md"],
            "reason": 'both are right: "4" is for drafts',
        }
    ]
    assert head_paths(root) == [".curator.toml"]


def test_edit_body_fields_and_no_change(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    store = load_store(root)
    unchanged = ops.edit(store, "blog_cadence.md", text=store.get("blog_cadence.md").text)
    assert unchanged.changed == [] and unchanged.commit is None
    edited = ops.edit(
        store, "blog_cadence.md", body="At most 5 posts per week.\n", fields={"type": "project"}, reason="new plan"
    )
    assert (root / "blog_cadence.md").read_text(encoding="utf-8") == topic(
        "blog-cadence", "posting cadence", "project", "At most 5 posts per week."
    )
    assert head_subject(root) == "curator: edit blog_cadence.md — new plan"
    assert edited.store.get("blog_cadence.md").type == "project"


def test_session_makes_one_commit_of_every_touched_path(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    commits = commit_count(root)
    with ops.session(load_store(root), "review 2026-11-29 — 1 kept, 2 expired") as batch:
        batch.review("blog_cadence.md", on=TODAY)
        batch.expire("deploy_freeze.md", reason="over", now=TODAY)
        ops.expire(batch.store, "plain.md", reason="stale", now=TODAY)
        batch.message = "review 2026-11-29 — 1 kept, 2 expired (final)"
    assert commit_count(root) == commits + 1
    assert head_subject(root) == "curator: review 2026-11-29 — 1 kept, 2 expired (final)"
    assert head_paths(root) == sorted(
        [
            "blog_cadence.md",
            "deploy_freeze.md",
            ".archive/deploy_freeze.md",
            "MEMORY.md",
            "plain.md",
            ".archive/plain.md",
        ]
    )
    assert batch.commit is not None and status(root) == ""


def test_instruction_entries_only_edit_and_review(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "CLAUDE.md").write_text(
        "# Rules\n\n- Use pnpm, never npm.\n- Run tests before pushing.\n", encoding="utf-8"
    )
    store = load_store(root / "CLAUDE.md")
    rule = next(entry for entry in store.entries if "pnpm" in entry.text)
    for attempt in (
        lambda: ops.expire(store, rule.id, reason="x", now=TODAY),
        lambda: ops.merge(store, [entry.id for entry in store.entries[:2]]),
    ):
        with pytest.raises(ops.OpError, match="instruction"):
            attempt()
    reviewed = ops.review(store, rule.id, on=TODAY)
    assert "- Use pnpm, never npm. <!-- reviewed: 2026-11-29 -->\n" in (root / "CLAUDE.md").read_text(encoding="utf-8")
    assert reviewed.commit is None


def test_index_section_of_a_claude_store_expires_into_the_archive_dir_and_restores(tmp_path: Path) -> None:
    files = dict(CLAUDE_FILES)
    files["MEMORY.md"] = str(files["MEMORY.md"]) + "\n## Habits\n- Posts go out on Tuesdays.\n\n## Tools\n- Use pnpm.\n"
    root = claude_store(tmp_path / "mem", files=files)
    before = snapshot(root)
    store = load_store(root)
    section = next(entry for entry in store.entries if entry.kind == "section" and "Tuesdays" in entry.text)
    expired = ops.expire(store, section.id, reason="no longer true", now=TODAY)
    assert "Tuesdays" not in (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "Tuesdays" in (root / ".archive/MEMORY.archive.md").read_text(encoding="utf-8")
    assert expired.store.get("MEMORY.archive.md") is None
    ops.restore(expired.store, section.id)
    assert snapshot(root) == before
    assert status(root) == ""


OPENCLAW_FILES = {
    "MEMORY.md": "# Long-term memory\n\n## People\n- Ana reviews posts.\n\n## Tools\n- Use pnpm.\n",
    "memory/2026-01-05.md": "# 2026-01-05\n\n- Shipped the blog redesign.\n",
    "memory/2026-01-06.md": "# 2026-01-06\n\n- Fixed the RSS feed.\n",
    "SOUL.md": "Be kind.\n",
}


@pytest.mark.parametrize("pick", ["daily", "section"])
def test_openclaw_expire_then_restore_by_original_id(tmp_path: Path, pick: str) -> None:
    from tests.support.gitrepo import commit_files, init_repo

    root = init_repo(tmp_path / "workspace")
    commit_files(root, OPENCLAW_FILES, "workspace", "2026-01-06T10:00:00+00:00")
    before = snapshot(root)
    store = load_store(root)
    assert store.format == "openclaw"
    entry = next(e for e in store.entries if (e.kind == "section") == (pick == "section") and e.is_active)
    expired = ops.expire(store, entry.id, reason="old", now=TODAY)
    assert entry.text.strip().splitlines()[-1] not in "".join(
        path.read_text(encoding="utf-8") for path in [root / "MEMORY.md", *sorted((root / "memory").glob("*.md"))]
    )
    ops.restore(expired.store, entry.id)
    assert snapshot(root) == before
    assert status(root) == ""


def test_index_lines_shared_with_other_files_stay_and_follow_a_merge(tmp_path: Path) -> None:
    files = dict(CLAUDE_FILES)
    files["MEMORY.md"] = str(files["MEMORY.md"]) + "- Compare [old](blog_cadence.md) with [freeze](deploy_freeze.md)\n"
    root = claude_store(tmp_path / "mem", files=files)
    expired = ops.expire(load_store(root), "blog_cadence.md", reason="x", now=TODAY)
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "- [Blog cadence](blog_cadence.md)" not in memory
    assert "- Compare [old](blog_cadence.md) with [freeze](deploy_freeze.md)" in memory
    restored = ops.restore(expired.store, "blog_cadence.md")
    ops.merge(restored.store, ["blog_cadence.md", "cadence_again.md"], name="cadence")
    memory = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "- Compare [old](cadence.md) with [freeze](deploy_freeze.md)" in memory
    assert "blog_cadence.md" not in memory and "cadence_again.md" not in memory


OPS_TO_UNDO = {
    "edit": lambda store: ops.edit(store, "blog_cadence.md", body="At most 5 posts per week.\n"),
    "review": lambda store: ops.review(store, "deploy_freeze.md", on=TODAY),
    "fix_claim": lambda store: ops.fix_claim(store, "plain.md", old="58", new="41", on=TODAY, reason="ls says 41"),
    "dismiss": lambda store: ops.dismiss(store, Finding("stale", "info", ["plain.md"], "old"), reason="still true"),
    "schedule": lambda store: ops.expire(store, "plain.md", reason="r", at=date(2027, 1, 1), now=TODAY),
    "expire": lambda store: ops.expire(store, "team/people.md", reason="r", now=TODAY),
    "merge": lambda store: ops.merge(store, ["blog_cadence.md", "cadence_again.md", "plain.md"]),
}


@pytest.mark.parametrize("name", sorted(OPS_TO_UNDO))
def test_every_op_then_undo_gives_back_identical_files(tmp_path: Path, name: str) -> None:
    root = claude_store(tmp_path / "mem")
    before = snapshot(root)
    result = OPS_TO_UNDO[name](load_store(root))
    assert result.commit is not None and snapshot(root) != before
    ops.undo(result.store)
    assert snapshot(root) == before
    assert status(root) == ""


def test_a_review_session_undoes_as_one(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    before = snapshot(root)
    with ops.session(load_store(root), "review — 1 kept, 1 expired, 1 merged") as batch:
        batch.review("plain.md", on=TODAY)
        batch.expire("deploy_freeze.md", reason="over", now=TODAY)
        batch.merge(["blog_cadence.md", "cadence_again.md"])
    ops.undo(batch.store)
    assert snapshot(root) == before
    assert status(root) == ""


def test_a_dismissed_finding_is_suppressed_on_the_next_scan(tmp_path: Path, now) -> None:
    from curator.scan import analyze_store

    root = claude_store(tmp_path / "mem")
    store = load_store(root)
    finding = next(f for f in analyze_store(store, now=now).findings if f.rule == "expired-date")
    result = ops.dismiss(store, finding, reason="kept as a record of the freeze")
    rescanned = analyze_store(result.store, now=now)
    assert finding.key not in {f.key for f in rescanned.findings}
    assert rescanned.suppressed >= 1


def test_restore_puts_the_index_line_back_after_its_old_neighbour_when_memory_md_changed(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    expired = ops.expire(load_store(root), "cadence_again.md", reason="x", now=TODAY)
    memory = root / "MEMORY.md"
    memory.write_text(
        memory.read_text(encoding="utf-8").replace("# Memory\n", "# Memory\n- [New](new.md) — added later\n"),
        encoding="utf-8",
    )
    ops.restore(load_store(root), "cadence_again.md")
    lines = memory.read_text(encoding="utf-8").splitlines()
    assert (
        lines.index("- [Cadence again](cadence_again.md) — six posts a week")
        == lines.index("- [Blog cadence](blog_cadence.md) — at most 4 posts per week") + 1
    )
    assert expired.commit is not None


def test_restore_puts_a_section_back_at_a_section_boundary_when_the_file_changed(tmp_path: Path) -> None:
    root = notes_store(tmp_path / "mem", NOTES_TEXT)
    expired = ops.expire(load_store(root), "notes.md#2", reason="x", now=TODAY)
    notes = root / "notes.md"
    notes.write_text(
        notes.read_text(encoding="utf-8").replace("# Notes\n\n", "# Notes\n\n## 2026-11-01 - New\n- fresh\n\n"),
        encoding="utf-8",
    )
    ops.restore(load_store(root), "notes.md#2")
    assert notes.read_text(encoding="utf-8") == NOTES_TEXT.replace(
        "# Notes\n\n", "# Notes\n\n## 2026-11-01 - New\n- fresh\n\n"
    )
    assert expired.commit is not None
