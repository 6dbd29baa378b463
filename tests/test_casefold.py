"""Searching the lowered text agrees with re.IGNORECASE for every pattern that does it (and every code point)."""

from __future__ import annotations

import re
import string
import sys

import pytest

from curator.casefold import CASE_SPECIAL, Folded, lowered_contains
from curator.rules.facts import date_forms, labels, numwords
from curator.secrets import detect, private

FOLDED = {
    "secret keywords": detect._KEYWORDS,
    "phone words": private._PHONE_WORDS,
    "dates": date_forms._MAY_HOLD_DATE,
    "number words": numwords._HAS_WORD,
    "label words": labels._EN_LABEL_WORDS,
}


def _pattern_letters() -> set[str]:
    return {char for folded in FOLDED.values() for char in folded.lowered.pattern if char.isalpha() and char.isascii()}


@pytest.mark.slow
def test_only_the_special_characters_fold_differently() -> None:
    letters = _pattern_letters() | set(string.ascii_lowercase)
    either_case = re.compile("[" + "".join(sorted(letters)) + "]", re.IGNORECASE)
    differing = []
    for point in range(128, sys.maxunicode + 1):
        char = chr(point)
        if 0xD800 <= point <= 0xDFFF:
            continue
        lowered = char.lower()
        if len(lowered) != 1 or lowered in letters or either_case.fullmatch(char):
            differing.append(char)
    assert sorted(differing) == sorted(CASE_SPECIAL)


LINES = [
    "API_KEY = 'x'",
    "the Password is set",
    "CONTRASEÑA: hunter2",
    "no keyword here at all",
    "pr\u0130vate_key in Turkish capitals",
    "\u017fecret with a long s",
    "db_pa\u017f\u017f",
    "call me at +1 555 0100",
    "WhatsApp group",
    "\u7535\u8bdd 13800138000",
    "Ship it by the END OF Q3",
    "Due TOMORROW",
    "Retry Twice, then THREE times",
    "四次 or 40K requests",
    "Once A Week on Mon\u0130day",
    "A Half Hour",
    "",
]


@pytest.mark.parametrize("name", sorted(FOLDED))
@pytest.mark.parametrize("line", LINES)
def test_folded_search_matches_ignorecase(name: str, line: str) -> None:
    folded = FOLDED[name]
    assert folded.search(line) == bool(folded.ignoring_case.search(line))
    assert folded.search(line, line.lower()) == bool(folded.ignoring_case.search(line))


def test_folded_finds_what_ignorecase_finds() -> None:
    assert Folded("secret").search("My SECRET")
    assert not Folded("secret").search("nothing")
    assert Folded("secret").search("\u017fecret")


def test_lowered_contains_defers_on_special_characters() -> None:
    assert lowered_contains((".internal",), "db.INTERNAL:5432") is True
    assert lowered_contains((".internal",), "nothing here") is False
    assert lowered_contains((".internal",), "db.\u0130nternal") is None
