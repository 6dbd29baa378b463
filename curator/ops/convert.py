"""`export` and `import`: write entries of one store into a new store of another format, or into an existing store."""

from __future__ import annotations

import os
from pathlib import Path

from curator.model import Store
from curator.ops.core import OpResult, file_dir, run_plan
from curator.ops.io import OpError, Plan, atomic_write
from curator.sync.convert import portable_entries, render

STORE_FORMAT_TO_EXPORT = {
    "claude-code": "claude-code",
    "notes": "notes",
    "openclaw": "openclaw",
    "instructions": "agents-md",
}


def _confined(root: Path, rel: str) -> Path:
    real_root = Path(os.path.realpath(root))
    target = Path(os.path.realpath(real_root / rel))
    if not target.is_relative_to(real_root):
        raise OpError(f"{rel} would be written outside {real_root}; refusing")
    return target


def export_store(store: Store, to: str, directory: Path) -> list[str]:
    """Write the store's active entries as a new store of format `to` in `directory`; never overwrites a file."""
    portables = portable_entries(store)
    if not portables:
        raise OpError(f"{store.root} has no active entries to export")
    files = render(to, portables, {}, set())
    directory.mkdir(parents=True, exist_ok=True)
    targets = {rel: _confined(directory, rel) for rel in files}
    existing = [rel for rel, target in targets.items() if target.exists() or target.is_symlink()]
    if existing:
        raise OpError(f"{directory} already has {', '.join(sorted(existing))}; export into an empty directory")
    for rel, text in sorted(files.items()):
        targets[rel].parent.mkdir(parents=True, exist_ok=True)
        atomic_write(targets[rel], text.encode("utf-8"))
    return sorted(files)


def import_entries(destination: Store, source: Store) -> OpResult:
    """Add the source store's entries to `destination` in its own format (entries already there are skipped), one commit."""
    to = STORE_FORMAT_TO_EXPORT.get(destination.format)
    if to is None:
        raise OpError(f"cannot import into a {destination.format} store")
    present = {portable.content for portable in portable_entries(destination)}
    incoming = [portable for portable in portable_entries(source) if portable.content not in present]
    if not incoming:
        return OpResult("import: every entry is already in the store", None, [], destination)
    directory = file_dir(destination)
    existing = {rel: (src.text or "") for rel, src in destination.files.items() if src.text is not None}
    if destination.format == "instructions":
        name = destination.root.name if destination.root.is_file() else "AGENTS.md"
        existing = {"AGENTS.md": existing.get(name, "")}
    files = render(to, incoming, existing, set(destination.files))
    if destination.format == "instructions":
        files = {(destination.root.name if destination.root.is_file() else "AGENTS.md"): files["AGENTS.md"]}
    plan = Plan(directory)
    for rel, text in files.items():
        source_file = destination.files.get(rel)
        data = source_file.encode(text) if source_file is not None else text.encode("utf-8")
        plan.write(rel, data, source_file.raw if source_file is not None else None, _confined(directory, rel))
    return run_plan(
        destination, plan, f"import {len(incoming)} entr{'y' if len(incoming) == 1 else 'ies'} from {source.root}", None
    )
