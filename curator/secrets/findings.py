"""The `secret` (error) and `private-data` (warning) findings, one per entry, never quoting a secret in full."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from curator.model import Finding, Store
from curator.secrets import Located, StoreSecrets, scan_store
from curator.secrets.mask import mask_value
from curator.secrets.private import PrivateHit

if TYPE_CHECKING:
    from curator.secrets.detect import Hit

PRIVATE_LABELS = {
    "email": "e-mail address",
    "phone": "phone number",
    "private-ip": "private IP",
    "internal-host": "internal host name",
}
LISTED = 3


def _groups(items: list[Located]) -> dict[tuple[str, str | None], list[Located]]:
    groups: dict[tuple[str, str | None], list[Located]] = {}
    for item in items:
        groups.setdefault((item.path, item.entry_id), []).append(item)
    return groups


def _where(path: str, entry_id: str | None) -> str:
    return entry_id or path


def _listing(parts: list[str]) -> str:
    shown = "; ".join(parts[:LISTED])
    return shown + (f"; and {len(parts) - LISTED} more" if len(parts) > LISTED else "")


def secret_findings(found: StoreSecrets) -> list[Finding]:
    """One `secret` finding per entry (or per file line no entry covers), values masked."""
    findings: list[Finding] = []
    for (path, entry_id), items in _groups(found.secrets).items():
        hits: list[Hit] = [item.hit for item in items if not isinstance(item.hit, PrivateHit)]
        parts = [f"line {hit.line}: {hit.label} “{mask_value(hit.value)}”" for hit in hits]
        archived = " (in the archive, still in the files)" if items[0].archived else ""
        target = _where(path, entry_id)
        message = (
            f"{len(hits)} secret{'s' if len(hits) != 1 else ''} in {target}{archived}: {_listing(parts)} — "
            f"rotate {'them' if len(hits) != 1 else 'it'}, then `curator redact {target}`"
        )
        evidence: dict[str, Any] = {
            "path": path,
            "secrets": [
                {"line": hit.line, "type": hit.kind, "label": hit.label, "masked": mask_value(hit.value)}
                for hit in hits
            ],
        }
        if found.baseline_path is not None:
            evidence["baseline"] = str(found.baseline_path)
        findings.append(Finding("secret", "error", [entry_id] if entry_id else [], message, evidence))
    return findings


def private_findings(found: StoreSecrets) -> list[Finding]:
    """One `private-data` finding per entry, naming each value (they are not credentials, a person must see them)."""
    findings: list[Finding] = []
    for (path, entry_id), items in _groups(found.private).items():
        hits: list[PrivateHit] = [item.hit for item in items if isinstance(item.hit, PrivateHit)]
        parts = [f"line {hit.line}: {PRIVATE_LABELS.get(hit.kind, hit.kind)} {hit.value}" for hit in hits]
        target = _where(path, entry_id)
        message = (
            f"private data in {target}: {_listing(parts)} — remove it, or allow it in .curator.toml "
            f'([private-data] allow = ["{hits[0].value}"])'
        )
        evidence = {"path": path, "items": [{"line": hit.line, "kind": hit.kind, "value": hit.value} for hit in hits]}
        findings.append(Finding("private-data", "warning", [entry_id] if entry_id else [], message, evidence))
    return findings


def analyze(
    store: Store, allow: tuple[str, ...] | list[str] = (), disabled: frozenset[str] = frozenset()
) -> list[Finding]:
    """Both rules over every file of the store and its project's instruction files."""
    if {"secret", "private-data"} <= disabled:
        return []
    found = scan_store(store, allow)
    findings: list[Finding] = []
    if "secret" not in disabled:
        findings.extend(secret_findings(found))
    if "private-data" not in disabled:
        findings.extend(private_findings(found))
    for note in found.notes:
        findings.append(Finding("parse-error", "error", [], note, {"file": ".secrets.baseline"}))
    return findings
