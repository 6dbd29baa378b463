"""Running git for the history module over curator.vcs: repository discovery with shallow/work-tree facts."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from curator import vcs
from curator.vcs import GitError

GIT_TIMEOUT_SECONDS = 120
_BASE_OPTIONS = (
    "-c",
    "core.quotepath=off",
    "-c",
    "log.showSignature=false",
    "-c",
    "log.follow=false",
    "-c",
    "color.ui=false",
)


def git_executable() -> str | None:
    """The git binary found on PATH, or None when git is not installed."""
    return vcs.git_executable()


def run_git(executable: str, cwd: Path, *args: str, check: bool = True) -> bytes:
    """Run `git args` in `cwd` (argument list, never a shell) and return raw stdout."""
    return vcs.run(cwd, *args, check=check, timeout=GIT_TIMEOUT_SECONDS, executable=executable, options=_BASE_OPTIONS)


@dataclass
class Repository:
    """A git work tree that holds a directory curator reads, and how that directory sits in it."""

    executable: str
    toplevel: Path
    shallow: bool

    def run(self, *args: str, check: bool = True, stdin: bytes | None = None) -> bytes:
        return vcs.run(
            self.toplevel,
            *args,
            check=check,
            stdin=stdin,
            timeout=GIT_TIMEOUT_SECONDS,
            executable=self.executable,
            options=_BASE_OPTIONS,
            work_tree=self.toplevel,
        )

    def relative(self, path: Path) -> str:
        """`path` relative to the work tree root, with forward slashes ('' for the root itself)."""
        relative = Path(os.path.relpath(path.resolve(), self.toplevel)).as_posix()
        return "" if relative == "." else relative


Located = tuple[Repository | None, str]
_located: ContextVar[dict[tuple[str, str], Located] | None] = ContextVar("curator_located_repositories", default=None)


@contextmanager
def one_discovery_per_directory() -> Iterator[None]:
    """Within this context each directory's repository is asked of git once (a scan asks for the store's thrice)."""
    token = _located.set({})
    try:
        yield
    finally:
        _located.reset(token)


def locate_repository(directory: Path, executable: str) -> Located:
    """The work tree containing `directory`, or None and why (outside any repository, or git refused it)."""
    known = _located.get()
    if known is None:
        return _locate(directory, executable)
    key = (os.path.realpath(directory), executable)
    if key not in known:
        known[key] = _within_known(key[0], executable, known) or _locate(directory, executable)
    return known[key]


def _within_known(real: str, executable: str, known: dict[tuple[str, str], Located]) -> Located | None:
    """The known work tree holding the directory `real` when no `.git` lies between them (no nested repository)."""
    if not os.path.isdir(real):
        return None
    for (_, known_executable), (repository, _) in known.items():
        if repository is None or known_executable != executable:
            continue
        top = str(repository.toplevel)
        if real != top and not real.startswith(top.rstrip(os.sep) + os.sep):
            continue
        current = real
        while current != top:
            if os.path.lexists(os.path.join(current, ".git")):
                break
            current = os.path.dirname(current)
        else:
            return repository, ""
    return None


def _locate(directory: Path, executable: str) -> Located:
    if not directory.is_dir():
        return None, "not a git repository"
    try:
        output = run_git(
            executable, directory, "rev-parse", "--show-toplevel", "--is-shallow-repository", "--is-inside-work-tree"
        )
    except GitError as error:
        reason = str(error)
        if "not a git repository" in reason.lower():
            return None, "not a git repository"
        return None, f"git refused the repository ({reason.removeprefix('git rev-parse failed: ')})"
    lines = os.fsdecode(output).splitlines()
    if len(lines) < 3 or lines[2].strip() != "true":
        return None, "not a git work tree"
    toplevel = Path(lines[0].strip()).resolve()
    return Repository(executable=executable, toplevel=toplevel, shallow=lines[1].strip() == "true"), ""


def find_repository(directory: Path, executable: str) -> Repository | None:
    """The work tree containing `directory`, or None."""
    return locate_repository(directory, executable)[0]
