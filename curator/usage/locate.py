"""Where a store's session transcripts live: `~/.claude/projects/<encoded project>/` and its sub-agent files."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from curator.formats.detection import encode_project_path, is_claude_projects_store
from curator.model import Store

ENCODED_NAME_LIMIT = 200
SUBAGENT_DIR = "subagents"


@dataclass(frozen=True)
class TranscriptFile:
    """One JSONL transcript: its path, size and mtime, and whether a sub-agent wrote it."""

    path: Path
    size: int
    mtime_ns: int
    subagent: bool
    session_hint: str


def claude_config_dir(explicit: Path | None = None) -> Path:
    """The Claude Code config directory: `explicit`, else `$CLAUDE_CONFIG_DIR`, else `~/.claude`."""
    if explicit is not None:
        return Path(explicit)
    configured = os.environ.get("CLAUDE_CONFIG_DIR", "").strip()
    return Path(configured) if configured else Path.home() / ".claude"


def beside_transcripts(root: Path) -> bool:
    """True for Claude Code's own memory folder, `projects/<encoded>/memory`, which every session loads."""
    return is_claude_projects_store(root) or (root.name == "memory" and root.parent.parent.name == "projects")


def project_dirs(store: Store, claude_dir: Path | None = None) -> list[Path]:
    """The `projects/<encoded>` directories whose transcripts belong to this store (existing ones only)."""
    root = Path(store.root)
    if root.is_file():
        root = root.parent
    found: list[Path] = []
    if beside_transcripts(root):
        found.append(root.parent)
    projects = claude_config_dir(claude_dir) / "projects"
    if store.project is not None:
        for project in _spellings(Path(store.project)):
            found.extend(_encoded_dirs(projects, encode_project_path(project)))
    unique: list[Path] = []
    for directory in found:
        if directory.is_dir() and directory not in unique:
            unique.append(directory)
    return unique


def _spellings(project: Path) -> list[Path]:
    spellings = [project.absolute()]
    try:
        real = project.resolve()
    except OSError:
        return spellings
    if real != spellings[0]:
        spellings.append(real)
    return spellings


def _encoded_dirs(projects: Path, encoded: str) -> list[Path]:
    """`projects/<encoded>`; a name past Claude Code's 200-character cut matches by its prefix."""
    if len(encoded) <= ENCODED_NAME_LIMIT:
        return [projects / encoded]
    try:
        with os.scandir(projects) as listing:
            return [Path(item.path) for item in listing if item.name.startswith(encoded[:ENCODED_NAME_LIMIT])]
    except OSError:
        return []


def transcript_files(directory: Path) -> list[TranscriptFile]:
    """Every session file (`*.jsonl`) of one project directory and its sub-agent files, sorted by path."""
    found: list[TranscriptFile] = []
    try:
        listing = sorted(os.scandir(directory), key=lambda item: item.name)
    except OSError:
        return []
    for item in listing:
        if item.name.endswith(".jsonl"):
            regular = _regular(Path(item.path))
            if regular is not None:
                legacy_agent = item.name.startswith("agent-")
                found.append(TranscriptFile(Path(item.path), *regular, legacy_agent, item.name[: -len(".jsonl")]))
        elif item.is_dir(follow_symlinks=False):
            found.extend(_subagent_files(Path(item.path) / SUBAGENT_DIR, item.name))
    return found


def _subagent_files(folder: Path, session: str) -> list[TranscriptFile]:
    found: list[TranscriptFile] = []
    if not folder.is_dir() or folder.is_symlink():
        return found
    for current, directories, files in os.walk(folder, followlinks=False):
        directories.sort()
        for name in sorted(files):
            if name.endswith(".jsonl"):
                path = Path(current) / name
                regular = _regular(path)
                if regular is not None:
                    found.append(TranscriptFile(path, *regular, True, session))
    return found


def _regular(path: Path) -> tuple[int, int] | None:
    """(size, mtime_ns) of a regular file that is not a symlink, else None."""
    try:
        info = path.lstat()
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return info.st_size, info.st_mtime_ns


def locate(store: Store, claude_dir: Path | None = None) -> tuple[list[Path], list[TranscriptFile]]:
    """The project directories searched and every transcript file in them."""
    directories = project_dirs(store, claude_dir)
    files: list[TranscriptFile] = []
    for directory in directories:
        files.extend(transcript_files(directory))
    return directories, files
