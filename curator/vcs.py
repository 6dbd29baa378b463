"""The one git layer on GitPython: discovery, config, and every git command through `Git.execute`; one GitError.

Inside a known work tree, commands (the one-pass log, blame, commits of exactly the touched paths)
run through GitPython's `Git.execute` with `GIT_DIR`, `GIT_WORK_TREE` and `GIT_INDEX_FILE` set to
that repository's own: GitPython always starts from `os.environ`, so this is how a hook's exported
`GIT_DIR`/`GIT_INDEX_FILE` can never point curator at another repository. Before a work tree is
known (discovery through `rev-parse`, `git init`) the foreign variables are dropped instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, BinaryIO

TIMEOUT_SECONDS = 120
_FOREIGN_VARIABLES = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PAGER", "PAGER")


def _gitpython() -> ModuleType:
    import git  # deferred: GitPython costs ~80 modules, and `curator --version` or `scan` of an untracked store need none

    return git


class GitError(Exception):
    """A git command failed, or git is not installed; the message carries git's own words."""


def git_executable() -> str | None:
    """The git binary found on PATH, or None when git is not installed."""
    return shutil.which("git")


def environment(**extra: str) -> dict[str, str]:
    """The caller's environment minus variables that would point git at another repository, plus `extra`."""
    env = {key: value for key, value in os.environ.items() if key not in _FOREIGN_VARIABLES}
    env.update(GIT_OPTIONAL_LOCKS="0", GIT_TERMINAL_PROMPT="0")
    env.update(extra)
    return env


_GIT_DIRS: dict[str, str] = {}


def _git_dir(work_tree_root: Path) -> str | None:
    """The git directory of a work tree (cached once found), through GitPython."""
    key = str(work_tree_root)
    if key not in _GIT_DIRS:
        gitpython = _gitpython()
        try:
            with gitpython.Repo(key) as repository:
                _GIT_DIRS[key] = str(repository.git_dir)
        except (gitpython.InvalidGitRepositoryError, gitpython.NoSuchPathError, OSError, ValueError):
            return None
    return _GIT_DIRS[key]


def _complaint(verb: str, stderr: bytes | str, stdout: bytes | str, status: int | None) -> GitError:
    def text_lines(data: bytes | str) -> list[str]:
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        return [line.strip() for line in text.splitlines() if line.strip()]

    lines = text_lines(stderr) or text_lines(stdout)
    reasons = [line for line in lines if line.startswith(("fatal:", "error:"))] or lines[-1:]
    detail = reasons[0].removeprefix("fatal: ") if reasons else f"exit status {status}"
    return GitError(f"git {verb} failed: {detail}")


def run(
    cwd: Path,
    *args: str,
    env: dict[str, str] | None = None,
    check: bool = True,
    timeout: float = TIMEOUT_SECONDS,
    executable: str | None = None,
    options: tuple[str, ...] = (),
    work_tree: Path | None = None,
    stdin: bytes | None = None,
) -> bytes:
    """Run `git [options] args` in `cwd` (an argument list, never a shell; `stdin` its input) and return raw stdout.

    With `work_tree` (a known repository root) the command runs through GitPython against exactly that
    repository. Failures raise GitError naming the subcommand and git's complaint.
    """
    binary = executable or git_executable()
    verb = args[0] if args else ""
    if binary is None:
        raise GitError("git is not installed")
    git_dir = _git_dir(work_tree) if work_tree is not None else None
    if work_tree is not None and git_dir is not None:
        gitpython = _gitpython()
        pinned = dict(env if env is not None else environment())
        pinned.update(GIT_DIR=git_dir, GIT_WORK_TREE=str(work_tree), GIT_INDEX_FILE=os.path.join(git_dir, "index"))
        pinned.update(GIT_PAGER="cat", PAGER="cat")
        try:
            with _input_file(stdin) as istream:
                status, stdout, stderr = gitpython.Git(str(cwd)).execute(
                    [binary, *options, *args],
                    istream=istream,
                    with_extended_output=True,
                    with_exceptions=False,
                    stdout_as_string=False,
                    strip_newline_in_stdout=False,
                    kill_after_timeout=timeout,
                    env=pinned,
                )
        except (gitpython.GitCommandError, OSError) as error:
            raise GitError(f"git {verb} failed: {error}") from None
        if check and status != 0:
            raise _complaint(verb, stderr, stdout, status)
        return stdout if isinstance(stdout, bytes) else b""
    try:
        completed = subprocess.run(
            [binary, *options, *args],
            cwd=cwd,
            env=env if env is not None else environment(),
            **_input_arguments(stdin),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise GitError(f"git {verb} failed: {error}") from None
    if check and completed.returncode != 0:
        raise _complaint(verb, completed.stderr, completed.stdout, completed.returncode)
    return completed.stdout


@contextmanager
def _input_file(data: bytes | None) -> Iterator[BinaryIO | None]:
    """`data` in an unnamed temporary file at its start (GitPython hands stdin to Popen as a file), or None."""
    if data is None:
        yield None
        return
    with tempfile.TemporaryFile() as stream:
        stream.write(data)
        stream.seek(0)
        yield stream


def _input_arguments(data: bytes | None) -> dict[str, Any]:
    """subprocess.run's arguments for standard input: `data`, or nothing to read."""
    return {"stdin": subprocess.DEVNULL} if data is None else {"input": data}


def work_tree(path: Path) -> Path | None:
    """The root of the git work tree holding `path` (GitPython's discovery), or None outside any or in a bare repo."""
    start = Path(os.path.realpath(path))
    directory = start if start.is_dir() else start.parent
    gitpython = _gitpython()
    try:
        repository = gitpython.Repo(directory, search_parent_directories=True)
    except (gitpython.InvalidGitRepositoryError, gitpython.NoSuchPathError, OSError, ValueError):
        return None
    with repository:
        root = repository.working_tree_dir
        return Path(os.path.realpath(root)) if root and not repository.bare else None


def config_value(work_tree_root: Path, section: str, option: str) -> str:
    """One git config value as git would resolve it for this work tree (system, global, repository), or ''."""
    gitpython = _gitpython()
    try:
        with gitpython.Repo(work_tree_root) as repository:
            reader = repository.config_reader()
            return str(reader.get_value(section, option, default="")).strip()
    except (gitpython.InvalidGitRepositoryError, gitpython.NoSuchPathError, OSError, ValueError):
        return ""


def nearest_git_root(start: Path) -> Path | None:
    """The nearest directory at or above `start` holding a `.git` entry, found without running git."""
    current = start if start.is_dir() else start.parent
    for candidate in (current, *current.parents):
        if (candidate / ".git").exists():
            return candidate
    return None
