"""Segments cut by the forked child equal the ones cut here, expected or asked for; a dead or silent child is survived."""

from __future__ import annotations

import os
import signal

import pytest

from curator import forked
from curator.rules.facts import segmenter, subject
from curator.rules.facts.segmenter import Segmenter

TEXTS = [
    "部署之前先跑测试，失败就回滚",
    "不要在高峰期重启支付网关",
    "Deploy 服务 before 周五，每次最多重试三次",
    "数据库迁移必须先在预发环境验证",
]


def _here(runs: list[str]) -> dict[str, tuple[str, ...]]:
    return {run: subject._segment_here(run) for run in runs}


def test_jieba_loaded_here_needs_no_child() -> None:
    subject._jieba()
    subject.segment_in_child()
    assert "child" not in subject._segmenter


def test_child_segments_like_this_process() -> None:
    runs = subject.cjk_runs(TEXTS)
    helper = Segmenter(subject._segment_here, subject._jieba)
    try:
        helper.expect(runs[:2])
        asked = [*runs, "从未预期的一段中文", "合并分支"]
        assert {run: helper.segment(run) for run in asked} == _here(asked)
    finally:
        helper.close()
    assert helper.pid is None


def test_dead_child_falls_back_to_this_process() -> None:
    helper = Segmenter(subject._segment_here, subject._jieba)
    assert helper.pid is not None
    os.kill(helper.pid, signal.SIGKILL)
    assert helper.segment("部署之前先跑测试") is None
    assert helper.pid is None


def test_subject_tokens_unchanged_with_a_child(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = [subject._subject_tokens(text) for text in TEXTS]
    monkeypatch.setattr(forked.threading, "active_count", lambda: 1)  # as in a CLI process (pytest may hold threads)
    monkeypatch.delitem(subject._segmenter, "jieba")  # as in a process that never loaded jieba
    subject.segment_in_child()
    try:
        assert isinstance(subject._segmenter.get("child"), Segmenter)
        subject.expect_runs(subject.cjk_runs(TEXTS))
        assert [subject._subject_tokens(text) for text in TEXTS] == expected
    finally:
        subject.stop_segmenting_in_child()
    assert "child" not in subject._segmenter


def test_slow_child_is_waited_for() -> None:
    def slow_prepare() -> object:
        import time

        time.sleep(1.0)  # longer than the parent once waited before loading jieba itself
        return subject._jieba()

    helper = Segmenter(subject._segment_here, slow_prepare)
    try:
        asked = ["数据库迁移必须先验证", "不要在高峰期重启"]
        assert {run: helper.segment(run) for run in asked} == _here(asked)
        assert helper.pid is not None
    finally:
        helper.close()


def test_silent_child_falls_back_to_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(segmenter, "REPLY_TIMEOUT_SECONDS", 0.2)
    helper = Segmenter(subject._segment_here, subject._jieba)
    assert helper.pid is not None
    os.kill(helper.pid, signal.SIGSTOP)
    assert helper.segment("部署之前先跑测试") is None
    assert helper.pid is None


def test_equal_words_from_separate_answers_are_one_string() -> None:
    helper = Segmenter(subject._segment_here, subject._jieba)
    try:
        first, second = helper.segment("部署之前先跑测试"), helper.segment("测试通过之后再部署")
    finally:
        helper.close()
    assert first is not None and second is not None
    shared = set(first) & set(second)
    assert shared
    for word in shared:
        assert next(one for one in first if one == word) is next(other for other in second if other == word)
