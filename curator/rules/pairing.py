"""Blocked candidate pairing: an inverted index on rare tokens, then rapidfuzz scoring of the pairs."""

from __future__ import annotations

import math
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Hashable, Iterator, Sequence

from rapidfuzz import fuzz
from rapidfuzz.process import cpdist as _cpdist

DEFAULT_BLOCK_CAP = 200
SCORE_CHUNK = 50_000


def candidate_pairs(
    token_sets: Sequence[Collection[Hashable]],
    *,
    min_overlap: float = 0.5,
    block_cap: int = DEFAULT_BLOCK_CAP,
    groups: Sequence[object] | None = None,
    skip: Callable[[int, int], bool] | None = None,
) -> list[tuple[int, int]]:
    """All candidate pairs at once (see candidate_chunks); for small inputs."""
    pairs: list[tuple[int, int]] = []
    for chunk in candidate_chunks(token_sets, min_overlap=min_overlap, block_cap=block_cap, groups=groups, skip=skip):
        pairs.extend(chunk)
    return pairs


def candidate_chunks(
    token_sets: Sequence[Collection[Hashable]],
    *,
    min_overlap: float = 0.5,
    block_cap: int = DEFAULT_BLOCK_CAP,
    groups: Sequence[object] | None = None,
    skip: Callable[[int, int], bool] | None = None,
    chunk_size: int = SCORE_CHUNK,
) -> Iterator[list[tuple[int, int]]]:
    """Pairs (i < j) of documents that may share at least `min_overlap` of their tokens, in chunks.

    Prefix filtering: each document indexes only its rarest tokens, as many as a pair reaching the
    overlap must share at least one of; keys held by more than `block_cap` documents are dropped.
    When `groups` is given, only documents in the same group are paired. Pairs are kept as packed
    integers until a chunk is handed out, so memory stays near 8 bytes per candidate.
    """
    import numpy  # imported here: a scan whose pairwise stage is cached never needs it

    frequency: Counter[Hashable] = Counter()
    for token_set in token_sets:
        frequency.update(token_set)
    index: dict[object, list[int]] = defaultdict(list)
    for doc, token_set in enumerate(token_sets):
        if not token_set:
            continue
        ordered = sorted(token_set, key=lambda token: (frequency[token], token))
        prefix = len(ordered) - math.ceil(min_overlap * len(ordered)) + 1
        group = groups[doc] if groups is not None else None
        for token in ordered[:prefix]:
            if frequency[token] > 1:
                index[(group, token)].append(doc)
    frequency.clear()
    width = len(token_sets) + 1
    codes = array("q")
    for members in index.values():
        if 2 <= len(members) <= block_cap:
            for position, left in enumerate(members):
                codes.extend(left * width + right for right in members[position + 1 :])
    del index
    unique = numpy.unique(numpy.frombuffer(codes, dtype=numpy.int64)) if numpy is not None else sorted(set(codes))
    del codes
    for start in range(0, len(unique), chunk_size):
        window = unique[start : start + chunk_size]
        pairs = [divmod(code, width) for code in (window.tolist() if numpy is not None else window)]
        if skip is not None:
            pairs = [pair for pair in pairs if not skip(*pair)]
        yield pairs


def score_pairs(
    texts: Sequence[str], pairs: Sequence[tuple[int, int]], scorer: Callable[..., float] = fuzz.ratio
) -> list[float]:
    """Similarity 0-100 of each candidate pair, computed by rapidfuzz in C (cpdist)."""
    if not pairs:
        return []
    scores: list[float] = []
    for start in range(0, len(pairs), SCORE_CHUNK):
        chunk = pairs[start : start + SCORE_CHUNK]
        lefts = [texts[left] for left, _ in chunk]
        rights = [texts[right] for _, right in chunk]
        scores.extend(_cpdist(lefts, rights, scorer=scorer, workers=1).tolist())
    return scores
