"""The one git layer: repository discovery and config through GitPython, git runs as argument lists, one GitError.

Commands (the one-pass log and blame, commits of exactly the touched paths) run through `run`, not
GitPython's `repo.git`: GitPython always starts from `os.environ`, so it cannot drop the `GIT_DIR`
and `GIT_INDEX_FILE` a git hook exports, which would point curator's git at the hook's repository.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

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


def run(cwd: Path, *args: str, env: dict[str, str] | None = None, check: bool = True,
        timeout: float = TIMEOUT_SECONDS, executable: str | None = None, options: tuple[str, ...] = ()) -> bytes:
    """Run `git [options] args` in `cwd` (an argument list, never a shell) and return raw stdout.

    Failures raise GitError naming the subcommand and git's last line of complaint.
    """
    binary = executable or git_executable()
    verb = args[0] if args else ""
    if binary is None:
        raise GitError("git is not installed")
    try:
        completed = subprocess.run(
            [binary, *options, *args], cwd=cwd, env=env if env is not None else environment(),
            stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise GitError(f"git {verb}: {error}") from None
    if check and completed.returncode != 0:
        lines = [line.strip() for line in completed.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
        lines = lines or [line.strip() for line in completed.stdout.decode("utf-8", "replace").splitlines() if line.strip()]
        reasons = [line for line in lines if line.startswith(("fatal:", "error:"))] or lines[-1:]
        detail = reasons[0].removeprefix("fatal: ") if reasons else f"exit status {completed.returncode}"
        raise GitError(f"git {verb}: {detail}")
    return completed.stdout


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
