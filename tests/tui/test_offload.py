"""Analysis in a spawned child process gives the same findings and check results as analysis in a thread."""

from __future__ import annotations

from pathlib import Path

from curator.tui.app import CuratorApp
from tests.support.tui import fresh_store, wait_ready


def _finding_keys(app: CuratorApp) -> list[tuple]:
    return sorted((finding.rule, tuple(finding.entries), finding.message) for finding in app.session.findings)


async def _analysed(store: Path, now, *, in_process: bool) -> tuple[list[tuple], dict[str, list[str]]]:
    app = CuratorApp(store, now=now, watch_disk=False, analysis_in_process=in_process)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        assert (app.analysis_process._pool is not None) == in_process
        verdicts = {
            entry_id: [result.verdict for result in results] for entry_id, results in app.session.check_results.items()
        }
        return _finding_keys(app), verdicts


async def test_child_process_analysis_matches_thread_analysis(tmp_path: Path, now) -> None:
    store = fresh_store(tmp_path)
    in_thread = await _analysed(store, now, in_process=False)
    in_child = await _analysed(store, now, in_process=True)
    assert in_thread[0] and any(rule == "check-failed" for rule, _, _ in in_thread[0])
    assert in_child == in_thread
