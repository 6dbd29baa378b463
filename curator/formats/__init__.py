"""Readers for every on-disk memory format: detect(path) -> Store, discover(cwd) -> candidates."""

from __future__ import annotations

import os
from pathlib import Path

from curator.formats import archive_stamps, claude_code, instructions, notes, openclaw
from curator.formats.common import find_git_root
from curator.formats.detection import (
    FORMATS,
    Candidate,
    DetectError,
    Plan,
    claude_project_dir,
    discover,
    encode_project_path,
    forced_plan,
    is_claude_projects_store,
    plan_path,
)
from curator.model import Store

__all__ = [
    "FORMATS",
    "Candidate",
    "DetectError",
    "claude_project_dir",
    "detect",
    "discover",
    "encode_project_path",
    "reload",
]


def infer_project(plan: Plan) -> Path | None:
    """The project a store belongs to: its git root, or the directory holding its memory dir."""
    root = plan.root
    if plan.format == "claude-code" and is_claude_projects_store(root):
        return None
    if plan.format == "instructions":
        return root
    git_root = find_git_root(root)
    if git_root is not None:
        return git_root
    if root.name == "memory" and root.parent.name == ".claude":
        return root.parent.parent
    if root.name in ("memory", "memory-bank"):
        return root.parent
    for candidate in (root, root.parent):
        if instructions.instruction_files(candidate) or (candidate / ".claude").is_dir():
            return candidate
    return None


def _load(plan: Plan, project: Path | None) -> Store:
    store = Store(root=plan.root, format=plan.format, load_files=plan.files)
    if plan.format == "claude-code":
        claude_code.load(store, only=plan.files, index_name=str(plan.extra.get("index_name", claude_code.INDEX_NAME)))
    elif plan.format == "notes":
        notes.load(store, plan.files or ["notes.md"])
    elif plan.format == "openclaw":
        openclaw.load(store, logs=plan.files)
    else:
        instructions.load(store, plan.files if plan.files is not None else instructions.instruction_files(plan.root))
    archive_stamps.check_archives(store)
    store.project = Path(project).absolute() if project is not None else infer_project(plan)
    store.notes.insert(0, f"{plan.format}: {plan.reason}")
    if store.project is not None and plan.format != "instructions":
        own_files = set()
        for rel in store.files:
            try:
                own_files.add((store.root / rel).absolute().relative_to(store.project).as_posix())
            except ValueError:
                continue
        instructions.load_context(store, store.project, exclude=own_files)
        if store.context_files:
            store.notes.append(f"project instructions read for comparison: {', '.join(sorted(store.context_files))}")
    return store


def detect(path: Path, *, format_name: str | None = None, project: Path | None = None) -> Store:
    """Pick the format of `path` (or use `format_name`) and load it; readers never modify a file."""
    path = Path(path)
    if format_name is not None and format_name not in FORMATS:
        raise DetectError(f"unknown format {format_name!r}; choose one of {', '.join(FORMATS)}")
    if not path.exists():
        if path.is_symlink():
            raise DetectError(f"{path}: broken symlink (its target does not exist)")
        raise DetectError(f"{path}: no such file or directory")
    try:
        if path.is_dir():
            with os.scandir(path):
                pass
        plan: Plan | None
        if format_name is not None:
            plan = forced_plan(path, format_name)
        else:
            plan = plan_path(path, Path.home())
            if plan is None:
                raise DetectError(
                    f"{path}: no agent memory found (looked for a Claude Code store, notes.md, an OpenClaw "
                    "workspace and instruction files); pass --format to force a reader"
                )
        store = _load(plan, project)
    except OSError as error:
        raise DetectError(f"{path}: cannot be read ({error.strerror or error})") from None
    store.loaded_from = path.absolute()
    return store


def reload(store: Store) -> Store:
    """Read the same store again (same root, format, files and project)."""
    extra: dict[str, object] = {}
    files = store.load_files
    if store.format == "claude-code" and files and len(files) == 1 and files[0].endswith("MEMORY.md"):
        extra["index_name"] = files[0]
    plan = Plan(store.format, store.root, "reloaded", list(files) if files is not None else None, extra)
    try:
        fresh = _load(plan, store.project)
    except OSError as error:
        raise DetectError(f"{store.root}: cannot be read ({error.strerror or error})") from None
    fresh.loaded_from = store.loaded_from
    return fresh
