"""JSON forms of the facts the scan memo keeps (dates, counts, stances, quantities, instruments, migration lessons), decoded strictly.

A decoder raises TypeError or ValueError on any value of the wrong shape, so the memo recomputes it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from curator.rules.choices import Stance
from curator.rules.facts.instruments import Instrument
from curator.rules.facts.quantities import Quantity
from curator.scanmemo import joinable, joined, split, strings


def _pair_of_strings(raw: Any) -> tuple[str, str]:
    if type(raw) is not list or len(raw) != 2 or type(raw[0]) is not str or type(raw[1]) is not str:
        raise TypeError("not a pair of strings")
    return raw[0], raw[1]


def _list(raw: Any) -> list[Any]:
    if type(raw) is not list:
        raise TypeError("not a list")
    return raw


def decode_pairs(raw: Any) -> list[tuple[str, str]]:
    """Pairs of strings stored as [[first, second], …] (point-in-time counts, learned migration pairs)."""
    return [_pair_of_strings(item) for item in _list(raw)]


def encode_lessons(value: tuple[list[tuple[str, str]], list[str], list[tuple[str, str]]]) -> dict[str, Any]:
    replaced, alone, together = value
    return {
        "replaced": [list(pair) for pair in replaced],
        "alone": list(alone),
        "together": [list(pair) for pair in together],
    }


def decode_lessons(raw: Any) -> tuple[list[tuple[str, str]], list[str], list[tuple[str, str]]]:
    """One entry's migration lessons stored as {"replaced": [[old, new], …], "alone": [name, …], "together": [[a, b], …]}."""
    if type(raw) is not dict or set(raw) != {"replaced", "alone", "together"}:
        raise TypeError("not a lessons record")
    return decode_pairs(raw["replaced"]), [_string(name) for name in _list(raw["alone"])], decode_pairs(raw["together"])


def encode_dated(value: tuple[list[tuple[date, str]], list[date]]) -> dict[str, Any]:
    named, mentioned = value
    return {
        "deadlines": [[due.isoformat(), span] for due, span in named],
        "dates": [day.isoformat() for day in mentioned],
    }


def decode_dated(raw: Any) -> tuple[list[tuple[date, str]], list[date]]:
    """A statement's deadlines and named dates stored as {"deadlines": [[iso, span], …], "dates": [iso, …]}."""
    if type(raw) is not dict or set(raw) != {"deadlines", "dates"}:
        raise TypeError("not a dates record")
    named = [(date.fromisoformat(due), span) for due, span in map(_pair_of_strings, _list(raw["deadlines"]))]
    mentioned = [date.fromisoformat(_string(day)) for day in _list(raw["dates"])]
    return named, mentioned


def _string(raw: Any) -> str:
    if type(raw) is not str:
        raise TypeError("not a string")
    return raw


def encode_stances(stances: list[Stance]) -> list[list[Any]]:
    return [
        [stance.set_index, stance.member, stance.polarity, stance.command, stance.scope, stance.partial]
        for stance in stances
    ]


def decode_stances(raw: Any, statement: str, set_count: int) -> list[Stance]:
    """Stances stored as [[set index, member, polarity, command, scope, partial], …] for `statement`."""
    stances = []
    for item in _list(raw):
        if type(item) is not list or len(item) != 6:
            raise TypeError("not a stance")
        set_index, member, polarity, command, scope, partial = item
        if type(set_index) is not int or not 0 <= set_index < set_count or polarity not in ("pos", "neg"):
            raise ValueError("not a stance of this table")
        if type(member) is not str or type(command) is not bool or type(partial) is not bool:
            raise TypeError("not a stance")
        if scope is not None and type(scope) is not str:
            raise TypeError("not a stance scope")
        stances.append(Stance(set_index, member, polarity, statement, command, scope, partial))
    return stances


_INFINITE = {"inf": float("inf"), "-inf": float("-inf")}


def _bound(value: float) -> float | str:
    return value if value not in (float("inf"), float("-inf")) else str(value)


def _number(raw: Any) -> float:
    if type(raw) in (int, float):
        return float(raw)
    if type(raw) is str and raw in _INFINITE:
        return _INFINITE[raw]
    raise TypeError("not a bound")


def _optional_string(raw: Any) -> str | None:
    if raw is not None and type(raw) is not str:
        raise TypeError("not a string or null")
    return raw


def storable_quantities(quantities: list[Quantity]) -> bool:
    """Whether every word of every quantity's sets survives being joined (see `scanmemo.joinable`)."""
    return all(joinable(part) for quantity in quantities for part in (quantity.subject, quantity.scope, quantity.names))


def encode_quantities(quantities: list[Quantity], text: str, normalized: str) -> list[list[Any]]:
    """A statement's quantities; the statement they quote is 0 for its normalised text, 1 for its own text."""
    return [
        [
            0 if quantity.statement == normalized else 1 if quantity.statement == text else quantity.statement,
            quantity.span,
            quantity.kind,
            _bound(quantity.low),
            _bound(quantity.high),
            quantity.unit,
            quantity.rate,
            joined(sorted(quantity.subject)),
            list(quantity.sequence),
            joined(sorted(quantity.scope)),
            joined(sorted(quantity.names)),
            quantity.qualifier,
            quantity.measure,
            quantity.ceiling,
        ]
        for quantity in quantities
    ]


def decode_quantities(raw: Any, text: str, normalized: str) -> list[Quantity]:
    """Quantities stored by `encode_quantities` for the statement `text` (normalised: `normalized`)."""
    found = []
    for item in _list(raw):
        if type(item) is not list or len(item) != 14:
            raise TypeError("not a quantity")
        statement, span, kind, low, high, unit, rate, subject, sequence, scope, names, qualifier, measure, ceiling = (
            item
        )
        if type(statement) is int and statement in (0, 1):
            statement = normalized if statement == 0 else text
        if type(statement) is not str or type(ceiling) is not bool:
            raise TypeError("not a quantity")
        found.append(
            Quantity(
                statement,
                _string(span),
                _string(kind),
                _number(low),
                _number(high),
                _string(unit),
                _optional_string(rate),
                frozenset(split(subject)),
                tuple(strings(sequence)),
                frozenset(split(scope)),
                frozenset(split(names)),
                _optional_string(qualifier),
                _optional_string(measure),
                ceiling,
            )
        )
    return found


def storable_instruments(instruments: list[Instrument]) -> bool:
    """Whether every word of every claim's job and naming clause survives being joined."""
    return all(
        joinable(part) for instrument in instruments for part in (instrument.job, instrument.named, instrument.words)
    )


def encode_instruments(instruments: list[Instrument], text: str) -> list[list[Any]]:
    """A statement's instrument claims; the statement they quote is 1 when it is the statement's own text."""
    return [
        [
            instrument.tool,
            joined(sorted(instrument.job)),
            1 if instrument.statement == text else instrument.statement,
            joined(sorted(instrument.named)),
            instrument.family,
            joined(sorted(instrument.words)),
        ]
        for instrument in instruments
    ]


def decode_instruments(raw: Any, text: str) -> list[Instrument]:
    """Instrument claims stored by `encode_instruments` for the statement `text`."""
    found = []
    for item in _list(raw):
        if type(item) is not list or len(item) != 6:
            raise TypeError("not an instrument claim")
        tool, job, statement, named, family, words = item
        if type(statement) is int and statement == 1:
            statement = text
        found.append(
            Instrument(
                _string(tool),
                frozenset(split(job)),
                _string(statement),
                frozenset(split(named)),
                _string(family),
                frozenset(split(words)),
            )
        )
    return found
