"""Which project a memory store is about, and how that was found: the one place every command asks."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from curator.formats import instructions
from curator.formats.common import find_git_root

HOW_EXPLICIT = "explicit --project"
HOW_CWD = "discovered from the current directory"
HOW_DECODED = "decoded from the store name"
HOW_GIT_ROOT = "the git repository holding the store"
HOW_LAYOUT = "the directory holding the store"
HOW_NONE = "none"

_MAX_DECODE_STEPS = 200_000


@dataclass(frozen=True)
class ProjectResolution:
    """The project root (or None) and a short phrase saying how it was found, or why none was."""

    path: Path | None
    how: str


def encode_project_path(path: Path) -> str:
    """Claude Code's directory name for a project: every char outside [A-Za-z0-9] becomes '-'."""
    return re.sub(r"[^A-Za-z0-9]", "-", str(path))


def claude_store_name(store_root: Path) -> str | None:
    """`<name>` when `store_root` is `~/.claude/projects/<name>/memory` (any home), else None."""
    parts = Path(store_root).absolute().parts
    if len(parts) >= 4 and parts[-1] == "memory" and parts[-3] == "projects" and parts[-4] == ".claude":
        return parts[-2]
    return None


def decode_project_name(name: str, root: Path = Path("/"), limit: int = 2) -> list[Path]:
    """Existing directories under `root` whose absolute path encodes to `name` (at most `limit`).

    The encoding is lossy ('-' may have been '/', '.', '_', ' ' or '-'), so the filesystem is walked
    from `root`, keeping only directory entries whose encoded name matches the next part of `name`.
    """
    encoded_root = encode_project_path(root).rstrip("-")
    if not name.startswith(encoded_root + "-"):
        return []
    found: list[Path] = []
    steps = 0
    stack: list[tuple[Path, str]] = [(root, name[len(encoded_root) + 1 :])]
    while stack and len(found) < limit and steps < _MAX_DECODE_STEPS:
        directory, rest = stack.pop()
        try:
            children = sorted(os.scandir(directory), key=lambda child: child.name, reverse=True)
        except OSError:
            continue
        for child in children:
            steps += 1
            encoded = encode_project_path(Path(child.name))
            if not (rest == encoded or rest.startswith(encoded + "-")):
                continue
            try:
                if not child.is_dir():
                    continue
            except OSError:
                continue
            if rest == encoded:
                found.append(Path(child.path))
            else:
                stack.append((Path(child.path), rest[len(encoded) + 1 :]))
    return sorted(found)[:limit]


def _claude_store_project(name: str, cwd: Path | None) -> ProjectResolution:
    if cwd is not None:
        start = Path(cwd).absolute()
        git_root = find_git_root(start)
        for base in dict.fromkeys(p for p in (git_root, start) if p is not None):
            for key in dict.fromkeys((base, base.resolve())):
                if encode_project_path(key) == name:
                    return ProjectResolution(key, HOW_CWD)
    matches = decode_project_name(name)
    if len(matches) == 1:
        return ProjectResolution(matches[0], HOW_DECODED)
    if matches:
        listed = " and ".join(str(match) for match in matches)
        return ProjectResolution(
            None, f"the store name {name} is ambiguous ({listed}, maybe more); pass --project or run from the project"
        )
    return ProjectResolution(None, f"no existing directory encodes to the store name {name}; pass --project")


def resolve_project(
    store_path: Path, explicit: Path | None = None, cwd: Path | None = None, *, store_format: str | None = None
) -> ProjectResolution:
    """The project of the store rooted at `store_path`: `--project`, else the cwd or decoded name for a
    `~/.claude/projects` store, else the git root or layout around the store."""
    if explicit is not None:
        return ProjectResolution(Path(explicit).absolute(), HOW_EXPLICIT)
    root = Path(store_path).absolute()
    name = claude_store_name(root)
    if name is not None and store_format in (None, "claude-code"):
        return _claude_store_project(name, cwd)
    if store_format == "instructions":
        return ProjectResolution(root, "the directory holding the instruction files")
    git_root = find_git_root(root)
    if git_root is not None:
        return ProjectResolution(git_root, HOW_GIT_ROOT)
    if root.name == "memory" and root.parent.name == ".claude":
        return ProjectResolution(root.parent.parent, HOW_LAYOUT)
    if root.name in ("memory", "memory-bank"):
        return ProjectResolution(root.parent, HOW_LAYOUT)
    for candidate in (root, root.parent):
        if instructions.instruction_files(candidate) or (candidate / ".claude").is_dir():
            return ProjectResolution(candidate, HOW_LAYOUT)
    return ProjectResolution(None, HOW_NONE)
