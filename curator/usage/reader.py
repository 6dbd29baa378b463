"""Streaming reader for Claude Code JSONL transcripts: one bounded line at a time, never the whole file."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from curator.usage.locate import TranscriptFile
from curator.usage.model import ResumePoint, SessionSpan, TranscriptSummary
from curator.usage.records import StorePaths, tool_events, user_prompt

MAX_LINE_BYTES = 16 * 1024 * 1024
HEAD_BYTES = 4096
READ_BUFFER_BYTES = 1024 * 1024
_TOOL_NAME = re.compile(rb'"name"\s*:\s*"(?:Read|Write|Edit|MultiEdit|NotebookEdit|Bash)"')
_TIMESTAMP = re.compile(rb'"timestamp"\s*:\s*"([^"\\]{10,40})"')
_SESSION_ID = re.compile(rb'"sessionId"\s*:\s*"([^"\\]{1,200})"')


def iter_lines(
    path: Path, *, max_line_bytes: int = MAX_LINE_BYTES, start: int = 0
) -> Iterator[tuple[bytes | None, int]]:
    """Each line from byte `start` with the offset after it; a line over `max_line_bytes` is skipped (None)."""
    with open(path, "rb", buffering=READ_BUFFER_BYTES) as handle:
        handle.seek(start)
        position = start
        while True:
            line = handle.readline(max_line_bytes)
            if not line:
                return
            position += len(line)
            if len(line) >= max_line_bytes and not line.endswith(b"\n"):
                while True:
                    rest = handle.readline(max_line_bytes)
                    position += len(rest)
                    if not rest or rest.endswith(b"\n"):
                        break
                yield None, position
                continue
            yield line, position


def iter_records(path: Path, *, max_line_bytes: int = MAX_LINE_BYTES) -> Iterator[dict[str, Any] | None]:
    """Each JSON object of a transcript; a line that is not one (truncated, invalid, too long) yields None."""
    for line, _end in iter_lines(path, max_line_bytes=max_line_bytes):
        if line is None:
            yield None
            continue
        if not line.strip():
            continue
        record = _loads(line)
        yield record if isinstance(record, dict) else None


def _loads(line: bytes) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def file_head(path: Path, size: int) -> str:
    """A fingerprint of a file's first `size` bytes: a grown transcript keeps it, a rewritten one does not."""
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read(size)).hexdigest()


def _resumable(transcript: TranscriptFile, previous: TranscriptSummary | None) -> ResumePoint | None:
    point = previous.resume if previous is not None else None
    if point is None or transcript.size < point.offset or point.offset == 0:
        return None
    try:
        return point if file_head(transcript.path, point.head_bytes) == point.head else None
    except OSError:
        return None


def scan_transcript(
    transcript: TranscriptFile, paths: StorePaths, previous: TranscriptSummary | None = None
) -> TranscriptSummary:
    """One streaming pass over a transcript (from where `previous` stopped, when the file only grew):
    its session span and every read or write of a markdown file inside the store."""
    summary = TranscriptSummary(path=str(transcript.path), size=transcript.size, mtime_ns=transcript.mtime_ns)
    state = _ReadState()
    point = _resumable(transcript, previous)
    if point is not None and previous is not None:
        summary.events = list(previous.events[: point.events])
        summary.lines, summary.bad_lines = point.lines, point.bad_lines
        state = _ReadState(
            point.offset, point.session, point.first_stamp, point.last_stamp, point.records, point.prompt
        )
        summary.read_from = point.offset
    committed: ResumePoint | None = None
    for line, end in iter_lines(transcript.path, start=state.offset):
        if line is not None and not line.endswith(b"\n"):
            committed = _resume_point(transcript, summary, state)
        summary.lines += 1
        if line is None:
            summary.bad_lines += 1
        else:
            _read_line(line, summary, state, paths, transcript)
        state.offset = end
    summary.resume = committed or _resume_point(transcript, summary, state)
    session = state.session or transcript.session_hint
    for event in summary.events:
        event.session = event.session or session
    last_stamp = state.final_stamp() or state.first_stamp
    if state.first_stamp and state.records:
        summary.sessions.append(
            SessionSpan(session=session, start=state.first_stamp, end=last_stamp, records=state.records)
        )
    return summary


class _ReadState:
    """What the reader carries from line to line."""

    def __init__(
        self,
        offset: int = 0,
        session: str = "",
        first_stamp: str = "",
        last_stamp: str = "",
        records: int = 0,
        prompt: str = "",
    ) -> None:
        self.offset = offset
        self.session = session
        self.first_stamp = first_stamp
        self.last_stamp = last_stamp
        self.records = records
        self.prompt = prompt
        self.last_stamped: bytes | None = None

    def final_stamp(self) -> str:
        return _last_stamp(self.last_stamped) or self.last_stamp


def _resume_point(transcript: TranscriptFile, summary: TranscriptSummary, state: _ReadState) -> ResumePoint:
    head_bytes = min(HEAD_BYTES, state.offset)
    return ResumePoint(
        offset=state.offset,
        head=file_head(transcript.path, head_bytes),
        head_bytes=head_bytes,
        events=len(summary.events),
        lines=summary.lines,
        bad_lines=summary.bad_lines,
        session=state.session,
        first_stamp=state.first_stamp,
        last_stamp=state.final_stamp(),
        records=state.records,
        prompt=state.prompt,
    )


def _read_line(
    line: bytes, summary: TranscriptSummary, state: _ReadState, paths: StorePaths, transcript: TranscriptFile
) -> None:
    stripped = line.rstrip()
    if not stripped:
        return
    if not stripped.endswith(b"}"):
        summary.bad_lines += 1
        return
    if b'"timestamp"' in line:
        state.last_stamped = line
        if not state.first_stamp:
            state.first_stamp = _first_match(_TIMESTAMP, line)
    if not state.session:
        state.session = _first_match(_SESSION_ID, line)
    if b'"message"' in line:
        state.records += 1
    if b'"tool_use"' in line:
        if _TOOL_NAME.search(line) and paths.mentioned(line):
            record = _loads(line)
            if not isinstance(record, dict):
                summary.bad_lines += 1
                return
            summary.events.extend(tool_events(record, paths, state.prompt, transcript, state.session))
    elif b'"user"' in line and b'"tool_result"' not in line:
        record = _loads(line)
        if not isinstance(record, dict):
            summary.bad_lines += 1
            return
        text = user_prompt(record)
        if text:
            state.prompt = text


def _first_match(pattern: re.Pattern[bytes], line: bytes) -> str:
    match = pattern.search(line)
    return match.group(1).decode("utf-8", errors="replace") if match else ""


def _last_stamp(line: bytes | None) -> str:
    """The top-level timestamp of the last timestamped line (regex fallback when it is truncated)."""
    if line is None:
        return ""
    record = _loads(line)
    if isinstance(record, dict) and isinstance(record.get("timestamp"), str):
        return str(record["timestamp"])
    matches = _TIMESTAMP.findall(line)
    return matches[-1].decode("utf-8", errors="replace") if matches else ""
