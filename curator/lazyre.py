"""A drop-in subset of `re` whose `compile` defers the real compilation to a pattern's first use.

Modules that build hundreds of patterns at import would otherwise pay for all of them on every start.
"""

from __future__ import annotations

import re as _re
from re import Match, Pattern, error, escape, purge
from typing import Any, cast

__all__ = ["A", "ASCII", "DOTALL", "I", "IGNORECASE", "M", "MULTILINE", "S", "UNICODE", "VERBOSE", "X"]
__all__ += ["Match", "Pattern", "compile", "error", "escape", "findall", "finditer", "fullmatch", "match", "purge"]
__all__ += ["search", "split", "sub", "subn"]

A = ASCII = _re.ASCII
I = IGNORECASE = _re.IGNORECASE  # noqa: E741
M = MULTILINE = _re.MULTILINE
S = DOTALL = _re.DOTALL
U = UNICODE = _re.UNICODE
X = VERBOSE = _re.VERBOSE

_PATTERN_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner")


class LazyPattern:
    """A regular expression compiled on first use; after that its methods are the compiled pattern's own."""

    def __init__(self, source: str, flags: int) -> None:
        self.pattern = source
        self._flags = flags

    def compiled(self) -> Pattern[Any]:
        """The compiled pattern (compiled now if this is the first use)."""
        real = self.__dict__.get("_compiled")
        if real is None:
            real = _re.compile(self.pattern, self._flags)
            self.__dict__["_compiled"] = real
            for name in _PATTERN_METHODS:
                self.__dict__[name] = getattr(real, name)
        return real

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_compiled", "_flags"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"lazyre.compile({self.pattern!r}, {self._flags!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyPattern):
            other = other.compiled()
        return self.compiled() == other

    def __hash__(self) -> int:
        return hash(self.compiled())

    def __reduce__(self) -> tuple[Any, ...]:
        return (compile, (self.pattern, self._flags))


def compile(pattern: str | Pattern[str], flags: int = 0) -> Pattern[str]:  # noqa: A001
    """A pattern that compiles itself when first used (a compiled pattern is returned as it is)."""
    if isinstance(pattern, str):
        return cast(Pattern[str], LazyPattern(pattern, flags))
    return pattern


def _real(pattern: str | Pattern[str]) -> str | Pattern[str]:
    if isinstance(pattern, LazyPattern):
        return pattern.compiled()
    return pattern


def search(pattern: str | Pattern[str], string: str, flags: int = 0) -> Match[str] | None:
    """`re.search`, also for a lazy pattern."""
    return _re.search(_real(pattern), string, flags)


def match(pattern: str | Pattern[str], string: str, flags: int = 0) -> Match[str] | None:
    """`re.match`, also for a lazy pattern."""
    return _re.match(_real(pattern), string, flags)


def fullmatch(pattern: str | Pattern[str], string: str, flags: int = 0) -> Match[str] | None:
    """`re.fullmatch`, also for a lazy pattern."""
    return _re.fullmatch(_real(pattern), string, flags)


def findall(pattern: str | Pattern[str], string: str, flags: int = 0) -> list[Any]:
    """`re.findall`, also for a lazy pattern."""
    return _re.findall(_real(pattern), string, flags)


def finditer(pattern: str | Pattern[str], string: str, flags: int = 0) -> Any:
    """`re.finditer`, also for a lazy pattern."""
    return _re.finditer(_real(pattern), string, flags)


def split(pattern: str | Pattern[str], string: str, maxsplit: int = 0, flags: int = 0) -> list[Any]:
    """`re.split`, also for a lazy pattern."""
    return _re.split(_real(pattern), string, maxsplit=maxsplit, flags=flags)


def sub(pattern: str | Pattern[str], repl: Any, string: str, count: int = 0, flags: int = 0) -> str:
    """`re.sub`, also for a lazy pattern."""
    return _re.sub(_real(pattern), repl, string, count=count, flags=flags)


def subn(pattern: str | Pattern[str], repl: Any, string: str, count: int = 0, flags: int = 0) -> tuple[str, int]:
    """`re.subn`, also for a lazy pattern."""
    return _re.subn(_real(pattern), repl, string, count=count, flags=flags)
