"""Resolve a path as written in memory to a location confined to the project root."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from curator.vcs import nearest_git_root


class Refused(Exception):
    """A probe argument that would read outside the project root or is not plain data."""


@dataclass(frozen=True)
class Confined:
    """A path inside the project: `rel` is what the probe is given, `absolute` where it lands."""

    rel: str
    absolute: Path


def project_real(project: Path) -> Path:
    return Path(os.path.realpath(project))


def confine(project: Path, raw: str, *, base: str = "") -> Confined:
    """Return `raw` (relative to `base` inside the project) normalised, or raise Refused."""
    if not raw:
        raise Refused("empty path")
    if "\x00" in raw or "\n" in raw or "\r" in raw:
        raise Refused(f"{raw!r} contains control characters")
    if raw.startswith("~"):
        raise Refused(f"{raw} is a home-directory path, outside the project root")
    if os.path.isabs(raw) or raw.startswith("\\") or (len(raw) > 1 and raw[1] == ":" and raw[0].isalpha()):
        raise Refused(f"{raw} is an absolute path; probes only read inside the project root")
    joined = os.path.normpath(os.path.join(base, raw)) if base else os.path.normpath(raw)
    if joined == ".." or joined.startswith("../") or joined.startswith(".." + os.sep):
        raise Refused(f"{raw} climbs out of the project root")
    root = project_real(project)
    landed = Path(os.path.realpath(root / joined))
    if landed != root and root not in landed.parents:
        raise Refused(f"{raw} resolves to {landed}, outside the project root (symlink)")
    return Confined(rel=joined, absolute=landed)


def within(project: Path, path: Path) -> bool:
    """True when `path` (after resolving symlinks) lies inside the project root."""
    root = project_real(project)
    landed = Path(os.path.realpath(path))
    return landed == root or root in landed.parents


def git_root(start: Path) -> Path | None:
    """The nearest directory at or above `start` holding a `.git` entry, found without running git."""
    return nearest_git_root(Path(os.path.realpath(start)))
