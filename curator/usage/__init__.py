"""Which memories the agent uses, and where each came from, read from Claude Code session transcripts."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from curator.model import Store
from curator.usage.aggregate import build_usage
from curator.usage.cache import UsageCache, default_cache_file
from curator.usage.locate import beside_transcripts, locate
from curator.usage.model import EntryUsage, ProvenanceStep, Session, StoreUsage
from curator.usage.reader import scan_transcript
from curator.usage.records import StorePaths

__all__ = ["EntryUsage", "ProvenanceStep", "Session", "StoreUsage", "annotate", "store_usage"]


def annotate(
    store: Store,
    *,
    claude_dir: Path | None = None,
    cache_file: Path | None = None,
    now: datetime | None = None,
) -> StoreUsage:
    """Read the store's transcripts (only new or changed ones when cached) and attach `store.usage`."""
    usage = StoreUsage()
    directories, transcripts = locate(store, claude_dir)
    usage.searched = directories
    root = Path(store.root)
    usage.beside_transcripts = beside_transcripts(root if root.is_dir() else root.parent)
    usage.transcripts = len(transcripts)
    paths = StorePaths(store.root)
    summaries = []
    cache = None
    if transcripts:
        cache = UsageCache.load(cache_file or default_cache_file(store.root, paths.real_root), paths.real_root)
        usage.cache_path = cache.path
        if cache.problem:
            usage.notes.append(cache.problem)
    for transcript in transcripts:
        usage.bytes_total += transcript.size
        summary = cache.get(transcript) if cache is not None else None
        if summary is not None:
            usage.cached += 1
        else:
            previous = cache.previous(transcript) if cache is not None else None
            try:
                summary = scan_transcript(transcript, paths, previous)
            except OSError as error:
                usage.notes.append(f"cannot read transcript {transcript.path}: {error.strerror or error}")
                continue
            usage.bytes_read += transcript.size - summary.read_from
            if cache is not None:
                cache.put(summary)
        usage.bad_lines += summary.bad_lines
        summaries.append(summary)
    if cache is not None:
        cache.keep_only(transcripts)
        problem = cache.save()
        if problem:
            usage.notes.append(problem)
    build_usage(store, summaries, usage, now)
    store.usage = usage
    return usage


def store_usage(store: Store) -> StoreUsage | None:
    """The usage attached to a store by `annotate`, or None."""
    usage = getattr(store, "usage", None)
    return usage if isinstance(usage, StoreUsage) else None
