"""Hashed nearest neighbours score candidate pairs in bounded windows; the window size never changes the pairs found."""

from __future__ import annotations

import numpy
import pytest

from curator.rules import semantic


def _clustered(rows: int, seed: int) -> numpy.ndarray:
    generator = numpy.random.default_rng(seed)
    centres = generator.standard_normal((rows // 30 + 1, 64)).astype(numpy.float32)
    vectors = numpy.repeat(centres, 30, axis=0)[:rows] + 0.3 * generator.standard_normal((rows, 64)).astype(
        numpy.float32
    )
    return vectors / numpy.linalg.norm(vectors, axis=1, keepdims=True)


@pytest.mark.parametrize("window", [97, 1000, 8192, 1_000_000])
def test_window_size_does_not_change_the_pairs(monkeypatch: pytest.MonkeyPatch, window: int) -> None:
    vectors = _clustered(semantic.EXACT_LIMIT + 600, seed=3)
    allowed = numpy.arange(len(vectors)) % 11 != 0
    expected = semantic.similar_pairs(vectors, 0.5, allowed=allowed)
    monkeypatch.setattr(semantic, "SCORE_CHUNK", window)
    assert semantic.similar_pairs(vectors, 0.5, allowed=allowed) == expected
    assert expected


def test_window_bounds_the_gathered_rows() -> None:
    assert semantic.SCORE_CHUNK * 2 * 256 * 4 <= 20 * 1024 * 1024  # two gathered float32 blocks of 256 dimensions
