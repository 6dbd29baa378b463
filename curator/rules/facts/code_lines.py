"""Setting lines inside an entry's fenced code blocks (`numShards=4`, `core-pool-size: 8`, `{"retries": 3}`): claims too."""

from __future__ import annotations

from curator import lazyre as re

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
