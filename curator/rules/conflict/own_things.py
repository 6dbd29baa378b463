"""A veto on two numbers that share a word or two (lock, stay, batch size) while each is about things of its own that
the other entry never mentions: the session lock and the quote lock, the avatar's stay and the canary's."""

from __future__ import annotations

from curator.rules.facts import things
from curator.rules.facts.glossary import concept
from curator.rules.quantities import Quantity
from curator.rules.text import IS_CJK

MIN_OWN_THINGS = 2
"""Each side names at least this many things the other entry never mentions."""


def own_things_outweigh(one: Quantity, other: Quantity, one_entry: frozenset[str], other_entry: frozenset[str]) -> bool:
    """Two numbers in one script whose subjects each name more things of their own (never mentioned in the other entry,
    `one_entry` and `other_entry` being every concept each uses) than they share, at least MIN_OWN_THINGS, and share no
    name (MAPQ) and no measure word (idle timeout): those are the key itself; across languages a word the other entry has in translation would look unmentioned."""
    if bool(IS_CJK.search(one.statement)) != bool(IS_CJK.search(other.statement)):
        return False
    first, second = things.thing_words(one.subject), things.thing_words(other.subject)
    shared = first & second
    if shared & (one.names | other.names) or _measures(one.subject) & _measures(other.subject):
        return False
    own_first = [word for word in first - second if not _mentioned(word, other_entry)]
    own_second = [word for word in second - first if not _mentioned(word, one_entry)]
    fewest = min(len(own_first), len(own_second))
    return fewest >= MIN_OWN_THINGS and fewest > len(shared)


def _measures(words: frozenset[str]) -> frozenset[str]:
    """The words of a subject that say what kind of number it is (timeout, limit, 超时)."""
    return frozenset(concept(word) for word in words if things.bare((word,)))


def _mentioned(word: str, entry: frozenset[str]) -> bool:
    return word in entry or (
        word.isascii() and any(used.isascii() and len(word) >= 3 and word in used for used in entry)
    )
