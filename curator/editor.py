"""Running the user's $EDITOR on a scratch copy of some text: one launcher for the CLI and the TUI."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

FALLBACK_EDITORS = ("nano", "vim", "vi")


class EditorError(Exception):
    """No editor could be started, it failed, or what it saved cannot be used."""


def editor_argv(path: Path) -> list[str]:
    """`$VISUAL`/`$EDITOR` split like a shell would (no shell runs), then the path."""
    configured = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if configured:
        try:
            return [*shlex.split(configured), str(path)]
        except ValueError:
            raise EditorError(f"cannot parse $EDITOR {configured!r}") from None
    for candidate in FALLBACK_EDITORS:
        found = shutil.which(candidate)
        if found:
            return [found, str(path)]
    raise EditorError("set $EDITOR (no nano, vim or vi found)")


def run_external_editor(path: Path) -> None:
    """Open `path` in the user's editor and wait for it to exit; a failing exit status is an error."""
    argv = editor_argv(path)
    try:
        completed = subprocess.run(argv, check=False)
    except OSError as exc:
        raise EditorError(f"could not start {argv[0]}: {exc}") from exc
    if completed.returncode != 0:
        raise EditorError(f"editor {argv[0]} exited with status {completed.returncode}; nothing saved")


def edit_text(initial: str, *, name: str = "entry.md", launch: Callable[[Path], None] | None = None) -> str:
    """Let the person edit `initial` in a scratch file called `name`; returns what they saved (bytes kept exact)."""
    with tempfile.TemporaryDirectory(prefix="curator-edit-") as directory:
        path = Path(directory) / name
        path.write_bytes(initial.encode("utf-8"))
        (launch or run_external_editor)(path)
        try:
            return path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            raise EditorError("the edited text is not valid UTF-8; nothing saved") from None
