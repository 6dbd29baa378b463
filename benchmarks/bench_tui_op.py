"""TUI op latency on the demo: from the key of one op (`v`, stamp reviewed) to the table showing the result.

Run: python benchmarks/bench_tui_op.py [--repeat 5]
Builds the demo in a temporary directory, opens the app at 120x40 (history, rules and live checks on,
as a user gets it), waits until it is ready, then stamps `--repeat` different entries one after the
other. For each op it prints the time until the op's commit is written and the time until the app is
ready again (store re-read, history, rules, checks), and how many times the store was read from disk.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from curator import formats
from curator.demo import build_demo
from curator.tui import app as app_module
from curator.tui.app import CuratorApp

NOW = datetime(2026, 11, 29, 12, tzinfo=timezone.utc)


class ReadCounter:
    """Counts whole-store reads (formats.detect and formats.reload) while installed."""

    def __init__(self) -> None:
        self.reads = 0
        self._detect, self._reload = formats.detect, formats.reload

    def __enter__(self) -> ReadCounter:
        def counted(original):
            def wrapper(*args, **kwargs):
                self.reads += 1
                return original(*args, **kwargs)

            return wrapper

        formats.detect, formats.reload = counted(self._detect), counted(self._reload)
        return self

    def __exit__(self, *exc: object) -> None:
        formats.detect, formats.reload = self._detect, self._reload


async def wait_until(predicate, pilot, limit: float = 60.0) -> None:
    deadline = time.perf_counter() + limit
    while not predicate():
        if time.perf_counter() > deadline:
            notes = [notification.message for notification in pilot.app._notifications]
            raise TimeoutError(f"the app did not settle: {notes}")
        await pilot.pause(0.005)


class CountingApp(CuratorApp):
    """The app, counting finished ops."""

    CSS_PATH = [Path(app_module.__file__).with_name("app.tcss")]
    ops_finished = 0

    def on_curator_app_op_finished(self, message: CuratorApp.OpFinished) -> None:
        self.ops_finished += 1


async def measure(store: Path, repeat: int) -> list[tuple[float, float, int]]:
    """(seconds to commit, seconds to ready, store reads) for `repeat` stamp ops."""
    app = CountingApp(store, now=NOW, watch_disk=False)
    timings: list[tuple[float, float, int]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(lambda: app.session.stage == "ready", pilot)
        entry_ids = [entry.id for entry in app.session.store.active()][:repeat]
        for row, entry_id in enumerate(entry_ids):
            app.screen.jump_to(entry_id)
            await pilot.pause(0.1)
            with ReadCounter() as counter:
                started = time.perf_counter()
                await pilot.press("v")
                await wait_until(lambda done=row: app.ops_finished > done, pilot)
                committed = time.perf_counter() - started
                await wait_until(lambda: app.session.stage == "ready" and not app.op_running, pilot)
                ready = time.perf_counter() - started
            timings.append((committed, ready, counter.reads))
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="curator-bench-op-") as scratch:
        demo = build_demo(Path(scratch) / "demo", NOW)
        timings = asyncio.run(measure(demo.claude_store, args.repeat))
    for number, (committed, ready, reads) in enumerate(timings, 1):
        print(f"op {number}: committed {committed * 1000:7.1f} ms   ready {ready * 1000:7.1f} ms   store reads {reads}")
    print(
        f"median: committed {statistics.median(t[0] for t in timings) * 1000:.1f} ms, "
        f"ready {statistics.median(t[1] for t in timings) * 1000:.1f} ms, "
        f"store reads per op {statistics.median(t[2] for t in timings):g}"
    )


if __name__ == "__main__":
    main()
