"""Blocked candidate pairing: an inverted index on rare tokens, then rapidfuzz scoring of the pairs."""

from __future__ import annotations

import math
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Hashable, Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING

from curator import pairscores

if TYPE_CHECKING:
    import numpy

DEFAULT_BLOCK_CAP = 200
SCORE_CHUNK = 50_000
SMALL_INPUT = 2_000


def candidate_pairs(
    token_sets: Sequence[Collection[Hashable]],
    *,
    min_overlap: float = 0.5,
    block_cap: int = DEFAULT_BLOCK_CAP,
    groups: Sequence[object] | None = None,
    skip: Callable[[int, int], bool] | None = None,
    sides: Sequence[bool] | None = None,
) -> list[tuple[int, int]]:
    """All candidate pairs at once (see candidate_chunks); for small inputs."""
    pairs: list[tuple[int, int]] = []
    for chunk in candidate_chunks(
        token_sets, min_overlap=min_overlap, block_cap=block_cap, groups=groups, skip=skip, sides=sides
    ):
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
    sides: Sequence[bool] | None = None,
) -> Iterator[list[tuple[int, int]]]:
    """Pairs (i < j) of documents that may share at least `min_overlap` of their tokens, in chunks.

    Prefix filtering: each document indexes only its rarest tokens, as many as a pair reaching the
    overlap must share at least one of; keys held by more than `block_cap` documents are dropped.
    When `groups` is given, only documents in the same group are paired; when `sides` is given, only documents on
    different sides (a block's pairs of one side are never made, so they cost no memory). Pairs are kept as packed
    integers until a chunk is handed out, so memory stays near 8 bytes per candidate.
    """
    width = len(token_sets) + 1
    if len(token_sets) <= SMALL_INPUT:
        ordered = sorted(set(_block_codes_by_dict(token_sets, min_overlap, block_cap, groups, sides=sides)))
        for start in range(0, len(ordered), chunk_size):
            pairs = [divmod(code, width) for code in ordered[start : start + chunk_size]]
            yield [pair for pair in pairs if not skip(*pair)] if skip is not None else pairs
        return
    import numpy  # imported here: a small store or a cached pairwise stage never needs it

    codes = _block_codes(token_sets, min_overlap, block_cap, groups, sides=sides)
    if codes is None:
        codes = numpy.frombuffer(
            _block_codes_by_dict(token_sets, min_overlap, block_cap, groups, sides=sides), dtype=numpy.int64
        )
    unique = sorted_unique(codes)
    del codes
    for start in range(0, len(unique), chunk_size):
        window = unique[start : start + chunk_size]
        pairs = list(zip((window // width).tolist(), (window % width).tolist()))
        if skip is not None:
            pairs = [pair for pair in pairs if not skip(*pair)]
        yield pairs


def sorted_unique(values: numpy.ndarray) -> numpy.ndarray:
    """`numpy.unique` of a 1-d integer array by sorting (numpy 2's hash-based unique is ten times slower here)."""
    import numpy

    ordered = numpy.sort(values)
    if len(ordered) < 2:
        return ordered
    return ordered[numpy.concatenate(([True], ordered[1:] != ordered[:-1]))]


def _block_codes(
    token_sets: Sequence[Collection[Hashable]],
    min_overlap: float,
    block_cap: int,
    groups: Sequence[object] | None,
    *,
    sides: Sequence[bool] | None = None,
) -> numpy.ndarray | None:
    """The packed pairs of every block, computed with numpy (None when the tokens cannot be ranked in one order).

    Same blocks as `_block_codes_by_dict`: each document's tokens sorted by (frequency, token), its prefix of
    rarest tokens indexed under (group, token), and every block of 2 to `block_cap` documents paired. Positions and
    token ranks are int32 (a 100,000-entry store holds millions of tokens); only the packed pairs need int64.
    """
    import numpy

    count = len(token_sets)
    width = count + 1
    lengths = numpy.fromiter(map(len, token_sets), dtype=numpy.int64, count=count)
    total = int(lengths.sum())
    if not total:
        return numpy.zeros(0, dtype=numpy.int64)
    flat = _ranked_tokens(token_sets, total)
    if flat is None:
        return None
    size = int(flat.max()) + 1
    owner = numpy.repeat(numpy.arange(count, dtype=numpy.int32), lengths)
    frequency = numpy.bincount(flat, minlength=size).astype(numpy.int32)[flat]
    order = numpy.lexsort((flat, frequency, owner)).astype(numpy.int32)
    ranked = flat[order]
    del flat
    if numpy.any((ranked[1:] == ranked[:-1]) & (owner[1:] == owner[:-1])):
        return None  # a document repeats a token
    starts = numpy.concatenate(([0], numpy.cumsum(lengths)[:-1])).astype(numpy.int32)
    prefix = (lengths - numpy.ceil(min_overlap * lengths).astype(numpy.int64) + 1).astype(numpy.int32)
    rank_in_document = numpy.arange(total, dtype=numpy.int32)
    rank_in_document -= starts[owner]
    keep = (rank_in_document < prefix[owner]) & (frequency[order] > 1)
    del rank_in_document, order, frequency
    members, tokens = owner[keep], ranked[keep].astype(numpy.int64)
    del owner, ranked, keep
    if groups is not None:
        group_ids: dict[object, int] = {}
        group_of = numpy.fromiter(
            (group_ids.setdefault(group, len(group_ids)) for group in groups), dtype=numpy.int64, count=count
        )
        tokens = group_of[members] * size + tokens
    by_key = numpy.lexsort((members, tokens))
    keys, members = tokens[by_key], members[by_key]
    del tokens, by_key
    bounds = numpy.concatenate(([0], numpy.flatnonzero(numpy.diff(keys)) + 1, [len(keys)]))
    sizes = numpy.diff(bounds)
    side = None if sides is None else numpy.fromiter(sides, dtype=numpy.bool_, count=count)
    codes = [numpy.zeros(0, dtype=numpy.int64)]
    for block_size in numpy.unique(sizes[(sizes >= 2) & (sizes <= block_cap)]).tolist():
        block = members[bounds[:-1][sizes == block_size][:, None] + numpy.arange(block_size)].astype(numpy.int64)
        left, right = numpy.triu_indices(block_size, 1)
        lefts, rights = block[:, left], block[:, right]
        if side is not None:
            across = side[lefts] != side[rights]
            lefts, rights = lefts[across], rights[across]
        codes.append((lefts * width + rights).ravel())
    return numpy.concatenate(codes)


def _ranked_tokens(token_sets: Sequence[Collection[Hashable]], total: int) -> numpy.ndarray | None:
    """Every document's tokens in one int32 array: the tokens themselves when they are small non-negative ints, else
    their rank in sorted order (None when they cannot be sorted)."""
    import numpy

    if set(map(type, chain.from_iterable(token_sets))) == {int}:
        try:
            flat = numpy.fromiter(chain.from_iterable(token_sets), dtype=numpy.int32, count=total)
        except OverflowError:
            flat = None
        if flat is not None and flat.min() >= 0:
            return flat
    try:
        vocabulary = sorted(set(chain.from_iterable(token_sets)))  # type: ignore[type-var]
    except TypeError:
        return None
    rank = {token: position for position, token in enumerate(vocabulary)}
    return numpy.fromiter(map(rank.__getitem__, chain.from_iterable(token_sets)), dtype=numpy.int32, count=total)


def _block_codes_by_dict(
    token_sets: Sequence[Collection[Hashable]],
    min_overlap: float,
    block_cap: int,
    groups: Sequence[object] | None,
    *,
    sides: Sequence[bool] | None = None,
) -> array:
    """The packed pairs of every block, one document and token at a time (any hashable tokens)."""
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
    width = len(token_sets) + 1
    codes = array("q")
    for members in index.values():
        if 2 <= len(members) <= block_cap:
            for position, left in enumerate(members):
                codes.extend(
                    left * width + right
                    for right in members[position + 1 :]
                    if sides is None or sides[left] != sides[right]
                )
    return codes


def score_pairs(texts: Sequence[str], pairs: Sequence[tuple[int, int]], scorer: Callable[..., float]) -> list[float]:
    """Similarity 0-100 of each candidate pair, computed by rapidfuzz in C (cpdist), or read from the scan's pair scores."""
    if not pairs:
        return []
    remembered = pairscores.active()
    if remembered is not None:
        return remembered.scores(texts, pairs, scorer, _scored)
    return _scored(texts, pairs, scorer)


def _scored(texts: Sequence[str], pairs: Sequence[tuple[int, int]], scorer: Callable[..., float]) -> list[float]:
    from rapidfuzz.process import cpdist  # imported here: a warm scan of a small store scores no pair

    scores: list[float] = []
    for start in range(0, len(pairs), SCORE_CHUNK):
        chunk = pairs[start : start + SCORE_CHUNK]
        lefts = [texts[left] for left, _ in chunk]
        rights = [texts[right] for _, right in chunk]
        scores.extend(cpdist(lefts, rights, scorer=scorer, workers=1).tolist())
    return scores
