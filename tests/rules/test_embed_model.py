"""The packaged embedding model, read row by row, gives wordllama's own vectors byte for byte."""

from __future__ import annotations

import numpy
import pytest

from curator.rules import embed


def _texts() -> list[str]:
    words = "deploy the payment service after the smoke tests pass 部署 支付 服务 之前 先跑 冒烟 测试".split()
    texts = ["", "Run the migrations before deploying.", "部署前先跑数据库迁移", "`max_workers = 4` in prod"]
    texts += [
        " ".join(words[(number * 7) % len(words) :] + words[: number % 11]) * (1 + number % 5) for number in range(130)
    ]
    return texts


def test_the_model_read_row_by_row_gives_wordllamas_vectors() -> None:
    pytest.importorskip("wordllama")
    from wordllama.inference import WordLlamaInference

    loaded = embed._load()
    if not isinstance(loaded, embed.StaticModel):
        pytest.skip(embed.note() or "no embedding model")
    reference = WordLlamaInference(loaded.matrix, loaded.tokenizer, binary=False)
    texts = _texts()
    with numpy.errstate(invalid="ignore", divide="ignore"):
        theirs = numpy.nan_to_num(reference.embed(texts, norm=True))
        ours = numpy.nan_to_num(loaded.embed(texts, norm=True))
    assert ours.dtype == numpy.float32 and ours.shape == (len(texts), embed.DIMENSIONS)
    assert ours.tobytes() == theirs.tobytes()
    assert not numpy.array_equal(ours[1], ours[2])
