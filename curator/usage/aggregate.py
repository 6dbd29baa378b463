"""Turn transcript summaries into per-entry usage: reads, loads by always-loaded entries, and provenance."""

from __future__ import annotations

import os
from datetime import datetime
from typing import TYPE_CHECKING

from curator.model import Entry, Store
from curator.usage.model import (
    EntryUsage,
    MemoryEvent,
    ProvenanceStep,
    Session,
    StoreUsage,
    TranscriptSummary,
    parse_time,
)

if TYPE_CHECKING:
    from curator.rules.structure import Resolver


def merge_sessions(summaries: list[TranscriptSummary], now: datetime | None) -> list[Session]:
    """One Session per session id across its files (main and sub-agent), oldest first; later than `now` dropped."""
    spans: dict[str, tuple[datetime, datetime]] = {}
    for summary in summaries:
        for span in summary.sessions:
            start, end = parse_time(span.start), parse_time(span.end)
            if start is None:
                continue
            end = end if end is not None and end >= start else start
            known = spans.get(span.session)
            spans[span.session] = (min(known[0], start), max(known[1], end)) if known else (start, end)
    sessions = [Session(id=key, start=start, end=end) for key, (start, end) in spans.items()]
    if now is not None:
        sessions = [session for session in sessions if session.start <= now]
    sessions.sort(key=lambda session: (session.start, session.id))
    return sessions


def _real_path(store: Store, entry: Entry) -> str:
    source = store.files.get(entry.path)
    if source is not None:
        return os.path.realpath(source.abspath)
    root = store.root if store.root.is_dir() else store.root.parent
    return os.path.realpath(root / entry.path)


def build_usage(
    store: Store, summaries: list[TranscriptSummary], usage: StoreUsage, now: datetime | None
) -> StoreUsage:
    """Fill `usage` with sessions and one EntryUsage per store entry."""
    usage.sessions = merge_sessions(summaries, now)
    session_ids = {session.id for session in usage.sessions}
    entries = [entry for entry in store.entries if entry.origin == "store"]
    by_path: dict[str, list[Entry]] = {}
    for entry in entries:
        by_path.setdefault(_real_path(store, entry), []).append(entry)
        usage.entries[entry.id] = EntryUsage(always_loaded=entry.always_loaded)
    events = sorted(
        (event for summary in summaries for event in summary.events if event.session in session_ids),
        key=lambda event: (event.time, event.session),
    )
    first_write: dict[str, bool] = {}
    for event in events:
        targets = by_path.get(event.path, [])
        usage.touched = usage.touched or bool(targets)
        if event.is_read:
            for entry in targets:
                _count_read(usage.entries[entry.id], event)
            continue
        creating = event.path not in first_write and event.tool == "Write"
        first_write.setdefault(event.path, True)
        for entry in targets:
            if entry.kind == "file" or _touches_section(entry, event):
                _add_step(usage.entries[entry.id], event, creating or _introduces_section(entry, event))
    _always_loaded(store, entries, usage)
    return usage


def _count_read(entry_usage: EntryUsage, event: MemoryEvent) -> None:
    entry_usage.reads += 1
    moment = event.moment
    if moment is not None and (entry_usage.last_read is None or moment > entry_usage.last_read):
        entry_usage.last_read = moment
    if event.session not in entry_usage.read_sessions:
        entry_usage.read_sessions.append(event.session)


def _heading(entry: Entry) -> str:
    return entry.text.splitlines()[0].strip() if entry.kind == "section" and entry.text else ""


def _touches_section(entry: Entry, event: MemoryEvent) -> bool:
    """A write reached this section: it wrote the section's heading, or its new text is in the section."""
    if _heading(entry) and _heading(entry) in event.headings:
        return True
    snippet = event.snippet.strip()
    return bool(snippet) and snippet[:200] in entry.text


def _introduces_section(entry: Entry, event: MemoryEvent) -> bool:
    return (
        entry.kind == "section" and event.tool == "Edit" and bool(_heading(entry)) and _heading(entry) in event.headings
    )


def _add_step(entry_usage: EntryUsage, event: MemoryEvent, creating: bool) -> None:
    """One provenance step per session: the first write of that session names it."""
    if any(step.session == event.session for step in entry_usage.provenance):
        return
    action = "created" if creating and not entry_usage.provenance else "edited"
    entry_usage.provenance.append(
        ProvenanceStep(
            action=action,
            session=event.session,
            time=event.moment,
            tool=event.tool,
            prompt=event.prompt,
            subagent=event.subagent,
        )
    )


def linked_topics(store: Store, entry: Entry, resolver: Resolver) -> list[str]:
    """Topic entry ids an always-loaded section links to (index links inside it, and `[[name]]` links)."""
    linked: list[str] = []
    if store.index is not None and entry.path == store.index.path and entry.line is not None:
        last = entry.line_end or entry.line
        for line in store.index.entries:
            if entry.line <= line.line <= last:
                linked.extend(line_topics(resolver, line.targets, entry.path))
    for name in entry.links:
        target = resolver.name_target(name)
        if target is not None:
            linked.append(target.id)
    return list(dict.fromkeys(item for item in linked if item != entry.id))


def line_topics(resolver: Resolver, targets: list[str], base: str) -> list[str]:
    """Topic entry ids that one index line's link targets resolve to."""
    found: list[str] = []
    for target in targets:
        if target.startswith("[[") and target.endswith("]]"):
            entry = resolver.name_target(target[2:-2])
        else:
            entry = resolver.path_target(target.split("#", 1)[0], base)[1]
        if entry is not None:
            found.append(entry.id)
    return found


DATED_SOURCES = ("git", "git+worktree", "frontmatter", "section-date")


def existed_since(entry: Entry, usage: StoreUsage) -> datetime | None:
    """When the entry came to be: the session that created it, else a git or written date; None when unknown.

    A file's mtime says when it last changed, not when it appeared, so it is not used.
    """
    entry_usage = usage.get(entry.id)
    if entry_usage is not None and entry_usage.provenance and entry_usage.provenance[0].action == "created":
        return entry_usage.provenance[0].time
    return entry.created if entry.date_source in DATED_SOURCES else None


def loading_sessions(usage: StoreUsage, since: datetime | None) -> list[str]:
    """Sessions that ran while something that appeared at `since` existed (all of them when unknown)."""
    return [session.id for session in usage.sessions if since is None or session.end >= since]


def _always_loaded(store: Store, entries: list[Entry], usage: StoreUsage) -> None:
    # deferred: curator.rules imports its usage rules, which import this package
    from curator.rules.structure import Resolver

    resolver = Resolver(store)
    for entry in entries:
        if not entry.always_loaded or not entry.is_active:
            continue
        entry_usage = usage.entries[entry.id]
        loaded = loading_sessions(usage, existed_since(entry, usage))
        entry_usage.loaded_sessions = len(loaded)
        entry_usage.linked = linked_topics(store, entry, resolver)
        if not entry_usage.linked:
            continue
        readers = {session for topic in entry_usage.linked for session in usage.entries[topic].read_sessions}
        entry_usage.opened_linked = sum(1 for session in loaded if session in readers)
