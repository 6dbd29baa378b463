"""Plain data types shared by every part of curator: no I/O happens here."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, get_args

Severity = Literal["info", "warning", "error"]
EntryKind = Literal["file", "section", "rule", "daily", "index"]
EntryStatus = Literal["active", "expired", "unreadable"]
FormatName = Literal["claude-code", "notes", "openclaw", "instructions"]

SEVERITIES: tuple[Severity, ...] = get_args(Severity)
SEVERITY_RANK: dict[Severity, int] = {severity: rank for rank, severity in enumerate(SEVERITIES)}
MEMORY_TYPES = ("user", "feedback", "project", "reference")

INDEX_NAME = "MEMORY.md"
ARCHIVE_DIR = ".archive"
INDEX_MAX_LINES = 200
INDEX_MAX_BYTES = 25 * 1024
INDEX_LINE_MAX_CHARS = 150

CJK_CHAR = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_CJK = re.compile(f"[{CJK_CHAR}]")  # the same pattern text as rules.text.IS_CJK, so the two share one compilation


def estimate_tokens(text: str) -> int:
    """Rough token count: one per CJK character, one per four other characters."""
    cjk_chars = len(_CJK.findall(text))
    other_chars = len(text) - cjk_chars
    return cjk_chars + (other_chars + 3) // 4


class SourceFile:
    """One file as read from disk, kept so writers can splice bytes and detect changes."""

    __slots__ = ("rel", "abspath", "text", "bom", "newline", "mtime_ns", "_undecoded")

    def __init__(
        self,
        rel: str,
        abspath: Path,
        raw: bytes,
        text: str | None,
        bom: bool = False,
        newline: str = "\n",
        mtime_ns: int = 0,
    ) -> None:
        self.rel = rel
        self.abspath = abspath
        self.text = text
        self.bom = bom
        self.newline = newline
        self.mtime_ns = mtime_ns
        self._undecoded: bytes | None = raw if text is None or self.encode(text) != raw else None

    @property
    def raw(self) -> bytes:
        """The bytes read: encoded again from the text when they decoded to it exactly (so only text is held)."""
        if self._undecoded is not None:
            return self._undecoded
        return self.encode(self.text or "")

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.raw).hexdigest()

    def encode(self, text: str) -> bytes:
        """Encode new text the way this file was encoded (BOM kept)."""
        data = text.encode("utf-8")
        return (b"\xef\xbb\xbf" + data) if self.bom else data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SourceFile):
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return f"SourceFile(rel={self.rel!r}, abspath={self.abspath!r}, bytes={len(self.raw)}, bom={self.bom})"

    def _fields(self) -> tuple[object, ...]:
        return (self.rel, self.abspath, self.raw, self.text, self.bom, self.newline, self.mtime_ns)


@dataclass
class Entry:
    """One unit of memory a person reviews: a topic file, a section, a rule or a daily log."""

    id: str
    path: str
    kind: EntryKind = "file"
    line: int | None = None
    line_end: int | None = None
    name: str = ""
    description: str = ""
    type: str | None = None
    status: EntryStatus = "active"
    body: str = ""
    text: str = ""
    fields: dict[str, Any] = field(default_factory=dict)
    span: tuple[int, int] | None = None
    date: datetime | None = None
    created: datetime | None = None
    modified: datetime | None = None
    reviewed: datetime | None = None
    expires: datetime | None = None
    date_source: str = "none"
    commits: int = 0
    authors: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    uncommitted: bool = False
    always_loaded: bool = False
    origin: str = "store"

    @property
    def bytes(self) -> int:
        return len(self.text.encode("utf-8"))

    @property
    def tokens(self) -> int:
        return estimate_tokens(self.text)

    @property
    def is_active(self) -> bool:
        return self.status == "active"

    @property
    def last_touched(self) -> datetime | None:
        """The later of the last change and the last review."""
        stamps = [stamp for stamp in (self.modified, self.reviewed) if stamp is not None]
        return max(stamps) if stamps else None

    def age_days(self, now: datetime) -> float | None:
        touched = self.last_touched
        if touched is None:
            return None
        return round((now - touched).total_seconds() / 86400, 1)


@dataclass
class IndexLine:
    """One non-blank line of an index file (MEMORY.md) and what it links to."""

    line: int
    text: str
    targets: list[str] = field(default_factory=list)
    title: str = ""


@dataclass
class IndexInfo:
    """The always-loaded index file and how much of it the agent actually sees."""

    path: str
    lines: int
    bytes: int
    loaded_lines: int
    loaded_bytes: int
    tokens_loaded: int
    entries: list[IndexLine] = field(default_factory=list)

    @property
    def overflows(self) -> bool:
        return self.lines > self.loaded_lines


@dataclass
class Finding:
    """A drift candidate a rule found, with the entries involved and evidence to act on."""

    rule: str
    severity: Severity
    entries: list[str]
    message: str
    evidence: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, tuple[str, ...]]:
        return (self.rule, tuple(sorted(self.entries)))

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "entries": list(self.entries),
            "message": self.message,
            "evidence": self.evidence,
        }


@dataclass
class Store:
    """Everything read from one memory location: entries, the index and the raw files."""

    root: Path
    format: FormatName
    project: Path | None = None
    project_how: str = "none"
    entries: list[Entry] = field(default_factory=list)
    files: dict[str, SourceFile] = field(default_factory=dict)
    index: IndexInfo | None = None
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    history_source: str = "none"
    context: list[Entry] = field(default_factory=list)
    context_files: dict[str, SourceFile] = field(default_factory=dict)
    loaded_from: Path | None = None
    load_files: list[str] | None = None
    usage: Any = None

    def get(self, entry_id: str) -> Entry | None:
        """The store entry with this id, or None."""
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        return None

    def find(self, entry_id: str) -> Entry | None:
        """A store entry or a project instruction entry (context) with this id."""
        found = self.get(entry_id)
        if found is not None:
            return found
        return next((entry for entry in self.context if entry.id == entry_id), None)

    def active(self) -> list[Entry]:
        return [entry for entry in self.entries if entry.is_active]

    @property
    def always_loaded_tokens(self) -> int:
        """Tokens the agent pays every session: the loaded part of the index plus always-loaded entries."""
        index_path = self.index.path if self.index else None
        loaded = sum(entry.tokens for entry in self.active() if entry.always_loaded and entry.path != index_path)
        return loaded + (self.index.tokens_loaded if self.index else 0)

    @property
    def on_demand_tokens(self) -> int:
        return sum(entry.tokens for entry in self.active() if not entry.always_loaded)
