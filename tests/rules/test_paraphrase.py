"""Paraphrase duplicates: the packaged embedding model (offline), approximate top-k pairing, and the facts gate."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from datetime import datetime, timezone
from pathlib import Path

import numpy
import pytest

from curator import rules
from curator.rules import semantic
from tests.support.topic_stores import topic_store

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parents[2]


def drift(tmp_path: Path, *texts: str) -> list[tuple[str, list[str]]]:
    store = topic_store(tmp_path, texts, [10 - position for position in range(len(texts))], NOW, "feedback")
    return [
        (f.rule, sorted(f.entries))
        for f in rules.analyze(store, now=NOW).findings
        if f.rule in ("conflict", "duplicate")
    ]


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        env={**os.environ, "HF_HUB_OFFLINE": "1", **env},
        timeout=120,
    )


def test_model_loads_from_the_wheel_with_the_network_off() -> None:
    completed = _run("""
        import json, socket
        def refuse(*args, **kwargs):
            raise RuntimeError("network used")
        socket.socket.connect = refuse
        socket.create_connection = refuse
        socket.getaddrinfo = refuse
        from curator.rules import embed
        vectors = embed.encode(["Run the migrations before deploying.", "部署前先跑数据库迁移"])
        print(json.dumps({"shape": list(vectors.shape), "norms": [float(v @ v) for v in vectors], "note": embed.note()}))
    """)
    assert completed.returncode == 0, completed.stderr
    result = json.loads(completed.stdout.strip().splitlines()[-1])
    assert result["shape"] == [2, 256]
    assert result["norms"] == pytest.approx([1.0, 1.0], abs=1e-3)
    assert result["note"] is None


@pytest.mark.parametrize(
    ("env", "block_import", "note"),
    [({"CURATOR_NO_EMBEDDINGS": "1"}, False, "switched off"), ({}, True, "unavailable")],
)
def test_without_a_model_duplicates_still_run_with_a_note(
    tmp_path: Path, env: dict, block_import: bool, note: str
) -> None:
    completed = _run(
        f"""
        import sys
        if {block_import}:
            sys.modules["wordllama"] = None
        from datetime import datetime, timezone
        from pathlib import Path
        from curator import rules
        from curator.model import Entry, Store
        store = Store(root=Path({str(tmp_path)!r}), format="claude-code")
        for name, text in (("a.md", "Always run the linter before you push a branch."),
                           ("b.md", "Always run the linter before you push a branch!")):
            store.entries.append(Entry(id=name, path=name, kind="file", name=name, description="", type="feedback",
                                       body=text, text=text, fields={{}}))
        outcome = rules.analyze(store, now=datetime(2026, 11, 29, tzinfo=timezone.utc))
        print([f.rule for f in outcome.findings if f.rule == "duplicate"])
        print(store.notes[-1])
    """,
        **env,
    )
    assert completed.returncode == 0, completed.stderr
    found, last_note = completed.stdout.strip().splitlines()[-2:]
    assert found == "['duplicate']"
    assert note in last_note


def _planted(count: int, planted: int, seed: int) -> tuple[numpy.ndarray, set[tuple[int, int]]]:
    generator = numpy.random.default_rng(seed)
    vectors = generator.standard_normal((count, 256)).astype(numpy.float32)
    pairs = set()
    for offset in range(planted):
        left, right = 2 * offset, 2 * offset + 1
        vectors[right] = vectors[left] + 0.25 * generator.standard_normal(256).astype(numpy.float32)
        pairs.add((left, right))
    vectors /= numpy.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors, pairs


def test_exact_top_k_finds_every_close_pair() -> None:
    vectors, pairs = _planted(600, 30, seed=1)
    found = {(left, right) for left, right, _ in semantic.similar_pairs(vectors, 0.8)}
    brute = {(i, j) for i in range(600) for j in range(i + 1, 600) if float(vectors[i] @ vectors[j]) >= 0.8}
    assert found == brute == pairs


def test_hashed_pairing_beyond_the_exact_limit_is_not_all_pairs() -> None:
    count = semantic.EXACT_LIMIT + 2000
    vectors, pairs = _planted(count, 200, seed=2)
    found = semantic.similar_pairs(vectors, 0.8)
    recovered = {(left, right) for left, right, _ in found} & pairs
    assert len(recovered) / len(pairs) >= 0.9
    assert all(score >= 0.8 for _, _, score in found)


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            (
                "Run the database migrations before deploying the app.",
                "Before you deploy the app, apply the database migrations first.",
            ),
            [("duplicate", ["e0.md", "e1.md"])],
        ),
        (
            (
                "每周二和周五发布博客文章，发布前先在预发环境检查。",
                "博客文章在周二和周五发布；发布之前先到预发环境检查一遍。",
            ),
            [("duplicate", ["e0.md", "e1.md"])],
        ),
        (
            (
                "Never hard-code hex colors in components; dark mode colors come from theme/tokens.ts.",
                "组件里不要写死十六进制颜色值，深色模式的颜色都从 theme/tokens.ts 取。",
            ),
            [("duplicate", ["e0.md", "e1.md"])],
        ),
        (
            (
                "We have two editors who review every post before it goes out.",
                "We have one editor who reviews every post before it goes out.",
            ),
            [("conflict", ["e0.md", "e1.md"])],
        ),
        (
            (
                "Run the database migrations before deploying the app on 2026-03-01.",
                "Run the database migrations before deploying the app on 2026-04-01.",
            ),
            [],
        ),
        (
            (
                "Use pnpm to install the dependencies before running the test suite.",
                "Use yarn to install the dependencies before running the test suite.",
            ),
            [("conflict", ["e0.md", "e1.md"])],
        ),
        (
            (
                "Run the database migrations before deploying the billing service.",
                "Run the database migrations before deploying the search service.",
            ),
            [],
        ),
    ],
)
def test_paraphrases_and_the_facts_gate(tmp_path: Path, texts: tuple[str, str], expected: list) -> None:
    assert drift(tmp_path, *texts) == expected
