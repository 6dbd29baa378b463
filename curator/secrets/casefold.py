"""Case-insensitive search made cheap: a lower-case pattern searched in the lowered line.

Python's `re.IGNORECASE` alternations run about ten times slower than the same lower-case pattern on `line.lower()`.
The two agree for patterns written in lower-case ASCII letters, except on the four characters below, whose
case-insensitive match of an ASCII letter differs from `str.lower` (`tests/secrets/test_casefold.py` checks every code point).
"""

from __future__ import annotations

import re

CASE_SPECIAL = "\u0130\u0131\u017f\u212a"
_CASE_SPECIAL = re.compile(f"[{CASE_SPECIAL}]")


def lowered_search(lowered: re.Pattern[str], ignoring_case: re.Pattern[str], line: str) -> bool:
    """Whether `ignoring_case` (the IGNORECASE twin of the lower-case pattern `lowered`) occurs in the line."""
    if line.isascii() or not _CASE_SPECIAL.search(line):
        return lowered.search(line.lower()) is not None
    return ignoring_case.search(line) is not None


def lowered_contains(needles: tuple[str, ...], line: str) -> bool | None:
    """Whether the lowered line holds one of the lower-case ASCII needles; None when the line needs the slow path."""
    if line.isascii() or not _CASE_SPECIAL.search(line):
        lowered = line.lower()
        return any(needle in lowered for needle in needles)
    return None
