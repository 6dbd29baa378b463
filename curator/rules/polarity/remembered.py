"""The per-entry and per-clause readings of the polarity rule, kept in the scan memo (an unchanged entry is a lookup).

Which actions the rule keeps depends on the whole store; what each clause says does not, so only that is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from curator.rules.polarity.action import Action, _action
from curator.scanmemo import joinable, joined, remembered, split, string

Reading = tuple[int, str, "str | None", "str | None", bool, tuple[str, ...]]


def remembered_action(
    polarity: str, core: str, statement: str, strong: bool = False, practice: str = ""
) -> Action | None:
    """`_action(...)`, or the action the scan memo holds for the same arguments."""
    if not joinable((core, statement)) or not joinable((practice,) if practice else ()):
        return _action(polarity, core, statement, strong, practice)
    return remembered(
        "polarity-action",
        joined((polarity, str(int(strong)), core, statement, *((practice,) if practice else ()))),
        lambda: _action(polarity, core, statement, strong, practice),
        _encode_action,
        lambda raw: _decode_action(raw, polarity, statement, strong, practice),
        keep=lambda action: action is None or (joinable(action.words) and joinable(action.scope)),
    )


def _encode_action(action: Action | None) -> Any:
    if action is None:
        return 0
    return [action.text, joined(action.words), joined(sorted(action.scope)), int(action.verbal)]


def _decode_action(raw: Any, polarity: str, statement: str, strong: bool, practice: str) -> Action | None:
    if raw == 0 and type(raw) is int:
        return None
    if type(raw) is not list or len(raw) != 4 or raw[3] not in (0, 1) or type(raw[3]) is not int:
        raise TypeError("not an action")
    words, scope = tuple(split(raw[1])), frozenset(split(raw[2]))
    return Action(polarity, string(raw[0]), statement, words, scope, strong, bool(raw[3]), practice)


def remembered_readings(texts: list[str], read: Callable[[], list[Reading]]) -> list[Reading]:
    """`read()`: each clause of an entry's statements as (statement index, clause, negated core, positive core,
    strong, key), or what the scan memo holds for the same statements."""
    if not texts or not joinable(texts):
        return read()
    return remembered(
        "polarity-clauses",
        joined(texts),
        read,
        lambda readings: [
            [index, lowered, negated, core, int(strong), joined(key)]
            for index, lowered, negated, core, strong, key in readings
        ],
        lambda raw: _decode_readings(raw, len(texts)),
        keep=lambda readings: all(joinable(reading[5]) for reading in readings),
    )


def _optional(raw: Any) -> str | None:
    return None if raw is None else string(raw)


def _decode_readings(raw: Any, statements: int) -> list[Reading]:
    if type(raw) is not list:
        raise TypeError("not a list of clause readings")
    readings: list[Reading] = []
    for item in raw:
        if type(item) is not list or len(item) != 6 or type(item[0]) is not int or not 0 <= item[0] < statements:
            raise TypeError("not a clause reading")
        if type(item[4]) is not int or item[4] not in (0, 1):
            raise TypeError("not a clause reading")
        readings.append(
            (item[0], string(item[1]), _optional(item[2]), _optional(item[3]), bool(item[4]), tuple(split(item[5])))
        )
    return readings
