"""Main-path ops: index ops, inbound links on expire/merge, merge keeps what was not asked, keep/snooze/due, the review journal."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from curator import config, ops
from curator.formats import frontmatter
from curator.model import Finding
from curator.ops.review_state import CLEAR, clear_journal, journal_path, load_journal, resting_reason, save_journal
from curator.scan import load_store
from tests.support.ops_stores import CLAUDE_FILES, claude_store, head_paths, head_subject, status, topic

TODAY = date(2026, 11, 29)


def _store_with(tmp_path: Path, extra: dict[str, str], index: str | None = None) -> Path:
    files = dict(CLAUDE_FILES)
    files.update(extra)
    if index is not None:
        files["MEMORY.md"] = index
    return claude_store(tmp_path / "mem", files=files)


def test_index_add_links_an_orphan_with_its_description_as_hook(tmp_path: Path) -> None:
    root = _store_with(tmp_path, {"orphan.md": topic("Orphan note", "a memory nobody links", "project", "Body.")})
    result = ops.index_add(load_store(root), "orphan.md")
    lines = (root / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    assert "- [Orphan note](orphan.md) — a memory nobody links" in lines
    assert lines.index("- [Orphan note](orphan.md) — a memory nobody links") == 5
    assert head_paths(root) == ["MEMORY.md"] and head_subject(root).startswith("curator: index: add orphan.md")
    assert status(root) == ""
    with pytest.raises(ops.OpError, match="already links"):
        ops.index_add(result.store, "orphan.md")


@pytest.mark.parametrize(
    ("ref", "expected_gone"),
    [(3, "- [Blog cadence](blog_cadence.md)"), ("cadence_again.md", "- [Cadence again](cadence_again.md)")],
)
def test_index_drop_removes_exactly_one_line(tmp_path: Path, ref: object, expected_gone: str) -> None:
    root = claude_store(tmp_path / "mem")
    before = (root / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    ops.index_drop(load_store(root), ref)  # type: ignore[arg-type]
    after = (root / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    assert [line for line in before if not line.startswith(expected_gone)] == after
    assert head_paths(root) == ["MEMORY.md"]


def test_index_drop_of_a_dangling_line_clears_the_finding(tmp_path: Path) -> None:
    index = CLAUDE_FILES["MEMORY.md"] + "- [Gone](gone.md) — deleted by hand\n"
    root = _store_with(tmp_path, {}, index)
    from curator.scan import analyze_store

    store = load_store(root)
    dangling = [
        f for f in analyze_store(store).findings if f.rule == "dangling-link" and f.evidence.get("target") == "gone.md"
    ]
    assert dangling and dangling[0].evidence["line"] == 6
    result = ops.index_drop(store, 6)
    assert not [f for f in analyze_store(result.store).findings if f.evidence.get("target") == "gone.md"]


def test_index_shorten_cuts_the_hook_at_a_word_and_keeps_the_link(tmp_path: Path) -> None:
    long_hook = "no deploys before the launch because " + "the database migration takes many steps " * 5
    index = CLAUDE_FILES["MEMORY.md"].replace("— no deploys before 2026-04-15", "— " + long_hook.strip())
    root = _store_with(tmp_path, {}, index)
    ops.index_shorten(load_store(root), "deploy_freeze.md")
    line = (root / "MEMORY.md").read_text(encoding="utf-8").splitlines()[1]
    assert line.startswith("- [Deploy freeze](deploy_freeze.md) — no deploys before the launch")
    assert len(line) <= 150 and line.endswith("…") and not line.endswith(" …")
    ops.index_shorten(load_store(root), 2, hook="frozen until launch")
    assert (root / "MEMORY.md").read_text(encoding="utf-8").splitlines()[
        1
    ] == "- [Deploy freeze](deploy_freeze.md) — frozen until launch"


def test_index_promote_moves_a_line_from_past_the_cut_into_what_is_loaded(tmp_path: Path) -> None:
    filler = "".join(f"- note {number}\n" for number in range(210))
    index = (
        "# Memory\n- [Deploy freeze](deploy_freeze.md) — frozen\n"
        + filler
        + "- [Blog cadence](blog_cadence.md) — cadence\n"
    )
    root = _store_with(tmp_path, {}, index)
    store = load_store(root)
    assert store.index is not None and store.index.overflows
    with pytest.raises(ops.OpError, match="already loaded"):
        ops.index_promote(store, "deploy_freeze.md")
    result = ops.index_promote(store, "blog_cadence.md")
    lines = (root / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    assert lines[2] == "- [Blog cadence](blog_cadence.md) — cadence"
    assert len(lines) == 213 and sorted(lines) == sorted(index.splitlines())
    assert result.store.index is not None and result.store.index.entries[2].line <= result.store.index.loaded_lines


def test_inbound_links_find_wiki_and_index_links(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    links = ops.inbound_links(load_store(root), ["blog_cadence.md"])
    assert [(link.path, link.kind, link.target) for link in links] == [
        ("MEMORY.md", "index", "blog_cadence.md"),
        ("team/people.md", "wiki", "[[blog-cadence]]"),
    ]


def test_expire_with_unlink_makes_wiki_links_plain_text_in_the_same_commit(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    result = ops.expire(load_store(root), "cadence_again.md", reason="superseded", now=TODAY, unlink=True)
    people = (root / "team/people.md").read_text(encoding="utf-8")
    assert "Links [[blog-cadence]] and the other." in people
    assert sorted(head_paths(root)) == [".archive/cadence_again.md", "MEMORY.md", "cadence_again.md", "team/people.md"]
    assert "unlinking 1 link" in head_subject(root)
    assert [link.path for link in ops.inbound_links(result.store, ["blog_cadence.md"])] == [
        "MEMORY.md",
        "team/people.md",
    ]


def _blank_line_store(tmp_path: Path) -> Path:
    files = {
        "MEMORY.md": "# Memory\n- [Cadence](a.md) — posting cadence, hand-written hook\n- [Cadence B](b.md) — b\n",
        "a.md": "---\nname: Cadence\ndescription: posting cadence\ntype: feedback\n---\n\nAt most 4 posts per week.\n",
        "b.md": "---\nname: Cadence B\ndescription: b\ntype: feedback\n---\n\nAt most 6 posts per week.\n",
    }
    root = claude_store(tmp_path / "mem", files=files)
    from tests.support.gitrepo import commit_files

    commit_files(
        root.parents[1],
        {".claude/memory/a.md": files["a.md"].replace("4 posts", "four posts")},
        "newer a",
        "2026-05-01T10:00:00+00:00",
    )
    return root


def test_merge_name_only_names_the_file_and_keeps_name_hook_and_blank_line(tmp_path: Path) -> None:
    root = _blank_line_store(tmp_path)
    store = load_store(root)
    draft = ops.merge_draft(store, ["a.md", "b.md"], name="cadence")
    assert draft.path == "cadence.md"
    assert draft.text.startswith(
        "---\nname: Cadence\ndescription: posting cadence\ntype: feedback\n---\n\nAt most four posts"
    )
    assert draft.index_line == "- [Cadence](cadence.md) — posting cadence, hand-written hook"
    ops.merge(store, ["a.md", "b.md"], name="cadence", now=TODAY, reason=ops.merge_reason([], ["a.md", "b.md"]))
    merged = (root / "cadence.md").read_text(encoding="utf-8")
    assert frontmatter.parse(merged)[0]["name"] == "Cadence"
    assert "---\n\nAt most four posts per week.\n\nAt most 6 posts per week.\n" in merged
    assert (root / "MEMORY.md").read_text(
        encoding="utf-8"
    ) == "# Memory\n- [Cadence](cadence.md) — posting cadence, hand-written hook\n"
    assert head_subject(root) == "curator: merge a.md, b.md into cadence.md — merged by hand"


def test_merge_with_an_edited_description_gets_a_new_hook(tmp_path: Path) -> None:
    root = _blank_line_store(tmp_path)
    store = load_store(root)
    draft = ops.merge_draft(store, ["a.md", "b.md"])
    edited = draft.text.replace("description: posting cadence", "description: how often to post")
    ops.merge(store, ["a.md", "b.md"], text=edited, now=TODAY)
    assert "- [Cadence](a.md) — how often to post\n" in (root / "MEMORY.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("rule", "expected_start"),
    [("conflict", "resolve a conflict: "), ("duplicate", "duplicates: "), ("stale", "merged by hand")],
)
def test_merge_reason_names_the_finding_that_pairs_the_entries(rule: str, expected_start: str) -> None:
    findings = [Finding(rule, "warning", ["a.md", "b.md"], "a.md and b.md disagree on posts per week")]
    assert ops.merge_reason(findings, ["b.md", "a.md"]).startswith(expected_start)


def _expiring_store(tmp_path: Path, reviewed: str | None) -> Path:
    extra = "\nreviewed: " + reviewed if reviewed else ""
    files = dict(CLAUDE_FILES)
    files["deploy_freeze.md"] = (
        f"---\nname: deploy-freeze\ndescription: d\ntype: project\nexpires: 2026-06-01{extra}\n---\nFrozen.\n"
    )
    return claude_store(tmp_path / "mem", files=files)


@pytest.mark.parametrize(
    ("reviewed", "archived"), [(None, True), ("2026-05-20", True), ("2026-06-01", False), ("2026-07-01", False)]
)
def test_expire_due_leaves_entries_kept_after_their_expiry(
    tmp_path: Path, reviewed: str | None, archived: bool
) -> None:
    root = _expiring_store(tmp_path, reviewed)
    ops.expire_due(load_store(root), now=TODAY)
    assert (root / ".archive/deploy_freeze.md").exists() is archived
    assert (root / "deploy_freeze.md").exists() is not archived


@pytest.mark.parametrize(
    ("expires", "expected_expires"),
    [(None, "2026-06-01"), (CLEAR, None), (date(2027, 1, 31), "2027-01-31")],
)
def test_keep_extends_or_clears_a_past_expiry(tmp_path: Path, expires: object, expected_expires: str | None) -> None:
    root = _expiring_store(tmp_path, None)
    ops.keep(load_store(root), "deploy_freeze.md", on=TODAY, expires=expires)  # type: ignore[arg-type]
    fields, _ = frontmatter.parse((root / "deploy_freeze.md").read_text(encoding="utf-8"))
    assert str(fields["reviewed"]) == "2026-11-29"
    assert (str(fields["expires"]) if "expires" in fields else None) == expected_expires
    assert head_paths(root) == ["deploy_freeze.md"]


def test_snooze_stamps_reviewed_and_review_after_and_the_entry_rests(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    result = ops.snooze(load_store(root), "blog_cadence.md", on=TODAY, weeks=3)
    fields, _ = frontmatter.parse((root / "blog_cadence.md").read_text(encoding="utf-8"))
    assert (str(fields["reviewed"]), str(fields["review_after"])) == ("2026-11-29", "2026-12-20")
    entry = result.store.get("blog_cadence.md")
    assert entry is not None
    assert resting_reason(entry, date(2026, 12, 19), 0) == "snoozed until 2026-12-20"
    assert resting_reason(entry, date(2026, 12, 20), 0) is None


@pytest.mark.parametrize(
    ("days_since", "skip_days", "rests"), [(2, 7, True), (7, 7, False), (2, 0, False), (0, 1, True)]
)
def test_recently_reviewed_entries_rest(tmp_path: Path, days_since: int, skip_days: int, rests: bool) -> None:
    root = claude_store(tmp_path / "mem")
    entry = load_store(root).get("blog_cadence.md")
    assert entry is not None
    entry.reviewed = datetime(2026, 11, 29 - days_since, tzinfo=timezone.utc)
    assert (resting_reason(entry, TODAY, skip_days) is not None) is rests


@pytest.mark.parametrize(
    ("toml", "skip", "snooze"),
    [
        ("", 7, 4),
        ("[review]\nskip_reviewed_days = 0\n", 0, 4),
        ("[review]\nskip_reviewed_days = 14\nsnooze_weeks = 2\n", 14, 2),
    ],
)
def test_review_settings_in_curator_toml(toml: str, skip: int, snooze: int) -> None:
    import tomllib

    parsed = config.parse(tomllib.loads(toml))
    assert (parsed.skip_reviewed_days, parsed.snooze_weeks) == (skip, snooze)


def test_review_settings_reject_bad_values() -> None:
    with pytest.raises(config.ConfigError):
        config.parse({"review": {"skip_reviewed_days": -1}})
    with pytest.raises(config.ConfigError):
        config.parse({"review": {"weekly": True}})


def test_review_journal_lives_under_git_and_round_trips(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    store = load_store(root)
    path = save_journal(store, {"decisions": {"blog_cadence.md": {"kind": "keep"}}, "position": 1})
    assert path is not None and path.parent.name == "curator" and path.parent.parent.name == ".git"
    assert load_journal(store)["decisions"] == {"blog_cadence.md": {"kind": "keep"}}
    assert status(root) == ""
    clear_journal(store)
    assert load_journal(store) is None and journal_path(store) == path


@pytest.mark.parametrize(
    ("old", "typed", "expected"),
    [
        ("a\r\nb\nc\r\n", "a\nb\nc\n", "a\r\nb\nc\r\n"),
        ("a\r\nb\nc\r\n", "a\r\nb\r\nc\r\n", "a\r\nb\nc\r\n"),
        ("a\r\nb\nc\r\n", "a\nb\nnew\nc\n", "a\r\nb\nnew\r\nc\r\n"),
        ("a\nb\n", "a\nB\n", "a\nB\n"),
        ("a\r\nb", "a\nb", "a\r\nb"),
    ],
)
def test_keep_line_endings_table(old: str, typed: str, expected: str) -> None:
    from curator.ops.eol import keep_line_endings

    assert keep_line_endings(old, typed) == expected


def test_an_edit_of_a_mixed_crlf_lf_file_keeps_each_line_ending(tmp_path: Path) -> None:
    mixed = b"---\r\nname: mixed\r\ndescription: d\ntype: user\r\n---\r\nLine one.\nLine two.\r\n"
    root = claude_store(tmp_path / "mem", files={**CLAUDE_FILES, "mixed.md": mixed})
    typed = mixed.decode().replace("\r\n", "\n").replace("Line two.", "Line 2.")
    ops.edit(load_store(root), "mixed.md", text=typed)
    assert (root / "mixed.md").read_bytes() == mixed.replace(b"Line two.", b"Line 2.")


@pytest.mark.parametrize(
    ("rel", "name"), [("plain.md", "Plain"), ("with space.md", "Brackets [x] in name"), ("odd(1).md", "Parens")]
)
def test_index_add_writes_a_line_the_reader_resolves(tmp_path: Path, rel: str, name: str) -> None:
    from curator.scan import analyze_store

    files = {"MEMORY.md": "# Memory\n", rel: topic(name, "a hook", "project", "Body.")}
    root = claude_store(tmp_path / "mem", files=files)
    result = ops.index_add(load_store(root), rel)
    assert not [f for f in analyze_store(result.store).findings if f.rule in ("orphan", "dangling-link")]


def test_expire_with_relink_points_wiki_links_at_the_entry_that_supersedes_it(tmp_path: Path) -> None:
    root = claude_store(tmp_path / "mem")
    ops.expire(load_store(root), "cadence_again.md", reason="superseded", now=TODAY, relink_to="blog_cadence.md")
    assert "Links [[blog-cadence]] and [[blog_cadence|the other]]." in (root / "team/people.md").read_text(
        encoding="utf-8"
    )
    assert "pointing 1 link at blog_cadence.md" in head_subject(root)
    with pytest.raises(ops.OpError, match="not another live topic file"):
        ops.expire(load_store(root), "blog_cadence.md", reason="x", now=TODAY, relink_to="blog_cadence.md")
