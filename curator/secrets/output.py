"""Masking for every output path: reports, diffs, check output, JSON, entry text and finding messages."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from curator.model import Finding, Store
from curator.secrets.mask import Masker
from curator.secrets.store import default_detector, masker_for


def mask_text(text: str, known: Masker | None = None, filename: str = "output.md") -> str:
    """`text` with every secret masked: the known values, plus whatever the detector finds in `text` itself."""
    if not text:
        return text
    masker = Masker(known.values if known else ())
    masker.add(_values_anywhere(text, filename))
    return masker.mask(text)


def _values_anywhere(text: str, filename: str) -> list[str]:
    """Secrets in free text read both as prose and as YAML, so `password: value` outside a file's frontmatter counts."""
    detector = default_detector()
    values = [hit.value for hit in detector.scan_text(text, filename)]
    values.extend(hit.value for hit in detector.scan_text(text, Path(filename).stem + ".yaml"))
    return values


def mask_diff(diff: str, known: Masker | None = None) -> str:
    """A unified diff with every secret masked, detected on the lines without their `+`/`-` prefixes."""
    if not diff:
        return diff
    bare = "\n".join(line[1:] if line[:1] in "+- " else line for line in diff.splitlines())
    masker = Masker(known.values if known else ())
    masker.add(_values_anywhere(bare, "diff.md"))
    masker.add(_values_anywhere(diff, "diff.md"))
    return masker.mask(diff)


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(key)
            yield from _strings(value)
    elif isinstance(data, (list, tuple)):
        for item in data:
            yield from _strings(item)


def masker_detecting(data: Any, known: Masker | None = None) -> Masker:
    """A masker for the known secrets plus whatever the detector finds in the strings of a JSON-like structure."""
    masker = Masker(known.values if known else ())
    masker.add(_values_anywhere("\n".join(_strings(data)), "output.md"))
    return masker


def mask_json_strings(data: Any, known: Masker | None = None, *, detect: bool = False) -> Any:
    """A JSON-like structure with every known secret masked; with `detect`, also what the detector finds in its strings."""
    masker = masker_detecting(data, known) if detect else Masker(known.values if known else ())
    return masker.mask_json(data)


@lru_cache(maxsize=512)
def secret_values(text: str, filename: str) -> tuple[str, ...]:
    """The distinct secret values in one text (cached per text, so redrawing an entry costs nothing)."""
    return tuple(dict.fromkeys(hit.value for hit in default_detector().scan_text(text, filename)))


def masked_entry(text: str, filename: str) -> tuple[str, int]:
    """An entry's text with its secrets masked, and how many distinct secret values it holds."""
    values = secret_values(text, filename)
    return Masker(values).mask(text), len(values)


def mask_findings(store: Store, findings: list[Finding]) -> None:
    """Mask, in place, any secret value another rule quotes in a finding's message or evidence."""
    masker = masker_for(store)
    if not masker:
        return
    for finding in findings:
        finding.message = masker.mask(finding.message)
        finding.evidence = masker.mask_json(finding.evidence)


def masked_history(store: Store, changes: list[Any]) -> list[Any]:
    """Copies of an entry's history changes with secrets masked in each subject and diff."""
    known = masker_for(store)
    return [
        dataclasses.replace(change, subject=mask_text(change.subject, known), diff=mask_diff(change.diff, known))
        for change in changes
    ]
