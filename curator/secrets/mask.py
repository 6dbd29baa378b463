"""The one place a secret value is turned into something safe to print: `ghp_…a1b2`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

ELLIPSIS = "…"
_MIN_PIECE = 6
_TOKEN_RUN = re.compile(r"[A-Za-z0-9_+/=-]{8,}")


def shown_chars(length: int) -> int:
    """How many characters of a value this long may show at each end: at most 4, none for short values."""
    return min(4, max(0, (length - 4) // 5))


def mask_value(value: str) -> str:
    """`ghp_0123…a1b2`-style mask: first and last few characters around an ellipsis, never the whole value."""
    collapsed = " ".join(value.split()) if "\n" in value else value
    keep = shown_chars(len(collapsed))
    if keep == 0:
        return ELLIPSIS
    return f"{collapsed[:keep]}{ELLIPSIS}{collapsed[-keep:]}"


def _pieces(value: str) -> list[str]:
    """The value, and for a multi-line value each of its substantial lines (a diff prefixes them)."""
    pieces = [value]
    if "\n" in value:
        pieces.extend(line.strip() for line in value.splitlines() if len(line.strip()) >= _MIN_PIECE)
    return pieces


class Masker:
    """Replaces every occurrence of known secret values in any text with their masks."""

    def __init__(self, values: Iterable[str] = ()) -> None:
        self.values: set[str] = set()
        self._pattern: re.Pattern[str] | None = None
        self._haystack = ""
        self.add(values)

    def add(self, values: Iterable[str]) -> None:
        for value in values:
            if value:
                self.values.update(piece for piece in _pieces(value) if piece)
        ordered = sorted(self.values, key=len, reverse=True)
        self._haystack = "\n".join(ordered)
        self._pattern = re.compile("|".join(re.escape(value) for value in ordered)) if ordered else None

    def __bool__(self) -> bool:
        return self._pattern is not None

    def finds(self, text: str) -> bool:
        """Whether `text` holds a known value or a fragment of one."""
        if self._pattern is None or not text:
            return False
        return bool(self._pattern.search(text)) or any(run in self._haystack for run in _TOKEN_RUN.findall(text))

    def mask(self, text: str) -> str:
        """`text` with every known value masked, and any run of 8+ token characters cut from one (a quote an
        ellipsis truncated, one line of a key) masked too."""
        if self._pattern is None or not text:
            return text
        masked = self._pattern.sub(lambda match: mask_value(match.group(0)), text)
        return _TOKEN_RUN.sub(self._mask_fragment, masked)

    def _mask_fragment(self, match: re.Match[str]) -> str:
        run = match.group(0)
        return mask_value(run) if run in self._haystack else run

    def mask_json(self, data: Any) -> Any:
        """A copy of a JSON-like structure with every string (keys too) masked."""
        if self._pattern is None:
            return data
        if isinstance(data, str):
            return self.mask(data)
        if isinstance(data, dict):
            return {self.mask(key) if isinstance(key, str) else key: self.mask_json(item) for key, item in data.items()}
        if isinstance(data, list):
            return [self.mask_json(item) for item in data]
        if isinstance(data, tuple):
            return tuple(self.mask_json(item) for item in data)
        return data
