"""`sync-conflict` findings: a topic file both machines changed, kept side by side until a person picks."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from curator.model import Finding, Store

RULE = "sync-conflict"
_CONFLICT_NAME = re.compile(r"^(?P<stem>.+)\.sync-conflict-(?P<sha>[0-9a-f]{7,40})(?P<suffix>\.md)$")


def conflict_partner(path: str) -> str | None:
    """`blog.sync-conflict-1a2b3c4.md` -> `blog.md`; None for any other name."""
    name = PurePosixPath(path)
    match = _CONFLICT_NAME.match(name.name)
    if match is None:
        return None
    return name.with_name(match.group("stem") + match.group("suffix")).as_posix()


def sync_conflict_findings(store: Store) -> list[Finding]:
    """One warning per remote version kept next to the local one, naming both entries."""
    findings: list[Finding] = []
    active = {entry.path: entry for entry in store.entries if entry.is_active}
    for path, entry in sorted(active.items()):
        partner = conflict_partner(path)
        if partner is None or partner not in active:
            continue
        findings.append(
            Finding(
                RULE,
                "warning",
                [active[partner].id, entry.id],
                f"{partner} was changed on two machines; the other machine's version is kept as {path}. "
                "Keep one, or merge them (conflicts view: h / l / m)",
                {"local": partner, "remote": path},
            )
        )
    return findings
