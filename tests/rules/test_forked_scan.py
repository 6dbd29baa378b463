"""A scan whose segmenting, embedding and secrets reading run in forked children finds exactly what one process finds."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from benchmarks.synth import generate, write_store
from curator import forked, rules
from curator.report import render_json
from curator.rules import duplicate_prints, embed, facts
from curator.rules.facts import subject
from curator.rules.facts.segmenter import Segmenter
from curator.scan import analyze_store, load_store
from curator.secrets import store as secrets_store

NOW = datetime(2026, 11, 29, 12, tzinfo=timezone.utc)


def _scan(path: Path, cache: bool = False) -> str:
    return render_json(analyze_store(load_store(path), now=NOW, cache=cache))


def test_forked_children_change_no_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_store(generate(240), tmp_path / "store")
    monkeypatch.setenv(forked.DISABLE_VARIABLE, "1")
    alone = _scan(path)
    monkeypatch.delenv(forked.DISABLE_VARIABLE)
    monkeypatch.setattr(forked.threading, "active_count", lambda: 1)  # as in a CLI process (pytest may hold threads)
    monkeypatch.delitem(subject._segmenter, "jieba")  # as in a process that never loaded jieba
    monkeypatch.setattr(rules, "SEGMENT_IN_CHILD_MIN_ENTRIES", 100)
    monkeypatch.setattr(rules, "SEGMENT_IN_CHILD_MIN_CJK", 10)
    monkeypatch.setattr(embed, "PREFETCH_MIN_TEXTS", 100)
    monkeypatch.setattr(secrets_store, "MIN_FORKED_FILES", 100)
    monkeypatch.setattr(duplicate_prints, "PREFETCH_MIN_ENTRIES", 100)
    monkeypatch.setattr(rules, "SEGMENT_IN_CHILD_MIN_RUNS", 100)
    started: list[str] = []
    original = forked.Forked.__init__

    def counting(self, compute):  # noqa: ANN001, ANN202
        original(self, compute)
        started.append("child" if self.pid else "here")

    monkeypatch.setattr(forked.Forked, "__init__", counting)
    streaming = forked.ForkedStream.__init__

    def counting_stream(self, items, compute):  # noqa: ANN001, ANN202
        streaming(self, items, compute)
        started.append("child" if self.pid else "here")

    monkeypatch.setattr(forked.ForkedStream, "__init__", counting_stream)
    segmenting = rules.segment_in_child

    def segment_in_child() -> None:
        segmenting()
        started.append("segmenter" if isinstance(subject._segmenter.get("child"), Segmenter) else "none")

    monkeypatch.setattr(rules, "segment_in_child", segment_in_child)
    assert _scan(path) == alone
    assert sorted(started) == ["child", "child", "child", "segmenter"]  # secrets, fingerprints, embeddings, jieba
    assert "child" not in subject._segmenter
    monkeypatch.setenv("CURATOR_CACHE_DIR", str(tmp_path / "cache"))
    started.clear()
    _as_a_new_process()
    assert _scan(path, cache=True) == alone  # a first memo scan: children fill the memo
    assert sorted(started) == ["child", "child", "segmenter"]  # the secrets scan stays here to fill the memo
    started.clear()
    _as_a_new_process()
    assert _scan(path, cache=True) == alone  # from the memo: no child needed
    assert started == []


def _as_a_new_process() -> None:
    """Forget the per-process caches in front of the scan memo, as a new `curator scan` process would not have them."""
    subject.segment.cache_clear()
    subject.subject_tokens.cache_clear()
    facts.statement_facts.cache_clear()
