"""Archive the memory folder of a project whose checkout is gone (moved aside, never deleted)."""

from __future__ import annotations

import os
from pathlib import Path

from curator.ops.io import OpError, fsync_directory
from curator.sync.projects import ARCHIVE_DIR_NAME


def archive_orphan(home: Path, store: Path) -> Path:
    """Move `~/.claude/projects/<name>` (the folder holding `store`) to `~/.claude/projects/.curator-archive/<name>`."""
    projects = Path(os.path.realpath(home / ".claude" / "projects"))
    folder = Path(store).parent
    if folder.is_symlink() or Path(os.path.realpath(folder)).parent != projects:
        raise OpError(f"{folder} is not a folder directly under {projects}; refusing to move it")
    archive = projects / ARCHIVE_DIR_NAME
    archive.mkdir(exist_ok=True)
    target = archive / folder.name
    if target.exists():
        raise OpError(f"{target} already exists; move it away first")
    os.rename(folder, target)
    fsync_directory(projects)
    fsync_directory(archive)
    return target
