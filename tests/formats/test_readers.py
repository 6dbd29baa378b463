"""Each reader on generated stores: entries, ids, spans, dates, index and project context."""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from curator import formats
from curator.model import INDEX_MAX_LINES


def write(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, content in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
    return root


def topic(name: str, description: str, memory_type: str | None, body: str = "Body.\n", shape: str = "flat") -> str:
    if shape == "metadata":
        return f"---\nname: {name}\ndescription: {description}\nmetadata: \n  node_type: memory\n  type: {memory_type}\n---\n\n{body}"
    if shape == "pinned":
        return f"---\nname: {name}\ndescription: {description}\nmetadata:\n  pinned: true\n---\n{body}"
    return f"---\nname: {name}\ndescription: {description}\ntype: {memory_type}\n---\n{body}"


def _span_text(store, entry) -> str:
    return store.files[entry.path].text[entry.span[0] : entry.span[1]]


# ---- claude-code --------------------------------------------------------------------------------

INDEXES = {
    "link-lines": "- [Cadence](blog_cadence.md) — at most 4 posts\n- [Team](team/x.md) — who is who\n",
    "plain-bullets-and-groups": "# Memory\n\n## Writing\n- [blog_cadence.md](blog_cadence.md)\n\n## People\n- [Team](./team/x.md)\n- use pnpm, not npm\n",
    "table": "| Memory | Hook |\n|---|---|\n| [Cadence](blog_cadence.md) | posts |\n| [Team](team/x.md) | people |\n",
    "one-line": "- [Cadence](blog_cadence.md) — posts; see also [Team](team/x.md)",
    "numbered-nested": "1. [Cadence](blog_cadence.md)\n   - nested note\n2. [Team](team/x.md)\n",
}


@pytest.mark.parametrize("index_style", sorted(INDEXES))
def test_claude_code_index_styles(tmp_path: Path, index_style: str) -> None:
    write(
        tmp_path,
        {
            "MEMORY.md": INDEXES[index_style],
            "blog_cadence.md": topic("blog-cadence", "Posting cadence", "feedback", "See [[team-x]].\n"),
            "team/x.md": topic("team-x", "Who is who", None, shape="pinned"),
        },
    )
    store = formats.detect(tmp_path)
    assert store.format == "claude-code"
    topics = {entry.id: entry for entry in store.entries if entry.kind == "file"}
    assert set(topics) == {"blog_cadence.md", "team/x.md"}
    targets = {target for line in store.index.entries for target in line.targets}
    assert {"blog_cadence.md", "team/x.md"} <= targets
    assert topics["blog_cadence.md"].links == ["team-x"]
    assert topics["team/x.md"].type is None and topics["team/x.md"].fields["metadata"]["pinned"] is True
    assert store.index.loaded_lines == store.index.lines
    assert all(not entry.always_loaded for entry in topics.values())


@pytest.mark.parametrize(("shape", "expected_type"), [("flat", "project"), ("metadata", "project"), ("pinned", None)])
def test_claude_code_frontmatter_shapes(tmp_path: Path, shape: str, expected_type: str | None) -> None:
    write(tmp_path, {"MEMORY.md": "- [A](a.md)\n", "a.md": topic("a-slug", "What a is", "project", shape=shape)})
    entry = formats.detect(tmp_path).get("a.md")
    assert (entry.type, entry.name, entry.description, entry.status) == (expected_type, "a-slug", "What a is", "active")
    assert entry.body == _span_text(formats.detect(tmp_path), entry)[entry.text.index(entry.body) :]
    assert entry.span == (0, len(entry.text))


def test_claude_code_dates_and_archive(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "MEMORY.md": "- [A](a.md)\n",
            "a.md": "---\nname: a\ndescription: d\ntype: project\nreviewed: 2026-05-01\nexpires: 2026-04-15T10:00:00+02:00\n---\nx\n",
            ".archive/old.md": topic("old", "gone", "project"),
        },
    )
    store = formats.detect(tmp_path)
    entry = store.get("a.md")
    assert entry.reviewed == datetime(2026, 5, 1, tzinfo=timezone.utc)
    assert entry.expires == datetime(2026, 4, 15, 8, 0, tzinfo=timezone.utc)
    assert store.get(".archive/old.md").status == "expired"


def test_claude_code_free_form_index_sections_are_always_loaded_entries(tmp_path: Path) -> None:
    write(tmp_path, {"MEMORY.md": "# Memory\n\n## Links\n- [A](a.md) — hook\n\n## Stack\n- use pnpm\n- Node 20\n"})
    store = formats.detect(tmp_path / "MEMORY.md")
    sections = [entry for entry in store.entries if entry.kind == "section"]
    assert [entry.id for entry in sections] == ["MEMORY.md#2"]
    assert sections[0].always_loaded and sections[0].name == "Stack" and sections[0].line == 6
    assert sections[0].line_end == 8 and _span_text(store, sections[0]) == sections[0].text


def test_claude_code_index_load_window(tmp_path: Path) -> None:
    lines = [f"- [Memory {number}](m{number}.md) — hook {number}\n" for number in range(250)]
    write(tmp_path, {"MEMORY.md": "".join(lines)})
    index = formats.detect(tmp_path).index
    assert (index.lines, index.loaded_lines) == (250, INDEX_MAX_LINES)
    assert index.loaded_bytes == sum(len(line.encode()) for line in lines[:200])
    wide = [f"- [M{number}](m{number}.md) — {'x' * 300}\n" for number in range(120)]
    write(tmp_path, {"MEMORY.md": "".join(wide)})
    index = formats.detect(tmp_path).index
    assert index.loaded_bytes <= 25 * 1024 and index.loaded_lines < 120 and index.overflows


# ---- notes --------------------------------------------------------------------------------------

NOTES_HEADINGS = [
    ("## 2026-07-09 - Title here", "Title here"),
    ("## 2026-07-09 / M0 打通", "M0 打通"),
    ("## 2026-07-09 — Em dash", "Em dash"),
    ("## 2026-07-09: Colon", "Colon"),
    ("## 2026-07-09 10:30 - Timed", "Timed"),
    ("## 2026-07-09", "first body line"),
]


@pytest.mark.parametrize(("heading", "name"), NOTES_HEADINGS)
def test_notes_heading_variants(tmp_path: Path, heading: str, name: str) -> None:
    text = f"<!-- preamble -->\n# Notes\n\n{heading}\nfirst body line\n- bullet\n\n## 2026-06-01 - Older\nold\n"
    write(tmp_path, {"memory/notes.md": text})
    store = formats.detect(tmp_path / "memory" / "notes.md")
    assert store.format == "notes" and store.index is None
    first, second = store.entries
    assert (first.id, first.name, first.line, first.line_end) == ("notes.md#1", name, 4, 6)
    assert first.date.date().isoformat() == "2026-07-09" and second.name == "Older"
    assert _span_text(store, first) == first.text and first.text.startswith(heading)
    assert "preamble" not in first.text and second.line == 8


def test_notes_oldest_first_and_expires_and_archive(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "notes.md": "## 2026-01-01 - Freeze\nNo deploys.\nexpires: 2026-04-15\n\n## 2026-03-01 - Later\nx\n",
            "notes.archive.md": "## 2025-12-01 - Archived\nold\n",
        },
    )
    store = formats.detect(tmp_path)
    ids = [entry.id for entry in store.entries]
    assert ids == ["notes.md#1", "notes.md#2", "notes.archive.md#1"]
    assert store.get("notes.md#1").expires == datetime(2026, 4, 15, tzinfo=timezone.utc)
    assert store.get("notes.archive.md#1").status == "expired"


def test_notes_bullet_file_dates(tmp_path: Path) -> None:
    text = "# Memory\n\n- [2026-02-12T18:56:14.292Z] POLICY text [tags: a]\n- user likes tea  (2026-07-11)\n  1. continued\n-\n"
    write(tmp_path, {"notes.md": text})
    first, second = formats.detect(tmp_path / "notes.md").entries
    assert first.name.startswith("POLICY") and first.date.isoformat().startswith("2026-02-12T18:56:14")
    assert second.date.date().isoformat() == "2026-07-11" and "continued" in second.text


# ---- openclaw -----------------------------------------------------------------------------------


def _index_db(path: Path, rows: list[tuple[str, str]]) -> None:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE files (path TEXT, source TEXT, hash TEXT, mtime INTEGER, size INTEGER)")
    connection.execute(
        "CREATE TABLE chunks (id TEXT, path TEXT, source TEXT, start_line INTEGER, end_line INTEGER, hash TEXT, model TEXT, text TEXT)"
    )
    connection.executemany("INSERT INTO files VALUES (?, 'memory', ?, 0, 0)", rows)
    connection.commit()
    connection.close()


def test_openclaw_workspace_entries_and_stale_index(tmp_path: Path) -> None:
    memory = "# MEMORY\n\n## Profile\n- name: Ada\n\n## Decisions\n- use uv\n"
    write(
        tmp_path,
        {
            "MEMORY.md": memory,
            "memory/2026-02-06.md": "# 2026-02-06\n\n## Work\n- shipped\n",
            "memory/2026-02-07-session.md": "# Session\n\nuser: hi\n",
            "AGENTS.md": "- Read MEMORY.md first\n",
        },
    )
    digest = hashlib.sha256(memory.encode()).hexdigest()
    _index_db(
        tmp_path / "memory" / "main.sqlite",
        [("MEMORY.md", digest), ("memory/2026-02-06.md", "0" * 64), ("memory/gone.md", "1" * 64)],
    )
    before = (tmp_path / "memory" / "main.sqlite").read_bytes()
    store = formats.detect(tmp_path)
    assert store.format == "openclaw"
    assert [entry.id for entry in store.entries] == [
        "MEMORY.md#1",
        "MEMORY.md#2",
        "memory/2026-02-06.md",
        "memory/2026-02-07-session.md",
    ]
    daily = store.get("memory/2026-02-06.md")
    assert daily.kind == "daily" and not daily.always_loaded and daily.date.date().isoformat() == "2026-02-06"
    assert store.get("MEMORY.md#1").always_loaded and store.index.path == "MEMORY.md"
    stale = {finding.evidence["path"]: finding for finding in store.findings if finding.rule == "index-stale"}
    assert set(stale) == {"memory/2026-02-06.md", "memory/gone.md", "memory/2026-02-07-session.md"}
    assert stale["memory/2026-02-06.md"].entries == ["memory/2026-02-06.md"]
    assert [entry.id for entry in store.context] == ["AGENTS.md:L1"]
    assert (tmp_path / "memory" / "main.sqlite").read_bytes() == before
    assert formats.detect(tmp_path / "memory" / "2026-02-06.md").root == tmp_path.absolute()


# ---- instructions -------------------------------------------------------------------------------

CLAUDE_MD = """# Project rules

Use pnpm for everything.
Never npm.

## Testing
- Run `pnpm test` before pushing
  - including the e2e suite
  continuation line
- Keep tests fast

```bash
pnpm test --filter web
```

---
A paragraph after a rule line.

@AGENTS.md
"""


def test_instruction_rules(tmp_path: Path) -> None:
    write(tmp_path, {"CLAUDE.md": CLAUDE_MD})
    store = formats.detect(tmp_path / "CLAUDE.md")
    assert store.format == "instructions"
    got = [(entry.id, entry.line_end, entry.fields["section"]) for entry in store.entries]
    assert got == [
        ("CLAUDE.md:L3", 4, "Project rules"),
        ("CLAUDE.md:L7", 9, "Testing"),
        ("CLAUDE.md:L10", 14, "Testing"),
        ("CLAUDE.md:L17", 17, "Testing"),
        ("CLAUDE.md:L19", 19, "Testing"),
    ]
    assert all(entry.kind == "rule" and entry.always_loaded for entry in store.entries)
    assert "pnpm test --filter web" in store.get("CLAUDE.md:L10").text
    for entry in store.entries:
        assert _span_text(store, entry) == entry.text
    assert store.index.path == "CLAUDE.md" and store.index.loaded_lines == store.index.lines


@pytest.mark.parametrize(
    ("rel", "text", "always"),
    [
        (
            ".cursor/rules/ts.mdc",
            "---\ndescription: \nglobs: *.tsx,*.ts\nalwaysApply: false\n---\n- Prefer interfaces\n",
            False,
        ),
        (".cursor/rules/all.mdc", "---\nalwaysApply: true\n---\n- Always english", True),
        (".claude/rules/testing.md", '---\npaths:\n  - "tests/**"\n---\n- Use pytest\n', False),
        (".windsurf/rules/rules.md", "---\ntrigger: always_on\n---\n---\nglobs: \n---\n- Be brief\n", True),
        (
            ".github/copilot-instructions.md",
            '---\napplyTo: "**"\ndescription: |\n  multi\n  line\n---\n- Be kind\n',
            True,
        ),
        ("memory-bank/activeContext.md", "# **Context**\n\n- current focus\n", True),
    ],
)
def test_instruction_rule_files(tmp_path: Path, rel: str, text: str, always: bool) -> None:
    write(tmp_path, {rel: text})
    store = formats.detect(tmp_path / rel)
    entry = store.entries[0]
    assert store.format == "instructions" and entry.status == "active"
    assert entry.id == f"{rel}:L{entry.line}" and entry.always_loaded is always
    assert not [finding for finding in store.findings if finding.rule == "parse-error"]


def test_project_context_is_read_for_memory_stores(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "CLAUDE.md": "- use pnpm\n",
            ".cursor/rules/a.mdc": "---\nalwaysApply: true\n---\n- tabs\n",
            "memory/notes.md": "## 2026-01-01 - x\nuse npm\n",
        },
    )
    (tmp_path / ".git").mkdir()
    store = formats.detect(tmp_path)
    assert store.format == "notes" and store.project == tmp_path.absolute()
    assert sorted(entry.id for entry in store.context) == [".cursor/rules/a.mdc:L4", "CLAUDE.md:L1"]
    assert all(entry.origin == "project" for entry in store.context)
    assert set(store.context_files) == {"CLAUDE.md", ".cursor/rules/a.mdc"}
    explicit = formats.detect(tmp_path / "memory" / "notes.md", project=tmp_path)
    assert explicit.project == tmp_path.absolute()


def test_reload_reads_the_same_store_again(tmp_path: Path) -> None:
    write(tmp_path, {"notes.md": "## 2026-01-01 - a\nx\n", "other.md": "## 2026-01-02 - b\ny\n"})
    store = formats.detect(tmp_path / "other.md")
    (tmp_path / "other.md").write_text("## 2026-01-02 - b\ny\n\n## 2026-01-03 - c\nz\n", encoding="utf-8")
    fresh = formats.reload(store)
    assert (fresh.format, fresh.root, [entry.id for entry in fresh.entries]) == (
        "notes",
        store.root,
        ["other.md#1", "other.md#2"],
    )


def test_forced_format_and_errors(tmp_path: Path) -> None:
    write(tmp_path, {"x.md": "## 2026-01-01 - a\nbody\n"})
    assert formats.detect(tmp_path / "x.md", format_name="instructions").format == "instructions"
    assert formats.detect(tmp_path / "x.md").format == "notes"
    with pytest.raises(formats.DetectError, match="unknown format"):
        formats.detect(tmp_path, format_name="bogus")
    with pytest.raises(formats.DetectError, match="no such file"):
        formats.detect(tmp_path / "missing")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(formats.DetectError, match="no agent memory"):
        formats.detect(empty)


def test_metadata_comment_stamps_on_sections_and_rules(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "notes.md": "## 2026-01-01 - Freeze\n<!-- type: project | reviewed: 2026-05-01 | expires: 2026-06-01 -->\nx\n",
            "CLAUDE.md": "- use pnpm <!-- reviewed: 2026-04-02 -->\n",
            "MEMORY.md": "## Stack\n<!-- reviewed: 2026-03-03 -->\n- Node 20\n",
            "memory/2026-02-01.md": "---\nreviewed: 2026-02-03\n---\n# day\n",
        },
    )
    section = formats.detect(tmp_path / "notes.md").entries[0]
    assert section.type == "project" and section.reviewed.date().isoformat() == "2026-05-01"
    assert section.expires.date().isoformat() == "2026-06-01"
    rule = formats.detect(tmp_path / "CLAUDE.md").entries[0]
    assert rule.reviewed.date().isoformat() == "2026-04-02"
    workspace = formats.detect(tmp_path, format_name="openclaw")
    assert workspace.get("MEMORY.md#1").reviewed.date().isoformat() == "2026-03-03"
    assert workspace.get("memory/2026-02-01.md").reviewed.date().isoformat() == "2026-02-03"


def test_line_numbers_count_only_newlines_like_git(tmp_path: Path) -> None:
    write(tmp_path, {"notes.md": "## 2026-01-01 - a\u2028still line 1\x0cform feed\nx\r\n## 2026-01-02 - b\ny\n"})
    store = formats.detect(tmp_path / "notes.md")
    assert [(entry.line, entry.line_end) for entry in store.entries] == [(1, 2), (3, 4)]


@pytest.mark.parametrize(
    ("layout", "store_rel", "project_rel"),
    [
        ({".claude/memory/MEMORY.md": "- x\n"}, ".claude/memory", ""),
        ({"memory/notes.md": "## 2026-01-01 - a\nx\n"}, "memory/notes.md", ""),
        ({"CLAUDE.md": "- r\n", "agent-mem/MEMORY.md": "- x\n"}, "agent-mem", ""),
        ({"loose/MEMORY.md": "- x\n"}, "loose", None),
    ],
)
def test_project_is_inferred_without_git(
    tmp_path: Path, layout: dict[str, str], store_rel: str, project_rel: str | None
) -> None:
    write(tmp_path, layout)
    store = formats.detect(tmp_path / store_rel)
    expected = None if project_rel is None else (tmp_path / project_rel).absolute()
    assert store.project == expected
