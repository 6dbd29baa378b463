"""Setting lines inside an entry's fenced code blocks (`numShards=4`, `core-pool-size: 8`, `{"retries": 3}`): claims too."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import islice
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


def _fenced_lines(text: str) -> Iterator[str]:
    """The stripped lines of the text's fenced code blocks that are short and name no date."""
    if "```" not in text and "~~~" not in text:
        return
    for block in _FENCE.finditer(text):
        for line in block.group(2).splitlines():
            line = line.strip()
            if len(line) <= MAX_LINE_CHARS and not _DATE.search(line):
                yield line


def setting_lines(text: str) -> list[str]:
    """The lines of fenced code blocks that set a number (dates excluded), at most MAX_LINES of them."""
    return list(islice((line for line in _fenced_lines(text) if _SETTING_LINE.match(line)), MAX_LINES))


_VALUE = re.compile(r"\d+(?:\.\d+)?")


@lru_cache(maxsize=65_536)
def _numbered_code_lines(text: str) -> dict[str, tuple[str, ...]]:
    """Each fenced code line that holds a number, with its numbers masked, mapped to those numbers."""
    lines: dict[str, tuple[str, ...]] = {}
    for line in _fenced_lines(text):
        if _VALUE.search(line):
            lines.setdefault(_VALUE.sub("#", line), tuple(_VALUE.findall(line)))
    return lines


def code_values_differ(left: Entry, right: Entry) -> bool:
    """Whether a code line both entries write alike gives a number another value on each side (`media: 4` / `media: 8`)."""
    left_lines = _numbered_code_lines(left.body or left.text or "")
    if not left_lines:
        return False
    right_lines = _numbered_code_lines(right.body or right.text or "")
    return any(left_lines.get(masked, values) != values for masked, values in right_lines.items())
