"""The one git layer: discovery, config, and every git command as an argument list; one GitError.

Inside a known work tree, commands (the one-pass log, blame, commits of exactly the touched paths)
run with `GIT_DIR`, `GIT_WORK_TREE` and `GIT_INDEX_FILE` set to that repository's own, read from its
`.git` entry, so a hook's exported `GIT_DIR`/`GIT_INDEX_FILE` can never point curator at another
repository. Before a work tree is known (discovery through `rev-parse`, `git init`) the foreign
variables are dropped instead. GitPython reads git config (ops only); a scan never imports it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

TIMEOUT_SECONDS = 120
_FOREIGN_VARIABLES = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PAGER", "PAGER")


def _gitpython() -> ModuleType:
    import git  # deferred: GitPython costs ~80 modules (~150 ms) and only reading git config needs it

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
    """The git directory of a work tree (cached once found): its `.git` folder, or where its `.git` file points."""
    key = str(work_tree_root)
    if key not in _GIT_DIRS:
        found = _read_git_entry(Path(key) / ".git")
        if found is None:
            return None
        _GIT_DIRS[key] = found
    return _GIT_DIRS[key]


def _read_git_entry(marker: Path) -> str | None:
    """A `.git` folder holding HEAD, or the folder a `gitdir: PATH` file names (a linked work tree, a submodule)."""
    try:
        if marker.is_dir():
            return str(marker) if (marker / "HEAD").is_file() else None
        if not marker.is_file():
            return None
        text = marker.read_text(encoding="utf-8", errors="surrogateescape").strip()
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    target = Path(text[len("gitdir:") :].strip())
    target = target if target.is_absolute() else marker.parent / target
    return os.path.normpath(target) if (target / "HEAD").is_file() else None


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

    With `work_tree` (a known repository root) the command runs pinned to exactly that repository. Failures raise GitError naming the subcommand and git's complaint.
    """
    binary = executable or git_executable()
    verb = args[0] if args else ""
    if binary is None:
        raise GitError("git is not installed")
    command_env = env if env is not None else environment()
    git_dir = _git_dir(work_tree) if work_tree is not None else None
    if work_tree is not None and git_dir is not None:
        command_env = dict(command_env)
        command_env.update(GIT_DIR=git_dir, GIT_WORK_TREE=str(work_tree), GIT_INDEX_FILE=os.path.join(git_dir, "index"))
        command_env.update(GIT_PAGER="cat", PAGER="cat")
    try:
        completed = subprocess.run(
            [binary, *options, *args],
            cwd=cwd,
            env=command_env,
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


def _input_arguments(data: bytes | None) -> dict[str, Any]:
    """subprocess.run's arguments for standard input: `data`, or nothing to read."""
    return {"stdin": subprocess.DEVNULL} if data is None else {"input": data}


def work_tree(path: Path) -> Path | None:
    """The root of the git work tree holding `path` (git's own discovery), or None outside any or in a bare repo."""
    start = Path(os.path.realpath(path))
    directory = start if start.is_dir() else start.parent
    try:
        output = run(directory, "rev-parse", "--show-toplevel", timeout=30)
    except GitError:
        return None
    root = os.fsdecode(output).rstrip("\n")
    return Path(os.path.realpath(root)) if root else None


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
