"""Readers and writers for every on-disk memory format (placeholder until the readers land)."""

from __future__ import annotations

from pathlib import Path

from curator.model import Store

FORMATS = ("claude-code", "notes", "openclaw", "instructions")


class DetectError(Exception):
    """The path does not exist or holds no memory curator can read."""


def detect(path: Path, *, format_name: str | None = None, project: Path | None = None) -> Store:
    """Pick the format of `path` (or use `format_name`) and load it."""
    if not Path(path).exists():
        raise DetectError(f"{path}: no such file or directory")
    raise DetectError(f"{path}: no memory found")
