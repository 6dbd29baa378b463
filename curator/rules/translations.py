"""Translation candidates for `duplicate`: an English and a Chinese entry whose words map to the same concepts, and
which entries are Chinese."""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain

from curator import lazyre as re
from curator.rules import pairing
from curator.rules.docs import Docs
from curator.rules.facts.glossary import concept
from curator.rules.text import CJK_RUN, IS_CJK
from curator.scanmemo import joinable, joined, remembered, split


def is_cjk(text: str) -> bool:
    return bool(IS_CJK.search(text))


TRANSLATION_SHARE = 0.7
MIN_CONCEPTS = 4
CJK_SHARE = 0.3


def translation_pairs(
    docs: Docs,
    subject_words: Callable[[int], frozenset[str]],
    eligible: list[bool],
    verbatim: Callable[[int, int], bool] | None = None,
) -> list[tuple[int, int, float]]:
    """(i, j, similarity) for an English and a Chinese entry whose words map to the same concepts (glossary), or
    that `verbatim` finds keeping the same commands and paths word for word (a translation copies those).

    Blocked on the concepts themselves (an inverted index with prefix filtering), never all pairs. Each entry's
    concepts are held as a tuple of their ranks in sorted order (a frozenset of strings apiece is several times larger).
    """
    chinese = [chinese_entry(doc.prose) if ok else False for doc, ok in zip(docs.items, eligible)]
    if not any(chinese) or all(chinese[position] or not ok for position, ok in enumerate(eligible)):
        return []
    vocabulary: dict[str, int] = {}
    concepts: list[tuple[int, ...]] = [
        tuple(
            vocabulary.setdefault(word, len(vocabulary))
            for word in _translation_concepts(docs.items[position].prose, subject_words, position, chinese[position])
        )
        if ok
        else ()
        for position, ok in enumerate(eligible)
    ]
    rank = [0] * len(vocabulary)
    for position, word in enumerate(sorted(vocabulary)):
        rank[vocabulary[word]] = position
    del vocabulary
    concepts = [tuple(sorted(map(rank.__getitem__, ids))) for ids in concepts]
    pairs = chain.from_iterable(
        pairing.candidate_chunks(
            concepts,
            min_overlap=0.3,
            block_cap=50,
            sides=chinese,
            skip=lambda left, right: (
                chinese[left] == chinese[right] or (docs.items[left].is_context and docs.items[right].is_context)
            ),
        )
    )
    found: list[tuple[int, int, float]] = []
    for left, right in pairs:
        smaller = min(len(concepts[left]), len(concepts[right]))
        share = len(set(concepts[left]).intersection(concepts[right])) / smaller if smaller >= MIN_CONCEPTS - 1 else 0.0
        if (share >= TRANSLATION_SHARE and (smaller >= MIN_CONCEPTS or share == 1.0)) or (
            verbatim is not None and verbatim(left, right)
        ):
            found.append((left, right, round(share * 100, 1)))
    return found


_EXAMPLE_SPAN = re.compile(
    r"(?:\be\.g\.|\bfor example|\bfor instance|\bsuch as|\blike|比如|例如|譬如|举例)[\s,:：，(（]{0,3}`([^`\n]{1,80})`",
    re.I,
)


def example_words(prose: str) -> frozenset[str]:
    """The words of code spans given as examples ("e.g. `ble: fix adv`", "比如 `sensor: fix CRC`"): they illustrate
    a rule, and two entries illustrating one rule pick different examples."""
    from curator.rules.facts.subject import subject_tokens

    return frozenset(word for span in _EXAMPLE_SPAN.findall(prose) for word in subject_tokens(span))


def _translation_concepts(
    prose: str, subject_words: Callable[[int], frozenset[str]], position: int, is_chinese: bool
) -> frozenset[str]:
    """The concepts an entry's prose is compared on across languages, from the scan memo when it holds the prose."""
    return remembered(
        "translation-concepts",
        prose,
        lambda: _concepts(subject_words(position) - example_words(prose), is_chinese),
        lambda found: joined(sorted(found)),
        lambda raw: frozenset(split(raw)),
        keep=joinable,
    )


def chinese_entry(prose: str) -> bool:
    """`has_chinese(prose)`, from the scan memo when it holds the prose."""
    return remembered("chinese", prose, lambda: has_chinese(prose), int, _flag)


def _flag(raw: object) -> bool:
    if type(raw) is not int or raw not in (0, 1):
        raise TypeError("not a flag")
    return bool(raw)


def _concepts(words: frozenset[str], is_chinese: bool) -> frozenset[str]:
    """English words as they are; for a Chinese entry, only the words the glossary knows and the Latin words.

    Modal and negation words are left out on both sides: the two languages place them differently.
    """
    if not is_chinese:
        return (words | frozenset(word[:-3] for word in words if word.endswith("ation"))) - _FUNCTION_CONCEPTS
    return (
        frozenset(concept(word) for word in words if not IS_CJK.match(word) or concept(word) != word)
        - _FUNCTION_CONCEPTS
    )


_FUNCTION_CONCEPTS = frozenset("never alway must every befor after don't do not can should need go us use".split())
MIN_CJK_CHARS = 4


def has_chinese(text: str) -> bool:
    """A Chinese or mixed entry: a share of CJK letters, or a few CJK characters among code and names."""
    return _cjk_share(text) >= CJK_SHARE or len(IS_CJK.findall(text)) >= MIN_CJK_CHARS


def _cjk_share(text: str) -> float:
    """The share of the text's letters that are CJK (counted in C: `str.isalpha` mapped over the text and its CJK runs)."""
    letters = sum(map(str.isalpha, text))
    return sum(map(str.isalpha, "".join(CJK_RUN.findall(text)))) / letters if letters else 0.0
