"""Running the user's $EDITOR on a file: the one function tests replace."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

FALLBACK_EDITORS = ("nano", "vim", "vi")


class EditorError(Exception):
    """No editor could be started."""


def editor_argv(path: Path) -> list[str]:
    """`$VISUAL`/`$EDITOR` split like a shell would (no shell runs), then the path."""
    configured = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if configured:
        return [*shlex.split(configured), str(path)]
    for candidate in FALLBACK_EDITORS:
        found = shutil.which(candidate)
        if found:
            return [found, str(path)]
    raise EditorError("set $EDITOR (no nano, vim or vi found)")


def run_external_editor(path: Path) -> None:
    """Open `path` in the user's editor and wait for it to exit."""
    argv = editor_argv(path)
    try:
        subprocess.run(argv, check=False)
    except OSError as exc:
        raise EditorError(f"could not start {argv[0]}: {exc}") from exc
