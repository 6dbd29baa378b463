"""Switch clashes: one thing said to be on in one entry and off in another ("offline persistence is always on" vs
关闭了 offline persistence, `persistenceEnabled: true` vs `persistenceEnabled: false`)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from curator.rules.conflict.clash import Clash, may_pair, statement_scope_evidence
from curator.rules.docs import Docs
from curator.rules.facts.switches import Switch, switches


def same_thing(one: Switch, other: Switch) -> bool:
    """Whether two switches name one thing: one code key (or a key and prose of the same words), or one's concepts inside the other's with two or more of them
    shared (a single word, "cache", must be all either side says); a permission's subject and action must be the same."""
    if one.kind != other.kind:
        return False
    if one.key and other.key:
        return one.key == other.key
    if bool(one.key) != bool(other.key):
        return one.thing == other.thing
    if one.kind == "permit":
        return one.thing == other.thing
    smaller, larger = sorted((one.thing, other.thing), key=len)
    return smaller <= larger and (len(smaller) >= 2 or smaller == larger)


def add_switch_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """Polarity clashes between entries giving one thing opposite on/off states, for pairs no other stage found.

    Only pairs where one thing may hold the other are compared, so the stage is not all-pairs."""
    said: dict[bool, list[tuple[int, Switch]]] = defaultdict(list)
    for position, doc in enumerate(docs.items):
        for statement in doc.statements:
            for switch in switches(statement):
                said[switch.on].append((position, switch))
    for on_owner, on, off_owner, off in _sharing_pairs(said[True], said[False]):
        if not may_pair(docs, on_owner, off_owner) or not same_thing(on, off):
            continue
        key = (min(on_owner, off_owner), max(on_owner, off_owner))
        if clashes.get(key):
            continue
        scoped = statement_scope_evidence(docs, on_owner, on.statement, off_owner, off.statement, set())
        if scoped is None:
            continue
        thing = on.key or " ".join(sorted(on.thing & off.thing))
        job = f"on/off state of {thing}" if on.kind == "state" else f"whether {thing} is allowed"
        clashes[key].append(
            Clash(
                "polarity",
                {on_owner: on.statement, off_owner: off.statement},
                {
                    "job": job,
                    "choices": {docs.items[on_owner].id: f"on {thing}", docs.items[off_owner].id: f"off {thing}"},
                    **scoped,
                },
            )
        )


def _sharing_pairs(
    ons: list[tuple[int, Switch]], offs: list[tuple[int, Switch]]
) -> Iterator[tuple[int, Switch, int, Switch]]:
    """Each (on, off) pair, in list order, where one thing may be inside the other: the off switches holding the on
    switch's rarest concept, and those whose own rarest concept the on switch names."""
    frequency = Counter(word for _, off in offs for word in off.thing)
    holding: dict[str, list[int]] = defaultdict(list)
    by_rarest: dict[str, list[int]] = defaultdict(list)
    for index, (_, off) in enumerate(offs):
        if not off.thing:
            continue
        for word in off.thing:
            holding[word].append(index)
        by_rarest[min(off.thing, key=lambda word: (frequency[word], word))].append(index)
    for on_owner, on in ons:
        if not on.thing:
            continue
        rarest = min(on.thing, key=lambda word: (frequency[word], word))
        candidates = set(holding.get(rarest, ()))
        candidates.update(index for word in on.thing for index in by_rarest.get(word, ()))
        for index in sorted(candidates):
            yield on_owner, on, offs[index][0], offs[index][1]
