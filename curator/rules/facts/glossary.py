"""A Chinese→English glossary of software and project words (facts/lexicon.py), so facts can be compared across languages.

Each Chinese word maps to the stemmed English token `subject_tokens` produces for its usual translation.
"""

from __future__ import annotations

from functools import lru_cache

from curator.rules.facts.lexicon import NAMES, PAIRS
from curator.rules.facts.subject import stem

_PAIRS = PAIRS.replace("\n", "")

GLOSSARY: dict[str, str] = {
    chinese: stem(english) for chinese, english in (pair.split() for pair in _PAIRS.split("|") if pair.strip())
}


@lru_cache(maxsize=200_000)
def concept(token: str) -> str:
    """The English token a Chinese word stands for (itself when unknown or already Latin; a vendor's name as its Latin name;
    an unknown compound as a known word inside it: 数据表 → data)."""
    if token.isascii():
        return token
    found = GLOSSARY.get(token) or _NAMES.get(token)
    if found is not None:
        return found
    if len(token) >= 2:
        for size in (3, 2, 1):
            for start in range(len(token) - size + 1):
                part = GLOSSARY.get(token[start : start + size])
                if part is not None and not (size == 1 and token[start] in _NOT_INSIDE):
                    return part
    return token


_NOT_INSIDE = frozenset("开跑走拉推读刷搞弄前勾删抛")
"""Characters the glossary knows alone whose meaning a longer word does not keep: 断开 is no enabling, 开票 no
opening, 提前 no 'before', 勾掉 no enabling."""


def concepts_of(tokens: frozenset[str]) -> frozenset[str]:
    """Each token as its English concept, so an English and a Chinese statement share keys."""
    return frozenset(concept(token) for token in tokens)


_NAMES = {
    chinese: english
    for chinese, english in (pair.split() for pair in NAMES.replace("\n", "").split("|") if pair.strip())
}


def chinese_names(text: str) -> frozenset[str]:
    """The Latin names of the platforms and vendors a text writes in Chinese characters (安卓 → android)."""
    return frozenset(english for chinese, english in _NAMES.items() if chinese in text)
