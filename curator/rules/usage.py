"""Usage rules from session transcripts: `unused` topics and `always-loaded-unused` index lines and sections."""

from __future__ import annotations

from curator.config import Config
from curator.model import Entry, Finding, Store, estimate_tokens
from curator.rules.structure import Resolver
from curator.usage import StoreUsage, store_usage
from curator.usage.aggregate import existed_since, line_topics, loading_sessions

RULE_IDS = ("unused", "always-loaded-unused")
CONFIG_KEYS = frozenset({"unused"})


def analyze(store: Store, settings: Config) -> list[Finding]:
    """Findings for entries the agent did not use in the last N sessions that ran while they existed.

    Only for a store the sessions use at all, so a notes file the agent never touches is not all flagged.
    """
    usage = store_usage(store)
    if usage is None or not usage.used_by_agent:
        return []
    window = settings.unused_sessions
    return [*_unused(store, usage, window), *_always_loaded_unused(store, usage, window)]


def _recent(usage: StoreUsage, entry: Entry | None, window: int) -> list[str] | None:
    """The last `window` sessions that ran while the entry existed, or None when fewer ran."""
    sessions = loading_sessions(usage, existed_since(entry, usage) if entry is not None else None)
    return sessions[-window:] if len(sessions) >= window else None


def _unused(store: Store, usage: StoreUsage, window: int) -> list[Finding]:
    findings: list[Finding] = []
    for entry in store.active():
        entry_usage = usage.get(entry.id)
        if entry.origin != "store" or entry.always_loaded or entry_usage is None:
            continue
        recent = _recent(usage, entry, window)
        if recent is None or set(recent) & set(entry_usage.read_sessions):
            continue
        last = entry_usage.last_read.date().isoformat() if entry_usage.last_read else None
        ever = f"last read {last}" if last else "never read in any transcript"
        message = f"{entry.id} was not read in the last {window} sessions ({ever}; {entry.bytes} bytes)"
        evidence = {"sessions": window, "reads": entry_usage.reads, "last_read": last, "bytes": entry.bytes}
        findings.append(Finding("unused", "info", [entry.id], message, evidence))
    return findings


def _always_loaded_unused(store: Store, usage: StoreUsage, window: int) -> list[Finding]:
    findings: list[Finding] = []
    resolver = Resolver(store)
    for entry in store.active():
        entry_usage = usage.get(entry.id)
        if not entry.always_loaded or entry_usage is None or not entry_usage.linked:
            continue
        finding = _unopened(usage, entry, entry_usage.linked, window, entry.id, entry.tokens, {"section": entry.id})
        if finding is not None:
            findings.append(finding)
    index = store.index
    if index is None or store.format != "claude-code":
        return findings
    for line in index.entries:
        if line.line > index.loaded_lines or resolver.section_at(line.line):
            continue
        topics = line_topics(resolver, line.targets, index.path)
        if not topics:
            continue
        where = f"{index.path} line {line.line}"
        evidence = {"index": index.path, "line": line.line, "text": line.text}
        finding = _unopened(usage, store.get(topics[0]), topics, window, where, estimate_tokens(line.text), evidence)
        if finding is not None:
            findings.append(finding)
    return findings


def _unopened(
    usage: StoreUsage, since: Entry | None, topics: list[str], window: int, where: str, tokens: int, evidence: dict
) -> Finding | None:
    recent = _recent(usage, since, window)
    if recent is None:
        return None
    readers = {
        session for topic in topics if (topic_usage := usage.get(topic)) for session in topic_usage.read_sessions
    }
    if readers & set(recent):
        return None
    names = ", ".join(topics)
    message = (
        f"{where} (~{tokens} tokens) is loaded every session, but none of the last {window} sessions "
        f"opened {names}: the cheapest bloat to cut"
    )
    return Finding(
        "always-loaded-unused",
        "info",
        list(topics) if "line" in evidence else [where],
        message,
        {**evidence, "sessions": window, "topics": topics, "tokens": tokens},
    )
