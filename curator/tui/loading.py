"""Reading the store for the first paint: a big store's first page comes before the whole of it."""

from __future__ import annotations

import os
from pathlib import Path

from curator import formats
from curator.model import INDEX_NAME, Store

QUICK_FILES = 150


def quick_store(path: Path, format_name: str | None, project: Path | None) -> Store | None:
    """The first topic files of a big Claude Code store (by name, no index), for a first paint; None when small."""
    if format_name not in (None, "claude-code") or not path.is_dir() or not (path / INDEX_NAME).is_file():
        return None
    with os.scandir(path) as listing:
        names = sorted(
            item.name for item in listing if item.name.endswith(".md") and item.name != INDEX_NAME and item.is_file()
        )
    if len(names) <= QUICK_FILES:
        return None
    first_page = Store(root=path, format="claude-code", project=project)
    first_page.load_files = names[:QUICK_FILES]
    try:
        return formats.reload(first_page)
    except Exception:
        return None


def first_read(path: Path, format_name: str | None, project: Path | None) -> tuple[Store, bool]:
    """A first page of a big store (partial=True), or the whole store when it is small."""
    first_page = quick_store(path, format_name, project)
    if first_page is not None:
        return first_page, True
    return formats.detect(path, format_name=format_name, project=project), False
