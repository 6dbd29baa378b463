"""What a number is about, apart from what kind of number it is: "the thumbnailer" in "the thumbnailer retries 2 times".

Two numbers that share only the words of their kind (timeout, retries, TTL, 超时, 重试) while each names a thing of its
own that the other entry never mentions (a watchdog, an LLM gateway, 开票接口) are about two things.
"""

from __future__ import annotations

from collections.abc import Iterable

from curator.rules.facts.glossary import GLOSSARY, concept
from curator.rules.facts.subject import stem
from curator.rules.text import IS_CJK

MEASURE_WORDS = frozenset(
    stem(word)
    for word in (
        "timeout timeouts time times ttl expire expires expiry expiration lifetime interval delay retry retries attempt "
        "attempts fail failed failure limit limits cap capped max maximum min minimum size count number total amount "
        "value threshold rate window period duration frequency wait after before within every each per most least "
        "setting settings config configuration set sets setup keep kept run runs use uses get gets go goes "
        "make do need needs allow allowed up out over under above below more less only now new current"
    ).split()
) | frozenset(stem(word) for word in "configur expir lifetim minut second hour day week month year".split())


def thing_words(words: Iterable[str]) -> frozenset[str]:
    """The concepts of a subject's words that name a thing: no measure words, no Chinese single characters unknown
    to the glossary."""
    found = set()
    for word in words:
        if not word or (IS_CJK.match(word) and len(word) == 1 and word not in GLOSSARY):
            continue
        meaning = concept(word)
        if meaning not in MEASURE_WORDS and stem(meaning) not in MEASURE_WORDS:
            found.add(meaning)
    return frozenset(found)


def bare(words: Iterable[str]) -> bool:
    """Whether a subject says only what kind of number it is (`timeout`, 重试) or nothing at all."""
    return all(concept(word) in MEASURE_WORDS or stem(concept(word)) in MEASURE_WORDS for word in words if word)


def apart(one: frozenset[str], other: frozenset[str], one_entry: frozenset[str], other_entry: frozenset[str]) -> bool:
    """Whether two numbers' thing words (`one`, `other`) share none while each names one the other entry never does
    (`one_entry`, `other_entry`: every concept each entry uses)."""
    if one & other:
        return False
    return any(not _mentioned(word, other_entry) for word in one) and any(
        not _mentioned(word, one_entry) for word in other
    )


IDENTIFIER_PART = 3


def _mentioned(word: str, entry: frozenset[str]) -> bool:
    """Whether an entry uses a word, alone or inside an identifier (`BaseJob` mentions a job, `jobs_v2` too)."""
    if word in entry:
        return True
    if not word.isascii():
        return False
    return any(
        used.isascii()
        and ((len(word) >= IDENTIFIER_PART and word in used) or (len(used) > IDENTIFIER_PART and used in word))
        for used in entry
    )
