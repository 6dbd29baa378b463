"""Usage and provenance from generated transcripts with known reads and writes (see support/transcripts.py)."""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path

import pytest

from curator import usage
from curator.formats.detection import encode_project_path
from curator.scan import run_scan
from curator.usage.cache import CACHE_VERSION
from curator.usage.locate import locate
from curator.usage.prune import prune_candidates
from curator.usage.reader import iter_records, scan_transcript
from curator.usage.records import StorePaths
from tests.support.transcripts import ClaudeHome, claude_home, open_session, scenario, session_name

ALPHA, BETA, GAMMA, SECTION = "alpha.md", "beta.md", "gamma.md", "MEMORY.md#1"


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "xdg-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache


@pytest.fixture
def home(tmp_path: Path) -> ClaudeHome:
    built = claude_home(tmp_path)
    scenario(built)
    return built


def scan(home: ClaudeHome, now):
    return run_scan(home.store, now=now, claude_dir=home.claude_dir)


@pytest.mark.parametrize(
    ("entry_id", "reads", "sessions", "last_read_session"),
    [(ALPHA, 10, 9, 10), (BETA, 1, 1, 2), (GAMMA, 0, 0, None)],
)
def test_reads_per_topic(home: ClaudeHome, now, entry_id, reads, sessions, last_read_session) -> None:
    found = usage.store_usage(scan(home, now).store)
    assert found is not None and len(found.sessions) == 10
    entry_usage = found.get(entry_id)
    assert entry_usage.reads == reads
    assert len(entry_usage.read_sessions) == sessions
    if last_read_session is None:
        assert entry_usage.last_read is None
    else:
        assert entry_usage.last_read is not None
        assert entry_usage.last_read.hour == (9 + last_read_session) % 24


def test_always_loaded_section_counts_loads_and_opened_topics(home: ClaudeHome, now) -> None:
    found = usage.store_usage(scan(home, now).store)
    section = found.get(SECTION)
    assert section.always_loaded and section.linked == [GAMMA]
    assert section.loaded_sessions == 10
    assert section.opened_linked == 0


@pytest.mark.parametrize(
    ("entry_id", "steps"),
    [
        (
            ALPHA,
            [("created", 1, "Write", "Remember how we deploy"), ("edited", 6, "MultiEdit", "Update the deploy steps")],
        ),
        (GAMMA, [("created", 1, "Write", "Remember how we deploy")]),
        (SECTION, [("created", 1, "Edit", "Remember how we deploy")]),
        (BETA, []),
    ],
)
def test_provenance(home: ClaudeHome, now, entry_id, steps) -> None:
    found = usage.store_usage(scan(home, now).store)
    got = [(step.action, step.session, step.tool, step.prompt) for step in found.get(entry_id).provenance]
    assert got == [(action, session_name(number), tool, prompt) for action, number, tool, prompt in steps]


def test_findings_with_a_window_of_five_sessions(home: ClaudeHome, now) -> None:
    (home.store / ".curator.toml").write_text("[rules.unused]\nsessions = 5\n", encoding="utf-8")
    result = scan(home, now)
    unused = sorted(tuple(f.entries) for f in result.findings if f.rule == "unused")
    assert unused == [(BETA,), (GAMMA,)]
    loaded = sorted(
        (tuple(f.entries), f.evidence.get("line")) for f in result.findings if f.rule == "always-loaded-unused"
    )
    assert loaded == [((SECTION,), None), ((BETA,), 4), ((GAMMA,), 5)]
    assert all(f.severity == "info" for f in result.findings if f.rule in ("unused", "always-loaded-unused"))


def test_no_usage_finding_before_enough_sessions_ran(home: ClaudeHome, now) -> None:
    result = scan(home, now)
    assert not [f for f in result.findings if f.rule in ("unused", "always-loaded-unused")]


def test_reader_skips_bad_lines_and_keeps_unknown_records(home: ClaudeHome) -> None:
    records = list(iter_records(home.project_dir / f"{session_name(7)}.jsonl"))
    assert None in records
    assert records[-1] is None
    assert any(isinstance(record, dict) and record.get("type") == "weird-future-record" for record in records)


def test_reader_skips_an_overlong_line_and_reads_on(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_text('{"a": "' + "x" * 5000 + '"}\n{"b": 1}\n', encoding="utf-8")
    assert list(iter_records(path, max_line_bytes=1000)) == [None, {"b": 1}]


def test_a_50_mb_transcript_streams_in_bounded_memory(tmp_path: Path, now) -> None:
    home = claude_home(tmp_path)
    scenario(home, big_file_bytes=50 * 1024 * 1024)
    big = home.project_dir / f"{session_name(8)}.jsonl"
    assert big.stat().st_size > 50 * 1024 * 1024
    tracemalloc.start()
    try:
        found = usage.annotate(run_scan(home.store, usage=False).store, claude_dir=home.claude_dir, now=now)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert found.get(ALPHA).reads == 10
    assert peak < 8 * 1024 * 1024


def test_transcripts_are_never_modified(home: ClaudeHome, now) -> None:
    files = sorted(home.project_dir.rglob("*.jsonl"))
    before = {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in files}
    scan(home, now)
    assert {path: (path.read_bytes(), path.stat().st_mtime_ns) for path in files} == before


def test_locate_finds_session_and_subagent_files(home: ClaudeHome) -> None:
    store = run_scan(home.store, usage=False).store
    directories, files = locate(store, home.claude_dir)
    assert directories == [home.project_dir]
    assert len(files) == 11
    subagents = [item for item in files if item.subagent]
    assert [item.path.name for item in subagents] == ["agent-a1b2c3.jsonl"]
    assert subagents[0].session_hint == session_name(5)


def test_second_scan_reads_only_new_sessions(home: ClaudeHome, now, private_cache: Path) -> None:
    store = run_scan(home.store, usage=False).store
    first = usage.annotate(store, claude_dir=home.claude_dir, now=now)
    assert first.cached == 0 and first.bytes_read == first.bytes_total > 0
    assert first.cache_path is not None and private_cache in first.cache_path.parents
    assert home.store not in first.cache_path.parents
    second = usage.annotate(store, claude_dir=home.claude_dir, now=now)
    assert second.bytes_read == 0 and second.cached == 11
    assert second.get(ALPHA).reads == 10
    stream, writer = open_session(home, 11)
    with stream:
        writer.prompt("one more")
        writer.read(home.store / "beta.md")
    third = usage.annotate(store, claude_dir=home.claude_dir, now=now)
    assert third.cached == 11 and third.bytes_read == writer.bytes_written
    assert third.get(BETA).reads == 2


def test_a_corrupt_cache_is_ignored_and_rewritten(home: ClaudeHome, now) -> None:
    store = run_scan(home.store, usage=False).store
    cache_path = usage.annotate(store, claude_dir=home.claude_dir, now=now).cache_path
    cache_path.write_text('{"version": 1, "root": ', encoding="utf-8")
    again = usage.annotate(store, claude_dir=home.claude_dir, now=now)
    assert again.get(ALPHA).reads == 10
    assert any("corrupt usage cache" in note for note in again.notes)
    assert json.loads(cache_path.read_text(encoding="utf-8"))["version"] == CACHE_VERSION


def test_store_in_git_caches_under_dot_git(tmp_path: Path, now) -> None:
    from tests.support.gitrepo import commit_files, init_repo

    project = tmp_path / "proj"
    init_repo(project)
    commit_files(
        project,
        {
            ".claude/memory/MEMORY.md": "# Memory\n\n- [Alpha](alpha.md) — a\n",
            ".claude/memory/alpha.md": "---\nname: Alpha\ndescription: a\ntype: project\n---\n\nA.\n",
        },
        "memory",
        "2026-09-01T12:00:00+00:00",
    )
    home = ClaudeHome(
        claude_dir=tmp_path / "claude",
        project=project,
        project_dir=tmp_path / "claude" / "projects" / encode_project_path(project),
        store=project / ".claude" / "memory",
    )
    stream, writer = open_session(home, 1)
    with stream:
        writer.prompt("look")
        writer.read(".claude/memory/alpha.md")
    result = run_scan(home.store, now=now, claude_dir=home.claude_dir)
    found = usage.store_usage(result.store)
    assert found.get("alpha.md").reads == 1
    assert found.cache_path is not None and (project / ".git" / "curator") in found.cache_path.parents
    status = os.popen(f"git -C {project} status --porcelain").read()
    assert status == ""


def test_a_store_no_session_touches_gets_no_usage_findings(tmp_path: Path, now) -> None:
    """Sessions of the project that never read or wrote this store say nothing about its entries."""
    from tests.support.transcripts import project_home, reading_sessions

    project = tmp_path / "proj"
    store = project / "memory"
    store.mkdir(parents=True)
    (store / "notes.md").write_text("## 2026-09-01 - Cache\n- use plan B\n", encoding="utf-8")
    home = project_home(tmp_path / "claude", project, store)
    (project / "README.md").write_text("# proj\n", encoding="utf-8")
    reading_sessions(home, 3, {})
    (store / ".curator.toml").write_text("[rules.unused]\nsessions = 2\n", encoding="utf-8")
    result = run_scan(store / "notes.md", now=now, claude_dir=home.claude_dir, project=project)
    found = usage.store_usage(result.store)
    assert len(found.sessions) == 3 and not found.used_by_agent
    assert not [f for f in result.findings if f.rule == "unused"]
    assert prune_candidates(result.store, found, result.findings, now) == []


def test_only_markdown_files_in_the_store_are_kept(tmp_path: Path, now) -> None:
    home = claude_home(tmp_path)
    stream, writer = open_session(home, 1)
    with stream:
        writer.prompt("look around")
        writer.read(home.store / "alpha.md")
        writer.read(home.store / "image.png")
        writer.read(home.project / "memory" / "alpha.md")
    found = usage.annotate(run_scan(home.store, usage=False).store, claude_dir=home.claude_dir, now=now)
    summary_paths = {
        event.path
        for event in scan_transcript(
            locate(run_scan(home.store, usage=False).store, home.claude_dir)[1][0], StorePaths(home.store)
        ).events
    }
    assert summary_paths == {os.path.realpath(home.store / "alpha.md")}
    assert found.get(ALPHA).reads == 1


def test_usage_rules_can_be_disabled(home: ClaudeHome, now) -> None:
    (home.store / ".curator.toml").write_text(
        '[rules]\ndisable = ["unused"]\n\n[rules.unused]\nsessions = 5\n', encoding="utf-8"
    )
    rules_found = {finding.rule for finding in scan(home, now).findings}
    assert "unused" not in rules_found and "always-loaded-unused" in rules_found


def test_a_bad_window_is_a_config_problem(home: ClaudeHome, now) -> None:
    (home.store / ".curator.toml").write_text("[rules.unused]\nsessions = 0\n", encoding="utf-8")
    problems = [f for f in scan(home, now).findings if f.rule == "parse-error"]
    assert problems and "sessions must be a positive number" in problems[0].message


@pytest.mark.parametrize("long_name", [False, True])
def test_project_transcripts_found_through_claude_config_dir(tmp_path: Path, now, monkeypatch, long_name: bool) -> None:
    """`$CLAUDE_CONFIG_DIR/projects/<encoded project>`; past 200 characters Claude Code cuts the name and
    adds a hash, so the folder is matched by its first 200 characters."""
    from curator.usage.locate import project_dirs
    from tests.support.transcripts import project_home

    project = tmp_path / ("p" * 220 if long_name else "proj")
    store = project / ".claude" / "memory"
    store.mkdir(parents=True)
    (store / "alpha.md").write_text("---\nname: A\ndescription: a\ntype: user\n---\n\nA.\n", encoding="utf-8")
    home = project_home(tmp_path / "cfg", project, store)
    if long_name:
        home.project_dir = home.project_dir.with_name(home.project_dir.name[:200] + "-1a2b3c")
    stream, writer = open_session(home, 1)
    with stream:
        writer.prompt("read it")
        writer.read(store / "alpha.md")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(home.claude_dir))
    result = run_scan(store, now=now, project=project)
    assert project_dirs(result.store) == [home.project_dir]
    assert usage.store_usage(result.store).get("alpha.md").reads == 1


def test_a_growing_session_is_read_on_from_its_last_complete_line(tmp_path: Path, now) -> None:
    """A session still being written: the rescan reads only what was appended, and a record that was cut
    off mid-line the first time is counted once, when it is complete."""
    home = claude_home(tmp_path)
    stream, writer = open_session(home, 1)
    with stream:
        writer.prompt("first part")
        writer.read(home.store / "alpha.md")
    path = home.project_dir / f"{session_name(1)}.jsonl"
    whole = path.read_bytes()
    stream, writer = open_session(home, 1)
    with stream:
        writer.clock = writer.clock.replace(hour=12)
        writer.prompt("second part")
        writer.read(home.store / "beta.md")
    appended = path.read_bytes()[len(whole) :]
    cut = appended.rindex(b"beta.md") + 3
    path.write_bytes(whole + appended[:cut])
    store = run_scan(home.store, usage=False).store
    first = usage.annotate(store, claude_dir=home.claude_dir, now=now)
    assert first.get(ALPHA).reads == 1 and first.get(BETA).reads == 0 and first.bad_lines == 1
    path.write_bytes(whole + appended)
    second = usage.annotate(store, claude_dir=home.claude_dir, now=now)
    assert second.bytes_read < len(appended)
    assert (second.get(ALPHA).reads, second.get(BETA).reads, second.bad_lines) == (1, 1, 0)
    assert len(second.sessions) == 1 and second.sessions[0].end.hour == 12
    path.write_bytes(b"{}\n" + whole)
    third = usage.annotate(store, claude_dir=home.claude_dir, now=now)
    assert third.bytes_read == len(whole) + 3 and third.get(ALPHA).reads == 1 and third.get(BETA).reads == 0
