"""How often each entry says its things happen, for `duplicate`: two entries on one schedule at different cadences
("twice a week" vs 每周一次, "nightly" vs "on every PR") say different things."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.docs import Doc
from curator.rules.facts.frequencies import as_frequency

_TRIGGER = re.compile(
    r"\b(?:on|for|after|with)\s+(?:every|each)\s+(?:single\s+)?(?:pr|pull request|merge request|mr|push|commit|merge|deploy"
    r"|deployment|release|tag|build)s?\b|每\s*(?:1\s*)?(?:次|个)\s*(?:pr|mr|提交|合并|推送|发布|部署|构建|tag)",
    re.I,
)
"""A cadence told as an event ("on every PR", 每次提交): it happens when that event does, not on a clock."""


def cadences(doc: Doc) -> frozenset[float | str]:
    """The frequencies (events per second) an entry states, and "event" when it says something happens on an event."""
    found: set[float | str] = set()
    for fact in doc.facts:
        for quantity in fact.quantities:
            frequency = as_frequency(quantity)
            if frequency is not None and frequency.low == frequency.high:
                found.add(frequency.low)
        if _TRIGGER.search(fact.normalized):
            found.add("event")
    return frozenset(found)


def cadences_differ(left: Doc, right: Doc) -> bool:
    """Both entries state a cadence and not the same ones: one schedule told at two rates is no duplicate."""
    left_cadences, right_cadences = cadences(left), cadences(right)
    return bool(left_cadences and right_cadences and left_cadences != right_cadences)
