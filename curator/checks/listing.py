"""Directory listings and the project's file list, each read at most once per check pass."""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

from curator.checks import fallback
from curator.checks.probes import BATCH_READ_CAP, ProbeRunner
from curator.checks.results import ProbeResult

NOISE_DIRS = ("node_modules", ".venv", "venv", "dist", "build", "__pycache__")
LIST_COMMAND = ["git", "ls-files", "-c", "-o", "--exclude-standard"]


class ListingCache:
    """Directory listings read at most once per check pass."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._names: dict[str, frozenset[str]] = {}

    def names(self, rel_dir: str) -> frozenset[str]:
        """The names in `rel_dir` (relative to the root; empty when it cannot be listed)."""
        cached = self._names.get(rel_dir)
        if cached is None:
            try:
                cached = frozenset(os.listdir(self.root / rel_dir))
            except OSError:
                cached = frozenset()
            self._names[rel_dir] = cached
        return cached


class ProjectFiles:
    """Every file in the project (git's view, or a walk outside git), indexed by base name for suffix searches."""

    def __init__(self, files: list[str], probe: ProbeResult | None, complete: bool) -> None:
        self.files = files
        self.probe = probe
        self.complete = complete
        self._by_name: dict[str, list[str]] = defaultdict(list)
        self._dirs_by_name: dict[str, list[tuple[str, str]]] = defaultdict(list)
        seen_dirs: set[str] = set()
        for rel in files:
            parent, _, base = rel.rpartition("/")
            self._by_name[base].append(rel)
            while parent and parent not in seen_dirs:
                seen_dirs.add(parent)
                self._dirs_by_name[parent.rpartition("/")[2]].append((parent, rel))
                parent = parent.rpartition("/")[0]

    @classmethod
    def gather(cls, runner: ProbeRunner, *, in_git: bool) -> ProjectFiles:
        if not in_git:
            files = [
                rel
                for rel in fallback.walk_files(runner.project)
                if not any(part in NOISE_DIRS for part in rel.split("/"))
            ]
            return cls(files, None, True)
        probe = runner.run_batch(LIST_COMMAND, None, read_cap=BATCH_READ_CAP)
        complete = probe.exit_code == 0 and not probe.capped and not probe.timed_out
        return cls([line.strip() for line in probe.lines()], probe, complete)

    def ending_with(self, name: str, *, directory: bool) -> list[str]:
        """Files whose path ends with `/name` (or, for a directory, one file under each folder ending so)."""
        suffix = "/" + name
        last = name.rpartition("/")[2]
        if not directory:
            return [rel for rel in self._by_name.get(last, []) if ("/" + rel).endswith(suffix)]
        return [rel for folder, rel in self._dirs_by_name.get(last, []) if ("/" + folder).endswith(suffix)]
