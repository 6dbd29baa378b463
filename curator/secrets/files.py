"""Secrets in a few files read straight from disk, for the snapshot hook's log (no store is loaded).

A cheap look for credential shapes comes first, so the hook imports detect-secrets only when a file
may hold one and stays fast otherwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from curator.secrets.mask import mask_value
from curator.secrets.signals import may_hold_secret

if TYPE_CHECKING:
    from curator.secrets.detect import Hit

MAX_FILE_BYTES = 1024 * 1024


def scan_files(directory: Path, rels: list[str]) -> list[tuple[str, Hit]]:
    """Secrets in these files under `directory` (regular files inside it, up to 1 MB, UTF-8), honouring a baseline."""
    texts = _suspect_texts(directory, rels)
    if not texts:
        return []
    from curator.secrets import baseline as baseline_module
    from curator.secrets.detect import Detector
    from curator.secrets.store import default_detector

    baseline_path = baseline_module.find(directory)
    detector = Detector(baseline_module.load(baseline_path)) if baseline_path else default_detector()
    return [(rel, hit) for rel, text in texts for hit in detector.scan_text(text, Path(rel).name)]


def _suspect_texts(directory: Path, rels: list[str]) -> list[tuple[str, str]]:
    """The readable files among `rels` that show a credential shape."""
    root = directory.resolve()
    texts: list[tuple[str, str]] = []
    for rel in rels:
        path = directory / rel
        try:
            real = path.resolve()
            if not real.is_relative_to(root) or not real.is_file() or real.stat().st_size > MAX_FILE_BYTES:
                continue
            text = real.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, RuntimeError):
            continue
        if may_hold_secret(text):
            texts.append((rel, text))
    return texts


def snapshot_warnings(directory: Path, rels: list[str]) -> list[str]:
    """One log line per file a snapshot recorded with secrets in it, values masked."""
    by_file: dict[str, list[Hit]] = {}
    for rel, hit in scan_files(directory, rels):
        by_file.setdefault(rel, []).append(hit)
    return [
        f"warning: {len(hits)} secret{'s' if len(hits) != 1 else ''} in {directory / rel} "
        f"({', '.join(f'line {hit.line}: {hit.label} {mask_value(hit.value)}' for hit in hits)}) — now in git history too; "
        f"rotate, then `curator redact {rel} --store {directory}`"
        for rel, hits in by_file.items()
    ]
