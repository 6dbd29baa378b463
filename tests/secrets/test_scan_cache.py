"""The scan cache never stores a secret: pairwise findings that quote one are masked before the cache file is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from curator.scancache import CACHE_ENV
from curator.secrets.mask import mask_value
from tests.support.fake_secrets import fakes
from tests.support.gitrepo import commit_files, init_repo

FAKE = fakes()[0]


def test_a_duplicate_quoting_a_secret_is_cached_masked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "project"
    init_repo(project)
    body = f"Token {FAKE.value} is what the deploy bot on CI uses for every release build of the app."
    files = {".claude/memory/MEMORY.md": "# Memory\n\n- [a](a.md) — a\n- [b](b.md) — b\n"}
    for name in "ab":
        files[f".claude/memory/{name}.md"] = (
            f"---\nname: deploy {name}\ndescription: deploy bot token\ntype: project\n---\n\n{body}\n"
        )
    commit_files(project, files, "two copies", "2026-11-01T12:00:00+00:00")
    cache = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(cache))
    for _run in range(2):  # cold (writes the cache), then warm (reads it back)
        result = CliRunner().invoke(
            main, ["scan", str(project / ".claude/memory"), "--format", "json", "--now", "2026-11-29"]
        )
        assert FAKE.value not in result.output
        duplicates = [finding for finding in json.loads(result.output)["findings"] if finding["rule"] == "duplicate"]
        assert duplicates and mask_value(FAKE.value) in duplicates[0]["message"]
    written = [path for path in cache.rglob("*") if path.is_file()]
    assert written
    assert all(FAKE.value not in path.read_text(encoding="utf-8") for path in written)
