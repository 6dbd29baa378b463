"""outdated-number: point-in-time counts (backlogs, items still to do, open PRs) older than the freshness window."""

from __future__ import annotations

from datetime import datetime

from curator.config import Config
from curator.model import Finding
from curator.rules.docs import Doc, Docs, quote
from curator.rules.facts.counts import count_spans, is_measurement
from curator.rules.registry import Rule, RuleContext
from curator.scanmemo import joinable, joined, remembered, string_triples

_spans = count_spans


def analyze(docs: Docs, config: Config, now: datetime) -> list[Finding]:
    findings: list[Finding] = []
    for doc in docs.memory:
        age = _age(doc, now)
        window = config.freshness_window(doc.entry.type)
        if age is None or age <= window:
            continue
        counts = _remembered_counts(doc)
        if not counts:
            continue
        stated = doc.stated_at.date().isoformat() if doc.stated_at else doc.day()
        unique = list({span: (number, span, statement) for number, span, statement in counts}.values())
        number, _, statement = unique[0]
        measured = [is_measurement(n, span) for n, span, _ in unique]
        what, redo = _WHAT_AND_REDO[(all(measured), any(measured))]
        findings.append(
            Finding(
                "outdated-number",
                "warning",
                [doc.id],
                f"{doc.id} says {quote(statement)} — a point-in-time {what} written {stated} ({age:.0f} days ago, "
                f"past the {window}-day window for {doc.entry.type or 'untyped'} entries); {redo} and update or drop "
                "the number.",
                {
                    "counts": [
                        {"number": n, "span": s, "kind": "metric" if m else "count"}
                        for (n, s, _), m in zip(unique, measured, strict=True)
                    ],
                    "age_days": round(age, 1),
                    "window_days": window,
                    "last_changed": doc.day(),
                    "stated": stated,
                },
            )
        )
    return findings


_WHAT_AND_REDO = {
    (False, False): ("count", "re-count it in the project (ls/grep)"),
    (True, True): ("metric", "re-measure it (run the benchmark, profiler or dashboard query again)"),
    (False, True): ("count and metric", "re-count and re-measure them"),
}


def _remembered_counts(doc: Doc) -> list[tuple[str, str, str]]:
    """Each point-in-time count of the entry's statements as (number, span, statement), or what the scan memo holds
    for the same statements (one lookup per entry instead of two per statement)."""
    statements = doc.statements

    def read() -> list[tuple[str, str, str]]:
        return [(number, span, fact.text) for fact in doc.facts for number, span in fact.counts]

    if not statements or not joinable(statements):
        return read()
    return remembered("entry-counts", joined(statements), read, _encode_counts, string_triples)


def _encode_counts(counts: list[tuple[str, str, str]]) -> list[list[str]]:
    return [list(count) for count in counts]


def _age(doc: Doc, now: datetime) -> float | None:
    moment = doc.stated_at
    if moment is None:
        return None
    return (now - moment).total_seconds() / 86400


def _run(ctx: RuleContext) -> list[Finding]:
    return analyze(ctx.docs, ctx.settings, ctx.now)


RULE = Rule(
    id="outdated-number",
    severity="warning",
    summary="a point-in-time count older than the freshness window",
    analyze=_run,
    config_keys=frozenset({"freshness"}),
    order=30,
    reason_to_expire=True,
)
