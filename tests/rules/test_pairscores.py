"""Pair scores kept across scans: the same scores as scoring afresh, found again after texts move, never trusted
when forged, malformed or from other code, and never kept for a text holding a withheld value."""

from __future__ import annotations

import hashlib
import hmac
import io
import random
from pathlib import Path

import numpy
import pytest
from rapidfuzz import fuzz

from curator import pairscores
from curator.pairscores import FILE_NAME, PairScores
from curator.rules import pairing
from curator.scanmemo import TextMemo, signing_key

WORDS = "deploy freeze cache redis kafka gradle maven review merge master post week limit timeout order stock".split()


@pytest.fixture(autouse=True)
def every_pair_remembered(monkeypatch) -> None:
    monkeypatch.setattr(pairscores, "MIN_PAIRS", 1)


def _texts(seed: int, count: int = 60) -> list[str]:
    chooser = random.Random(seed)
    return [" ".join(chooser.choices(WORDS, k=chooser.randint(3, 9))) for _ in range(count)]


def _pairs(count: int, seed: int) -> list[tuple[int, int]]:
    chooser = random.Random(seed)
    return sorted({tuple(sorted(chooser.sample(range(count), 2))) for _ in range(300)})  # type: ignore[misc]


def _scored(directory: Path, texts: list[str], pairs: list[tuple[int, int]], scorer=fuzz.ratio, memo=None):
    scores = PairScores(directory, code="c" * 64, memo=memo)
    with pairscores.using(scores):
        values = pairing.score_pairs(texts, pairs, scorer=scorer)
    scores.save()
    return values, scores


def test_remembered_scores_equal_fresh_ones_and_follow_texts_that_move(tmp_path: Path) -> None:
    texts, pairs = _texts(1), _pairs(60, 2)
    fresh = pairing.score_pairs(texts, pairs, scorer=fuzz.token_set_ratio)
    first, scores = _scored(tmp_path, texts, pairs, fuzz.token_set_ratio)
    assert first == fresh and scores.reused == 0 and (tmp_path / FILE_NAME).is_file()
    order = list(range(len(texts)))
    random.Random(3).shuffle(order)
    moved = [texts[position] for position in order]
    where = {old: new for new, old in enumerate(order)}
    moved_pairs = [(where[left], where[right]) for left, right in pairs]
    again = PairScores(tmp_path, code="c" * 64)
    with pairscores.using(again):
        assert pairing.score_pairs(moved, moved_pairs, scorer=fuzz.token_set_ratio) == fresh
    assert (again.reused, again.computed) == (len(pairs), 0)


def test_an_edited_text_rescores_only_its_pairs(tmp_path: Path) -> None:
    texts, pairs = _texts(4), _pairs(60, 5)
    _scored(tmp_path, texts, pairs)
    texts[7] = "a text nobody scored before"
    again = PairScores(tmp_path, code="c" * 64)
    with pairscores.using(again):
        values = pairing.score_pairs(texts, pairs, scorer=fuzz.ratio)
    assert values == pairing.score_pairs(texts, pairs, scorer=fuzz.ratio)
    assert again.computed == sum(7 in pair for pair in pairs) > 0


def test_a_few_pairs_are_scored_directly(tmp_path: Path, monkeypatch) -> None:
    texts, pairs = _texts(14), _pairs(60, 15)
    monkeypatch.setattr(pairscores, "MIN_PAIRS", len(pairs) + 1)
    values, scores = _scored(tmp_path, texts, pairs)
    assert values == pairing.score_pairs(texts, pairs, scorer=fuzz.ratio)
    assert scores.reused == 0 and not (tmp_path / FILE_NAME).exists()


def test_a_scorer_without_a_stable_name_is_never_cached(tmp_path: Path) -> None:
    texts, pairs = _texts(6), _pairs(60, 7)
    values, scores = _scored(tmp_path, texts, pairs, lambda left, right, **_: fuzz.ratio(left, right))
    assert values == pairing.score_pairs(texts, pairs, scorer=fuzz.ratio)
    assert scores.reused == 0 and not (tmp_path / FILE_NAME).exists()


def _rewrite(path: Path, change, *, sign: bool) -> None:
    signature, _, body = path.read_bytes().partition(b"\n")
    with numpy.load(io.BytesIO(body), allow_pickle=False) as archive:
        arrays = {name: archive[name] for name in archive.files}
    change(arrays)
    buffer = io.BytesIO()
    numpy.savez(buffer, **arrays)
    body = buffer.getvalue()
    if sign:
        signature = hmac.new(signing_key(), body, hashlib.sha256).hexdigest().encode()
    path.write_bytes(signature + b"\n" + body)


def _wrong_scores(arrays: dict) -> None:
    arrays["values0"] = arrays["values0"] * 0 + 1.0


def _wrong_shape(arrays: dict) -> None:
    arrays["keys0"] = arrays["keys0"][:, :3]


def _unsorted(arrays: dict) -> None:
    arrays["keys0"] = arrays["keys0"][::-1].copy()


def _other_code(arrays: dict) -> None:
    arrays["code"] = numpy.frombuffer(b"d" * 64, dtype=numpy.uint8)


def _not_finite(arrays: dict) -> None:
    arrays["values0"] = arrays["values0"] * numpy.nan


@pytest.mark.parametrize(
    ("change", "sign"),
    [
        (_wrong_scores, False),
        (_wrong_shape, True),
        (_unsorted, True),
        (_other_code, True),
        (_not_finite, True),
    ],
    ids=["unsigned", "wrong-shape", "unsorted", "other-code", "not-finite"],
)
def test_a_forged_or_malformed_file_is_ignored(tmp_path: Path, change, sign: bool) -> None:
    texts, pairs = _texts(8), _pairs(60, 9)
    fresh = pairing.score_pairs(texts, pairs, scorer=fuzz.ratio)
    _scored(tmp_path, texts, pairs)
    _rewrite(tmp_path / FILE_NAME, change, sign=sign)
    values, scores = _scored(tmp_path, texts, pairs)
    assert values == fresh and scores.reused == 0


def test_garbage_is_ignored(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"not a signature\nnot numpy")
    texts, pairs = _texts(10), _pairs(60, 11)
    values, scores = _scored(tmp_path, texts, pairs)
    assert values == pairing.score_pairs(texts, pairs, scorer=fuzz.ratio) and scores.reused == 0


class _Withheld:
    def finds(self, text: str) -> bool:
        return "kafka" in text


def test_a_pair_with_a_withheld_text_is_scored_but_not_kept(tmp_path: Path) -> None:
    texts, pairs = _texts(12), _pairs(60, 13)
    memo = TextMemo(tmp_path, code="c" * 64)
    memo.withheld = _Withheld()
    _scored(tmp_path, texts, pairs, memo=memo)
    again = PairScores(tmp_path, code="c" * 64)
    with pairscores.using(again):
        pairing.score_pairs(texts, pairs, scorer=fuzz.ratio)
    held = sum("kafka" in texts[left] or "kafka" in texts[right] for left, right in pairs)
    assert 0 < held < len(pairs)
    assert (again.computed, again.reused) == (held, len(pairs) - held)
