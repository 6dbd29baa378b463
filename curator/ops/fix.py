"""Fix from evidence: rewrite a claim an entry makes with what the live probe observed, and stamp `verified`."""

from __future__ import annotations

from datetime import date
from typing import Any

from curator import lazyre as re
from curator.checks.results import CheckResult
from curator.model import Store
from curator.ops.core import OpResult, find_entry
from curator.ops.editing import edit
from curator.ops.io import OpError

_VERSION = re.compile(r"\d+(?:\.\d+){0,2}")
_NAME = re.compile(r"[A-Za-z_$][\w$]*")


def _replacement(claim: Any, observed: str) -> tuple[str, str] | None:
    """The claim's words and the same words with the claimed value replaced by `observed`, when that value is in them."""
    words = getattr(claim, "text", "") or ""
    kind = getattr(claim, "kind", None)
    number_span = getattr(claim, "number_span", None)
    expected = str(getattr(claim, "expected", "") or "")
    if kind == "count":
        if not (number_span and observed.isdigit()):
            return None
        start, end = number_span
        return words, words[:start] + observed + words[end:]
    if kind == "version":
        wanted = expected.lstrip(">=^~")
        position = words.rfind(wanted) if _VERSION.fullmatch(observed) and wanted else -1
        if position < 0:
            return None
        return words, words[:position] + observed + words[position + len(wanted) :]
    if kind == "identifier" and _NAME.fullmatch(observed):
        subject = str(getattr(claim, "subject", "") or "")
        position = words.rfind(subject) if subject else -1
        if position >= 0:
            return words, words[:position] + observed + words[position + len(subject) :]
    if expected and expected in words:
        return words, words.replace(expected, observed, 1)
    return None


def evidence_edit(result: CheckResult) -> tuple[str, str] | None:
    """The (old, new) text that would make a failed claim match the observation, or None when there is none."""
    if result.verdict != "fail" or result.observed is None:
        return None
    return _replacement(result.claim, str(result.observed))


def fix_values(result: Any, body: str = "") -> tuple[str, str]:
    """The text to replace and its replacement, as a person would be offered them for one check result.

    When the claim's words are not exactly once in `body`, the whole line holding them is offered
    instead, so the replacement is unambiguous.
    """
    words = getattr(result.claim, "text", "") or str(result.claim)
    observed = getattr(result, "observed", None)
    if observed is None:
        return words, words
    replaced = _replacement(result.claim, str(observed))
    if replaced is None:
        return words, str(observed)
    old, new = replaced
    if body.count(old) > 1:
        line = next((line for line in body.splitlines() if old in line), "")
        if line.strip() and body.count(line) == 1:
            return line, line.replace(old, new)
    return old, new


def fix_claim(
    store: Store, entry_id: str, *, old: str, new: str, on: date, reason: str, session: Any = None
) -> OpResult:
    """Rewrite one exact substring of the entry's body and stamp `verified: DATE`."""
    entry = find_entry(store, entry_id)
    occurrences = entry.body.count(old) if old else 0
    if occurrences == 0:
        raise OpError(f"{entry.id}: the text {old!r} is not in its body any more; rescan and look again")
    if occurrences > 1:
        raise OpError(f"{entry.id}: {old!r} occurs {occurrences} times in its body; edit the entry by hand instead")
    return edit(
        store,
        entry_id,
        body=entry.body.replace(old, new, 1),
        fields={"verified": on.isoformat()},
        what=f"fix {entry.id}: {old!r} -> {new!r}",
        reason=reason,
        session=session,
    )


def fix_from_evidence(
    store: Store, result: CheckResult, *, on: date, reason: str | None = None, session: Any = None
) -> OpResult:
    """Apply the evidence edit through fix_claim (which stamps `verified: DATE`)."""
    replaced = evidence_edit(result)
    if replaced is None:
        raise OpError(f"{result.claim.entry_id}: no observed value to fix `{result.claim.text}` from")
    old, new = replaced
    return fix_claim(
        store,
        result.claim.entry_id,
        old=old,
        new=new,
        on=on,
        reason=reason or f"check: {result.explanation}",
        session=session,
    )
