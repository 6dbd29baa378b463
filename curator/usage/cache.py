"""A per-store cache of transcript summaries keyed by each file's size and mtime, so rescans read only new sessions."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from curator.formats.common import find_git_root
from curator.usage.locate import TranscriptFile
from curator.usage.model import TranscriptSummary

CACHE_VERSION = 3


def default_cache_file(store_root: Path, real_root: str) -> Path:
    """`.git/curator/usage-<hash>.json` of the store's repository, else under `~/.cache/curator/usage/`."""
    digest = hashlib.sha256(real_root.encode("utf-8")).hexdigest()[:16]
    root = Path(store_root)
    git_root = find_git_root(root if root.is_dir() else root.parent)
    if git_root is not None and (git_root / ".git").is_dir():
        return git_root / ".git" / "curator" / f"usage-{digest}.json"
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    cache_home = Path(base) if base else Path.home() / ".cache"
    return cache_home / "curator" / "usage" / f"{digest}.json"


class UsageCache:
    """Summaries by transcript path; an entry is used only while the file's size and mtime are unchanged."""

    def __init__(self, path: Path, real_root: str) -> None:
        self.path = path
        self.real_root = real_root
        self.summaries: dict[str, TranscriptSummary] = {}
        self.changed = False
        self.problem: str | None = None

    @classmethod
    def load(cls, path: Path, real_root: str) -> UsageCache:
        """Read the cache file; a missing, corrupt or foreign one starts empty."""
        cache = cls(path, real_root)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("version") != CACHE_VERSION or data.get("root") != real_root:
                return cache
            cache.summaries = {key: TranscriptSummary.from_json(value) for key, value in data["files"].items()}
        except FileNotFoundError:
            pass
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            cache.summaries = {}
            cache.problem = f"ignored a corrupt usage cache {path} ({type(error).__name__})"
        return cache

    def get(self, transcript: TranscriptFile) -> TranscriptSummary | None:
        """The cached summary while the file's size and mtime are unchanged, else None."""
        summary = self.summaries.get(str(transcript.path))
        if summary is None or summary.size != transcript.size or summary.mtime_ns != transcript.mtime_ns:
            return None
        return summary

    def previous(self, transcript: TranscriptFile) -> TranscriptSummary | None:
        """The last summary of this path, current or not (a grown file is read on from its resume point)."""
        return self.summaries.get(str(transcript.path))

    def put(self, summary: TranscriptSummary) -> None:
        self.summaries[summary.path] = summary
        self.changed = True

    def keep_only(self, transcripts: list[TranscriptFile]) -> None:
        """Forget files that no longer exist."""
        alive = {str(transcript.path) for transcript in transcripts}
        for key in [key for key in self.summaries if key not in alive]:
            del self.summaries[key]
            self.changed = True

    def save(self) -> str | None:
        """Write the cache atomically; returns a problem description instead of raising."""
        if not self.changed:
            return None
        payload: dict[str, Any] = {
            "version": CACHE_VERSION,
            "root": self.real_root,
            "files": {key: summary.to_json() for key, summary in self.summaries.items()},
        }
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".usage-", suffix=".tmp", dir=self.path.parent)
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    json.dump(payload, stream, separators=(",", ":"))
                os.replace(temporary, self.path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            return f"could not write the usage cache {self.path}: {error}"
        self.changed = False
        return None
