"""Subcommands are imported lazily, and the lazy table names every command a CLI module registers."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import click

import curator
import curator.cli
from curator.cli import COMMAND_MODULES


def test_every_registered_command_is_in_the_lazy_table() -> None:
    registered: dict[str, str] = {}
    for module_info in pkgutil.iter_modules(curator.cli.__path__):
        module = importlib.import_module(f"curator.cli.{module_info.name}")
        if hasattr(module, "register"):
            group = click.Group()
            module.register(group)
            registered.update({name: module_info.name for name in group.commands})
    assert {name: module for name, (module, _) in COMMAND_MODULES.items()} == registered


def test_version_and_help_import_no_subcommand_module() -> None:
    probe = (
        "import sys; from curator.__main__ import run; sys.argv = ['curator', '--version']; run(); "
        "print(sorted(name for name in sys.modules if name.startswith('curator.cli.') or name == 'click'))"
    )
    output = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert output.splitlines() == ["curator, version " + curator.__version__, "[]"]
    listing = (
        "import sys; from click.testing import CliRunner; from curator.cli import main; "
        "CliRunner().invoke(main, ['--version']); "
        "print(sorted(name for name in sys.modules if name.startswith('curator.cli.')))"
    )
    loaded = subprocess.run([sys.executable, "-c", listing], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
