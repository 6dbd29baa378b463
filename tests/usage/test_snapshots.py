"""SVG snapshots of the usage columns and the Prune view on the TUI test store with 35 generated sessions."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.tui.app import CuratorApp
from tests.support.transcripts import project_home, reading_sessions
from tests.support.tui import fresh_store
from tests.tui.test_snapshots import WIDE, prepare

READS = {"blog_cadence_q4.md": 1, "short_cleanup.md": 4, "user_profile.md": 35}


@pytest.fixture
def app_with_sessions(tmp_path: Path, now, monkeypatch: pytest.MonkeyPatch) -> CuratorApp:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    store = fresh_store(tmp_path)
    home = project_home(tmp_path / "claude", store.parents[1], store)
    reading_sessions(home, 35, READS)
    return CuratorApp(store, now=now, watch_disk=False, run_checks=False, claude_dir=home.claude_dir)


def sort_by_reads(app: CuratorApp) -> None:
    app.screen.view_state.sort_column = "reads"
    app.screen.refresh_table()
    app.screen.jump_to("blog_cadence_q4.md")


def test_usage_columns(app_with_sessions: CuratorApp, snap_compare) -> None:
    """Table sorted by Reads (`sort Reads ↓`): Blog cadence for Q4 (35 reads, last read 57d ago) first,
    Short-post cleanup (8), User profile (1), then the three never-read entries with `0` and a yellow
    `never`; Reads and Last read stand where Commits was; the Content tab of the first row ends with
    `reads  35 in 35 sessions, last 2026-10-02`."""
    assert snap_compare(app_with_sessions, terminal_size=WIDE, run_before=prepare(sort_by_reads))


def test_prune_view(app_with_sessions: CuratorApp, snap_compare) -> None:
    """Prune view (P): header `3 of 6 entries, from 35 sessions; ranked by never read × age × size`, the
    three never-read entries largest first (Deploy freeze 146 B, Markup note 145 B, Blog cadence 141 B),
    each 9mo old with Reads 0, Last read `never` and `not read in the last 30 sessions (never read)`;
    footer x Expire, esc Back."""
    assert snap_compare(app_with_sessions, terminal_size=WIDE, run_before=prepare("P"))
