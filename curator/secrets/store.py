"""Secrets and private data located in a store's files, per entry, detected once per loaded store."""

from __future__ import annotations

import bisect
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from curator import scanmemo
from curator.forked import Forked, can_fork
from curator.model import Entry, SourceFile, Store
from curator.scanmemo import remembered
from curator.secrets import baseline as baseline_module
from curator.secrets.mask import Masker
from curator.secrets.private import AllowList, PrivateHit
from curator.secrets.private import scan_text as scan_private_text

if TYPE_CHECKING:
    from curator.secrets.detect import Detector, Hit

CACHE_ATTRIBUTE = "_curator_secrets"
MIN_FORKED_FILES = 2000
_DEFAULT_DETECTOR: Detector | None = None
_DEFAULT_LOCK = threading.Lock()


@dataclass(frozen=True)
class Located:
    """A secret or private value in one file, with the entry that holds its line (None: a line no entry covers)."""

    path: str
    entry_id: str | None
    hit: Hit | PrivateHit
    archived: bool = False
    origin: str = "store"


@dataclass
class StoreSecrets:
    """Everything secret or private found in a store's files and its project's instruction files."""

    secrets: list[Located] = field(default_factory=list)
    private: list[Located] = field(default_factory=list)
    baseline_path: Path | None = None
    notes: list[str] = field(default_factory=list)
    masker: Masker = field(default_factory=Masker)

    def for_target(self, target: str) -> list[Located]:
        """Secrets of one entry id, or of every entry of one file (`notes.md`, `MEMORY.md`)."""
        return [item for item in self.secrets if target in (item.entry_id, item.path)]


def default_detector() -> Detector:
    """The detector with detect-secrets' default plugins, built once per process."""
    global _DEFAULT_DETECTOR
    with _DEFAULT_LOCK:
        if _DEFAULT_DETECTOR is None:
            from curator.secrets.detect import Detector

            _DEFAULT_DETECTOR = Detector()
        return _DEFAULT_DETECTOR


def _line_starts(text: str) -> list[int]:
    starts = [0]
    position = text.find("\n")
    while position >= 0:
        starts.append(position + 1)
        position = text.find("\n", position + 1)
    return starts


class _EntryLines:
    """Which entry of one file holds a given line: the one with the smallest line range around it."""

    def __init__(self, source: SourceFile, entries: list[Entry]) -> None:
        text = source.text or ""
        starts = _line_starts(text)
        self.ranges: list[tuple[int, int, Entry]] = []
        for entry in entries:
            if entry.span is None:
                first, last = 1, len(starts)
            else:
                first = bisect.bisect_right(starts, entry.span[0])
                last = bisect.bisect_right(starts, max(entry.span[0], entry.span[1] - 1))
            self.ranges.append((first, last, entry))
        self.ranges.sort(key=lambda item: item[1] - item[0])

    def entry_at(self, line: int) -> Entry | None:
        return next((entry for first, last, entry in self.ranges if first <= line <= last), None)


def _files(store: Store) -> list[tuple[SourceFile, list[Entry], str]]:
    by_path: dict[tuple[str, str], list[Entry]] = {}
    for entry in store.entries:
        by_path.setdefault(("store", entry.path), []).append(entry)
    for entry in store.context:
        by_path.setdefault(("project", entry.path), []).append(entry)
    files: list[tuple[SourceFile, list[Entry], str]] = []
    for origin, sources in (("store", store.files), ("project", store.context_files)):
        for rel, source in sources.items():
            if source.text is not None:
                files.append((source, by_path.get((origin, rel), []), origin))
    return files


def masker_for(store: Store) -> Masker:
    """The masker for every secret value in the store (detected once per loaded store)."""
    cached = getattr(store, CACHE_ATTRIBUTE, None)
    return cached[1].masker if cached is not None else scan_store(store).masker


def scan_store_forked(store: Store, allow: tuple[str, ...] | list[str] = ()) -> Forked[StoreSecrets] | None:
    """`scan_store` started in a forked child for a big store scanned without a memo (a child cannot fill the memo)."""
    if scanmemo.active() is not None or len(store.files) + len(store.context_files) < MIN_FORKED_FILES:
        return None
    if getattr(store, CACHE_ATTRIBUTE, None) is not None or not can_fork():
        return None
    return Forked(lambda: scan_store(store, allow))


def adopt_scan(store: Store, allow: tuple[str, ...] | list[str], job: Forked[StoreSecrets] | None) -> None:
    """Keep a forked `scan_store`'s result as the store's detected secrets (as if `scan_store` had run here)."""
    if job is not None and getattr(store, CACHE_ATTRIBUTE, None) is None:
        setattr(store, CACHE_ATTRIBUTE, (tuple(allow), job.result()))


def scan_store(store: Store, allow: tuple[str, ...] | list[str] = ()) -> StoreSecrets:
    """Detect secrets and private data in every file of the store and its instruction files (plugins load once)."""
    cache_key = tuple(allow)
    cached = getattr(store, CACHE_ATTRIBUTE, None)
    if cached is not None and cached[0] == cache_key:
        return cached[1]
    baseline_path = baseline_module.find(Path(store.root), store.project)
    baseline = baseline_module.load(baseline_path)
    detector = _Lazy(baseline if baseline_path else None)
    allow_list = AllowList(list(allow))
    result = StoreSecrets(baseline_path=baseline_path if not baseline.problem else None)
    if baseline.problem:
        result.notes.append(baseline.problem)
    for source, entries, origin in _files(store):
        text = source.text or ""
        lines = _EntryLines(source, entries)
        name = Path(source.rel).name
        for hit in _secret_hits(detector, text, name, remember=not baseline_path):
            result.secrets.append(_locate(source.rel, lines.entry_at(hit.line), hit, origin))
        for private_hit in _private_hits(text, allow_list):
            result.private.append(_locate(source.rel, lines.entry_at(private_hit.line), private_hit, origin))
    result.masker = Masker(item.hit.value for item in result.secrets)
    setattr(store, CACHE_ATTRIBUTE, (cache_key, result))
    return result


class _Lazy:
    """The store's detector, built on first use: a scan whose files the memo knows never loads detect-secrets."""

    def __init__(self, baseline: baseline_module.Baseline | None) -> None:
        self.baseline = baseline
        self.built: Detector | None = None

    def scan_text(self, text: str, name: str) -> list[Hit]:
        if self.built is None:
            from curator.secrets.detect import Detector

            self.built = Detector(self.baseline) if self.baseline is not None else default_detector()
        return self.built.scan_text(text, name)


def _secret_hits(detector: _Lazy, text: str, name: str, *, remember: bool) -> list[Hit]:
    """The detector's hits in one file; the scan memo keeps only that a text has none (it never stores a secret)."""
    if not remember:
        return detector.scan_text(text, name)
    return remembered("secrets", f"{name}\0{text}", lambda: detector.scan_text(text, name), list, _none, keep=_empty)


def _private_hits(text: str, allow_list: AllowList) -> list[PrivateHit]:
    """Private data in one file; the scan memo keeps only that a text (read with this allow-list) has none."""
    key = "\0".join([*allow_list.patterns, text])
    return remembered("private", key, lambda: scan_private_text(text, allow_list), list, _none, keep=_empty)


def _empty(hits: list) -> bool:
    return not hits


def _none(raw: object) -> list:
    if raw != []:
        raise ValueError("only 'nothing found' is remembered")
    return []


def _locate(rel: str, entry: Entry | None, hit: Hit | PrivateHit, origin: str) -> Located:
    archived = entry is not None and entry.status == "expired"
    return Located(path=rel, entry_id=entry.id if entry else None, hit=hit, archived=archived, origin=origin)
