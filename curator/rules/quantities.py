"""Quantity claims in a statement (value, comparator, unit, rate); the parser lives in the facts layer."""

from __future__ import annotations

from curator.rules.facts.quantities import Quantity, extract
from curator.rules.facts.quantity_match import TERMS, key_named_around, named_anchor, same_subject
from curator.rules.facts.quantity_values import incompatible
from curator.rules.facts.settings import settings

__all__ = [
    "TERMS",
    "Quantity",
    "extract",
    "incompatible",
    "key_named_around",
    "named_anchor",
    "same_subject",
    "settings",
]
