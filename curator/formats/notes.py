"""Tiny-agent notes: one markdown file of `## YYYY-MM-DD - Title` sections (or dated bullets)."""

from __future__ import annotations

from datetime import datetime

from curator import lazyre as re
from curator.formats.common import record_problem
from curator.formats.markdown import (
    Line,
    body_wiki_links,
    comment_fields,
    heading_level,
    heading_text,
    level2_sections,
    short_name,
    split_lines,
    to_datetime,
)
from curator.formats.source import ParseProblem, read_source
from curator.model import MEMORY_TYPES, Entry, EntryStatus, SourceFile, Store

DATED_HEADING = re.compile(r"^ {0,3}##[ \t]+\(?(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?Z?)?\)?(.*)$")
_SEPARATORS = " \t-–—/|:·,"
_TOP_BULLET = re.compile(r"^[-*+][ \t]+\S")
_TRAILING_DATE = re.compile(r"\((\d{4}-\d{2}-\d{2})\)\s*$")
_LEADING_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+Z?)?\s*[:\-–—]?\s*")
_EXPIRES_LINE = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?expires(?:\*\*)?[ \t]*:(?:\*\*)?[ \t]*(.+)$", re.I | re.M)


def archive_name(name: str) -> str:
    """`notes.md` -> `notes.archive.md`: where expired sections of a section store go."""
    stem = name[:-3] if name.endswith(".md") else name
    return f"{stem}.archive.md"


def has_dated_sections(text: str) -> bool:
    """True when some `##` heading starts with an ISO date."""
    return any(DATED_HEADING.match(line) for line in text.splitlines() if line.startswith(("##", " ")))


def _strip_lead(text: str) -> str:
    """Drop a leading `[timestamp]`, `(date, via ...)` or `date:` from a bullet's text."""
    text = text.lstrip()
    if text[:1] in "[(":
        closing = {"[": "]", "(": ")"}[text[0]]
        depth = 0
        for position, char in enumerate(text):
            if char == text[0]:
                depth += 1
            elif char == closing:
                depth -= 1
                if depth == 0:
                    if re.match(r"[\[(]\d{4}-\d{2}-\d{2}", text):
                        return text[position + 1 :].lstrip()
                    break
    return _LEADING_DATE.sub("", text, count=1)


def _make_entry(
    source: SourceFile,
    number: int,
    first: Line,
    lines: list[Line],
    *,
    title: str,
    heading_date: datetime | None,
    status: EntryStatus,
    body_from: int,
) -> Entry:
    """The entry for one section (heading line `first` plus `lines`) of a notes file."""
    text = source.text or ""
    end = lines[-1].end if lines else first.end
    body = text[body_from:end]
    fields: dict[str, str] = comment_fields(body)
    fields_date = to_datetime(fields.get("date") or fields.get("updated") or fields.get("created") or "")
    expires_match = _EXPIRES_LINE.search(body)
    if expires_match:
        fields.setdefault("expires", expires_match.group(1).strip())
    expires = to_datetime(fields.get("expires") or "")
    last_line = max((line.number for line in [first, *lines] if not line.blank), default=first.number)
    name = title or short_name(body)
    declared_type = fields.get("type")
    return Entry(
        id=f"{source.rel}#{number}",
        path=source.rel,
        kind="section",
        line=first.number,
        line_end=last_line,
        name=name,
        description=short_name(body, 150) if title else "",
        type=declared_type if declared_type in MEMORY_TYPES else None,
        status=status,
        body=body,
        text=text[first.start : end],
        fields=fields,
        span=(first.start, end),
        date=heading_date or fields_date,
        reviewed=to_datetime(fields.get("reviewed") or ""),
        expires=expires,
        links=body_wiki_links(lines if body_from != first.start else [first, *lines]),
        always_loaded=False,
    )


def _heading_entries(source: SourceFile, lines: list[Line], status: EntryStatus) -> list[Entry]:
    entries = []
    for number, (heading, section_lines) in enumerate(level2_sections(lines), start=1):
        dated = DATED_HEADING.match(heading.content)
        if dated:
            title = heading_text("## " + dated.group(2).strip(_SEPARATORS))
            heading_date = to_datetime(dated.group(1))
        else:
            title = heading_text(heading.content)
            heading_date = None
        entries.append(
            _make_entry(
                source,
                number,
                heading,
                section_lines,
                title=title,
                heading_date=heading_date,
                status=status,
                body_from=heading.end,
            )
        )
    return entries


def _bullet_date(content: str):
    trailing = _TRAILING_DATE.search(content)
    if trailing:
        return to_datetime(trailing.group(1))
    lead = re.match(r"^[-*+][ \t]+[\[(]?(\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?)", content)
    return to_datetime(lead.group(1)) if lead else None


def _bullet_entries(source: SourceFile, lines: list[Line], status: EntryStatus) -> list[Entry]:
    groups: list[tuple[Line, list[Line]]] = []
    current: list[Line] | None = None
    for line in lines:
        if not line.in_code and _TOP_BULLET.match(line.content):
            current = []
            groups.append((line, current))
        elif not line.in_code and heading_level(line.content):
            current = None
        elif current is not None:
            current.append(line)
    entries = []
    for number, (first, rest) in enumerate(groups, start=1):
        entry = _make_entry(
            source,
            number,
            first,
            rest,
            title="",
            heading_date=_bullet_date(first.content),
            status=status,
            body_from=first.start,
        )
        entry.body = re.sub(r"^[-*+][ \t]+", "", entry.body)
        lead = re.sub(r"^[-*+][ \t]+", "", first.content)
        for _ in range(2):
            lead = _strip_lead(lead)
        entry.name = short_name(_TRAILING_DATE.sub("", lead).rstrip()) or entry.name
        entries.append(entry)
    return entries


def sections(source: SourceFile, status: EntryStatus = "active") -> list[Entry]:
    """The entries of one notes file: its `##` sections, or its top-level bullets when it has none."""
    lines = split_lines(source.text or "")
    entries = _heading_entries(source, lines, status)
    if entries:
        return entries
    return _bullet_entries(source, lines, status)


def load_file(store: Store, rel: str, *, status: EntryStatus = "active") -> None:
    """Read one notes file (or its archive) into the store."""
    result = read_source(store.root, rel)
    if isinstance(result, ParseProblem):
        record_problem(store, result, rel, rel)
        return
    store.files[rel] = result
    store.entries.extend(sections(result, status))


def load(store: Store, names: list[str]) -> None:
    """Fill `store` from notes files under its root (each with its archive file when present)."""
    for name in names:
        load_file(store, name)
        archive = archive_name(name)
        if archive not in names and (store.root / archive).exists():
            load_file(store, archive, status="expired")
    live = sum(1 for entry in store.entries if entry.status == "active")
    store.notes.append(f"notes in {store.root}: {', '.join(names)} ({live} section(s))")
