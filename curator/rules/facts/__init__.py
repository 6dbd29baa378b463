"""The facts layer: what each statement says, computed once per statement and read by every drift rule.

A statement's facts are its number-normalised text, subject tokens, scope qualifiers, quantities
(value or interval, comparator, unit after conversion, rate), versions, point-in-time counts, tool choices,
imperative actions with their polarity, and deadlines. Each is computed lazily on first use and
cached on the statement, and statements with the same text share one `StatementFacts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from curator import lazyre as re
from curator.rules.facts.cadences import cadences
from curator.rules.facts.clauses import clauses as split_clauses
from curator.rules.facts.counts import count_spans
from curator.rules.facts.date_references import referred_period, refers_back
from curator.rules.facts.dates import dated
from curator.rules.facts.instruments import instrument_claims
from curator.rules.facts.labels import labelled
from curator.rules.facts.memo import (
    decode_dated,
    decode_instruments,
    decode_pairs,
    decode_quantities,
    decode_stances,
    encode_dated,
    encode_instruments,
    encode_quantities,
    encode_stances,
    storable_instruments,
    storable_quantities,
)
from curator.rules.facts.money import money
from curator.rules.facts.numwords import normalise
from curator.rules.facts.quantities import extract
from curator.rules.facts.quantity_units import SECONDS_PER
from curator.rules.facts.rates import on_time_base
from curator.rules.facts.schedules import clock_times, schedules
from curator.rules.facts.scope import scope_tokens
from curator.rules.facts.settings import settings
from curator.rules.facts.subject import subject_tokens
from curator.rules.facts.versions import versions
from curator.rules.lazy import cached
from curator.scanmemo import remembered, string

if TYPE_CHECKING:
    from re import Pattern

    from curator.rules.choices import ChoiceTable, Stance
    from curator.rules.facts.instruments import Instrument
    from curator.rules.facts.quantities import Quantity
    from curator.rules.facts.versions import Version


NOTHING: tuple = ()
NO_DATES: tuple[tuple, tuple] = (NOTHING, NOTHING)
Found = TypeVar("Found")


def held(found: list[Found]) -> Sequence[Found]:
    """`found`, or one shared empty tuple when it is empty: most statements state none, and a list each adds up."""
    return found or NOTHING


class StatementFacts:
    """Everything the rules need from one statement, each part computed at most once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._stances: tuple[ChoiceTable, Sequence[Stance]] | None = None
        self._dated: tuple[date, tuple[Sequence[tuple[date, str]], Sequence[date]]] | None = None

    @cached
    def normalized(self) -> str:
        """The statement with number words as digits ("two editors" → "2 editors", "两次" → "2次")."""
        return remembered("normalized", self.text, lambda: normalise(self.text), str, string)

    @cached
    def subject(self) -> tuple[str, ...]:
        return subject_tokens(self.normalized)

    @cached
    def scope(self) -> frozenset[str]:
        return scope_tokens(self.normalized)

    @cached
    def quantities(self) -> Sequence[Quantity]:
        text, normalized = self.text, self.normalized
        return held(
            remembered(
                "quantities",
                text,
                self._read_quantities,
                lambda found: encode_quantities(found, text, normalized),
                lambda raw: decode_quantities(raw, text, normalized),
                keep=storable_quantities,
            )
        )

    def _read_quantities(self) -> list[Quantity]:
        read = (
            extract(self.normalized)
            + settings(self.text)
            + labelled(self.normalized)
            + money(self.normalized)
            + schedules(self.normalized)
            + cadences(self.normalized)
            + clock_times(self.normalized)
        )
        return [_as_retries(on_time_base(quantity)) for quantity in read]

    @cached
    def versions(self) -> tuple[Version, ...]:
        """Versions the statement pins or runs a named thing at ("Node 18", "pin pydantic to 1.10")."""
        return versions(self.text)

    @cached
    def counts(self) -> Sequence[tuple[str, str]]:
        """Point-in-time counts ("58 posts still to delete"): (number, span)."""
        normalized = self.normalized
        return held(remembered("counts", normalized, lambda: count_spans(normalized), list, decode_pairs))

    @cached
    def clauses(self) -> list[str]:
        return split_clauses(self.normalized)

    @cached
    def instruments(self) -> Sequence[Instrument]:
        """Tools named as the instrument of a job ("use gomock for interface mocks")."""
        text = self.text
        return held(
            remembered(
                "instruments",
                text,
                lambda: instrument_claims(text, self.clauses),
                lambda found: encode_instruments(found, text),
                lambda raw: decode_instruments(raw, text),
                keep=storable_instruments,
            )
        )

    def stances(self, table: ChoiceTable) -> Sequence[Stance]:
        """Asserted or rejected members of the table's exclusive sets (kept for the last table asked)."""
        held = self._stances
        if held is None or held[0] is not table:
            text = self.text
            found = remembered(
                "stances",
                f"{table.digest}\0{text}",
                lambda: table.stances(text),
                encode_stances,
                lambda raw: decode_stances(raw, text, len(table.sets)),
            )
            held = self._stances = (table, found or NOTHING)
        return held[1]

    def deadlines(self, anchor: date) -> Sequence[tuple[date, str]]:
        """Deadline or validity dates, resolved against the entry's date (kept for the last anchor asked)."""
        return self._dated_at(anchor)[0]

    def mentioned_dates(self, anchor: date) -> Sequence[date]:
        """Every date the statement names (a later "before then" refers back to it), kept for the last anchor asked."""
        return self._dated_at(anchor)[1]

    def _dated_at(self, anchor: date) -> tuple[Sequence[tuple[date, str]], Sequence[date]]:
        held = self._dated
        if held is None or held[0] != anchor:
            normalized = self.normalized
            found = remembered(
                "dates",
                f"{anchor.isoformat()}\0{normalized}",
                lambda: dated(normalized, anchor),
                encode_dated,
                decode_dated,
            )
            held = self._dated = (anchor, found if found[0] or found[1] else NO_DATES)
        return held[1]

    @cached
    def back_reference(self) -> bool:
        return refers_back(self.normalized)

    @cached
    def period_reference(self) -> Pattern[str] | None:
        """The named period ("sprint 22", "the meeting") whose end this statement is due by, as a pattern to find where it was dated."""
        return referred_period(self.normalized)


_ATTEMPTS = re.compile(r"\d\s*(?:[a-z]+\s+)?attempts?\b|attempts?[`'\"]?\s*(?:[:=]|is|to)\s*`?\d|\d\s*次尝试", re.I)


def _as_retries(quantity: Quantity) -> Quantity:
    """Attempts counted as retries: the first try is no retry, so "3 attempts per image" is 2 retries (attempts per unit
    of time, "5 login attempts per minute", stay as written)."""
    if quantity.unit != "retry" or quantity.rate in SECONDS_PER or not _ATTEMPTS.search(quantity.span):
        return quantity
    return replace(quantity, low=quantity.low - 1, high=quantity.high - 1)


@lru_cache(maxsize=200_000)
def statement_facts(text: str) -> StatementFacts:
    """The shared facts of a statement text (identical statements share one object)."""
    return StatementFacts(text)
