"""Setting lines inside an entry's fenced code blocks (`numShards=4`, `core-pool-size: 8`, `{"retries": 3}`): claims too."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from curator import lazyre as re

if TYPE_CHECKING:
    from curator.model import Entry

_FENCE = re.compile(r"^(```|~~~)[^\n]*\n(.*?)^\1", re.M | re.S)
_SETTING_LINE = re.compile(
    r"""^\s*(?:[-\w."']+\s*[:=]\s*["']?\d|.*(?:-[DPX][\w.]*[=\d]|--[\w-]+[= ]\d|"[\w.-]+"\s*:\s*\d))"""
)
_DATE = re.compile(r"\b(?:19|20)\d\d[-/.]\d{1,2}\b")
MAX_LINES = 40
MAX_LINE_CHARS = 200


def setting_lines(text: str) -> list[str]:
    """The lines of fenced code blocks that set a number (dates excluded), at most MAX_LINES of them."""
    if "```" not in text and "~~~" not in text:
        return []
    found: list[str] = []
    for block in _FENCE.finditer(text):
        for line in block.group(2).splitlines():
            line = line.strip()
            if len(line) <= MAX_LINE_CHARS and _SETTING_LINE.match(line) and not _DATE.search(line):
                found.append(line)
                if len(found) >= MAX_LINES:
                    return found
    return found


_VALUE = re.compile(r"\d+(?:\.\d+)?")


@lru_cache(maxsize=65_536)
def _numbered_code_lines(text: str) -> dict[str, tuple[str, ...]]:
    """Each fenced code line that holds a number, with its numbers masked, mapped to those numbers."""
    if "```" not in text and "~~~" not in text:
        return {}
    lines: dict[str, tuple[str, ...]] = {}
    for block in _FENCE.finditer(text):
        for line in block.group(2).splitlines():
            line = line.strip()
            if len(line) <= MAX_LINE_CHARS and _VALUE.search(line) and not _DATE.search(line):
                lines.setdefault(_VALUE.sub("#", line), tuple(_VALUE.findall(line)))
    return lines


def code_values_differ(left: Entry, right: Entry) -> bool:
    """Whether a code line both entries write alike gives a number another value on each side (`media: 4` / `media: 8`)."""
    left_lines = _numbered_code_lines(left.body or left.text or "")
    if not left_lines:
        return False
    right_lines = _numbered_code_lines(right.body or right.text or "")
    return any(left_lines.get(masked, values) != values for masked, values in right_lines.items())
