"""What keeps a big scan's memory down changes no answer: per-text caches emptied, int32 blocking, concepts as ranks,
meaning clauses encoded in a child, and source files that hold their text only."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from curator import forked
from curator.formats.source import read_source
from curator.model import SourceFile
from curator.rules import embed, pairing
from curator.rules.duplicate_prints import OnDemand, Recomputed
from curator.rules.facts import numwords, statement_facts
from curator.rules.facts.subject import subject_tokens
from curator.rules.text_caches import forget_texts, per_text_caches


def test_forget_texts_empties_the_per_text_caches_and_keeps_the_small_ones() -> None:
    statement_facts("Keep the retry budget at 3 per job.")
    subject_tokens("retry budget per job")
    numwords.chinese_numeral("三")
    assert numwords._cn_value.cache_info().currsize > 0
    assert statement_facts in set(per_text_caches())
    assert forget_texts() >= 2
    assert statement_facts.cache_info().currsize == 0
    assert subject_tokens.cache_info().currsize == 0
    assert numwords._cn_value.cache_info().currsize > 0


def test_numpy_blocking_gives_the_pairs_of_the_plain_one() -> None:
    generator = random.Random(13)
    for tokens_of in (
        lambda token: token,
        lambda token: f"w{token}",
        lambda token: token - 40,
        lambda token: token + 2**40,
    ):
        token_sets = [
            tuple({tokens_of(generator.randrange(300)) for _ in range(generator.randint(0, 25))})
            for _ in range(pairing.SMALL_INPUT + 200)
        ]
        groups = [generator.randrange(3) for _ in token_sets]
        for grouping in (None, groups):
            expected = sorted(set(pairing._block_codes_by_dict(token_sets, 0.6, 20, grouping)))
            found = pairing._block_codes(token_sets, 0.6, 20, grouping)
            assert found is not None
            assert sorted(set(found.tolist())) == expected


def test_unkept_values_are_computed_but_not_held() -> None:
    calls: list[int] = []
    values = OnDemand(lambda position: calls.append(position) or position * 2)
    assert values.unkept(3) == 6 and 3 not in values
    assert values[4] == 8 and values.unkept(4) == 8
    assert calls == [3, 4]


def test_recomputed_values_are_never_held() -> None:
    calls: list[int] = []
    values = Recomputed(lambda position: calls.append(position) or position * 2)
    assert values[4] == 8 and values[4] == 8 and values.unkept(4) == 8
    assert 4 not in values and len(values) == 0
    assert calls == [4, 4, 4]


def test_hashed_neighbours_merged_band_by_band_equal_the_exact_ones_they_find() -> None:
    import numpy

    from curator.rules import semantic

    generator = numpy.random.default_rng(5)
    centres = generator.standard_normal((40, 16)).astype(numpy.float32)
    vectors = numpy.repeat(centres, 3, axis=0) + 0.05 * generator.standard_normal((120, 16)).astype(numpy.float32)
    vectors /= numpy.linalg.norm(vectors, axis=1, keepdims=True)
    hashed = {(left, right) for left, right, _ in semantic._hashed(vectors, 0.9, None)}
    exact = {(left, right) for left, right, _ in semantic._exact(vectors, 0.9, None)}
    assert hashed and hashed <= exact
    assert len(hashed) >= 0.9 * len(exact)


def test_meaning_texts_encoded_in_a_child_equal_those_encoded_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(embed, "_state", {})
    monkeypatch.setattr(embed, "PREFETCH_MIN_TEXTS", 3)
    monkeypatch.setattr(forked.threading, "active_count", lambda: 1)  # as in a CLI process (pytest may hold threads)
    texts = [
        "raised the idle timeout to # minutes",
        "会话空闲超时为 # 分钟",
        "retry budget is # per job",
        "never deploy",
    ]
    apart = embed.encode_remembered(texts, leave_prefetch=True)
    if apart is None:
        pytest.skip(embed.note() or "no embedding model")
    assert "model" not in embed._state
    here = embed._encode_here(texts)
    assert here is not None and "model" in embed._state
    assert (apart == here).all()


def test_a_source_file_gives_back_the_bytes_it_read(tmp_path: Path) -> None:
    samples = {
        "plain.md": "---\nname: x\n---\nbody\n".encode(),
        "bom.md": b"\xef\xbb\xbf" + "带 BOM 的中文\r\n".encode(),
        "latin1.md": "caf\xe9\n".encode("latin-1"),
    }
    for name, data in samples.items():
        (tmp_path / name).write_bytes(data)
        found = read_source(tmp_path, name)
        source = found if isinstance(found, SourceFile) else found.source
        assert source is not None and source.raw == data, name
        assert source == SourceFile(
            source.rel, source.abspath, data, source.text, source.bom, source.newline, source.mtime_ns
        )
    mismatched = SourceFile("x.md", tmp_path / "x.md", b"written elsewhere", "text", mtime_ns=1)
    assert mismatched.raw == b"written elsewhere"
