"""The git merge driver for `MEMORY.md`: union the index lines of both sides, drop exact duplicate links."""

from __future__ import annotations

import re

_LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")


def _target(line: str) -> str | None:
    match = _LINK_TARGET.search(line)
    return match.group(1) if match else None


def merge_index(base: str, ours: str, theirs: str) -> str:
    """Our lines, minus those the other side deleted, plus the lines the other side added, one line per link target."""
    base_lines = set(base.splitlines())
    their_lines = theirs.splitlines()
    their_set = set(their_lines)
    newline = "\r\n" if "\r\n" in ours else "\n"
    merged = [line for line in ours.splitlines() if line in their_set or line not in base_lines or not line.strip()]
    present = set(merged)
    merged += [line for line in their_lines if line not in present and line not in base_lines]
    seen_targets: set[str] = set()
    result: list[str] = []
    for line in merged:
        target = _target(line)
        if target is not None:
            if target in seen_targets:
                continue
            seen_targets.add(target)
        result.append(line)
    text = newline.join(result)
    return text + newline if (ours.endswith(("\n", "\r\n")) or theirs.endswith(("\n", "\r\n"))) and text else text
