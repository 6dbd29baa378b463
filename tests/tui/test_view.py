"""The table logic behind the entry list: fuzzy search, filters, sorting, review order, formatting."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from curator.model import Entry, Finding
from curator.tui.view import (
    ViewState,
    format_age,
    format_size,
    fuzzy_rank,
    review_queue,
    suggested_partner,
    visible_entries,
)

NOW = datetime(2026, 11, 29, 12, tzinfo=timezone.utc)


def entry(
    entry_id: str,
    name: str,
    *,
    body: str = "",
    description: str = "",
    type_: str | None = "project",
    days_old: int = 10,
    status: str = "active",
    commits: int = 1,
) -> Entry:
    return Entry(
        id=entry_id,
        path=entry_id,
        name=name,
        body=body,
        text=body,
        description=description,
        type=type_,
        modified=NOW - timedelta(days=days_old),
        status=status,
        commits=commits,
    )


ENTRIES = [
    entry("cadence.md", "Blog cadence", body="Publish at most 4 posts per week.", type_="feedback", days_old=200),
    entry("freeze.md", "Deploy freeze", body="No deploys before 2026-04-15.", days_old=30, commits=3),
    entry("profile.md", "User profile", description="Who the user is", type_="user", days_old=400),
    entry("old.md", "Old rule", body="Gone.", status="expired", days_old=900),
    entry("odd.md", "Odd one", body="Something else entirely.", type_="todo", days_old=5),
]
FINDINGS = [
    Finding("conflict", "warning", ["cadence.md", "freeze.md"], "disagree"),
    Finding("expired-date", "warning", ["freeze.md"], "deadline passed"),
    Finding("parse-error", "error", ["odd.md"], "bad yaml"),
    Finding("stale", "info", ["profile.md"], "old"),
]


@pytest.mark.parametrize(
    ("query", "expected_first", "excluded"),
    [
        ("cadnce", "cadence.md", {"profile.md"}),
        ("deploy", "freeze.md", {"cadence.md", "profile.md"}),
        ("posts per week", "cadence.md", {"profile.md"}),
        ("who is the user", "profile.md", {"freeze.md"}),
    ],
)
def test_fuzzy_search_ranks_name_description_and_body(query: str, expected_first: str, excluded: set[str]) -> None:
    ranked = [found.id for found, _score in fuzzy_rank(ENTRIES, query)]
    assert ranked[0] == expected_first
    assert not excluded & set(ranked)


def test_fuzzy_search_with_no_match_is_empty_and_blank_query_keeps_all() -> None:
    assert fuzzy_rank(ENTRIES, "zzqx") == []
    assert len(fuzzy_rank(ENTRIES, "  ")) == len(ENTRIES)


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        (ViewState(), ["odd.md", "freeze.md", "cadence.md", "profile.md"]),
        (ViewState(sort_column="name"), ["cadence.md", "freeze.md", "odd.md", "profile.md"]),
        (ViewState(sort_column="age"), ["profile.md", "cadence.md", "freeze.md", "odd.md"]),
        (ViewState(sort_column="age", sort_reverse=True), ["odd.md", "freeze.md", "cadence.md", "profile.md"]),
        (ViewState(sort_column="commits"), ["freeze.md", "cadence.md", "profile.md", "odd.md"]),
        (ViewState(type_filter="user"), ["profile.md"]),
        (ViewState(type_filter="other"), ["odd.md"]),
        (ViewState(flagged_only=True, sort_column="name"), ["cadence.md", "freeze.md", "odd.md", "profile.md"]),
        (
            ViewState(show_archived=True, sort_column="name"),
            ["cadence.md", "freeze.md", "odd.md", "old.md", "profile.md"],
        ),
    ],
)
def test_filters_and_sorting(state: ViewState, expected: list[str]) -> None:
    assert [shown.id for shown in visible_entries(ENTRIES, FINDINGS, state, NOW)] == expected


def test_review_queue_is_worst_first_and_skips_expired() -> None:
    queue = [queued.id for queued in review_queue(ENTRIES, FINDINGS, NOW)]
    assert queue == ["odd.md", "freeze.md", "cadence.md", "profile.md"]


def test_suggested_partner_comes_from_a_pair_finding() -> None:
    assert suggested_partner("cadence.md", FINDINGS) == "freeze.md"
    assert suggested_partner("profile.md", FINDINGS) is None


@pytest.mark.parametrize(
    ("days", "shown"), [(None, "—"), (0.5, "today"), (12.0, "12d"), (200.0, "6mo"), (900.0, "2.5y")]
)
def test_format_age(days: float | None, shown: str) -> None:
    assert format_age(days) == shown


@pytest.mark.parametrize(("size", "shown"), [(311, "311 B"), (2150, "2.1 KB"), (3 * 1024 * 1024, "3.0 MB")])
def test_format_size(size: int, shown: str) -> None:
    assert format_size(size) == shown


def test_summary_entry_count_says_how_many_are_active(tmp_path: Path) -> None:
    from curator.model import Entry, Store
    from curator.tui.widgets.summary import entry_count

    store = Store(
        root=tmp_path, format="claude-code", entries=[Entry(id="a.md", path="a.md"), Entry(id="b.md", path="b.md")]
    )
    assert entry_count(store) == "2 entries"
    store.entries[1].status = "unreadable"
    assert entry_count(store) == "1 of 2 entries active"
