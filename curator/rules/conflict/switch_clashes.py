"""Switch clashes: one thing said to be on in one entry and off in another ("offline persistence is always on" vs
关闭了 offline persistence, `persistenceEnabled: true` vs `persistenceEnabled: false`)."""

from __future__ import annotations

from collections import defaultdict

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
    """Polarity clashes between entries giving one thing opposite on/off states, for pairs no other stage found."""
    said: dict[bool, list[tuple[int, Switch]]] = defaultdict(list)
    for position, doc in enumerate(docs.items):
        for statement in doc.statements:
            for switch in switches(statement):
                said[switch.on].append((position, switch))
    for on_owner, on in said[True]:
        for off_owner, off in said[False]:
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
