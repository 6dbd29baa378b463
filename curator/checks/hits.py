"""Where an identifier was found: real code, or only docs, changelogs, other memory, string literals and URLs."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

DOC_SUFFIXES = frozenset({".md", ".mdx", ".mdc", ".rst", ".txt", ".adoc", ".org", ".rdoc"})
DOC_NAMES = ("changelog", "changes", "history", "news", "release", "releases", "authors", "contributing")
MEMORY_DIRS = frozenset({".claude", ".cursor", ".windsurf", "memory-bank", ".clinerules"})
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s\"'`<>)]+", re.IGNORECASE)
_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`")


@dataclass
class HitSort:
    """Grep hits (`path:line:text`) split by what they show about an identifier."""

    code: list[str] = field(default_factory=list)
    literal: list[str] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)

    @staticmethod
    def where(hit: str) -> str:
        return ":".join(hit.split(":", 2)[:2])


def is_doc_path(path: str) -> bool:
    """Documentation, changelogs and other agents' memory: text about code, not code."""
    pure = PurePosixPath(path.removeprefix("./"))
    stem = pure.name.lower().split(".", 1)[0]
    return (
        pure.suffix.lower() in DOC_SUFFIXES or stem in DOC_NAMES or any(part in MEMORY_DIRS for part in pure.parts[:-1])
    )


def _outside(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return not any(left <= start and end <= right for left, right in spans)


def in_code(line: str, name: str, *, strings_count: bool) -> bool:
    """Whether `name` occurs in `line` outside URLs (and outside string literals unless `strings_count`)."""
    spans = [match.span() for match in _URL.finditer(line)]
    if not strings_count:
        spans += [match.span() for match in _STRING.finditer(line)]
    word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    return any(_outside(spans, match.start(), match.end()) for match in word.finditer(line))


def sort_hits(hits: list[str], name: str, *, strings_count: bool) -> HitSort:
    """Split `path:line:text` hits into code uses, literal-only mentions (strings, URLs) and prose mentions."""
    sorted_hits = HitSort()
    for hit in hits:
        pieces = hit.split(":", 2)
        if len(pieces) < 3:
            continue
        path, text = pieces[0], pieces[2]
        if is_doc_path(path):
            sorted_hits.prose.append(hit)
        elif in_code(text, name, strings_count=strings_count):
            sorted_hits.code.append(hit)
        else:
            sorted_hits.literal.append(hit)
    return sorted_hits
