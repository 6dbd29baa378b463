"""Text, JSON and markdown renderings of a scan (the JSON is contract version 2)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Iterator

from curator import secrets
from curator.model import INDEX_MAX_BYTES, INDEX_MAX_LINES, SEVERITY_RANK, Entry, Finding, Store
from curator.scan import ScanResult
from curator.textsafe import visible
from curator.usage.report import entry_usage_json, prune_markdown, store_usage_json, usage_summary_line

REPORT_VERSION = 2
SEVERITY_TITLES = {"error": "Errors", "warning": "Warnings", "info": "Info"}


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _check_json(result: Any) -> dict[str, Any]:
    return result.to_json() if hasattr(result, "to_json") else dict(result)


def entry_json(entry: Entry, scan: ScanResult) -> dict[str, Any]:
    """One entry as the JSON contract spells it."""
    checks = scan.check_results.get(entry.id, []) if scan.checked else []
    return {
        "id": entry.id,
        "path": entry.path,
        "line": entry.line,
        "name": entry.name,
        "description": entry.description,
        "type": entry.type,
        "status": entry.status,
        "created": _iso(entry.created),
        "modified": _iso(entry.modified),
        "reviewed": _iso(entry.reviewed),
        "age_days": entry.age_days(scan.now),
        "commits": entry.commits,
        "bytes": entry.bytes,
        "tokens": entry.tokens,
        "checks": [_check_json(result) for result in checks],
        "usage": entry_usage_json(scan.store, entry),
    }


def to_json_dict(scan: ScanResult, *, with_lists: bool = True) -> dict[str, Any]:
    """The whole scan as the version-2 JSON object (without entries, findings and suppressed when asked)."""
    store = scan.store
    index = store.index
    document = {
        "version": REPORT_VERSION,
        "generated": scan.now.isoformat(),
        "store": {
            "path": str(store.root),
            "format": store.format,
            "project": str(store.project) if store.project else None,
            "project_how": store.project_how,
            "identity": scan.identity.key if scan.identity is not None else None,
            "entries": len(store.entries),
            "index": (
                {"lines": index.lines, "bytes": index.bytes, "loaded_lines": index.loaded_lines} if index else None
            ),
            "tokens": {"always_loaded": store.always_loaded_tokens, "on_demand": store.on_demand_tokens},
            "usage": store_usage_json(store),
        },
    }
    if with_lists:
        document["entries"] = [entry_json(entry, scan) for entry in store.entries]
        document["findings"] = [finding.to_json() for finding in scan.findings]
        document["suppressed"] = scan.suppressed
        document["review"] = scan.review.to_json() if scan.review is not None else None
    return document


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode


def _json_masker(scan: ScanResult) -> secrets.Masker:
    """The store's known secrets, plus (after checks, whose output comes from the live project) any the detector
    finds in the check results and findings."""
    known = secrets.masker_for(scan.store)
    if not scan.checked:
        return known
    checked = [_check_json(result) for results in scan.check_results.values() for result in results]
    return secrets.masker_detecting([checked, [finding.to_json() for finding in scan.findings]], known)


def iter_json(scan: ScanResult) -> Iterator[str]:
    """The version-2 JSON in pieces: the outer object indented, each entry and finding on one line (C encoder);
    every string masked for secrets."""
    masker = _json_masker(scan)
    document = masker.mask_json(to_json_dict(scan, with_lists=False))
    yield "{\n"
    for key, value in document.items():
        yield f"  {_ENCODE(key)}: {_ENCODE(value)},\n"
    for key, items in (
        ("entries", (entry_json(entry, scan) for entry in scan.store.entries)),
        ("findings", (finding.to_json() for finding in scan.findings)),
    ):
        yield f"  {_ENCODE(key)}: ["
        separator = "\n"
        for item in items:
            yield f"{separator}    {_ENCODE(masker.mask_json(item))}"
            separator = ",\n"
        yield "\n  ],\n" if separator == ",\n" else "],\n"
    review = masker.mask_json(scan.review.to_json()) if scan.review is not None else None
    yield f'  "suppressed": {scan.suppressed},\n  "review": {_ENCODE(review)}\n}}'


def render_json(scan: ScanResult) -> str:
    return "".join(iter_json(scan))


def _masked(scan: ScanResult, text: str) -> str:
    """Rendered output with every secret masked (check output is searched for secrets too)."""
    known = secrets.masker_for(scan.store)
    return secrets.mask_text(text, known) if scan.checked else known.mask(text)


def finding_subjects(finding: Finding) -> list[str]:
    """The entries a finding names, or the file it is about when it names no entry."""
    if finding.entries:
        return list(finding.entries)
    source = finding.evidence.get("source") or finding.evidence.get("path")
    return [str(source)] if source else ["(store)"]


def _by_severity(findings: list[Finding]) -> list[tuple[str, list[Finding]]]:
    groups: list[tuple[str, list[Finding]]] = []
    for severity in sorted(SEVERITY_RANK, key=SEVERITY_RANK.__getitem__, reverse=True):
        members = [finding for finding in findings if finding.severity == severity]
        if members:
            groups.append((severity, members))
    return groups


def _severity_counts(findings: list[Finding]) -> str:
    counts = {severity: 0 for severity in ("error", "warning", "info")}
    for finding in findings:
        counts[finding.severity] += 1
    return ", ".join(f"{count} {severity}{'s' if count != 1 else ''}" for severity, count in counts.items())


def project_line(store: Store) -> str:
    """`/path (how it was found)`, or `(unknown: why)` when no project is known."""
    if store.project is None:
        return "(unknown)" if store.project_how == "none" else f"(unknown: {store.project_how})"
    return f"{store.project} ({store.project_how})"


def summary_lines(scan: ScanResult) -> list[str]:
    """The few lines that describe the store before any finding."""
    store = scan.store
    active_entries = len(store.active())
    lines = [
        f"store    {store.root} ({store.format})",
        f"project  {project_line(store)}",
        *([f"identity {scan.identity.key} ({scan.identity.source})"] if scan.identity is not None else []),
        f"entries  {active_entries} active, {len(store.entries) - active_entries} other",
    ]
    if store.index:
        index = store.index
        cut = " — PAST THE CUT, the agent never sees the tail" if index.overflows else ""
        lines.append(
            f"index    {index.path}: {index.lines}/{INDEX_MAX_LINES} lines, "
            f"{index.bytes}/{INDEX_MAX_BYTES} bytes, {index.loaded_lines} lines loaded{cut}"
        )
    lines.append(f"tokens   ~{store.always_loaded_tokens} always loaded, ~{store.on_demand_tokens} on demand")
    lines.append(f"history  {store.history_source}")
    if scan.review is not None:
        lines.append(f"review   {scan.review.summary(scan.now)}")
    usage_line = usage_summary_line(store)
    if usage_line:
        lines.append(usage_line)
    for note in store.notes:
        lines.append(f"note     {note}")
    suppressed = f" ({scan.suppressed} suppressed)" if scan.suppressed else ""
    lines.append(f"findings {_severity_counts(scan.findings)}{suppressed}")
    return lines


def render_text(scan: ScanResult, *, show_entries: bool = False) -> str:
    """A readable report: the summary, then findings grouped by severity."""
    out = summary_lines(scan)
    for severity, members in _by_severity(scan.findings):
        out.append("")
        out.append(f"{SEVERITY_TITLES[severity]} ({len(members)})")
        for finding in members:
            out.append(f"  [{finding.rule}] {', '.join(finding_subjects(finding))}")
            out.append(f"      {finding.message}")
    if not scan.findings:
        out.append("")
        out.append("No drift found.")
    if show_entries:
        out.append("")
        out.append(f"{'id':<40} {'type':<10} {'status':<10} {'age':>7} {'commits':>7} {'bytes':>7}")
        for entry in scan.store.entries:
            age = entry.age_days(scan.now)
            age_text = f"{age:.0f}d" if age is not None else "-"
            out.append(
                f"{entry.id[:40]:<40} {entry.type or '-':<10} {entry.status:<10} "
                f"{age_text:>7} {entry.commits:>7} {entry.bytes:>7}"
            )
    return visible(_masked(scan, "\n".join(out) + "\n"))


def render_markdown(scan: ScanResult) -> str:
    """A weekly-review checklist a person can paste into a note."""
    store = scan.store
    out = [f"# Memory review — {scan.now.date().isoformat()}", ""]
    if scan.trend_line:
        out[1:1] = ["", scan.trend_line]
    out.extend(f"- {line.split(maxsplit=1)[0]}: {line.split(maxsplit=1)[1]}" for line in summary_lines(scan))
    for severity, members in _by_severity(scan.findings):
        out.append("")
        out.append(f"## {SEVERITY_TITLES[severity]} ({len(members)})")
        out.append("")
        for finding in members:
            entries = ", ".join(f"`{subject}`" for subject in finding_subjects(finding))
            out.append(f"- [ ] **{finding.rule}** {entries}: {finding.message}")
    if not scan.findings:
        out.extend(["", "No drift found: nothing to review this week."])
    out.extend(prune_markdown(store, scan.findings, scan.now))
    out.extend(["", f"_Generated by curator for `{store.root}`._", ""])
    return visible(_masked(scan, "\n".join(out)))
