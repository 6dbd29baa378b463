"""stale: entries not changed or reviewed within their type's window (project 90 d, feedback 180 d, ...).

Append-only daily logs and instruction-file rules (CLAUDE.md bullets) have no review cycle and are skipped.
"""

from __future__ import annotations

from datetime import datetime

from curator.config import Config
from curator.model import Finding
from curator.rules.docs import Docs
from curator.rules.registry import Rule, RuleContext

EXEMPT_KINDS = frozenset({"daily", "rule"})


def analyze(docs: Docs, config: Config, now: datetime) -> list[Finding]:
    findings: list[Finding] = []
    for doc in docs.memory:
        if doc.entry.kind in EXEMPT_KINDS or doc.moment is None:
            continue
        age = (now - doc.moment).total_seconds() / 86400
        window = config.stale_window(doc.entry.type)
        if age <= window:
            continue
        memory_type = doc.entry.type or "untyped"
        findings.append(
            Finding(
                "stale",
                "info",
                [doc.id],
                f"{doc.id} ({memory_type}) has not been changed or reviewed for {age:.0f} days (last {doc.day()}; "
                f"window {window} days) — confirm it still holds and stamp it reviewed, or update or expire it.",
                {"age_days": round(age, 1), "window_days": window, "last_touched": doc.day(), "type": memory_type},
            )
        )
    return findings


def _run(ctx: RuleContext) -> list[Finding]:
    return analyze(ctx.docs, ctx.settings, ctx.now)


RULE = Rule(
    id="stale",
    severity="info",
    summary="an entry nobody changed or reviewed within its type's window",
    analyze=_run,
    config_keys=frozenset({"stale"}),
    order=50,
    reason_to_expire=True,
)
