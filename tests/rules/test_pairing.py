"""Blocked pairing: the numpy blocking finds exactly the pairs the one-token-at-a-time blocking finds."""

from __future__ import annotations

import random

import numpy
import pytest

from curator.rules import pairing


def _by_dict(token_sets, min_overlap, block_cap, groups) -> list[int]:
    codes = pairing._block_codes_by_dict(token_sets, min_overlap, block_cap, groups)
    return sorted(set(codes))


def _by_numpy(token_sets, min_overlap, block_cap, groups) -> list[int] | None:
    codes = pairing._block_codes(token_sets, min_overlap, block_cap, groups)
    return None if codes is None else pairing.sorted_unique(codes).tolist()


@pytest.mark.parametrize("seed", range(8))
def test_numpy_blocking_equals_dict_blocking_on_random_token_sets(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        count, vocabulary = rng.randint(0, 40), rng.randint(1, 30)
        words = rng.random() < 0.5
        token_sets = []
        for _ in range(count):
            drawn = frozenset(rng.randrange(vocabulary) for _ in range(rng.randint(0, 8)))
            token_sets.append(frozenset(f"w{token}" for token in drawn) if words else tuple(drawn))
        min_overlap = rng.choice([0.2, 0.3, 0.5, 0.6, 0.8, 1.0])
        block_cap = rng.choice([2, 3, 5, 20, 200])
        groups = [rng.choice(["a", "b", None]) for _ in range(count)] if rng.random() < 0.4 else None
        expected = _by_dict(token_sets, min_overlap, block_cap, groups)
        assert _by_numpy(token_sets, min_overlap, block_cap, groups) == expected


def test_tokens_of_mixed_types_or_repeated_in_a_document_fall_back_to_dict_blocking() -> None:
    assert pairing._block_codes([frozenset({1, "a"}), frozenset({1})], 0.5, 10, None) is None
    assert pairing._block_codes([(1, 1, 2), (1, 2)], 0.5, 10, None) is None
    repeated = [(1, 1, 2), (1, 2)]
    assert pairing.candidate_pairs(repeated, min_overlap=0.5) == [(0, 1)]


def test_sorted_unique_matches_numpy_unique() -> None:
    values = numpy.random.default_rng(1).integers(0, 50, 1000)
    assert pairing.sorted_unique(values).tolist() == numpy.unique(values).tolist()
    assert pairing.sorted_unique(numpy.zeros(0, dtype=numpy.int64)).tolist() == []


@pytest.mark.parametrize("seed", range(4))
def test_small_inputs_pair_without_numpy_exactly_as_large_ones_do(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(100):
        token_sets = [
            frozenset(f"w{rng.randrange(25)}" for _ in range(rng.randint(0, 7))) for _ in range(rng.randint(0, 60))
        ]
        skip = (lambda left, right: (left + right) % 3 == 0) if rng.random() < 0.5 else None
        options = {"min_overlap": rng.choice([0.3, 0.5, 1.0]), "skip": skip, "chunk_size": rng.choice([1, 7, 1000])}
        small = list(pairing.candidate_chunks(token_sets, **options))
        monkeypatch.setattr(pairing, "SMALL_INPUT", -1)
        large = list(pairing.candidate_chunks(token_sets, **options))
        monkeypatch.setattr(pairing, "SMALL_INPUT", 2_000)
        assert [[tuple(pair) for pair in chunk] for chunk in small] == large
        assert all(type(left) is int and type(right) is int for chunk in small for left, right in chunk)


@pytest.mark.parametrize("seed", range(6))
def test_sides_keep_exactly_the_pairs_across_them(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        count, vocabulary = rng.randint(0, 50), rng.randint(1, 25)
        token_sets = [tuple({rng.randrange(vocabulary) for _ in range(rng.randint(0, 7))}) for _ in range(count)]
        sides = [rng.random() < 0.3 for _ in range(count)]
        min_overlap, block_cap = rng.choice([0.3, 0.5, 0.8]), rng.choice([3, 5, 50])
        width = count + 1
        expected = [
            code
            for code in _by_dict(token_sets, min_overlap, block_cap, None)
            if sides[code // width] != sides[code % width]
        ]
        by_dict = sorted(set(pairing._block_codes_by_dict(token_sets, min_overlap, block_cap, None, sides=sides)))
        by_numpy = pairing._block_codes(token_sets, min_overlap, block_cap, None, sides=sides)
        assert by_dict == expected
        assert by_numpy is not None and pairing.sorted_unique(by_numpy).tolist() == expected
        chunked = pairing.candidate_chunks(
            token_sets, min_overlap=min_overlap, block_cap=block_cap, sides=sides, chunk_size=7
        )
        assert [left * width + right for chunk in chunked for left, right in chunk] == expected
