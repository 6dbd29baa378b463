"""Atomic file writes and all-or-nothing multi-file change plans for ops."""

from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path


class OpError(Exception):
    """An op refused or failed; the message is one clear line and nothing was written."""


def fsync_directory(directory: Path) -> None:
    """Flush a directory entry to disk so a rename in it survives a crash."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` via a temp file in the same directory, fsync and rename."""
    target = Path(os.path.realpath(path))
    directory = target.parent
    existing_mode: int | None = None
    try:
        existing_mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        pass
    descriptor, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".curator-tmp", dir=directory)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if existing_mode is not None:
            os.chmod(temp_name, existing_mode)
        os.replace(temp_name, target)
    except BaseException:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    fsync_directory(directory)


def remove_file(path: Path) -> None:
    """Delete a file and flush its directory."""
    os.unlink(path)
    fsync_directory(path.parent)


def read_bytes_or_none(path: Path) -> bytes | None:
    """The file's bytes, or None when it does not exist."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


@dataclass
class Change:
    """One file an op writes (data) or deletes (data None); `expected` is what must be on disk first."""

    rel: str
    path: Path
    data: bytes | None
    expected: bytes | None


@dataclass
class Plan:
    """The files one op changes, applied all-or-nothing; `rel` names a file in messages."""

    root: Path
    changes: list[Change] = field(default_factory=list)

    def write(self, rel: str, data: bytes, expected: bytes | None, path: Path | None = None) -> None:
        self._put(Change(rel, path or self.root / rel, data, expected))

    def delete(self, rel: str, expected: bytes, path: Path | None = None) -> None:
        self._put(Change(rel, path or self.root / rel, None, expected))

    def _put(self, change: Change) -> None:
        for position, existing in enumerate(self.changes):
            if existing.path == change.path:
                self.changes[position] = Change(change.rel, change.path, change.data, existing.expected)
                return
        self.changes.append(change)

    @property
    def paths(self) -> list[str]:
        return [change.rel for change in self.changes]

    def effective(self) -> list[Change]:
        """The changes that actually alter a file (a write of identical bytes is dropped)."""
        return [change for change in self.changes if change.data != change.expected]

    def verify(self) -> None:
        """Refuse when any file differs from what the op was planned against."""
        for change in self.effective():
            current = read_bytes_or_none(change.path)
            if change.expected is None and current is not None:
                raise OpError(f"{change.rel} already exists; refusing to overwrite it")
            if change.expected is not None and current is None:
                raise OpError(f"{change.rel} was deleted on disk since it was loaded; rescan and try again")
            if change.expected is not None and current != change.expected:
                raise OpError(f"{change.rel} changed on disk since it was loaded; rescan and try again")

    def apply(self) -> list[Change]:
        """Verify, then write new files first and delete last; on any failure put every file back."""
        effective = self.effective()
        self.verify()
        ordered = [c for c in effective if c.data is not None and c.expected is None]
        ordered += [c for c in effective if c.data is not None and c.expected is not None]
        ordered += [c for c in effective if c.data is None]
        attempted: list[Change] = []
        created_dirs: list[Path] = []
        try:
            for change in ordered:
                attempted.append(change)
                target = change.path
                if change.data is None:
                    remove_file(target)
                    continue
                created_dirs.extend(_make_parents(target.parent))
                atomic_write(target, change.data)
        except Exception as error:
            failures = self._roll_back(attempted, created_dirs)
            where = attempted[-1].rel if attempted else "?"
            if failures:
                raise OpError(
                    f"writing {where} failed ({error}); could not put back {', '.join(failures)}"
                ) from error
            raise OpError(f"writing {where} failed ({error}); nothing was changed") from error
        return ordered

    def _roll_back(self, attempted: list[Change], created_dirs: list[Path]) -> list[str]:
        failures: list[str] = []
        for change in reversed(attempted):
            target = change.path
            try:
                current = read_bytes_or_none(target)
                if current == change.expected:
                    continue
                if change.expected is None:
                    remove_file(target)
                else:
                    atomic_write(target, change.expected)
            except OSError:
                failures.append(change.rel)
        for directory in reversed(created_dirs):
            try:
                directory.rmdir()
            except OSError:
                pass
        return failures


def _make_parents(directory: Path) -> list[Path]:
    """Create missing parent directories and return the ones created, outermost first."""
    missing: list[Path] = []
    probe = directory
    while not probe.exists():
        missing.append(probe)
        probe = probe.parent
    missing.reverse()
    for created in missing:
        created.mkdir()
    return missing
