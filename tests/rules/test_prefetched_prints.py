"""Fingerprints made in bulk for the forked child equal those made one by one, and equal words are one object."""

from __future__ import annotations

import pytest

from curator.rules import duplicate_prints

TEXTS = [
    "Deploy the payments service with `make deploy` after the staging smoke tests pass.",
    "Deploy payments only after staging smoke tests pass; see docs/deploy.md.",
    "部署支付服务之前先跑预发环境的冒烟测试，超时 30 秒就回滚。",
    "支付服务部署前必须在预发环境跑冒烟测试，超时 30 秒回滚",
    "Keep at most 3 retries for the webhook worker (WEBHOOK_RETRIES=3).",
    "The webhook worker retries 5 times now.",
]


def test_bulk_prints_equal_prints_one_by_one() -> None:
    assert duplicate_prints.text_prints(TEXTS) == [duplicate_prints.text_print(text) for text in TEXTS]


@pytest.mark.parametrize(("left", "right"), [(0, 1), (2, 3), (4, 5)])
def test_equal_words_are_one_object(left: int, right: int) -> None:
    prints = duplicate_prints.text_prints(TEXTS)
    shared = prints[left][0] & prints[right][0]
    assert shared
    for word in shared:
        assert sum(1 for other in prints[right][0] if other is word) == 1
        assert any(other is word for other in prints[left][0])


def test_fingerprints_are_freed_without_the_cyclic_collector() -> None:
    import gc
    import weakref

    from curator.model import Entry
    from curator.rules.docs import Doc, Docs

    docs = Docs(
        [
            Doc(Entry(id=f"m{index}.md", path=f"m{index}.md", body=text, text=text), False)
            for index, text in enumerate(TEXTS)
        ]
    )
    collecting = gc.isenabled()
    gc.disable()
    try:
        prints = duplicate_prints.entry_prints(docs, None)
        assert prints.concepts[0] is not None and prints.proper[0] is not None
        freed = weakref.ref(prints)
        del prints
        assert freed() is None
    finally:
        if collecting:
            gc.enable()


def test_streamed_prints_equal_prints_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from curator import forked

    monkeypatch.setattr(forked.threading, "active_count", lambda: 1)
    texts = [f"{text} (case {index})" for index in range(50) for text in TEXTS]
    job = forked.ForkedStream(texts, duplicate_prints._sharing_print(), chunk=7)
    assert job.pid is not None
    ready = duplicate_prints._Ready(texts, job.results())
    assert ready.pop(texts[3]) == duplicate_prints.text_print(
        texts[3]
    )  # read ahead past the first three, which are held
    assert [ready.pop(text) for text in texts[:3]] == [duplicate_prints.text_print(text) for text in texts[:3]]
    assert ready.pop(texts[3]) is None  # handed out once
    assert [ready.pop(text) for text in texts[4:]] == [duplicate_prints.text_print(text) for text in texts[4:]]
