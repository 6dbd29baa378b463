"""Atomic file writes and all-or-nothing multi-file change plans for ops."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Sequence
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


def confined(path: Path, roots: Sequence[Path], rel: str | None = None, *, final: bool = True) -> Path:
    """Where a write to `path` really lands (symlinks resolved now); OpError when outside every root or in `.git`.

    With `final=False` the last component is not followed (deleting a link removes the link itself).
    """
    landed = Path(os.path.realpath(path)) if final else Path(os.path.realpath(path.parent)) / path.name
    name = rel or str(path)
    for root in roots:
        real_root = Path(os.path.realpath(root))
        if landed != real_root and real_root not in landed.parents:
            continue
        if any(part.lower() == ".git" for part in landed.relative_to(real_root).parts):
            raise OpError(f"{name} resolves into a .git directory ({landed}); curator never writes there")
        return landed
    where = " or ".join(str(root) for root in roots)
    raise OpError(f"{name} resolves to {landed}, outside the store ({where}); curator only writes inside it")


class ChangedOnDisk(OpError):
    """The file differs from what the op was planned against."""


def atomic_write(path: Path, data: bytes, *, expected: bytes | None | bool = True) -> None:
    """Write `data` to `path` via a short-named temp file in the same directory, fsync and rename.

    Unless `expected` is True, the target is compared with it (None: must not exist) right before the rename.
    """
    target = Path(os.path.realpath(path))
    directory = target.parent
    existing_mode: int | None = None
    try:
        existing_mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        pass
    descriptor, temp_name = tempfile.mkstemp(prefix=".curator-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if existing_mode is not None:
            os.chmod(temp_name, existing_mode)
        if expected is True:
            os.replace(temp_name, target)
        elif expected is None or expected is False:
            _create_exclusive(temp_name, target, path.name)
        else:
            _replace_if_unchanged(temp_name, target, expected, path.name)
    except BaseException:
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    fsync_directory(directory)


def _create_exclusive(temp_name: str, target: Path, name: str) -> None:
    """Move the temp file to `target` only if nothing is there yet."""
    if os.path.lexists(target):
        raise ChangedOnDisk(f"{name} appeared on disk while curator was writing it; rescan and try again")
    os.replace(temp_name, target)


def _replace_if_unchanged(temp_name: str, target: Path, expected: bytes, name: str) -> None:
    """Compare `target` with `expected` right before the rename; a write that reached the old file after it is put back."""
    try:
        old = os.open(target, os.O_RDONLY)
    except FileNotFoundError:
        raise ChangedOnDisk(f"{name} was deleted on disk while curator was writing it; rescan and try again") from None
    try:
        if _read_all(old) != expected:
            raise ChangedOnDisk(f"{name} changed on disk while curator was writing it; rescan and try again")
        os.replace(temp_name, target)
        late = _read_all(old)
        if late != expected:
            atomic_write(target, late)
            raise ChangedOnDisk(f"{name} changed on disk while curator was writing it; rescan and try again")
    finally:
        os.close(old)


def _read_all(descriptor: int) -> bytes:
    os.lseek(descriptor, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(descriptor, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


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
    """The files one op changes, applied all-or-nothing; `rel` names a file in messages; writes stay inside `roots`."""

    root: Path
    changes: list[Change] = field(default_factory=list)
    extra_roots: list[Path] = field(default_factory=list)

    @property
    def roots(self) -> list[Path]:
        return [self.root, *self.extra_roots]

    def target(self, change: Change) -> Path:
        """The confined real location of a change (a deleted link is removed itself, not followed)."""
        return confined(change.path, self.roots, change.rel, final=change.data is not None)

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
            self.target(change)
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
                target = self.target(change)
                attempted.append(change)
                if change.data is None:
                    if read_bytes_or_none(target) != change.expected:
                        raise ChangedOnDisk(
                            f"{change.rel} changed on disk while curator was writing; rescan and try again"
                        )
                    remove_file(target)
                    continue
                created_dirs.extend(_make_parents(target.parent))
                atomic_write(target, change.data, expected=change.expected)
        except Exception as error:
            if isinstance(error, ChangedOnDisk):
                attempted = attempted[:-1]
            failures = self._roll_back(attempted, created_dirs)
            if isinstance(error, OpError) and not failures:
                raise
            where = attempted[-1].rel if attempted else "?"
            if failures:
                raise OpError(f"writing {where} failed ({error}); could not put back {', '.join(failures)}") from error
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
