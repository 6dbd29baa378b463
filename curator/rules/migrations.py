"""Exclusive tool pairs learned from the store's own migration phrasing ("moved off X to Y", "X, not Y", "从 X 换成 Y").

A store that says it moved from one tool to another has told us the two answer one job, so a later
"we use X" and "we use Y" disagree even when neither tool is in the built-in table; a tool the store
says it left ("we moved off goose", "dropped Yarn") is a set of its own, so "use X" elsewhere disagrees.
So are a tool an entry took up and one it says fell short ("改用 Maestro；XCUITest 太慢"), unless some
statement uses the two together ("latexmk + XeLaTeX").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from curator.rules.facts.memo import decode_lessons, encode_lessons
from curator.rules.tool_moves import _remembered_pairs, abandoned
from curator.rules.tool_roles import _known_apart, _remembered_roles, combined
from curator.scanmemo import joinable, joined, remembered

MAX_LEARNED_SETS = 256


FAILURE_REACH = 2


def _adoption_pairs(statements: list[str]) -> list[tuple[str, str]]:
    """(failed, adopted) pairs of one entry: a tool taken up and one it says fell short up to FAILURE_REACH statements before or one after."""
    marked = [_remembered_roles(statement) for statement in statements]
    found: list[tuple[str, str]] = []
    for index, statement_roles in enumerate(marked):
        for role, adopted in statement_roles:
            if role != "adopted":
                continue
            near = marked[max(0, index - FAILURE_REACH) : index + FAILURE_REACH]
            for other_roles in near:
                found.extend(
                    (failed, adopted)
                    for kind, failed in other_roles
                    if kind == "failed" and failed != adopted and not _known_apart(failed, adopted)
                )
    return found


Lessons = tuple[list[tuple[str, str]], list[str], list[tuple[str, str]]]


def _lessons(statements: list[str]) -> Lessons:
    """What one entry teaches: (old, new) replacements, tools it left with no successor, tools it uses together."""
    replaced: list[tuple[str, str]] = []
    alone: list[str] = []
    together: list[tuple[str, str]] = []
    for statement in statements:
        replaced.extend(_remembered_pairs(statement))
        alone.extend(abandoned(statement))
        together.extend(combined(statement))
    replaced.extend(_adoption_pairs(statements))
    return replaced, alone, together


def _remembered_lessons(statements: list[str]) -> Lessons:
    """`_lessons`, kept in the scan memo per entry (one lookup instead of three per statement)."""
    if not joinable(statements):
        return _lessons(statements)
    return remembered(
        "migration-lessons", joined(statements), lambda: _lessons(statements), encode_lessons, decode_lessons
    )


def learned_sets(entries: Iterable[Sequence[str] | str]) -> list[list[str]]:
    """Groups of tools the store itself says replace one another (pairs joined when they share a tool).

    Each item is one entry's statements (a lone string is an entry of one statement). A tool the store
    says it moved off with no successor named is a group of its own: "we use it" disagrees. Two tools
    a statement says are used together are never alternatives.
    """
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    alone: set[str] = set()
    together: set[frozenset[str]] = set()
    replaced: list[tuple[str, str]] = []
    for entry in entries:
        entry_replaced, entry_alone, entry_together = _remembered_lessons(
            [entry] if isinstance(entry, str) else list(entry)
        )
        replaced.extend(entry_replaced)
        alone.update(entry_alone)
        together.update(frozenset(pair) for pair in entry_together)
    for old, new in replaced:
        if frozenset((old, new)) not in together:
            parent[root(old)] = root(new)
    for name in alone:
        root(name)
    groups: dict[str, list[str]] = {}
    for name in parent:
        groups.setdefault(root(name), []).append(name)
    return [sorted(group) for group in groups.values() if len(group) > 1 or group[0] in alone][:MAX_LEARNED_SETS]
