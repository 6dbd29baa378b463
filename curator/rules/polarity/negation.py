"""The words that refuse an action, in English and Chinese: one list for every reader of a stance (code spans, code names)."""

from __future__ import annotations

REFUSING = (
    "never",
    "don't",
    "do not",
    "must not",
    "mustn't",
    "should not",
    "shouldn't",
    "no longer",
    "no more",
    "avoid",
    "stop",
    "stopped",
)
REFUSING_ZH = ("不要", "别再", "别", "不再", "禁止", "严禁", "不准", "不许", "不得", "切勿", "千万别", "不能", "勿")
NOT_CLOSING_BIE = r"(?<![分区特类级个识告差性辨鉴派])"
"""Put before 别: a 别 that closes a word (分别, 区别, 级别, 派别) refuses nothing."""
REPLACING = ("instead of", "rather than")
REPLACING_ZH = ("而不是", "代替", "取代")


def alternatives(words: tuple[str, ...]) -> str:
    """A regex alternation of the words, longest first, with the apostrophe optional ("don't" also "dont")."""
    return "|".join(word.replace("'", "'?") for word in sorted(set(words), key=len, reverse=True))
