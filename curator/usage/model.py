"""Plain data read from session transcripts: memory events, sessions, and per-entry usage."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

READ_TOOLS = ("Read",)
WRITE_TOOLS = ("Write", "Edit", "MultiEdit", "NotebookEdit")


def parse_time(value: Any) -> datetime | None:
    """An ISO-8601 timestamp from a transcript record as an aware datetime, or None."""
    if not isinstance(value, str) or not value:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


@dataclass
class MemoryEvent:
    """One tool call on a file inside the store: a read, or a write/edit with what it put there."""

    path: str
    tool: str
    session: str
    time: str
    prompt: str = ""
    snippet: str = ""
    headings: list[str] = field(default_factory=list)
    subagent: bool = False

    @property
    def is_read(self) -> bool:
        return self.tool in READ_TOOLS or self.tool == "Bash"

    @property
    def moment(self) -> datetime | None:
        return parse_time(self.time)


@dataclass
class SessionSpan:
    """One session seen in a transcript file: its id and first and last record times."""

    session: str
    start: str
    end: str
    records: int = 0


@dataclass
class ResumePoint:
    """The reader's state after the last complete line, so a grown file is read on from there."""

    offset: int
    head: str
    head_bytes: int
    events: int
    lines: int
    bad_lines: int
    session: str
    first_stamp: str
    last_stamp: str
    records: int
    prompt: str


@dataclass
class TranscriptSummary:
    """What one transcript file says about the store: its sessions and memory events."""

    path: str
    size: int
    mtime_ns: int
    sessions: list[SessionSpan] = field(default_factory=list)
    events: list[MemoryEvent] = field(default_factory=list)
    lines: int = 0
    bad_lines: int = 0
    resume: ResumePoint | None = None
    read_from: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TranscriptSummary:
        return cls(
            path=str(data["path"]),
            size=int(data["size"]),
            mtime_ns=int(data["mtime_ns"]),
            sessions=[SessionSpan(**span) for span in data.get("sessions", [])],
            events=[MemoryEvent(**event) for event in data.get("events", [])],
            lines=int(data.get("lines", 0)),
            bad_lines=int(data.get("bad_lines", 0)),
            resume=ResumePoint(**data["resume"]) if data.get("resume") else None,
            read_from=int(data.get("read_from", 0)),
        )


@dataclass
class Session:
    """A session across all its files (main transcript and sub-agents)."""

    id: str
    start: datetime
    end: datetime


@dataclass
class ProvenanceStep:
    """A session that created or edited an entry through the agent's Write/Edit tools."""

    action: str
    session: str
    time: datetime | None
    tool: str
    prompt: str
    subagent: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "session": self.session,
            "time": self.time.isoformat() if self.time else None,
            "tool": self.tool,
            "prompt": self.prompt,
            "subagent": self.subagent,
        }


@dataclass
class EntryUsage:
    """How the agent used one entry: explicit reads, sessions that loaded it, and who wrote it."""

    reads: int = 0
    last_read: datetime | None = None
    read_sessions: list[str] = field(default_factory=list)
    always_loaded: bool = False
    loaded_sessions: int | None = None
    opened_linked: int | None = None
    linked: list[str] = field(default_factory=list)
    provenance: list[ProvenanceStep] = field(default_factory=list)

    @property
    def ever_used(self) -> bool:
        """Read at least once, or (always-loaded with links) a linked topic was opened."""
        if self.reads:
            return True
        return bool(self.opened_linked)

    def to_json(self) -> dict[str, Any]:
        return {
            "reads": self.reads,
            "last_read": self.last_read.isoformat() if self.last_read else None,
            "sessions": len(self.read_sessions),
            "always_loaded": self.always_loaded,
            "loaded_sessions": self.loaded_sessions,
            "opened_linked": self.opened_linked,
            "linked": list(self.linked),
            "provenance": [step.to_json() for step in self.provenance],
        }


@dataclass
class StoreUsage:
    """Usage of a whole store: where transcripts were looked for, the sessions found, per-entry usage."""

    searched: list[Path] = field(default_factory=list)
    transcripts: int = 0
    bytes_read: int = 0
    bytes_total: int = 0
    cached: int = 0
    bad_lines: int = 0
    sessions: list[Session] = field(default_factory=list)
    entries: dict[str, EntryUsage] = field(default_factory=dict)
    cache_path: Path | None = None
    notes: list[str] = field(default_factory=list)
    beside_transcripts: bool = False
    touched: bool = False

    @property
    def known(self) -> bool:
        """True when at least one session was found, so a zero read count means something."""
        return bool(self.sessions)

    @property
    def used_by_agent(self) -> bool:
        """The sessions load this store (it sits beside them) or read or wrote one of its entries."""
        return self.known and (self.beside_transcripts or self.touched)

    def get(self, entry_id: str) -> EntryUsage | None:
        return self.entries.get(entry_id)

    def to_json(self) -> dict[str, Any]:
        return {
            "transcripts": self.transcripts,
            "sessions": len(self.sessions),
            "first_session": self.sessions[0].start.isoformat() if self.sessions else None,
            "last_session": self.sessions[-1].start.isoformat() if self.sessions else None,
            "searched": [str(path) for path in self.searched],
            "bad_lines": self.bad_lines,
        }
