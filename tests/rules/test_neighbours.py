"""The shared neighbour step of the meaning stages (rules/conflict/neighbours.py): mutual nearest claims of two entries."""

from __future__ import annotations

import numpy

from curator.rules.conflict.neighbours import mutual_nearest


def _unit(rows: list[list[float]]) -> numpy.ndarray:
    vectors = numpy.array(rows, dtype=numpy.float32)
    return vectors / numpy.linalg.norm(vectors, axis=1, keepdims=True)


def test_only_claims_that_are_each_others_nearest_pair() -> None:
    vectors = _unit([[1, 0, 0], [0.99, 0.1, 0], [0.9, 0.3, 0], [0, 0, 1]])
    pairs = mutual_nearest(vectors, [0, 1, 2, 3], [0, 1, 2, 3], lambda a, b: True, 0.3)
    assert [(left, right) for left, right, _ in pairs] == [(0, 1)]


def test_claims_of_one_entry_or_a_forbidden_pair_never_pair() -> None:
    vectors = _unit([[1, 0, 0], [0.99, 0.1, 0], [0.9, 0.3, 0]])
    same_owner = mutual_nearest(vectors, [0, 1, 2], [7, 7, 8], lambda a, b: True, 0.3)
    assert {(left, right) for left, right, _ in same_owner} == {(1, 2)}
    assert mutual_nearest(vectors, [0, 1, 2], [0, 1, 2], lambda a, b: False, 0.3) == []


def test_members_map_rows_to_claim_numbers() -> None:
    vectors = _unit([[1, 0], [0.98, 0.2]])
    assert [
        (left, right) for left, right, _ in mutual_nearest(vectors, [10, 4], list(range(11)), lambda a, b: True, 0.3)
    ] == [(4, 10)]
