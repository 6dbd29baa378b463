"""Which project paths are memory, as a set lookup and a short list of exclude pathspecs for probes."""

from __future__ import annotations

import os
from collections import defaultdict

from curator.checks.listing import ListingCache

MAX_EXCLUDES = 64
_GLOB_SPECIAL = frozenset("*?[]\\")


class MemoryScope:
    """Memory files and folders inside one project: `contains` for filtering, `excludes` for git pathspecs."""

    def __init__(self, folders: list[str], files: list[str], listings: ListingCache) -> None:
        self.folders = frozenset(folder for folder in folders if folder and folder != ".")
        self.files = frozenset(rel for rel in files if not self._under_folder(rel))
        self.excludes = self._compact_excludes(listings)

    def _under_folder(self, rel: str) -> bool:
        parent = rel
        while "/" in parent:
            parent = parent.rsplit("/", 1)[0]
            if parent in self.folders:
                return True
        return rel in self.folders

    def contains(self, found: str) -> bool:
        """True when the project-relative path `found` is a memory file or lies in a memory folder."""
        rel = os.path.normpath(found)
        return rel in self.files or self._under_folder(rel)

    def paths(self) -> list[str]:
        return sorted(self.folders | self.files)

    def _compact_excludes(self, listings: ListingCache) -> list[str]:
        """One pathspec per memory folder, one glob per directory whose files of that suffix are all memory."""
        specs = [f":(exclude){folder}" for folder in sorted(self.folders)]
        groups: dict[tuple[str, str], set[str]] = defaultdict(set)
        for rel in self.files:
            parent, _, name = rel.rpartition("/")
            suffix = os.path.splitext(name)[1]
            groups[(parent, suffix)].add(name)
        for (parent, suffix), names in sorted(groups.items()):
            on_disk = {name for name in listings.names(parent or ".") if name.endswith(suffix)} if suffix else set()
            plain = not (_GLOB_SPECIAL & set(parent + suffix))
            if suffix and plain and len(names) > 1 and on_disk and on_disk <= names:
                specs.append(f":(exclude,glob){parent + '/' if parent else ''}*{suffix}")
            else:
                specs += [f":(exclude){parent + '/' if parent else ''}{name}" for name in sorted(names)]
            if len(specs) > MAX_EXCLUDES:
                return []
        return specs
