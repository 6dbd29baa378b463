"""Redaction: byte-exact `<redacted:TYPE>` for every plugin type in every format, one commit, undoable, and a plain
warning that the value lives on in git history and transcripts."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from curator import ops
from curator.cli import main
from curator.ops.redact import STILL_EXPOSED, redact, redact_text
from curator.scan import load_store, run_scan
from curator.secrets.detect import Hit
from tests.conftest import NOW
from tests.support.fake_secrets import fakes
from tests.support.gitrepo import git
from tests.support.secret_stores import build_claude_project, build_notes_project

FAKES = fakes()


def _subjects(repo: Path) -> list[str]:
    return git(repo, "log", "--format=%s").splitlines()


def _expected(original: bytes, value: str, kind: str) -> bytes:
    text = original.decode("utf-8")
    assert text.count(value) == 1
    return text.replace(value, f"<redacted:{kind}>").encode("utf-8")


@pytest.mark.parametrize("fake", FAKES, ids=lambda fake: fake.kind)
@pytest.mark.parametrize("place", ["body", "front"])
def test_redacting_a_topic_file_changes_only_the_value(tmp_path: Path, fake, place: str) -> None:
    if place == "front" and fake.kind == "private-key":
        pytest.skip("a key block does not fit a frontmatter value")
    store = build_claude_project(tmp_path / "project", [fake])
    path = store / f"{place}_{fake.kind}.md"
    before = path.read_bytes()
    commits = len(_subjects(tmp_path / "project"))
    result = redact(load_store(store), path.name)
    assert path.read_bytes() == _expected(before, fake.value, fake.kind)
    assert len(_subjects(tmp_path / "project")) == commits + 1 and result.commit
    assert STILL_EXPOSED in result.notes
    ops.undo(result.store)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "position,fake", list(enumerate(FAKES, start=1)), ids=lambda item: getattr(item, "kind", str(item))
)
def test_redacting_a_notes_section_changes_only_its_value(tmp_path: Path, position: int, fake) -> None:
    notes = build_notes_project(tmp_path / "project")
    before = notes.read_bytes()
    redact(load_store(notes), f"notes.md#{position}")
    assert notes.read_bytes() == _expected(before, fake.value, fake.kind)


@pytest.mark.parametrize("position,fake", list(enumerate(FAKES)), ids=lambda item: getattr(item, "kind", str(item)))
def test_redacting_a_claude_md_bullet_changes_only_its_value(tmp_path: Path, position: int, fake) -> None:
    store = build_claude_project(tmp_path / "project")
    claude_md = tmp_path / "project" / "CLAUDE.md"
    before = claude_md.read_bytes()
    redact(load_store(store), f"CLAUDE.md:L{3 + position}")
    indented = fake.value.replace("\n", "\n  ")
    assert claude_md.read_bytes() == _expected(before, indented, fake.kind)


def test_redact_all_is_one_commit_and_leaves_no_secret(tmp_path: Path) -> None:
    store = build_claude_project(tmp_path / "project")
    commits = len(_subjects(tmp_path / "project"))
    result = redact(load_store(store), every=True)
    assert len(_subjects(tmp_path / "project")) == commits + 1
    assert _subjects(tmp_path / "project")[0].startswith("curator: redact ")
    assert not [finding for finding in run_scan(store, now=NOW).findings if finding.rule == "secret"]
    bodies, frontmatters, claude_md = len(FAKES), len(FAKES) - 1, 1
    assert len(result.changed) == bodies + frontmatters + claude_md


def test_crlf_and_bom_survive_redaction(tmp_path: Path) -> None:
    github = FAKES[0].value
    (tmp_path / "memory").mkdir()
    notes = tmp_path / "memory" / "notes.md"
    original = b"\xef\xbb\xbf## 2026-10-01 - ci\r\n\r\nToken " + github.encode() + b" for CI.\r\n"
    notes.write_bytes(original)
    redact(load_store(notes), "notes.md#1")
    assert notes.read_bytes() == original.replace(github.encode(), b"<redacted:github-token>")


def test_redact_text_replaces_every_occurrence_on_the_hit_line_only() -> None:
    text = "a SECRETVALUE1 b SECRETVALUE1\nSECRETVALUE1 elsewhere\n"
    hit = Hit(line=1, label="Secret Keyword", value="SECRETVALUE1", digest="")
    assert redact_text(text, [hit]) == (
        "a <redacted:secret-keyword> b <redacted:secret-keyword>\nSECRETVALUE1 elsewhere\n",
        2,
    )


def test_cli_redact_reports_plainly_and_refuses_what_it_cannot(tmp_path: Path) -> None:
    store = build_claude_project(tmp_path / "project", FAKES[:2])
    runner = CliRunner()
    done = runner.invoke(main, ["redact", "body_github-token.md", "--store", str(store)])
    assert done.exit_code == 0
    assert "commit " in done.output and "still in git history" in done.output and "rotate" in done.output
    again = runner.invoke(main, ["redact", "body_github-token.md", "--store", str(store)])
    assert again.exit_code == 1 and "no secret detected" in again.output
    unknown = runner.invoke(main, ["redact", "no_such_entry.md", "--store", str(store)])
    assert unknown.exit_code == 2
    usage = runner.invoke(main, ["redact", "--store", str(store)])
    assert usage.exit_code == 2


def test_redact_refuses_a_file_changed_on_disk(tmp_path: Path) -> None:
    store = build_claude_project(tmp_path / "project", FAKES[:1])
    loaded = load_store(store)
    path = store / "body_github-token.md"
    path.write_text(path.read_text(encoding="utf-8") + "\nlater edit\n", encoding="utf-8")
    changed = path.read_bytes()
    with pytest.raises(ops.OpError, match="changed on disk"):
        redact(loaded, "body_github-token.md")
    assert path.read_bytes() == changed


def test_redacting_a_file_path_covers_every_entry_in_it(tmp_path: Path) -> None:
    notes = build_notes_project(tmp_path / "project", FAKES[:3])
    before = notes.read_bytes()
    redact(load_store(notes), "notes.md")
    expected = before
    for fake in FAKES[:3]:
        expected = _expected(expected, fake.value, fake.kind)
    assert notes.read_bytes() == expected


def test_redacting_an_openclaw_log_also_names_the_search_index(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "memory").mkdir(parents=True)
    (workspace / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    log = workspace / "memory" / "2026-02-01.md"
    log.write_text(f"# 2026-02-01\n\n- {FAKES[0].line}\n", encoding="utf-8")
    before = log.read_bytes()
    result = redact(load_store(workspace), "memory/2026-02-01.md")
    assert log.read_bytes() == _expected(before, FAKES[0].value, "github-token")
    assert STILL_EXPOSED in result.notes and any("reindexed" in note for note in result.notes)


def test_unusual_line_breaks_do_not_shift_lines(tmp_path: Path) -> None:
    github = FAKES[0].value
    (tmp_path / "memory").mkdir()
    notes = tmp_path / "memory" / "notes.md"
    original = f"## 2026-10-01 - ci\n\nform\x0cfeed and a\u2028separator on one line\nToken {github} for CI.\n".encode()
    notes.write_bytes(original)
    found = run_scan(notes, now=NOW)
    secret = next(finding for finding in found.findings if finding.rule == "secret")
    assert secret.evidence["secrets"][0]["line"] == 4
    redact(found.store, "notes.md#1")
    assert notes.read_bytes() == original.replace(github.encode(), b"<redacted:github-token>")
