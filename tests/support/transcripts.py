"""Generated Claude Code stores and transcripts with known reads and writes (tests and bench_usage.py)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from curator.formats.detection import encode_project_path
from curator.usage.writer import TranscriptWriter, session_file, subagent_file

START = datetime(2026, 10, 1, 9, 0, tzinfo=timezone.utc)
FILLER_CHUNK = 64 * 1024

TOPICS = {
    "alpha.md": "---\nname: Alpha\ndescription: deploy steps\ntype: project\ncreated: 2026-09-01\n---\n\nDeploy with `make ship`.\n",
    "beta.md": "---\nname: Beta\ndescription: old notes\ntype: reference\ncreated: 2026-09-01\n---\n\n"
    + "Old notes. " * 40
    + "\n",
    "gamma.md": "---\nname: Gamma\ndescription: never used\ntype: reference\ncreated: 2026-09-01\n---\n\n"
    + "Gamma facts. " * 80
    + "\n",
}
INDEX = (
    "# Memory\n\n"
    "- [Alpha](alpha.md) — deploy steps\n"
    "- [Beta](beta.md) — old notes\n"
    "- [Gamma](gamma.md) — never used\n\n"
    "## Conventions\n\n"
    "Indent with tabs; details in [[gamma]].\n"
)


@dataclass
class ClaudeHome:
    """A temporary Claude Code config dir with one project's memory store and transcript folder."""

    claude_dir: Path
    project: Path
    project_dir: Path
    store: Path
    sessions: list[str] = field(default_factory=list)


def claude_home(tmp: Path, *, topics: dict[str, str] | None = None, index: str = INDEX) -> ClaudeHome:
    """`<tmp>/claude/projects/<encoded project>/memory/` holding MEMORY.md and topic files (not in git)."""
    project = tmp / "work" / "shop"
    project.mkdir(parents=True)
    claude_dir = tmp / "claude"
    project_dir = claude_dir / "projects" / encode_project_path(project)
    store = project_dir / "memory"
    store.mkdir(parents=True)
    (store / "MEMORY.md").write_text(index, encoding="utf-8")
    for name, text in (topics or TOPICS).items():
        (store / name).write_text(text, encoding="utf-8")
    old = START.timestamp() - 40 * 86400
    for path in store.iterdir():
        os.utime(path, (old, old))
    return ClaudeHome(claude_dir=claude_dir, project=project, project_dir=project_dir, store=store)


def session_name(number: int) -> str:
    return f"{number:08x}-5e55-4000-8000-{number:012d}"


def open_session(home: ClaudeHome, number: int, *, sidechain_agent: str | None = None):
    """A writer for session `number` (one hour apart from the last), main file or a sub-agent file."""
    session = session_name(number)
    if session not in home.sessions:
        home.sessions.append(session)
    path = (
        subagent_file(home.project_dir, session, sidechain_agent)
        if sidechain_agent
        else session_file(home.project_dir, session)
    )
    stream = open(path, "a", encoding="utf-8")
    start = START + timedelta(hours=number, minutes=30 if sidechain_agent else 0)
    return stream, TranscriptWriter(stream, session, str(home.project), start, sidechain=bool(sidechain_agent))


def filler(writer: TranscriptWriter, total_bytes: int, project: Path, store: Path | None = None) -> None:
    """Ordinary work until about `total_bytes` more were written: big project-file reads, edits, prompts,
    and (with `store`) glances at MEMORY.md, so the reader has to parse some lines that name the store."""
    block = ("lorem ipsum dolor sit amet " * (FILLER_CHUNK // 27 + 1))[:FILLER_CHUNK]
    target = writer.bytes_written + total_bytes
    number = 0
    while writer.bytes_written < target:
        number += 1
        writer.read(project / "src" / f"module_{number % 50}.py", block)
        if number % 5 == 0:
            writer.edit(project / "src" / f"module_{number % 50}.py", block[:1500], block[:1400] + "changed")
        if number % 10 == 0:
            writer.prompt(f"Now look at module {number % 50}")
            writer.say("Looked at the module; moving on. " * 20)
        if store is not None and number % 25 == 0:
            writer.read(store / "MEMORY.md", "# Memory")


def scenario(home: ClaudeHome, *, big_file_bytes: int = 0) -> None:
    """Ten sessions with known memory use (see tests/usage/test_usage.py for the expected counts).

    s1 writes alpha.md and gamma.md and edits MEMORY.md ("Remember how we deploy"); s2 reads alpha.md and
    shows beta.md with `cat`; s3–s10 read alpha.md (s5 also in a sub-agent); s6 edits alpha.md with
    MultiEdit ("Update the deploy steps"); s7 carries an unknown record type, a malformed line and a
    truncated last line naming alpha.md; s8 reads alpha.md after `big_file_bytes` of filler.
    """
    store = home.store
    for number in range(1, 11):
        stream, writer = open_session(home, number)
        with stream:
            if number == 1:
                writer.prompt("Remember how we deploy\nand keep it short")
                writer.write(store / "alpha.md", TOPICS["alpha.md"])
                writer.write(store / "gamma.md", TOPICS["gamma.md"])
                writer.edit(
                    store / "MEMORY.md",
                    "## Conventions\n",
                    "## Conventions\n\nIndent with tabs; details in [[gamma]].\n",
                )
                writer.summary("Deploy notes")
                continue
            writer.prompt(f"Task number {number}")
            if number == 2:
                writer.read(store / "alpha.md")
                writer.bash(f"cat {store / 'beta.md'}")
                continue
            if number == 8 and big_file_bytes:
                filler(writer, big_file_bytes, home.project)
            writer.read(store / "alpha.md")
            if number == 6:
                writer.prompt("Update the deploy steps\nuse the new target")
                writer.multi_edit(store / "alpha.md", [("Deploy with `make ship`.", "Deploy with `make release`.")])
            if number == 7:
                writer.line(json.dumps({"type": "weird-future-record", "payload": {"tool_use": True}}))
                writer.line('{"type": "assistant", "message": {not json at all')
                writer.line(json.dumps({"type": "file-history-snapshot", "snapshot": {}}))
                writer.read(home.project / "README.md")
                truncated = json.dumps(
                    {
                        "type": "assistant",
                        "sessionId": writer.session,
                        "message": {
                            "content": [
                                {"type": "tool_use", "name": "Read", "input": {"file_path": str(store / "alpha.md")}}
                            ]
                        },
                    }
                )
                stream.write(truncated[: len(truncated) // 2 + 40])
        if number == 5:
            stream, writer = open_session(home, number, sidechain_agent="a1b2c3")
            with stream:
                writer.prompt("Find the deploy notes")
                writer.read(store / "alpha.md")


def benchmark_corpus(home: ClaudeHome, sessions: int, bytes_per_session: int) -> int:
    """`sessions` transcripts of about `bytes_per_session` each; every 3rd reads alpha.md. Returns bytes written."""
    total = 0
    for number in range(1, sessions + 1):
        stream, writer = open_session(home, number)
        with stream:
            writer.prompt(f"Benchmark task {number}")
            filler(writer, bytes_per_session // 2, home.project, home.store)
            if number % 3 == 0:
                writer.read(home.store / "alpha.md")
            if number % 50 == 0:
                writer.edit(home.store / "beta.md", "Old notes.", "Old notes (checked).")
            filler(writer, bytes_per_session // 2, home.project, home.store)
            total += writer.bytes_written
    return total


def project_home(claude_dir: Path, project: Path, store: Path) -> ClaudeHome:
    """A ClaudeHome for a store inside a project repository (`.claude/memory`), transcripts under `claude_dir`."""
    return ClaudeHome(
        claude_dir=claude_dir,
        project=project,
        project_dir=claude_dir / "projects" / encode_project_path(project),
        store=store,
    )


def reading_sessions(home: ClaudeHome, count: int, every: dict[str, int]) -> None:
    """`count` sessions; session n reads each topic whose period divides n."""
    for number in range(1, count + 1):
        stream, writer = open_session(home, number)
        with stream:
            writer.prompt(f"Task {number}")
            for name, period in every.items():
                if number % period == 0:
                    writer.read(home.store / name)
