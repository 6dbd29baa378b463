"""The per-entry and per-clause readings of the polarity rule, kept in the scan memo (an unchanged entry is a lookup).

Which actions the rule keeps depends on the whole store; what each clause says does not, so only that is kept.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from curator.rules.facts import StatementFacts
from curator.rules.polarity.action import Action, _action
from curator.scanmemo import joinable, joined, remembered, split, string

Reading = tuple[int, str, "str | None", "str | None", bool, tuple[str, ...]]
BanRow = tuple[int, str, Action]
AskRow = tuple[int, str, bool, str, Action]
"""(statement position, the clause text its action is read from, strong, the practice it describes or "", action)."""
Asks = tuple[list[AskRow], list[AskRow]]


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


def digest(*parts: Iterable[str]) -> str:
    """A short digest of sets of words, each sorted: the store-wide inputs a per-entry reading is kept under."""
    text = json.dumps([sorted(part) for part in parts], ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def remembered_bans(facts: list[StatementFacts], read: Callable[[], list[BanRow]]) -> list[tuple[str, Action]]:
    """`read()` as (negated core, action) per ban of one entry, or what the scan memo holds for the same statements."""
    texts = [fact.text for fact in facts]
    if not texts or not joinable(texts):
        rows = read()
    else:
        rows = remembered(
            "entry-imperative-bans",
            joined(texts),
            read,
            lambda found: [[index, negated] for index, negated, _ in found],
            lambda raw: _decode_bans(raw, texts),
        )
    return [(negated, action) for _, negated, action in rows]


def _decode_bans(raw: Any, texts: list[str]) -> list[BanRow]:
    if type(raw) is not list:
        raise TypeError("not a list of bans")
    rows: list[BanRow] = []
    for item in raw:
        if type(item) is not list or len(item) != 2 or type(item[0]) is not int or not 0 <= item[0] < len(texts):
            raise TypeError("not a ban")
        negated = string(item[1])
        action = remembered_action("neg", negated, texts[item[0]], practice=negated)
        if action is None:
            raise ValueError("a kept ban whose action reads as none")
        rows.append((item[0], negated, action))
    return rows


def remembered_asks(
    shared: str, facts: list[StatementFacts], read: Callable[[], Asks]
) -> tuple[list[Action], list[Action]]:
    """`read()`'s actions (the positive imperatives, then the described practices) of one entry, or what the scan memo
    holds for the same statements and `shared`, which must name every store-wide input the reading depends on."""
    texts = [fact.text for fact in facts]
    if not texts or not joinable(texts):
        asked, described = read()
    else:
        asked, described = remembered(
            "entry-imperative-asks",
            f"{shared}\0{joined(texts)}",
            read,
            lambda found: [[list(row[:4]) for row in rows] for rows in found],
            lambda raw: _decode_asks(raw, texts),
        )
    return [row[4] for row in asked], [row[4] for row in described]


def _decode_asks(raw: Any, texts: list[str]) -> Asks:
    if type(raw) is not list or len(raw) != 2 or any(type(rows) is not list for rows in raw):
        raise TypeError("not two lists of asks")
    found: Asks = ([], [])
    for rows, into in zip(raw, found):
        for item in rows:
            if type(item) is not list or len(item) != 4 or type(item[0]) is not int or not 0 <= item[0] < len(texts):
                raise TypeError("not an ask")
            if type(item[2]) is not bool:
                raise TypeError("not an ask")
            index, text, strong, practice = item[0], string(item[1]), item[2], string(item[3])
            if practice:
                described = _action("pos", text, texts[index])
                action = None if described is None else replace(described, practice=practice)
            else:
                action = remembered_action("pos", text, texts[index], strong)
            if action is None:
                raise ValueError("a kept ask whose action reads as none")
            into.append((index, text, strong, practice, action))
    return found
