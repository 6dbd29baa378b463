"""JSON forms of the statement facts the scan memo keeps (dates, counts, choice stances), each decoded strictly.

A decoder raises TypeError or ValueError on any value of the wrong shape, so the memo recomputes it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from curator.rules.choices import Stance


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
