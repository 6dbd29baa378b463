"""Writes transcripts in Claude Code's JSONL shape, for the demo, the tests and the benchmark."""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from typing import IO, Any

CLAUDE_VERSION = "2.1.30"


class TranscriptWriter:
    """Appends one session's records (prompts, tool calls, results) to an open JSONL file."""

    def __init__(self, stream: IO[str], session: str, cwd: str, start: datetime, *, sidechain: bool = False) -> None:
        self.stream = stream
        self.session = session
        self.cwd = cwd
        self.clock = start
        self.sidechain = sidechain
        self.parent: str | None = None
        self.bytes_written = 0
        self._ids = 0

    def _next_id(self) -> str:
        self._ids += 1
        return str(uuid.uuid5(uuid.NAMESPACE_URL, f"{self.session}/{self._ids}/{self.sidechain}"))

    def _emit(self, kind: str, message: dict[str, Any], **extra: Any) -> str:
        self.clock += timedelta(seconds=2)
        record_id = self._next_id()
        record = {
            "parentUuid": self.parent,
            "isSidechain": self.sidechain,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session,
            "version": CLAUDE_VERSION,
            "gitBranch": "main",
            "type": kind,
            "message": message,
            "uuid": record_id,
            "timestamp": self.clock.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
            **extra,
        }
        self.parent = record_id
        self.line(json.dumps(record, ensure_ascii=False))
        return record_id

    def line(self, text: str) -> None:
        """Write one raw line (used for malformed or unknown records too)."""
        self.stream.write(text + "\n")
        self.bytes_written += len(text.encode("utf-8")) + 1

    def prompt(self, text: str) -> None:
        self._emit("user", {"role": "user", "content": text})

    def say(self, text: str) -> None:
        self._emit(
            "assistant",
            {"role": "assistant", "model": "claude-sonnet-4-5", "content": [{"type": "text", "text": text}]},
        )

    def tool(self, name: str, tool_input: dict[str, Any], result: str = "ok") -> None:
        """One tool_use by the assistant and its tool_result."""
        tool_id = f"toolu_{self._next_id().replace('-', '')[:24]}"
        self._emit(
            "assistant",
            {
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}],
            },
        )
        self._emit(
            "user",
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_id, "content": result}]},
            toolUseResult={"type": "text"},
        )

    def read(self, path: str | Path, result: str = "") -> None:
        self.tool("Read", {"file_path": str(path)}, result or "(file contents)")

    def write(self, path: str | Path, content: str) -> None:
        self.tool("Write", {"file_path": str(path), "content": content}, f"File created successfully at: {path}")

    def edit(self, path: str | Path, old: str, new: str) -> None:
        self.tool("Edit", {"file_path": str(path), "old_string": old, "new_string": new}, "The file has been updated.")

    def multi_edit(self, path: str | Path, edits: list[tuple[str, str]]) -> None:
        self.tool(
            "MultiEdit",
            {"file_path": str(path), "edits": [{"old_string": old, "new_string": new} for old, new in edits]},
            "Applied edits.",
        )

    def bash(self, command: str, output: str = "") -> None:
        self.tool("Bash", {"command": command, "description": "run a command"}, output)

    def summary(self, text: str) -> None:
        self.line(json.dumps({"type": "summary", "summary": text, "leafUuid": self.parent}))


def session_file(project_dir: Path, session: str) -> Path:
    """`<project dir>/<session>.jsonl`, directories created."""
    project_dir.mkdir(parents=True, exist_ok=True)
    return project_dir / f"{session}.jsonl"


def subagent_file(project_dir: Path, session: str, agent: str) -> Path:
    """`<project dir>/<session>/subagents/agent-<agent>.jsonl` (Claude Code 2.1.2+ layout)."""
    folder = project_dir / session / "subagents"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"agent-{agent}.jsonl"
