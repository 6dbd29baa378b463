"""After an op the TUI rescans with its caches (scan memo, pairwise cache); that rescan equals a cold scan."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.model import Finding
from curator.scan import run_scan
from curator.tui.app import CuratorApp
from tests.support.tui import fresh_store, git_subjects, wait_for_commit, wait_ready


def _keys(findings: list[Finding]) -> list[tuple]:
    return sorted((finding.rule, tuple(finding.entries), finding.message) for finding in findings)


def _cold(store: Path, now) -> list[tuple]:
    return _keys(run_scan(store, now=now, cache=False).findings)


@pytest.mark.parametrize("in_child", [False, True], ids=["thread", "child-process"])
async def test_the_rescan_after_each_op_equals_a_cold_scan(tmp_path: Path, now, in_child: bool) -> None:
    store = fresh_store(tmp_path)
    app = CuratorApp(store, now=now, watch_disk=False, run_checks=False, analysis_in_process=in_child)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        loaded = _keys(app.session.rule_findings)
        assert loaded == _cold(store, now)
        assert any(rule == "conflict" for rule, _, _ in loaded)
        app.screen.jump_to("blog_cadence_q4.md")
        await pilot.pause(0.1)
        before = len(git_subjects(store))
        await pilot.press("x")
        await pilot.press("enter", "enter")
        await wait_for_commit(pilot, app, store, before)
        expired = _keys(app.session.rule_findings)
        assert not (store / "blog_cadence_q4.md").exists()
        assert expired != loaded and not any(rule == "conflict" for rule, _, _ in expired)
        assert expired == _cold(store, now)
        app.screen.jump_to("deploy_freeze.md")
        await pilot.pause(0.1)
        before = len(git_subjects(store))
        await pilot.press("v")
        await wait_for_commit(pilot, app, store, before)
        assert _keys(app.session.rule_findings) == _cold(store, now)
