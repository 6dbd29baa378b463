"""Pure table logic for the entry list: rows, flags, filters, sorting and fuzzy search."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from rapidfuzz import fuzz, process, utils

from curator.checks.results import CHECK_FAILED
from curator.model import SEVERITY_RANK, Entry, Finding, Severity
from curator.rules.registry import Rule, get_rule
from curator.sync.conflicts import RULE as SYNC_CONFLICT
from curator.tui.index_row import INDEX_KIND
from curator.tui.session import index_findings
from curator.usage import EntryUsage, StoreUsage

COLUMNS: tuple[tuple[str, str], ...] = (
    ("flag", " ⚑"),
    ("name", "Name"),
    ("type", " Type"),
    ("age", "  Age"),
    ("changed", " Changed"),
    ("commits", " Commits"),
    ("size", "     Size"),
)
TYPE_FILTERS: tuple[str | None, ...] = (None, "user", "feedback", "project", "reference", "other")
SEVERITY_STYLE: dict[str, str] = {"error": "bold red", "warning": "yellow", "info": "cyan"}
SEVERITY_GLYPH = {"error": "✖", "warning": "▲", "info": "●"}
SEARCH_BODY_CHARS = 4000
SEARCH_SCORE_CUTOFF = 70.0
SEARCH_RELATIVE_BAND = 15.0


@dataclass
class ViewState:
    """What the table shows: sort column and direction, filters and the search query."""

    sort_column: str = "flag"
    sort_reverse: bool = False
    type_filter: str | None = None
    flagged_only: bool = False
    show_archived: bool = False
    query: str = ""
    marked: set[str] = field(default_factory=set)


def findings_by_entry(findings: list[Finding]) -> dict[str, list[Finding]]:
    """Map each entry id to the findings that name it, worst first."""
    return index_findings(findings)


def worst_severity(entry_findings: list[Finding]) -> Severity | None:
    """The highest severity among the findings, or None."""
    if not entry_findings:
        return None
    return max((finding.severity for finding in entry_findings), key=SEVERITY_RANK.__getitem__)


def format_age(days: float | None) -> str:
    """A short age: `3d`, `11w`, `2y`; blank when unknown."""
    if days is None:
        return "—"
    if days < 1:
        return "today"
    if days < 60:
        return f"{int(days)}d"
    if days < 730:
        return f"{int(days // 30)}mo"
    return f"{days / 365:.1f}y"


def format_size(size_bytes: int) -> str:
    """Bytes as `311 B` or `2.1 KB`."""
    if size_bytes < 1024:
        return f"{size_bytes} B"
    if size_bytes < 1024 * 1024:
        return f"{size_bytes / 1024:.1f} KB"
    return f"{size_bytes / 1024 / 1024:.1f} MB"


def format_date(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d") if moment else "—"


STATUS_LABEL = {"unreadable": "broken", "expired": "expired"}


def entry_type_label(entry: Entry) -> str:
    """The type, or the status when the entry is not active."""
    if entry.status != "active":
        return STATUS_LABEL.get(entry.status, entry.status)
    if entry.kind == INDEX_KIND:
        return "index"
    return entry.type or "—"


def _sort_key(column: str, entry: Entry, flags: dict[str, list[Finding]], now: datetime, usage: StoreUsage | None):
    if column in ("reads", "lastread"):
        return usage_sort_key(column, usage.get(entry.id) if usage is not None else None)
    if column == "flag":
        entry_findings = flags.get(entry.id, [])
        severity = worst_severity(entry_findings)
        return (-(SEVERITY_RANK[severity] + 1) if severity else 0, -len(entry_findings), entry.name.lower())
    if column == "name":
        return (entry.name or entry.id).lower()
    if column == "type":
        return (entry_type_label(entry), (entry.name or entry.id).lower())
    if column == "age":
        age = entry.age_days(now)
        return (age is None, -(age or 0.0))
    if column == "changed":
        touched = entry.modified
        return (touched is None, -(touched.timestamp() if touched else 0.0))
    if column == "commits":
        return -entry.commits
    if column == "size":
        return -entry.bytes
    return entry.id


def usage_sort_key(column: str, entry_usage: EntryUsage | None) -> tuple:
    """Most used first for Reads, most recent first for Last read; unknown last."""
    if entry_usage is None:
        return (1, 0.0)
    if column == "reads":
        used = (
            entry_usage.opened_linked
            if entry_usage.always_loaded and entry_usage.opened_linked is not None
            else entry_usage.reads
        )
        return (0, -float(used or 0))
    moment = entry_usage.last_read
    return (moment is None, -(moment.timestamp() if moment else 0.0))


def matches_type(entry: Entry, type_filter: str | None) -> bool:
    if type_filter is None:
        return True
    if type_filter == "other":
        return entry.type not in ("user", "feedback", "project", "reference")
    return entry.type == type_filter


def fuzzy_rank(entries: list[Entry], query: str) -> list[tuple[Entry, float]]:
    """Entries matching `query` in name, description or body, best first; weak matches drop out near strong ones."""
    query = query.strip()
    if not query:
        return [(entry, 0.0) for entry in entries]
    names = {index: f"{entry.name} {entry.id}" for index, entry in enumerate(entries)}
    descriptions = {index: entry.description for index, entry in enumerate(entries) if entry.description}
    bodies = {index: entry.body[:SEARCH_BODY_CHARS] for index, entry in enumerate(entries) if entry.body}
    scores: dict[int, float] = {}
    for choices, scorer, weight in (
        (names, fuzz.partial_ratio, 1.0),
        (descriptions, fuzz.partial_ratio, 0.95),
        (bodies, fuzz.partial_ratio, 0.9),
    ):
        if not choices:
            continue
        for _choice, score, index in process.extract(
            query,
            choices,
            scorer=scorer,
            processor=utils.default_process,
            score_cutoff=SEARCH_SCORE_CUTOFF,
            limit=None,
        ):
            scores[index] = max(scores.get(index, 0.0), score * weight)
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    if not ranked:
        return []
    floor = ranked[0][1] - SEARCH_RELATIVE_BAND
    return [(entries[index], score) for index, score in ranked if score >= floor]


def visible_entries(
    entries: list[Entry],
    findings: list[Finding],
    state: ViewState,
    now: datetime,
    usage: StoreUsage | None = None,
    flags: dict[str, list[Finding]] | None = None,
) -> list[Entry]:
    """Apply the filters, then either the fuzzy ranking (when searching) or the sort column.

    `flags` is `findings` already indexed by entry (the session keeps one), else it is built here.
    """
    flags = flags if flags is not None else findings_by_entry(findings)
    kept = [
        entry
        for entry in entries
        if (state.show_archived or entry.status != "expired")
        and matches_type(entry, state.type_filter)
        and (not state.flagged_only or entry.id in flags)
    ]
    if state.query.strip():
        return [entry for entry, _score in fuzzy_rank(kept, state.query)]
    kept.sort(key=lambda entry: _sort_key(state.sort_column, entry, flags, now, usage), reverse=state.sort_reverse)
    return kept


def review_queue(entries: list[Entry], findings: list[Finding], now: datetime) -> list[Entry]:
    """Flagged active entries, worst first: severity, then number of findings, then age."""
    flags = findings_by_entry(findings)
    flagged = [entry for entry in entries if entry.id in flags and entry.is_active]

    def badness(entry: Entry):
        entry_findings = flags[entry.id]
        severity: Severity = worst_severity(entry_findings) or "info"
        return (-SEVERITY_RANK[severity], -len(entry_findings), -(entry.age_days(now) or 0.0), entry.id)

    return sorted(flagged, key=badness)


def _pairing_rule(finding: Finding) -> Rule | None:
    rule = get_rule(finding.rule)
    return rule if rule is not None and rule.pairs_entries and len(finding.entries) >= 2 else None


def pair_findings(findings: list[Finding]) -> list[Finding]:
    """Findings that pair entries: sync conflicts first, then the pairing rules (conflict, duplicate) in rule order."""
    ranked = [(rule.order, finding) for finding in findings if (rule := _pairing_rule(finding)) is not None]
    ranked += [(-1, finding) for finding in findings if finding.rule == SYNC_CONFLICT and len(finding.entries) >= 2]
    return [finding for _, finding in sorted(ranked, key=lambda item: (item[0], item[1].entries))]


def suggested_partner(entry_id: str, findings: list[Finding]) -> str | None:
    """The other entry of this entry's first conflict or duplicate finding."""
    for finding in pair_findings(findings):
        if entry_id in finding.entries:
            return next((other for other in finding.entries if other != entry_id), None)
    return None


REASON_CHARS = 120


def short_reason(reason: str) -> str:
    """A reason cut to a readable length for the archive's `expired_reason`."""
    return reason if len(reason) <= REASON_CHARS else reason[: REASON_CHARS - 1] + "…"


def default_expire_reason(entry_findings: list[Finding]) -> str:
    """A reason prefilled from the entry's most serious finding."""
    for finding in entry_findings:
        rule = get_rule(finding.rule)
        if (rule is not None and rule.reason_to_expire) or finding.rule == CHECK_FAILED:
            return short_reason(f"{finding.rule}: {finding.message}")
    return ""
