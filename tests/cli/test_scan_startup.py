"""`curator --version` and a warm scan of the demo store leave heavy modules unimported (checked in sys.modules)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from curator.demo import build_demo
from tests.conftest import NOW

HEAVY = ("numpy", "rapidfuzz", "sqlite3", "jieba", "wordllama", "textual", "rich", "detect_secrets")
VERSION_HEAVY = (*HEAVY, "git", "yaml", "frontmatter", "toml", "curator.rules", "curator.formats", "curator.history")

_PROBE = """
import json, sys
from curator.__main__ import run
sys.argv = ["curator", *json.loads(sys.argv[1])]
try:
    run()
except SystemExit:
    pass
sys.stderr.write("\\nLOADED " + json.dumps(sorted(name for name in json.loads(sys.argv_heavy) if name in sys.modules)))
"""


def _loaded(arguments: list[str], heavy: tuple[str, ...], cwd: Path) -> list[str]:
    """The modules of `heavy` a `curator ARGUMENTS` run imported, read from its sys.modules at the end."""
    program = _PROBE.replace("sys.argv_heavy", repr(json.dumps(heavy)))
    completed = subprocess.run(
        [sys.executable, "-c", program, json.dumps(arguments)], cwd=cwd, capture_output=True, text=True, check=False
    )
    marker = completed.stderr.rpartition("\nLOADED ")
    assert marker[1], completed.stderr
    return json.loads(marker[2])


def test_version_imports_no_heavy_module(tmp_path: Path) -> None:
    assert _loaded(["--version"], VERSION_HEAVY, tmp_path) == []


def test_a_warm_scan_of_the_demo_store_imports_no_heavy_module(tmp_path: Path) -> None:
    demo = build_demo(tmp_path / "demo", NOW)
    arguments = ["scan", "--format", "json", "--now", NOW.isoformat(), "--claude-dir", str(demo.root / "claude-config")]
    cold = _loaded(arguments, HEAVY, demo.project)
    assert _loaded(arguments, HEAVY, demo.project) == []
    assert cold, "a cold scan scores pairs and embeds statements: the probe should see those modules"
