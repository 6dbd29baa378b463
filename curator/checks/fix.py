"""Fix from evidence: rewrite a failed count (or pinned version) claim with what the probe observed."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from curator.checks.results import CheckResult
from curator.model import Store


def evidence_edit(result: CheckResult) -> tuple[str, str] | None:
    """The (old, new) text that would make a failed claim match the observation, or None when there is none."""
    claim = result.claim
    if result.verdict != "fail" or result.observed is None:
        return None
    if claim.kind == "count" and claim.number_span and result.observed.isdigit():
        start, end = claim.number_span
        return claim.text, claim.text[:start] + result.observed + claim.text[end:]
    if claim.kind == "version" and re.fullmatch(r"\d+(?:\.\d+){0,2}", result.observed or ""):
        wanted = claim.expected.lstrip(">=^~")
        position = claim.text.rfind(wanted)
        if position >= 0:
            return claim.text, claim.text[:position] + result.observed + claim.text[position + len(wanted):]
    return None


def fix_from_evidence(store: Store, result: CheckResult, *, on: date, reason: str | None = None,
                      session: Any = None) -> Any:
    """Apply the evidence edit through ops.fix_claim (which stamps `verified: DATE`); returns its OpResult."""
    from curator import ops

    edit = evidence_edit(result)
    if edit is None:
        raise ops.OpError(f"{result.claim.entry_id}: no observed value to fix `{result.claim.text}` from")
    old, new = edit
    return ops.fix_claim(store, result.claim.entry_id, old=old, new=new, on=on,
                         reason=reason or f"check: {result.explanation}", session=session)
