"""A cache of the costly, clock-independent rule stage (conflicts and duplicates), keyed by everything it reads.

It lives under the store's `.git/curator/` when the store is in git, else in the user cache directory, never in
the store itself. Files are JSON (never pickle), written atomically; a corrupt or foreign file is ignored and
rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from curator import __version__
from curator.model import SEVERITIES, Finding, Store

CACHE_ENV = "CURATOR_CACHE_DIR"
FILE_NAME = "pairwise-v1.json"
MAX_CACHE_BYTES = 256 * 1024 * 1024
Pairwise = tuple[list[Finding], set[frozenset[int]], list[Finding], list[tuple[int, int, float]]]


def _git_dir(start: Path) -> Path | None:
    """The git directory of the repository holding `start` (following a worktree's `.git` file), or None."""
    current = Path(os.path.realpath(start))
    for candidate in (current, *current.parents):
        marker = candidate / ".git"
        if marker.is_dir():
            return marker
        if marker.is_file():
            try:
                text = marker.read_text(encoding="utf-8", errors="replace").strip()
            except OSError:
                return None
            if text.startswith("gitdir:"):
                target = Path(text[len("gitdir:") :].strip())
                target = target if target.is_absolute() else candidate / target
                return target if target.is_dir() else None
            return None
    return None


def cache_dir(store_root: Path) -> Path:
    """Where this store's cache lives: `$CURATOR_CACHE_DIR`, its repository's `.git/curator/`, or `~/.cache/curator/`."""
    real = os.path.realpath(store_root)
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override) / digest
    git_dir = _git_dir(Path(real))
    if git_dir is not None:
        return git_dir / "curator" / digest
    return user_cache_root() / digest


def user_cache_root() -> Path:
    """`$XDG_CACHE_HOME/curator` or `~/.cache/curator`."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "curator"


def input_digest(
    store: Store, docs_entries: list[tuple[bool, Any]], settings: Any, *, code: str = "", project_facts: Any = None
) -> str:
    """A hash of every input the pairwise rules read: each doc's entry (all fields), the settings, the code that
    computes them (`code`: its digest) and what the project's own files establish (`project_facts`)."""
    hasher = hashlib.sha256()
    hasher.update(f"{__version__}\0{code}\0{store.format}\0{store.project}\0{settings!r}\0".encode("utf-8", "replace"))
    facts = json.dumps(project_facts, default=str, sort_keys=True, ensure_ascii=False)
    hasher.update(f"{len(facts)}\0{facts}\0".encode("utf-8", "surrogatepass"))
    for is_context, entry in docs_entries:
        fields = json.dumps(vars(entry), default=str, sort_keys=True, ensure_ascii=False)
        hasher.update(f"{int(is_context)}\0{len(fields)}\0".encode())
        hasher.update(fields.encode("utf-8", "surrogatepass"))
    return hasher.hexdigest()


@dataclass
class PairwiseCache:
    """One slot per store: the last pairwise result and the digest of the inputs it was computed from."""

    directory: Path
    hits: int = 0
    misses: int = 0

    @classmethod
    def for_store(cls, store: Store) -> PairwiseCache:
        return cls(cache_dir(store.root))

    def get_or_compute(self, digest: str, doc_count: int, compute: Callable[[], Pairwise]) -> Pairwise:
        cached = self._read(digest, doc_count)
        if cached is not None:
            self.hits += 1
            return cached
        self.misses += 1
        result = compute()
        self._write(digest, result)
        return result

    def _read(self, digest: str, doc_count: int) -> Pairwise | None:
        path = self.directory / FILE_NAME
        try:
            if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_CACHE_BYTES:
                return None
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("version") != __version__ or data.get("digest") != digest:
                return None
            return _decode(data["payload"], doc_count)
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def _write(self, digest: str, result: Pairwise) -> None:
        conflicts, conflicting, duplicates, restated = result
        payload = {
            "conflicts": [finding.to_json() for finding in conflicts],
            "conflicting": [sorted(pair) for pair in conflicting],
            "duplicates": [finding.to_json() for finding in duplicates],
            "restated": [list(item) for item in restated],
        }
        text = json.dumps(
            {"version": __version__, "digest": digest, "payload": payload}, ensure_ascii=False, default=str
        )
        try:
            if leads_elsewhere(self.directory):
                return
            self.directory.mkdir(parents=True, exist_ok=True)
            if leads_elsewhere(self.directory):
                return
            handle, temporary = tempfile.mkstemp(prefix=".pairwise-", dir=self.directory)
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    stream.write(text)
                os.replace(temporary, self.directory / FILE_NAME)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            pass


def leads_elsewhere(directory: Path) -> bool:
    """True when the cache folder or its `curator` parent is a symlink (a planted link must not move the write)."""
    return any(os.path.islink(path) for path in (directory, directory.parent))


def _finding(raw: Any) -> Finding:
    if not isinstance(raw, dict):
        raise TypeError("finding is not an object")
    rule, severity, entries, message = raw["rule"], raw["severity"], raw["entries"], raw["message"]
    evidence = raw.get("evidence", {})
    if not (
        isinstance(rule, str)
        and isinstance(severity, str)
        and isinstance(message, str)
        and isinstance(entries, list)
        and all(isinstance(item, str) for item in entries)
        and isinstance(evidence, dict)
    ):
        raise TypeError("finding has the wrong shape")
    if severity not in SEVERITIES:
        raise TypeError("finding has an unknown severity")
    return Finding(rule=rule, severity=severity, entries=list(entries), message=message, evidence=evidence)


def _position(value: Any, doc_count: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < doc_count:
        raise ValueError("doc position out of range")
    return value


def _decode(payload: Any, doc_count: int) -> Pairwise:
    conflicts = [_finding(raw) for raw in payload["conflicts"]]
    duplicates = [_finding(raw) for raw in payload["duplicates"]]
    conflicting = {frozenset(_position(value, doc_count) for value in pair) for pair in payload["conflicting"]}
    restated = []
    for item in payload["restated"]:
        left, right, score = item
        if not isinstance(score, (int, float)) or isinstance(score, bool):
            raise TypeError("score is not a number")
        restated.append((_position(left, doc_count), _position(right, doc_count), float(score)))
    return conflicts, conflicting, duplicates, restated
