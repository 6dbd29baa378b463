"""Git plumbing for ops over curator.vcs: find the repo, commit only given paths, revert, init."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from curator import vcs
from curator.vcs import GitError

FALLBACK_NAME = "curator"
FALLBACK_EMAIL = "curator@localhost"
CURATOR_PREFIX = "curator:"


# Hooks off for every call (post-commit and prepare-commit-msg included, which --no-verify does not skip); no fsmonitor program.
SAFE_CONFIG = ("-c", "core.quotepath=off", "-c", f"core.hooksPath={os.devnull}", "-c", "core.fsmonitor=false")


@dataclass
class Repo:
    """A git work tree curator commits into."""

    toplevel: Path

    def rel(self, path: Path) -> str:
        """`path` relative to the work tree, with forward slashes."""
        return Path(os.path.realpath(path)).relative_to(self.toplevel).as_posix()


def git_available() -> bool:
    return vcs.git_executable() is not None


def _environment() -> dict[str, str]:
    return vcs.environment(LC_ALL="C", LANG="C", GIT_LITERAL_PATHSPECS="1")


def run_git(cwd: Path, *args: str, env: dict[str, str] | None = None, check: bool = True) -> bytes:
    """Run git with an argument list (never a shell) and return stdout bytes."""
    return vcs.run(cwd, *args, env=env or _environment(), check=check, timeout=60, options=SAFE_CONFIG, work_tree=cwd)


def find_repo(path: Path) -> Repo | None:
    """The work tree containing `path`, or None when it is in no repo or git is missing."""
    if not git_available():
        return None
    root = vcs.work_tree(path)
    return Repo(root) if root is not None else None


def identity_environment(repo: Repo) -> dict[str, str]:
    """The git environment, with curator's fallback identity where config and env give none."""
    env = _environment()
    configured: dict[str, str] = {}
    for part, config_key, fallback in (("NAME", "user.name", FALLBACK_NAME), ("EMAIL", "user.email", FALLBACK_EMAIL)):
        for role in ("AUTHOR", "COMMITTER"):
            variable = f"GIT_{role}_{part}"
            if env.get(variable) or (part == "EMAIL" and env.get("EMAIL")):
                continue
            if config_key not in configured:
                configured[config_key] = vcs.config_value(repo.toplevel, *config_key.split("."))
            if not configured[config_key]:
                env[variable] = fallback
    return env


def has_head(repo: Repo) -> bool:
    return bool(run_git(repo.toplevel, "rev-parse", "--verify", "-q", "HEAD", check=False).strip())


def tracked_paths(repo: Repo, paths: list[str]) -> set[str]:
    """The paths git knows (in the index)."""
    if not paths:
        return set()
    output = run_git(repo.toplevel, "ls-files", "-z", "--", *paths)
    return {item.decode("utf-8") for item in output.split(b"\0") if item}


def ignored_paths(repo: Repo, paths: list[str]) -> set[str]:
    """The paths git's ignore rules match (tracked or not)."""
    if not paths:
        return set()
    env = _environment()
    env.pop("GIT_LITERAL_PATHSPECS")  # check-ignore takes paths, and refuses the literal magic
    output = run_git(repo.toplevel, "check-ignore", "--no-index", "--", *paths, env=env, check=False)
    return {line for line in output.decode("utf-8").splitlines() if line}


def dirty_paths(repo: Repo, paths: list[str]) -> list[str]:
    """The paths among `paths` whose work tree or index differs from HEAD (untracked included)."""
    if not paths:
        return []
    output = run_git(
        repo.toplevel, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", *paths
    )
    dirty: list[str] = []
    for record in output.split(b"\0"):
        if len(record) > 3:
            dirty.append(record[3:].decode("utf-8"))
    return dirty


SUBJECT_MAX_CHARS = 100


def commit_message(message: str) -> str:
    """Keep the subject line short (a longer one is cut there and given whole in the body); secrets masked."""
    from curator.secrets.signals import may_hold_secret

    if may_hold_secret(message):
        from curator.secrets import mask_text

        message = mask_text(message)
    subject, _, body = message.partition("\n")
    if len(subject) <= SUBJECT_MAX_CHARS:
        return message
    short = subject[: SUBJECT_MAX_CHARS - 1].rstrip() + "…"
    return f"{short}\n\n{subject}" + (f"\n{body}" if body else "")


def commit_paths(repo: Repo, paths: list[str], message: str) -> str | None:
    """Commit exactly `paths` (added, changed or deleted) and return the sha; None when nothing changed."""
    env = identity_environment(repo)
    present = [rel for rel in paths if (repo.toplevel / rel).exists()]
    known = tracked_paths(repo, paths)
    to_stage = sorted(set(present) | known)
    if not to_stage:
        return None
    run_git(repo.toplevel, "add", "-A", "--", *to_stage, env=env)
    if has_head(repo):
        changed = run_git(repo.toplevel, "diff", "--cached", "--name-only", "-z", "HEAD", "--", *to_stage, env=env)
        if not changed.strip(b"\0"):
            return None
    try:
        run_git(
            repo.toplevel,
            "commit",
            "-q",
            "--no-verify",
            "-m",
            commit_message(message),
            "--only",
            "--",
            *to_stage,
            env=env,
        )
    except GitError:
        unstage(repo, to_stage)
        raise
    return run_git(repo.toplevel, "rev-parse", "HEAD", env=env).decode().strip()


@dataclass
class HeadCommit:
    sha: str
    subject: str
    parent: str | None
    paths: list[str]


def head_commit(repo: Repo) -> HeadCommit | None:
    """The last commit, its subject, first parent and the paths it touched."""
    if not has_head(repo):
        return None
    fields = (
        run_git(repo.toplevel, "log", "-1", "--format=%H%x00%s%x00%P", "HEAD").decode("utf-8").rstrip("\n").split("\0")
    )
    sha, subject, parents = fields[0], fields[1], fields[2].split()
    if len(parents) > 1:
        return HeadCommit(sha, subject, parents[0], [])
    listing = run_git(
        repo.toplevel, "diff-tree", "--no-commit-id", "--name-only", "-r", "-z", "--no-renames", "--root", sha
    )
    paths = [item.decode("utf-8") for item in listing.split(b"\0") if item]
    return HeadCommit(sha, subject, parents[0] if parents else None, paths)


def blob_at(repo: Repo, commit: str | None, rel: str) -> bytes | None:
    """The bytes of `rel` at `commit`, or None when it did not exist there."""
    if commit is None:
        return None
    try:
        return run_git(repo.toplevel, "cat-file", "blob", f"{commit}:{rel}")
    except GitError:
        return None


_IN_PROGRESS = (
    ("MERGE_HEAD", "a merge"),
    ("rebase-merge", "a rebase"),
    ("rebase-apply", "a rebase (or git am)"),
    ("CHERRY_PICK_HEAD", "a cherry-pick"),
    ("REVERT_HEAD", "a revert"),
)


def git_dirs(repo: Repo) -> tuple[Path, Path]:
    """The repository's git directory and its common directory (they differ in a linked worktree)."""
    output = run_git(repo.toplevel, "rev-parse", "--absolute-git-dir", "--git-common-dir").decode("utf-8").splitlines()
    git_dir = Path(output[0])
    common = Path(output[1]) if len(output) > 1 else git_dir
    return git_dir, common if common.is_absolute() else (repo.toplevel / common)


def state_problem(repo: Repo) -> str | None:
    """Why git could not take a curator commit right now (an operation in progress, a lock, read-only), or None."""
    git_dir, common = git_dirs(repo)
    for marker, what in _IN_PROGRESS:
        if (git_dir / marker).exists():
            return f"{what} is in progress in {repo.toplevel}; finish or abort it first, so curator does not commit into it"
    if (git_dir / "index.lock").exists():
        return f"{git_dir / 'index.lock'} exists: another git process is running (or one crashed; remove the file if none is)"
    for directory in (git_dir, common / "objects"):
        if not os.access(directory, os.W_OK):
            return f"{directory} is not writable, so git cannot record a commit"
    return None


def hidden_paths(repo: Repo, paths: list[str]) -> list[str]:
    """Paths flagged skip-worktree or assume-unchanged, whose changes git would not commit."""
    if not paths:
        return []
    output = run_git(repo.toplevel, "ls-files", "-v", "-z", "--", *paths)
    flagged = []
    for record in output.split(b"\0"):
        if len(record) > 2 and (record[:1] == b"S" or record[:1].islower()):
            flagged.append(record[2:].decode("utf-8"))
    return flagged


def is_detached(repo: Repo) -> bool:
    return has_head(repo) and not run_git(repo.toplevel, "symbolic-ref", "-q", "HEAD", check=False).strip()


def unstage(repo: Repo, paths: list[str]) -> None:
    """Put the index entries of `paths` back to HEAD (or drop them when there is no HEAD)."""
    if not paths:
        return
    if has_head(repo):
        run_git(repo.toplevel, "reset", "-q", "HEAD", "--", *paths, check=False)
    else:
        run_git(repo.toplevel, "rm", "-q", "--cached", "--ignore-unmatch", "--", *paths)


def group_by_repo(paths: list[Path]) -> dict[Path, tuple[Repo, list[str]]]:
    """The repositories these files belong to, each with the files' repo-relative paths."""
    groups: dict[Path, tuple[Repo, list[str]]] = {}
    repos_by_directory: dict[Path, Repo | None] = {}
    for path in paths:
        existing_parent = path.parent
        while not existing_parent.exists() and existing_parent != existing_parent.parent:
            existing_parent = existing_parent.parent
        if existing_parent not in repos_by_directory:
            repos_by_directory[existing_parent] = find_repo(existing_parent)
        repo = repos_by_directory[existing_parent]
        if repo is None:
            continue
        try:
            rel = repo.rel(path)
        except ValueError:
            continue
        groups.setdefault(repo.toplevel, (repo, []))[1].append(rel)
    return groups


def init_repo(directory: Path) -> Repo:
    run_git(directory, "init", "-q")
    return Repo(Path(os.path.realpath(directory)))


def untracked_files(repo: Repo, under: str) -> list[str]:
    """Files below `under` that git does not track and does not ignore."""
    output = run_git(repo.toplevel, "ls-files", "-z", "--others", "--exclude-standard", "--", under or ".")
    return [item.decode("utf-8") for item in output.split(b"\0") if item]


def short(sha: str | None) -> str | None:
    return sha[:7] if sha else None


def commit_empty(repo: Repo, message: str) -> str:
    """Record a commit that changes no file (a review with nothing to revert) and return its sha."""
    env = identity_environment(repo)
    run_git(
        repo.toplevel, "commit", "-q", "--no-verify", "--allow-empty", "--only", "-m", commit_message(message), env=env
    )
    return run_git(repo.toplevel, "rev-parse", "HEAD", env=env).decode().strip()
