"""Mutual nearest clauses: two claims of different entries whose embedded clauses are each other's nearest."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy


def mutual_nearest(
    vectors: numpy.ndarray,
    members: Sequence[int],
    owners: Sequence[int],
    may_pair: Callable[[int, int], bool],
    min_cosine: float,
) -> list[tuple[int, int, float]]:
    """(i, j, cosine) with i < j for members whose rows of `vectors` are each other's nearest among claims of other
    entries that may pair, from the approximate top-k neighbours (never all pairs).

    `vectors[k]` is the unit embedding of claim `members[k]`, and `owners[claim]` the entry that claim belongs to.
    """
    import numpy as np

    from curator.rules import semantic

    best: dict[int, tuple[float, int]] = {}
    for left, right, cosine in semantic.similar_pairs(vectors, min_cosine):
        one, other = members[left], members[right]
        if owners[one] == owners[other] or not may_pair(owners[one], owners[other]):
            continue
        for row, partner in ((one, other), (other, one)):
            if cosine > best.get(row, (-1.0, -1))[0]:
                best[row] = (cosine, partner)
    found: list[tuple[int, int, float]] = []
    for row, (cosine, partner) in best.items():
        if row < partner and best.get(partner, (0.0, -1))[1] == row:
            found.append((row, partner, float(np.float32(cosine))))
    return found
