"""How two quantity subjects qualify the words they share ("search API" vs "billing API", 会员等级缓存 vs 会员价缓存)."""

from __future__ import annotations

from dataclasses import replace

from curator.rules.facts.chinese_subjects import (
    CJK_SHARED_SHARE,
    chinese,
    heads_modified_apart,
    same_head,
    without_generic,
)
from curator.rules.facts.glossary import GLOSSARY
from curator.rules.facts.quantities import Quantity
from curator.rules.text import IS_CJK

GENERIC_CONCEPTS = frozenset("run use go do make set get have give keep".split())


def as_concepts(quantity: Quantity) -> Quantity:
    """A Chinese subject with each word the glossary knows whole as its concept, so synonyms (位置/定位) are one word."""
    if not any(IS_CJK.match(token) for token in quantity.subject):
        return quantity
    return replace(
        quantity,
        subject=frozenset(GLOSSARY.get(token, token) for token in quantity.subject),
        sequence=tuple(GLOSSARY.get(token, token) for token in quantity.sequence),
    )


def different_modifiers(
    left: tuple[str, ...], right: tuple[str, ...], shared: frozenset[str], named: int = 0, both_chinese: bool = False
) -> bool:
    """'search API' vs 'billing API', '首页 banner' vs '活动页 banner': each side qualifies the shared words differently.

    A word of its own right before a shared word on both sides names two things; otherwise two subjects
    that share little (Chinese compounds: less than CJK_SHARED_SHARE) are two subjects.
    """
    left_own = [token for token in left if token and token not in shared]
    right_own = [token for token in right if token and token not in shared]
    if not left_own or not right_own:
        return False
    if both_chinese and same_head(left, right, shared):
        return heads_modified_apart(left, right, shared)
    if modifies_shared(left, shared) and modifies_shared(right, shared):
        return True
    share = (len(shared) + named) / (len(shared) + named + len(set(left_own)) + len(set(right_own)))
    if all(IS_CJK.match(token) for token in left_own + right_own):
        return share < CJK_SHARED_SHARE
    return share < LATIN_SHARED_SHARE


LATIN_SHARED_SHARE = 0.25


def shared_concepts(left: Quantity, right: Quantity) -> frozenset[str]:
    """The subject words two quantities share as concepts (Chinese subjects without their generic words)."""
    left, right = (as_concepts(side) for side in _compared(left, right))
    return left.subject & right.subject - GENERIC_CONCEPTS


def _compared(left: Quantity, right: Quantity) -> tuple[Quantity, Quantity]:
    """Two subjects as they are compared: Chinese ones without their generic words."""
    return without_generic(left, right) if chinese(left) and chinese(right) else (left, right)


def modified_apart(left: Quantity, right: Quantity) -> bool:
    """Each side qualifies what both name with a word of its own in one script — right before a shared word
    ("invitation links" vs "password reset links", 会员等级缓存 vs 会员价缓存) or as the head its phrase ends in (订单服务
    vs 订单接口): two things of one kind. A word in each language (登录 token vs access token) may be one word and its
    translation, so it is no evidence."""
    written_left, written_right = _compared(left, right)
    written = (written_left.sequence, written_right.sequence)
    left, right = as_concepts(written_left), as_concepts(written_right)
    shared = left.subject & right.subject - GENERIC_CONCEPTS
    if not shared:
        return False
    scripts = [
        {bool(IS_CJK.match(words[position])) for position in _modifier_positions(side.sequence, shared)}
        for side, words in zip((left, right), written)
    ]
    if scripts[0] & scripts[1]:
        return True
    heads = [_head_position(side.sequence) for side in (left, right)]
    if None in heads:
        return False
    own = [side.sequence[head] for side, head in zip((left, right), heads)]  # type: ignore[index]
    written_heads = [words[head] for words, head in zip(written, heads)]  # type: ignore[index]
    return (
        all(word not in shared for word in own)
        and own[0] != own[1]
        and bool(IS_CJK.match(written_heads[0])) == bool(IS_CJK.match(written_heads[1]))
    )


def _head_position(sequence: tuple[str, ...]) -> int | None:
    """Where the first phrase of a subject ends (its last word before a gap), or None when it has no word."""
    end = sequence.index("") if "" in sequence else len(sequence)
    return end - 1 if end else None


def _modifier_positions(sequence: tuple[str, ...], shared: frozenset[str]) -> list[int]:
    """Where a word of a subject's own stands right before a shared word."""
    return [
        position
        for position, (token, following) in enumerate(zip(sequence, sequence[1:]))
        if token and token not in shared and following in shared
    ]


def modifies_shared(sequence: tuple[str, ...], shared: frozenset[str]) -> bool:
    """Whether a word of its own stands right before a shared word (no gap between them)."""
    return bool(_modifier_positions(sequence, shared))
