"""Case-insensitive search made cheap: a lower-case pattern searched in the lowered text.

Python's `re.IGNORECASE` alternations run several times slower than the same pattern on `text.lower()`. The two
agree for patterns whose letters are lower-case ASCII, except on the four characters below, whose case-insensitive
match of an ASCII letter differs from `str.lower` (`tests/test_casefold.py` checks every code point); a text holding
one of them takes the IGNORECASE path.
"""

from __future__ import annotations

from curator import lazyre as re

CASE_SPECIAL = "\u0130\u0131\u017f\u212a"
_CASE_SPECIAL = re.compile(f"[{CASE_SPECIAL}]")


def plain_lower(text: str) -> bool:
    """Whether `text.lower()` keeps every case-insensitive match of a lower-case ASCII pattern (and its length)."""
    return text.isascii() or not _CASE_SPECIAL.search(text)


class Folded:
    """One pattern written in lower case, searched ignoring case through the lowered text."""

    def __init__(self, pattern: str) -> None:
        self.lowered = re.compile(pattern)
        self.ignoring_case = re.compile(pattern, re.IGNORECASE)

    def search(self, text: str, lowered: str | None = None) -> bool:
        """Whether the pattern occurs in `text` ignoring case (`lowered`, when given, is `text.lower()`)."""
        if plain_lower(text):
            return self.lowered.search(text.lower() if lowered is None else lowered) is not None
        return self.ignoring_case.search(text) is not None


def lowered_contains(needles: tuple[str, ...], text: str) -> bool | None:
    """Whether the lowered text holds one of the lower-case ASCII needles; None when only the slow path can tell."""
    if plain_lower(text):
        lowered = text.lower()
        return any(needle in lowered for needle in needles)
    return None
