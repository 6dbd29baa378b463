"""A project's stable identity: its git remote URL, normalised, plus the path inside the repository."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from curator import lazyre as re
from curator.vcs import GitError, run, work_tree

_SCP_LIKE = re.compile(r"^(?:[^@/]+@)?([^:/]+):(?!//)(.+)$")
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_USERINFO = re.compile(r"^[^@/]*@")
_BRANCH_UNSAFE = re.compile(r"[^A-Za-z0-9._/-]+")


@dataclass(frozen=True)
class Identity:
    """`github.com/org/repo` (+ `/sub/dir` when the project is a folder of the repository), or `path:/abs/dir`."""

    key: str
    remote: str | None
    subpath: str
    source: str

    @property
    def branch(self) -> str:
        """The sync branch that holds this project's memory: `memory/<key>`, made safe for git."""
        safe = _BRANCH_UNSAFE.sub("-", self.key.replace("path:", "path/")).strip("/.-")
        safe = re.sub(r"/+", "/", safe).replace("..", ".").replace("/.", "/")
        return f"memory/{safe}"


def normalise_remote(url: str) -> str:
    """`git@github.com:Org/Repo.git`, `https://user@github.com/Org/Repo/` and `ssh://git@github.com/Org/Repo`
    all become `github.com/Org/Repo` (host lower-cased, scheme, user, port-less `.git` and slashes dropped)."""
    text = url.strip()
    if _SCHEME.match(text):
        scheme, rest = text.split("://", 1)
        if scheme.lower() == "file":
            return "file:" + rest.rstrip("/").removesuffix(".git")
        rest = _USERINFO.sub("", rest)
        host, _, path = rest.partition("/")
    else:
        match = _SCP_LIKE.match(text)
        if match is None:
            return "file:" + text.rstrip("/").removesuffix(".git")
        host, path = match.group(1), match.group(2)
    host = host.lower().split(":")[0] if not host.startswith("[") else host.lower()
    path = path.strip("/").removesuffix(".git").strip("/")
    return f"{host}/{path}" if path else host


def _git(directory: Path, root: Path, *args: str) -> str:
    """One git command's trimmed output in the work tree `root`, or '' when it fails."""
    try:
        return run(directory, *args, check=False, timeout=30, work_tree=root).decode("utf-8", "replace").strip()
    except GitError:
        return ""


def project_identity(project: Path | None) -> Identity | None:
    """The identity of `project`: from its first remote (origin preferred), else its absolute path."""
    if project is None:
        return None
    directory = Path(project).resolve()
    toplevel = work_tree(directory)
    remotes = _git(directory, toplevel, "remote").split() if toplevel else []
    if toplevel and remotes:
        name = "origin" if "origin" in remotes else remotes[0]
        url = _git(directory, toplevel, "config", "--get", f"remote.{name}.url")
        if url:
            subpath = directory.relative_to(toplevel).as_posix() if directory.is_relative_to(toplevel) else ""
            subpath = "" if subpath == "." else subpath
            key = normalise_remote(url) + (f"/{subpath}" if subpath else "")
            return Identity(key, url, subpath, f"git remote {name}")
    return Identity(f"path:{directory.as_posix()}", None, "", "absolute path (no git remote)")
