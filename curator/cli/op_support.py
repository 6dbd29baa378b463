"""What every op command shares: loading the store under its lock, running an op and reporting it, the editor, and
--until style days."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Callable

import click

from curator import editor, formats, ops
from curator.cli.common import echo, resolve_store_path
from curator.model import Store
from curator.vcs import GitError

EPILOG_SAFETY = (
    "Every change is written atomically, refused when a file changed on disk since it was read, "
    "and committed (only the files it touched) when the store is in git."
)


def launch_editor(path: Path) -> None:
    """Open `path` in $VISUAL or $EDITOR and wait; never through a shell (the one function tests replace)."""
    editor.run_external_editor(path)


def edit_text(initial: str, suffix: str = ".md") -> str:
    """Let the person edit `initial` in their editor via a temp file; return the saved text."""
    try:
        return editor.edit_text(initial, name=f"entry{suffix}", launch=lambda path: launch_editor(path))
    except editor.EditorError as error:
        raise click.ClickException(str(error)) from None


def parse_day(value: str | None, option: str) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date like 2026-12-31", param_hint=option) from None


def load(store_path: Path | None) -> Store:
    """Load the store at --store (or the discovered one); bad paths are usage errors."""
    from curator.scan import load_store  # deferred: `curator --help` and `--version` need no store machinery

    path = resolve_store_path(store_path)
    try:
        return load_store(path)
    except formats.DetectError as error:
        raise click.UsageError(str(error)) from None


@contextmanager
def locked_store(store_path: Path | None) -> Iterator[Store]:
    """Load the store while holding its lock, so this op and another curator's never interleave."""
    from curator.scan import load_store

    path = resolve_store_path(store_path)
    try:
        located = formats.detect(path)
    except formats.DetectError as error:
        raise click.UsageError(str(error)) from None
    try:
        with ops.store_lock(ops.lock_directory(located)):
            yield load_store(path)
    except ops.StoreBusy as error:
        echo(f"curator: {error}", err=True)
        sys.exit(1)


def report(result: ops.OpResult) -> None:
    """Print what an op did and its commit."""
    echo(result.message)
    for note in result.notes:
        if "no commit" not in note:
            echo(f"note: {note}")
    if result.commit:
        echo(f"commit {result.commit[:7]}")
    elif result.changed:
        reason = next((note for note in result.notes if "no commit" in note), "not in git: no commit")
        echo(f"({reason})")


def run_op(action: Callable[[], ops.OpResult]) -> None:
    """Run an op: refusals go to stderr with exit 1, unknown ids exit 2 with suggestions."""
    try:
        result = action()
    except ops.UnknownEntry as error:
        echo(f"curator: {error}", err=True)
        sys.exit(2)
    except (ops.OpError, GitError) as error:
        echo(f"curator: {error}", err=True)
        sys.exit(1)
    report(result)
