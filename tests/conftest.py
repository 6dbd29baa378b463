"""Shared fixtures: a fixed clock, a git identity, and the shared corpus when present."""

from __future__ import annotations

import inspect
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.support.gitrepo import TEST_IDENTITY

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS = SHARED / "corpus"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark slow (`-m "not slow"` skips them): Pilot tests (async) and SVG snapshots, which drive a whole
    Textual app; tests over the whole shared corpus; hypothesis property tests."""
    for item in items:
        function = getattr(item, "function", None)
        fixtures = getattr(item, "fixturenames", ())
        if (
            inspect.iscoroutinefunction(function)
            or "snap_compare" in fixtures
            or "corpus" in fixtures
            or getattr(function, "is_hypothesis_test", False)
        ):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def git_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give every test the same git identity, whatever the machine's config says."""
    for key, value in TEST_IDENTITY.items():
        monkeypatch.setenv(key, value)


@pytest.fixture
def now() -> datetime:
    return NOW


@pytest.fixture
def corpus() -> Path:
    """The shared corpus of real memory files; the test is skipped when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    return CORPUS


@pytest.fixture(autouse=True)
def scan_cache_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep scan caches of test stores out of the real user cache directory."""
    monkeypatch.setenv("CURATOR_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "curator-cache"))
