"""The lowered-line search agrees with re.IGNORECASE on every code point for the patterns that use it."""

from __future__ import annotations

import re
import string
import sys

import pytest
from detect_secrets.plugins.keyword import DENYLIST

from curator.secrets import detect, private
from curator.secrets.casefold import CASE_SPECIAL, lowered_contains, lowered_search


def _pattern_letters() -> set[str]:
    words = "".join(DENYLIST) + "phonetelmobilecellcallwhatsappsms" + "internalintranetcorplanlocalprivatehomearpa"
    return {char for char in words if char.isalpha()} | set(string.ascii_lowercase)


@pytest.mark.slow
def test_only_the_special_characters_fold_differently() -> None:
    letters = _pattern_letters()
    either_case = re.compile("[" + "".join(sorted(letters)) + "]", re.IGNORECASE)
    differing = []
    for point in range(128, sys.maxunicode + 1):
        char = chr(point)
        if 0xD800 <= point <= 0xDFFF or char in "ñÑ":
            continue
        lowered = char.lower()
        if len(lowered) != 1 or lowered in letters or either_case.fullmatch(char):
            differing.append(char)
    assert sorted(differing) == sorted(CASE_SPECIAL)


@pytest.mark.parametrize(
    "line",
    [
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
        "",
    ],
)
def test_lowered_search_matches_ignorecase(line: str) -> None:
    assert lowered_search(detect._KEYWORDS_LOWERED, detect._KEYWORDS, line) == bool(detect._KEYWORDS.search(line))
    assert lowered_search(private._PHONE_WORDS_LOWERED, private._PHONE_WORDS, line) == bool(
        private._PHONE_WORDS.search(line)
    )


def test_lowered_contains_defers_on_special_characters() -> None:
    assert lowered_contains((".internal",), "db.INTERNAL:5432") is True
    assert lowered_contains((".internal",), "nothing here") is False
    assert lowered_contains((".internal",), "db.\u0130nternal") is None
