"""Version clashes: one named thing put at versions whose ranges do not meet."""

from __future__ import annotations

from collections import defaultdict

from curator.rules.conflict.clash import Clash, may_pair, named_relation, statement_scope_evidence
from curator.rules.docs import Docs
from curator.rules.facts.versions import Version, same_thing
from curator.rules.facts.versions import incompatible as versions_clash

MAX_VERSION_PARTNERS = 3


def add_version_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """Two entries that put one named thing at versions that cannot both hold ("Node 18" vs "Node 20").

    Claims are grouped by name and interval; each entry of one interval meets the newest few of every
    incompatible interval, so a name many entries mention stays near-linear.
    """
    by_name: dict[str, dict[tuple, list[tuple[int, Version]]]] = defaultdict(lambda: defaultdict(list))
    for position, doc in enumerate(docs.items):
        for fact in doc.facts:
            for version in fact.versions:
                by_name[version.name][(version.low, version.high, version.qualifier)].append((position, version))
    for intervals in by_name.values():
        if len(intervals) < 2:
            continue
        keys = sorted(intervals, key=str)
        for first_index, first in enumerate(keys):
            for second in keys[first_index + 1 :]:
                one, other = intervals[first][0][1], intervals[second][0][1]
                if not (same_thing(one, other) and versions_clash(one, other)):
                    continue
                newest = sorted(intervals[second], key=lambda held: _recency(docs, held[0]), reverse=True)
                for left, left_version in intervals[first]:
                    for right, right_version in newest[:MAX_VERSION_PARTNERS]:
                        _version_clash(docs, clashes, left, left_version, right, right_version)


def _recency(docs: Docs, position: int) -> tuple:
    moment = docs.items[position].moment
    return (moment is not None, moment or 0, -position)


def _version_clash(
    docs: Docs,
    clashes: dict[tuple[int, int], list[Clash]],
    left: int,
    left_version: Version,
    right: int,
    right_version: Version,
) -> None:
    if not may_pair(docs, left, right):
        return
    key = (min(left, right), max(left, right))
    if any(clash.kind == "number" for clash in clashes[key]):
        return
    noise = {left_version.name, left_version.qualifier, right_version.name, right_version.qualifier}
    scoped = statement_scope_evidence(docs, left, left_version.statement, right, right_version.statement, noise)
    if scoped is None:
        return
    named = named_relation(docs, left, left_version, right, right_version)
    if named is None:
        return
    scoped = named or scoped
    clashes[key].append(
        Clash(
            "number",
            {left: left_version.statement, right: right_version.statement},
            {
                "unit": "version",
                "rate": None,
                "values": {docs.items[left].id: left_version.span, docs.items[right].id: right_version.span},
                "version_of": left_version.name,
                **scoped,
            },
        )
    )
