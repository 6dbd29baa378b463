"""SVG snapshots of the review inbox and the Trends view (fixed commit dates, fixed size)."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.tui.app import CuratorApp
from tests.history.test_trend import store as trend_store  # noqa: F401
from tests.support.inbox import agent_sessions, reviewed_store
from tests.support.tui import wait_for, wait_ready

WIDE = (120, 36)
FIXED_DATE = "2026-11-28T09:30:00+00:00"


@pytest.fixture
def fixed_commit_dates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_AUTHOR_DATE", FIXED_DATE)
    monkeypatch.setenv("GIT_COMMITTER_DATE", FIXED_DATE)


def test_inbox_view(tmp_path: Path, now, snap_compare, fixed_commit_dates) -> None:
    """The inbox it opens on: `Changes since last review 2026-11-28 09:30 · 4 change(s) in 2 session(s)`;
    session 11111111 (SessionEnd) with `~ edited alpha.md`, session 22222222 (PreCompact) with
    `+ added epsilon.md`, `- deleted beta.md` (cursor) and `- deleted gamma.md`; on the right the
    deletion's diff in red; footer with Approve, Revert, Approve all, Revert all, Edit, Finish, Back."""
    store = reviewed_store(tmp_path)
    agent_sessions(store)

    async def run_before(pilot) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: getattr(app.screen, "inbox", None) is not None, message="inbox")
        await pilot.pause(0.3)

    app = CuratorApp(store, now=now, watch_disk=False, run_checks=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=run_before)


def test_trends_view(trend_store: Path, now, snap_compare) -> None:  # noqa: F811
    """Trends of a scripted store, one point per week: index lines 2 → 210 → 210 → 3 with the red
    200-line cut and a blue line at the review of 2026-11-16; entries (active 2 → 5 → 3, archived
    0 → 2); memory size in KB; below, the age histogram by type."""

    async def run_before(pilot) -> None:
        app = pilot.app
        await wait_ready(pilot, app)
        await pilot.press("T")
        await wait_for(
            pilot, lambda: "point(s)" in str(app.screen.query_one("#trends-header").render()), message="charts"
        )
        await pilot.pause(0.3)

    app = CuratorApp(trend_store, now=now, watch_disk=False, run_checks=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=run_before)
