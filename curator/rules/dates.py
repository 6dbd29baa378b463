"""expired-date: deadlines and validity dates in the past ("before 2026-04-15", "2026-04-15 前", `expires:`)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from curator.config import Config
from curator.model import Finding
from curator.rules.docs import Doc, Docs, quote
from curator.rules.facts.date_plans import recurs, weekday_deadline
from curator.rules.facts.date_references import refers_back
from curator.rules.facts.date_tense import no_longer_due, turned_in_next
from curator.rules.facts.dates import deadlines, grace_days, mentioned_dates
from curator.rules.registry import Rule, RuleContext
from curator.scanmemo import joinable, joined, remembered, string_triples

__all__ = ["analyze", "deadlines", "mentioned_dates", "refers_back"]


def analyze(docs: Docs, config: Config, now: datetime) -> list[Finding]:
    today = now.date()
    findings: list[Finding] = []
    for doc in docs.memory:
        expired = _expires_field(doc)
        if expired is not None and expired < today:
            findings.append(_finding(doc, expired, f"expires: {expired.isoformat()}", "its expires: field", today))
            continue
        anchor = (doc.written or now).date()
        named = _remembered_deadlines(doc, anchor)
        past = [item for item in named if (today - item[0]).days > grace_days(item[1])]
        future = [item for item in named if item not in past]
        if past and not future:
            due, span, statement = max(past, key=lambda item: item[0])
            finding = _finding(doc, due, statement, "the deadline", today)
            finding.evidence["dates"] = sorted({d.isoformat() for d, _, _ in past})
            finding.evidence["span"] = span
            findings.append(finding)
    return findings


def _remembered_deadlines(doc: Doc, anchor: date) -> list[tuple[date, str, str]]:
    """`_named_deadlines(doc, anchor)`, or what the scan memo holds for the same statements and anchor (one lookup per
    entry instead of several per statement)."""
    statements = doc.statements
    if not statements or not joinable(statements):
        return _named_deadlines(doc, anchor)
    return remembered(
        "entry-deadlines",
        f"{anchor.isoformat()}\0{joined(statements)}",
        lambda: _named_deadlines(doc, anchor),
        _encode_deadlines,
        _decode_deadlines,
    )


def _encode_deadlines(named: list[tuple[date, str, str]]) -> list[list[str]]:
    return [[due.isoformat(), span, statement] for due, span, statement in named]


def _decode_deadlines(raw: Any) -> list[tuple[date, str, str]]:
    return [(date.fromisoformat(due), span, statement) for due, span, statement in string_triples(raw)]


def _named_deadlines(doc: Doc, anchor: date) -> list[tuple[date, str, str]]:
    """Deadlines each statement names, plus dates a statement refers back to as its deadline ("…, in that case before then")."""
    named: list[tuple[date, str, str]] = []
    previous: list[date] = []
    dated_before: list[tuple[str, date]] = []
    facts = doc.facts
    routine = recurs(" ".join(doc.statements))
    for position, fact in enumerate(facts):
        own = fact.deadlines(anchor)
        following = facts[position + 1].normalized.lower() if position + 1 < len(facts) else ""
        if own and turned_in_next(fact.normalized.lower(), following):
            own = []
        if routine:
            own = [(due, span) for due, span in own if not weekday_deadline(span)]
        named.extend((due, span, fact.text) for due, span in own)
        period = fact.period_reference if not own else None
        period_end = next((day for text, day in reversed(dated_before) if period and period.search(text)), None)
        mentioned = fact.mentioned_dates(anchor)
        referred = mentioned or previous
        if period_end is not None:
            named.append((period_end, fact.text, fact.text))
        elif not own and referred and fact.back_reference and not no_longer_due(fact.normalized.lower()):
            named.append((referred[-1], fact.text, fact.text))
        previous.extend(mentioned)
        if mentioned:
            dated_before.append((fact.normalized.lower(), mentioned[-1]))
    return named


def _expires_field(doc: Doc) -> date | None:
    if doc.entry.expires is not None:
        return doc.entry.expires.date()
    raw = doc.entry.fields.get("expires")
    if isinstance(raw, datetime):
        return raw.date()
    if isinstance(raw, date):
        return raw
    if isinstance(raw, str):
        try:
            return datetime.fromisoformat(raw.strip()).date()
        except ValueError:
            return None
    return None


def _finding(doc: Doc, due: date, said: str, what: str, today: date) -> Finding:
    days = (today - due).days
    return Finding(
        "expired-date",
        "warning",
        [doc.id],
        f"{doc.id}: {quote(said)} — {what} {due.isoformat()} passed {days} days ago; expire the entry "
        "(it no longer applies) or update the date.",
        {"date": due.isoformat(), "days_past": days, "said": said},
    )


def _run(ctx: RuleContext) -> list[Finding]:
    return analyze(ctx.docs, ctx.settings, ctx.now)


RULE = Rule(
    id="expired-date",
    severity="warning",
    summary="a deadline or dated plan that has passed",
    analyze=_run,
    order=40,
    reason_to_expire=True,
)
