"""Approximate nearest neighbours on unit embeddings: exact top-k in chunks for small stores, random-hyperplane LSH beyond."""

from __future__ import annotations

import math

import numpy

from curator.rules.pairing import sorted_unique

EXACT_LIMIT = 8000
CHUNK = 1024
TOP_K = 5
BANDS = 12
BUCKET_CAP = 32
SCORE_CHUNK = 8192


def similar_pairs(
    vectors: numpy.ndarray, threshold: float, *, allowed: numpy.ndarray | None = None
) -> list[tuple[int, int, float]]:
    """(i, j, cosine) with i < j among each row's nearest neighbours whose cosine reaches `threshold`.

    `allowed` (optional bool per row) marks the rows that may pair; others are skipped. Never all pairs
    beyond EXACT_LIMIT rows: there, rows sharing a random-hyperplane signature band are the candidates.
    """
    count = len(vectors)
    if count < 2:
        return []
    if count <= EXACT_LIMIT:
        return _exact(vectors, threshold, allowed)
    return _hashed(vectors, threshold, allowed)


def _exact(vectors: numpy.ndarray, threshold: float, allowed: numpy.ndarray | None) -> list[tuple[int, int, float]]:
    found: dict[tuple[int, int], float] = {}
    k = min(TOP_K + 1, len(vectors))
    for start in range(0, len(vectors), CHUNK):
        block = vectors[start : start + CHUNK] @ vectors.T
        rows = numpy.arange(block.shape[0])
        block[rows, rows + start] = -1.0
        nearest = numpy.argpartition(-block, k - 1, axis=1)[:, :k]
        scores = numpy.take_along_axis(block, nearest, axis=1)
        for row, col in zip(*numpy.nonzero(scores >= threshold)):
            left, right = start + int(row), int(nearest[row, col])
            if allowed is not None and not (allowed[left] and allowed[right]):
                continue
            found[(min(left, right), max(left, right))] = float(scores[row, col])
    return [(left, right, score) for (left, right), score in sorted(found.items())]


def _hashed(vectors: numpy.ndarray, threshold: float, allowed: numpy.ndarray | None) -> list[tuple[int, int, float]]:
    """Pairs sharing a band's signature, projected and merged band by band so no step holds every band's pairs at once."""
    bits = max(8, min(20, math.ceil(math.log2(len(vectors))) - 4))
    planes = numpy.random.default_rng(0).standard_normal((vectors.shape[1], bits * BANDS)).astype(vectors.dtype)
    signs = numpy.empty((len(vectors), planes.shape[1]), dtype=bool)
    for start in range(0, len(vectors), SCORE_CHUNK):
        numpy.greater(vectors[start : start + SCORE_CHUNK] @ planes, 0, out=signs[start : start + SCORE_CHUNK])
    weights = 1 << numpy.arange(bits, dtype=numpy.int64)
    unique = numpy.zeros(0, dtype=numpy.int64)
    for band in range(BANDS):
        keys = signs[:, band * bits : (band + 1) * bits].astype(numpy.int64) @ weights
        order = numpy.argsort(keys, kind="stable")
        sorted_keys = keys[order]
        bounds = numpy.flatnonzero(numpy.diff(sorted_keys)) + 1
        codes = [unique]
        for members in numpy.split(order, bounds):
            if 2 <= len(members) <= BUCKET_CAP:
                left, right = numpy.triu_indices(len(members), 1)
                a, b = members[left], members[right]
                codes.append(numpy.minimum(a, b) * len(vectors) + numpy.maximum(a, b))
        unique = sorted_unique(numpy.concatenate(codes))
        del codes
    del signs
    if not len(unique):
        return []
    kept_left: list[numpy.ndarray] = []
    kept_right: list[numpy.ndarray] = []
    kept_score: list[numpy.ndarray] = []
    for start in range(0, len(unique), SCORE_CHUNK):
        window = unique[start : start + SCORE_CHUNK]
        lefts, rights = window // len(vectors), window % len(vectors)
        scores = numpy.einsum("ij,ij->i", vectors[lefts], vectors[rights])
        keep = scores >= threshold
        if allowed is not None:
            keep &= allowed[lefts] & allowed[rights]
        kept_left.append(lefts[keep])
        kept_right.append(rights[keep])
        kept_score.append(scores[keep])
    return _top_k(numpy.concatenate(kept_left), numpy.concatenate(kept_right), numpy.concatenate(kept_score))


def _top_k(lefts: numpy.ndarray, rights: numpy.ndarray, scores: numpy.ndarray) -> list[tuple[int, int, float]]:
    """The pairs that are among the TOP_K best of at least one of their two rows."""
    if not len(lefts):
        return []
    rows = numpy.concatenate([lefts, rights])
    order = numpy.lexsort((-numpy.concatenate([scores, scores]), rows))
    sorted_rows = rows[order]
    first = numpy.searchsorted(sorted_rows, sorted_rows, side="left")
    rank = numpy.arange(len(order)) - first
    chosen = sorted_unique(order[rank < TOP_K] % len(lefts))
    return [(int(lefts[i]), int(rights[i]), float(scores[i])) for i in chosen]
