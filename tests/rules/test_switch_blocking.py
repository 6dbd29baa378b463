"""Switch clashes are blocked, not all-pairs: the blocked candidates hold every pair `same_thing` accepts."""

from __future__ import annotations

import itertools
import random

import pytest

from curator.rules.conflict.switch_clashes import _sharing_pairs, same_thing
from curator.rules.facts.switches import Switch

WORDS = "cache offline persist coupon stack debug log upload retry webhook".split()


def _random_switches(seed: int, count: int, on: bool) -> list[tuple[int, Switch]]:
    chooser = random.Random(seed)
    made = []
    for owner in range(count):
        thing = frozenset(chooser.sample(WORDS, chooser.randint(1, 4)))
        key = chooser.choice(["", "", "", "_".join(sorted(thing))])
        kind = chooser.choice(["state", "state", "permit"])
        made.append((owner, Switch(thing, on, f"statement {owner}", key=key, kind=kind)))
    return made


@pytest.mark.parametrize("seed", range(12))
def test_blocked_candidates_keep_every_pair_same_thing_accepts(seed: int) -> None:
    ons, offs = _random_switches(seed, 40, True), _random_switches(seed + 100, 60, False)
    accepted = [(a, b) for (a, on), (b, off) in itertools.product(ons, offs) if same_thing(on, off)]
    blocked = [(a, b) for a, on, b, off in _sharing_pairs(ons, offs) if same_thing(on, off)]
    assert accepted
    assert blocked == accepted


def test_unrelated_switches_are_never_candidates() -> None:
    ons = [(0, Switch(frozenset({"cache", "persist"}), True, "a"))]
    offs = [(1, Switch(frozenset({"coupon", "stack"}), False, "b")), (2, Switch(frozenset({"persist"}), False, "c"))]
    assert [off_owner for _, _, off_owner, _ in _sharing_pairs(ons, offs)] == [2]
