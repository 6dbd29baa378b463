"""Whether an English and a Chinese quantity subject name one thing, compared as glossary concepts."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_units import _UNIT_ALIASES
from curator.rules.facts.subject_modifiers import GENERIC_CONCEPTS, modifies_shared
from curator.rules.text import IS_CJK


def across_languages(left: Quantity, right: Quantity) -> bool | None:
    """For an English and a Chinese statement: their subjects compared as glossary concepts.

    One subject inside the other is one subject. Otherwise they must share most concepts, or two, or
    one when the Chinese side is mostly understood (its words known to the glossary), names no Latin word
    the English side lacks, and the two sides do not each put a word of their own before a shared one
    ("image uploads" vs "视频上传").
    """
    left_cjk = any(IS_CJK.match(token) for token in left.subject)
    right_cjk = any(IS_CJK.match(token) for token in right.subject)
    if left_cjk == right_cjk or not left.subject or not right.subject:
        return None
    left_concepts = _comparable_concepts(left.subject) - GENERIC_CONCEPTS
    right_concepts = _comparable_concepts(right.subject) - GENERIC_CONCEPTS
    if _own_names(left, right, right_concepts) and _own_names(right, left, left_concepts):
        return False
    shared = left_concepts & right_concepts
    if not shared:
        return False
    if shared == left_concepts or shared == right_concepts:
        return True
    share = len(shared) / len(left_concepts | right_concepts)
    anchored = _anchored(left, right, shared)
    if share >= CROSS_LANGUAGE_SHARE or ((len(shared) >= 2 or anchored) and share >= CROSS_LANGUAGE_MIN_SHARE):
        return True
    chinese = left if left_cjk else right
    if share < CROSS_LANGUAGE_MIN_SHARE or _understood(chinese.subject) < CROSS_LANGUAGE_UNDERSTOOD:
        return False
    if any(word.isascii() and word not in shared for word in chinese.subject):
        return False
    left_sequence = tuple(_known(token) for token in left.sequence)
    right_sequence = tuple(_known(token) for token in right.sequence)
    return not (modifies_shared(left_sequence, shared) and modifies_shared(right_sequence, shared))


def _own_names(one: Quantity, other: Quantity, other_concepts: set[str] | frozenset[str]) -> frozenset[str]:
    """Names (capitalised or written with a digit) one side's subject or scope uses that the other never does (I2C vs
    SPI, W25Q64 vs ST7789); a name elsewhere in the statement ("…, MCUboot rolls back") is not what the number is about.

    A code identifier built from the other side's words (`kCancelWindow` beside "cancel") is no name of its own.
    """
    own = (
        ((one.names & (one.subject | one.scope)) | coded(one))
        - other.names
        - coded(other)
        - other.subject
        - other.scope
        - other_concepts
        - _UNIT_WORDS
        - {one.unit}
    )
    words = [word for word in other_concepts if word.isascii() and len(word) >= IDENTIFIER_WORD]
    return frozenset(name for name in own if not any(word in name and word != name for word in words))


IDENTIFIER_WORD = 4


_UNIT_WORDS = frozenset(_UNIT_ALIASES) | frozenset(_UNIT_ALIASES.values())


def coded(quantity: Quantity) -> frozenset[str]:
    """Subject and scope words written with a digit (I2C, BME280, 350M): names that need no translation."""
    return frozenset(
        token
        for token in quantity.subject | quantity.scope
        if token.isascii() and any(char.isdigit() for char in token)
    )


_PERIODIC = re.compile(r"(?:\bevery|每)\s*\d", re.I)


def _anchored(left: Quantity, right: Quantity, shared: set[str] | frozenset[str]) -> bool:
    """A shared name (Loki, 350M), or both stated as 'every N …' or at the same rate: one shared word then suffices."""
    return (
        bool(shared & (left.names | right.names))
        or bool(coded(left) & coded(right))
        or bool(_PERIODIC.search(left.span) and _PERIODIC.search(right.span))
        or bool(left.rate and left.rate == right.rate)
    )


def _comparable_concepts(words: frozenset[str]) -> frozenset[str]:
    """Concepts of a subject, without one-character Chinese words the glossary does not know (够, 跑, 慢)."""
    return frozenset(
        concept(word) for word in words if not (len(word) == 1 and IS_CJK.match(word) and concept(word) == word)
    )


def _understood(words: frozenset[str]) -> float:
    """The share of a Chinese subject's words (two characters or more) that are Latin or known to the glossary."""
    longer = [word for word in words if len(word) > 1]
    return sum(1 for word in longer if word.isascii() or concept(word) != word) / len(longer) if longer else 0.0


def _known(token: str) -> str:
    """A token's concept, or a gap for a Chinese word the glossary does not know."""
    mapped = concept(token)
    return "" if IS_CJK.match(token) and mapped == token else mapped


CROSS_LANGUAGE_SHARE = 0.4

CROSS_LANGUAGE_MIN_SHARE = 0.15

CROSS_LANGUAGE_UNDERSTOOD = 0.5
