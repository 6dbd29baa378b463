"""Does a version named in memory ("Node 18", "Python 3.12+") agree with a pin or a range in the project?"""

from __future__ import annotations

import re

_PART = re.compile(r"^\s*(>=|<=|~=|==|!=|>|<|=|\^|~)?\s*v?(\d+(?:\.(?:\d+|[x*]))*)")


def parse(text: str) -> tuple[int, ...] | None:
    numbers = []
    for piece in text.strip().lstrip("v").split("."):
        if not piece.isdigit():
            break
        numbers.append(int(piece))
    return tuple(numbers) or None


def _bound_ok(op: str, bound: tuple[int, ...], version: tuple[int, ...]) -> bool:
    width = min(len(bound), len(version))
    have, want = version[:width], bound[:width]
    longer = len(bound) > len(version)
    if op in ("", "=", "=="):
        return have == want
    if op == "!=":
        return not (len(bound) <= len(version) and version[: len(bound)] == bound)
    if op == ">=":
        return have >= want
    if op == ">":
        return have > want or (longer and have == want)
    if op == "<=":
        return have <= want
    if op == "<":
        return have < want or (longer and have == want and any(bound[width:]))
    if op == "^":
        lead = 1 if bound[0] != 0 else 2
        return version[:lead] == bound[:lead] and have >= want
    if op in ("~", "~="):
        lead = max(1, len(bound) - 1) if op == "~=" else min(2, len(bound))
        return version[:lead] == bound[:lead] and have >= want
    return False


def satisfies(version_text: str, spec: str, *, plain_means: str = "==") -> bool | None:
    """Whether `version_text` fits `spec` (an npm/PEP 440 range or a pin); None when the spec is unreadable."""
    version = parse(version_text)
    if version is None:
        return None
    alternatives = [part for part in spec.split("||") if part.strip()]
    readable = False
    for alternative in alternatives:
        pieces = [piece for piece in re.split(r"[,\s]+(?=[<>=!~^v\d])", alternative.strip()) if piece.strip()]
        results = []
        for piece in pieces:
            match = _PART.match(piece)
            if not match:
                continue
            bound = parse(match.group(2).split(".x")[0].split(".*")[0])
            if bound is None:
                continue
            op = match.group(1) or ("" if plain_means == "==" else plain_means)
            results.append(_bound_ok(op, bound, version))
        if results:
            readable = True
            if all(results):
                return True
    return False if readable else None


def pin_agrees(version_text: str, comparator: str, pin: str) -> bool | None:
    """Whether a pinned version (.nvmrc "18.17.0") agrees with the claim (18, or >=18)."""
    version, pinned = parse(version_text), parse(pin)
    if version is None or pinned is None:
        return None
    width = min(len(version), len(pinned))
    if comparator == ">=":
        return pinned[:width] >= version[:width]
    return pinned[:width] == version[:width]
