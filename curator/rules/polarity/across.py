"""Opposite stances the embedding model does not bring near each other, proposed by the forbidden verb instead.

A short forbidding clause and a long asking clause that does much else ("不要抛异常" and "notify 回调验签失败时直接
`throw new SignatureException()`，不再返回 FAIL") embed far apart, as do a rule and its practice in two languages;
an asking clause that holds the concept of the forbidden verb is proposed, and same_action.same_action verifies it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from curator import lazyre as re
from curator.rules.text import CJK_CHAR

MAX_HOLDERS = 200
_CHINESE = re.compile(f"[{CJK_CHAR}]")


def chinese(text: str) -> bool:
    """Whether a clause is written in Chinese (any CJK character; code spans and names may be Latin)."""
    return _CHINESE.search(text) is not None


def proposals(
    verbs: list[set[str]], words: list[set[str]], opposite: Callable[[int, int], bool]
) -> Iterator[tuple[int, int]]:
    """(forbidding, asking) positions where the asking clause's words hold a verb of the forbidding one; `verbs[i]` is
    empty for an asking clause and `words[i]` for a forbidding one. A verb more than MAX_HOLDERS clauses hold proposes
    nothing, so pairing stays blocked."""
    holders: dict[str, list[int]] = {}
    for position, held in enumerate(words):
        for word in held:
            holders.setdefault(word, []).append(position)
    for position, forbidden in enumerate(verbs):
        seen: set[int] = set()
        for verb in forbidden:
            asking = holders.get(verb, [])
            if len(asking) > MAX_HOLDERS:
                continue
            for other in asking:
                if other not in seen and opposite(position, other):
                    seen.add(other)
                    yield position, other
