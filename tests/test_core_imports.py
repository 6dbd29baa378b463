"""The core never imports textual or rich; the CLI and TUI are thin layers over it."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import curator

UI_PACKAGES = ("textual", "rich")
UI_MODULES = ("curator.tui", "curator.cli", "curator.screenshots", "curator.__main__")


def core_modules() -> list[str]:
    """Every curator module outside the TUI and CLI layers."""
    names = [module.name for module in pkgutil.walk_packages(curator.__path__, "curator.")]
    return sorted(name for name in names if not name.startswith(UI_MODULES))


def test_core_modules_are_found() -> None:
    found = core_modules()
    for expected in ("curator.model", "curator.formats", "curator.scan", "curator.report", "curator.demo"):
        assert expected in found


def test_importing_the_core_loads_neither_textual_nor_rich() -> None:
    modules = core_modules()
    program = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(json.dumps([m for m in {UI_PACKAGES!r} if m in sys.modules]))\n"
    )
    completed = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert json.loads(completed.stdout) == []
