"""What every claim reader shares: building a Claim, positions already claimed, what reads as a path or a URL, and
the store's own file names (a link to another memory is no claim about the project)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from curator import lazyre as re
from curator.checks.results import Claim, ClaimKind
from curator.checks.vocab import FILE_EXTENSIONS, KNOWN_FILENAMES, NOT_PATH_PAIRS, TOOLS
from curator.model import Entry, Store

_URL = re.compile(r"\bhttps?://[^\s<>`'\")\]]+", re.IGNORECASE)


_PATH_CHARS = re.compile(r"^[\w@.+\-/~\\:\u4e00-\u9fff]+$")


_PLACEHOLDER = re.compile(r"YYYY|MM-DD|\bDD\b|XXX|\.\.\.|[<>{}$%*?\[\]|]|^/[a-z][a-z-]*$")


_DOMAIN = re.compile(
    r"^(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|ai|app|co|cn|gov|edu|me|sh|so|xyz|info)(?:/|$)", re.IGNORECASE
)


def _claim(
    kind: ClaimKind,
    text: str,
    subject: str,
    expected: str,
    entry: Entry,
    span: tuple[int, int],
    source: str,
    **extra: Any,
) -> Claim:
    return Claim(
        kind=kind, text=text, subject=subject, expected=expected, entry_id=entry.id, span=span, source=source, **extra
    )


def _path_claim(path: str, entry: Entry, span: tuple[int, int], source: str, text: str) -> Claim:
    return _claim("path", text, path, "exists", entry, span, source)


class _Taken:
    """Character positions already claimed by a link, code span or wikilink (O(1) lookups)."""

    def __init__(self, size: int) -> None:
        self.mask = bytearray(size + 1)

    def add(self, span: tuple[int, int]) -> None:
        self.mask[span[0] : span[1]] = b"\x01" * (span[1] - span[0])

    def __contains__(self, position: object) -> bool:
        return isinstance(position, int) and bool(self.mask[position])


def has_extension(text: str) -> bool:
    name = text.rstrip("/").rsplit("/", 1)[-1]
    if name in KNOWN_FILENAMES or (len(name) > 2 and re.fullmatch(r"\.[A-Za-z][\w.\-]*", name) is not None):
        return True
    return "." in name and name.rsplit(".", 1)[1].lower() in FILE_EXTENSIONS and bool(name.rsplit(".", 1)[0])


def _pathlike(text: str, *, strict: bool) -> bool:
    """True for text that reads as a file or directory path rather than prose, a glob or a placeholder."""
    if not text or " " in text or "://" in text or not _PATH_CHARS.match(text) or _PLACEHOLDER.search(text):
        return False
    if not re.search(r"[A-Za-z\u4e00-\u9fff]", text) or text.lower() in NOT_PATH_PAIRS:
        return False
    if re.search(r"\d{4}-\d{2}-\d{2}$", text) or re.fullmatch(r"[\d./-]+", text):
        return False
    segments = [segment for segment in re.split(r"[/\\]", text) if segment not in ("", ".", "..", "~")]
    if segments and all(segment in TOOLS for segment in segments):
        return False
    if "/" in text or "\\" in text:
        return bool(segments)
    return has_extension(text) or not strict


def _is_memory_link(path: str, entry: Entry, store: Store | None) -> bool:
    if store is None:
        return False
    here = os.path.dirname(entry.path)
    candidates = {os.path.normpath(os.path.join(here, path)), os.path.normpath(path)}
    if candidates & _memory_names(store)[0]:
        return True
    return store.format in ("claude-code", "openclaw") and "/" not in path and path.endswith(".md")


def _memory_stem(name: str, store: Store | None) -> bool:
    return store is not None and name in _memory_names(store)[1]


_NAMES_CACHE: dict[int, tuple[object, int, frozenset[str], frozenset[str]]] = {}


def _memory_names(store: Store) -> tuple[frozenset[str], frozenset[str]]:
    """The store's file paths and their stems, built once per store rather than once per claim."""
    cached = _NAMES_CACHE.get(id(store))
    if cached is None or cached[0] is not store.files or cached[1] != len(store.files):
        names = frozenset(store.files)
        cached = (store.files, len(store.files), names, frozenset(Path(rel).stem for rel in names))
        _NAMES_CACHE.clear()
        _NAMES_CACHE[id(store)] = cached
    return cached[2], cached[3]
