"""A detect-secrets `.secrets.baseline` in the store or project root: plugin settings, audited values, excludes."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BASELINE_NAME = ".secrets.baseline"
MAX_BASELINE_BYTES = 5 * 1024 * 1024
MAX_PATTERN_CHARS = 300
_NESTED_QUANTIFIER = re.compile(r"\([^()]*[+*}][^()]*\)\s*[+*{]")


@dataclass
class Baseline:
    """What curator honours from a baseline; custom plugin or filter files are never imported and exclude patterns
    that could backtrack without end (`(a+)+`) are dropped (a cloned baseline is untrusted input)."""

    path: Path | None = None
    plugins: list[dict[str, Any]] | None = None
    known_hashes: frozenset[str] = frozenset()
    exclude_lines: list[re.Pattern[str]] = field(default_factory=list)
    exclude_secrets: list[re.Pattern[str]] = field(default_factory=list)
    problem: str | None = None

    def excludes_line(self, line: str) -> bool:
        return any(pattern.search(line) for pattern in self.exclude_lines)

    def excludes_secret(self, value: str, digest: str) -> bool:
        return digest in self.known_hashes or any(pattern.search(value) for pattern in self.exclude_secrets)


def find(*roots: Path | None) -> Path | None:
    """The first `.secrets.baseline` found in these directories."""
    for root in roots:
        if root is None:
            continue
        directory = root if root.is_dir() else root.parent
        candidate = directory / BASELINE_NAME
        if candidate.is_file():
            return candidate
    return None


def load(path: Path | None) -> Baseline:
    """Read a baseline; a broken one is reported in `problem` and ignored."""
    if path is None:
        return Baseline()
    try:
        if path.stat().st_size > MAX_BASELINE_BYTES:
            return Baseline(path=path, problem=f"{path.name} is over {MAX_BASELINE_BYTES // 1024 // 1024} MB; ignored")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        return Baseline(path=path, problem=f"{path.name} is not a readable detect-secrets baseline ({error}); ignored")
    if not isinstance(data, dict):
        return Baseline(path=path, problem=f"{path.name} is not a JSON object; ignored")
    return Baseline(
        path=path,
        plugins=_plugins(data.get("plugins_used")),
        known_hashes=frozenset(_accepted_hashes(data.get("results"))),
        exclude_lines=_patterns(data.get("filters_used"), "detect_secrets.filters.regex.should_exclude_line"),
        exclude_secrets=_patterns(data.get("filters_used"), "detect_secrets.filters.regex.should_exclude_secret"),
    )


def _plugins(value: Any) -> list[dict[str, Any]] | None:
    if not isinstance(value, list):
        return None
    plugins = [
        dict(item)
        for item in value
        if isinstance(item, dict) and isinstance(item.get("name"), str) and "path" not in item
    ]
    for plugin in plugins:
        exclude = plugin.get("keyword_exclude")
        if exclude is not None and not (isinstance(exclude, str) and _safe_pattern(exclude)):
            plugin.pop("keyword_exclude")
    return plugins


def _safe_pattern(pattern: str) -> bool:
    return len(pattern) <= MAX_PATTERN_CHARS and not _NESTED_QUANTIFIER.search(pattern)


def _accepted_hashes(results: Any) -> list[str]:
    """Hashes of values the baseline lists, except those audited as real secrets (`is_secret: true`)."""
    if not isinstance(results, dict):
        return []
    hashes: list[str] = []
    for items in results.values():
        if not isinstance(items, list):
            continue
        for item in items:
            if (
                isinstance(item, dict)
                and isinstance(item.get("hashed_secret"), str)
                and item.get("is_secret") is not True
            ):
                hashes.append(item["hashed_secret"])
    return hashes


def _patterns(filters: Any, filter_path: str) -> list[re.Pattern[str]]:
    if not isinstance(filters, list):
        return []
    compiled: list[re.Pattern[str]] = []
    for item in filters:
        if not isinstance(item, dict) or item.get("path") != filter_path:
            continue
        raw = item.get("pattern", [])
        for pattern in raw if isinstance(raw, list) else [raw]:
            if isinstance(pattern, str) and _safe_pattern(pattern):
                try:
                    compiled.append(re.compile(pattern))
                except re.error:
                    continue
    return compiled
