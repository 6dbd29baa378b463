"""Git access scoped to one store's memory files: store-relative paths in, repository paths out, blobs read in one
batch, work-tree bytes read only inside the store."""

from __future__ import annotations

import os
import stat
from functools import cached_property
from pathlib import Path, PurePosixPath

from curator.history.git import GitError, Repository
from curator.inbox.marker import repository_for
from curator.model import Store

ARCHIVE_DIR = ".archive"


class InboxError(Exception):
    """The inbox cannot be computed: no git, an unknown revision, a store outside its repository."""


def store_directory(store: Store) -> Path:
    """The directory that holds the store's files."""
    return store.root if store.root.is_dir() else store.root.parent


def memory_paths(store: Store) -> list[str]:
    """The store's memory files and archives, relative to its directory, as pathspecs."""
    if not store.root.is_dir():
        name = PurePosixPath(store.root.name)
        return [name.as_posix(), name.with_name(f"{name.stem}.archive{name.suffix or '.md'}").as_posix()]
    if store.format == "openclaw":
        return ["MEMORY.md", "memory", ARCHIVE_DIR]
    return ["."]


def _is_memory_file(rel: str) -> bool:
    return rel.endswith((".md", ".mdc"))


def _is_archived(rel: str) -> bool:
    return rel.startswith(f"{ARCHIVE_DIR}/") or PurePosixPath(rel).stem.endswith(".archive")


class _StoreGit:
    """Git access scoped to one store: store-relative paths in, repository paths out."""

    def __init__(self, store: Store) -> None:
        self.directory = store_directory(store)
        repository = repository_for(self.directory)
        if repository is None:
            raise InboxError(f"{self.directory} is not in git; run `curator snapshot` or `curator track` first")
        self.repository: Repository = repository
        prefix = repository.relative(self.directory)
        if prefix.startswith(".."):
            raise InboxError(f"{self.directory} is outside its git work tree")
        self.prefix = f"{prefix}/" if prefix else ""
        self.pathspecs = [self._repo_path(rel) for rel in memory_paths(store)]

    def _repo_path(self, rel: str) -> str:
        return (self.prefix + rel).rstrip("/") if rel != "." else (self.prefix.rstrip("/") or ".")

    def store_rel(self, repo_path: str) -> str | None:
        if self.prefix and not repo_path.startswith(self.prefix):
            return None
        return repo_path[len(self.prefix) :]

    def git(self, *args: str) -> bytes:
        return self.repository.run("--literal-pathspecs", *args)

    def blob(self, commit: str, rel: str) -> bytes | None:
        try:
            return self.repository.run("cat-file", "blob", f"{commit}:{self.prefix}{rel}")
        except GitError:
            return None

    def blobs(self, commit: str, rels: list[str]) -> dict[str, bytes | None]:
        """Each file's bytes at `commit` (None: no such blob), read by one `git cat-file --batch`."""
        batched = [rel for rel in dict.fromkeys(rels) if "\n" not in rel and "\r" not in rel]
        found: dict[str, bytes | None] = {rel: self.blob(commit, rel) for rel in rels if "\n" in rel or "\r" in rel}
        if not batched:
            return found
        names = "".join(f"{commit}:{self.prefix}{rel}\n" for rel in batched).encode("utf-8", "surrogateescape")
        try:
            output = self.repository.run("cat-file", "--batch", stdin=names)
        except GitError:
            return found | {rel: self.blob(commit, rel) for rel in batched}
        position = 0
        for rel in batched:
            header_end = output.find(b"\n", position)
            if header_end < 0:
                found[rel] = self.blob(commit, rel)
                continue
            header = output[position:header_end].split(b" ")
            position = header_end + 1
            if len(header) == 3 and header[2].isdigit():
                size = int(header[2])
                found[rel] = output[position : position + size] if header[1] == b"blob" else None
                position += size + 1
            else:
                found[rel] = None
        return found

    @cached_property
    def real_directory(self) -> str:
        return os.path.realpath(self.directory)

    def read_now(self, rel: str) -> bytes | None:
        """The file's bytes in the work tree, or None when it is missing, not a file, or resolves outside the store."""
        real = self._plain_path(rel) or os.path.realpath(self.directory / rel)
        if not real.startswith(self.real_directory + os.sep) or not os.path.isfile(real):
            return None
        try:
            with open(real, "rb") as stream:
                return stream.read()
        except OSError:
            return None

    def _plain_path(self, rel: str) -> str | None:
        """The real path of `rel` when no part of it is a link or a dot part (one lstat per part), else None."""
        parts = rel.split("/")
        if any(part in ("", ".", "..") for part in parts):
            return None
        path = self.real_directory
        for part in parts:
            path = f"{path}{os.sep}{part}"
            try:
                if stat.S_ISLNK(os.lstat(path).st_mode):
                    return None
            except OSError:
                return None
        return path
