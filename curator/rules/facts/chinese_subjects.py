"""Two Chinese subjects compared by what they name: generic words (大小, 次数, a lone character) aside, the word nearest the number first."""

from __future__ import annotations

from dataclasses import replace

from curator.rules.facts.glossary import GLOSSARY
from curator.rules.facts.quantities import Quantity
from curator.rules.text import IS_CJK

CJK_SHARED_SHARE = 0.6

_CJK_GENERIC = frozenset(
    "大小 数量 时间 次数 频率 单个 每个 个数 总数 长度 数目 全局 全部 所有 全体 整体 统一 一律 还是 仍然 依然 其他 其它 已经".split()
)


def chinese(quantity: Quantity) -> bool:
    """Whether a subject holds a Chinese word."""
    return any(IS_CJK.match(token) for token in quantity.subject)


def without_generic(left: Quantity, right: Quantity) -> tuple[Quantity, Quantity]:
    """Two Chinese subjects without their generic words (大小, 次数, 全局, a lone character), unless one would be left
    empty (then a lone character both share stays: 锁 60 帧 vs 锁 30 帧), and a compound ending in the other side's word
    split before it (单元测试 beside 测试 → 单元 测试)."""
    left, right = _split_compounds(left, right.subject), _split_compounds(right, left.subject)
    stripped = [_stripped(quantity) for quantity in (left, right)]
    if not all(subject for subject, _ in stripped):
        shared_lone = {token for token in left.subject & right.subject if _lone_character(token) and token in GLOSSARY}
        stripped = [_stripped(quantity, keep=shared_lone) for quantity in (left, right)]
    if not all(subject for subject, _ in stripped):
        return left, right
    return tuple(  # type: ignore[return-value]
        replace(quantity, subject=subject, sequence=sequence)
        for quantity, (subject, sequence) in zip((left, right), stripped)
    )


def _split_compounds(quantity: Quantity, other: frozenset[str]) -> Quantity:
    """A subject whose Chinese compounds end in a word the other subject uses, split into modifier and that word."""
    ends = [word for word in other if len(word) > 1 and IS_CJK.match(word)]
    parts: dict[str, tuple[str, ...]] = {}
    for token in quantity.subject:
        end = next((word for word in ends if token.endswith(word) and len(token) - len(word) > 1), None)
        if end is not None and IS_CJK.match(token):
            parts[token] = (token[: -len(end)], end)
    if not parts:
        return quantity
    sequence = tuple(part for token in quantity.sequence for part in parts.get(token, (token,)))
    subject = frozenset(part for token in quantity.subject for part in parts.get(token, (token,)))
    return replace(quantity, subject=subject, sequence=sequence)


def _stripped(
    quantity: Quantity, keep: frozenset[str] | set[str] = frozenset()
) -> tuple[frozenset[str], tuple[str, ...]]:
    """A subject without generic words; `keep` holds lone characters both sides share, kept when nothing else is left."""
    merged = _merged_characters(quantity.sequence) if not keep else quantity.sequence
    sequence = tuple(token for token in merged if not token or token in keep or not _generic(token))
    joined = {token for token in sequence if len(token) > 1 and all(char in quantity.subject for char in token)}
    return frozenset(token for token in quantity.subject if token in keep or not _generic(token)) | joined, sequence


def _generic(token: str) -> bool:
    return token in _CJK_GENERIC or _lone_character(token)


def _merged_characters(sequence: tuple[str, ...]) -> tuple[str, ...]:
    """A sequence with runs of lone Chinese characters joined back into one word (精 排 → 精排)."""
    merged: list[str] = []
    previous_lone = False
    for token in sequence:
        lone = _lone_character(token)
        if lone and previous_lone:
            merged[-1] += token
        else:
            merged.append(token)
        previous_lone = lone
    return tuple(merged)


def _lone_character(token: str) -> bool:
    return len(token) == 1 and bool(IS_CJK.match(token))


def same_head(left: tuple[str, ...], right: tuple[str, ...], shared: frozenset[str]) -> bool:
    """Both subjects end on the same shared word: the one nearest the number."""
    left_words = [token for token in left if token]
    right_words = [token for token in right if token]
    return bool(left_words and right_words) and left_words[-1] == right_words[-1] and left_words[-1] in shared


def heads_modified_apart(left: tuple[str, ...], right: tuple[str, ...], shared: frozenset[str]) -> bool:
    """Each side puts a word of its own right before the shared head ("图片上传" vs "视频上传"); else a share too small."""
    before = [_word_before_head(sequence) for sequence in (left, right)]
    if all(word and word not in shared for word in before) and before[0] != before[1]:
        return True
    left_own = {token for token in left if token and token not in shared}
    right_own = {token for token in right if token and token not in shared}
    return len(shared) / (len(shared) + len(left_own) + len(right_own)) < CJK_SHARED_SHARE


def _word_before_head(sequence: tuple[str, ...]) -> str:
    """The word right before a subject's last word, or '' when a gap or nothing stands there."""
    while sequence and not sequence[-1]:
        sequence = sequence[:-1]
    return sequence[-2] if len(sequence) > 1 else ""
