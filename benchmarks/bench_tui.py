"""Time from app start to the first full render of the entry table, for 100 and 10,000 entries; keystroke latency.

Run: python benchmarks/bench_tui.py [--repeat 3] [--sizes 100,10000]
     python -m benchmarks.bench_tui --keys --sizes 10000,100000   (keystroke p50/p95 per key while
     analysing, then idle; see benchmarks/bench_tui_keys.py)
Stores are generated claude-code stores on disk (one git commit each). The table paints from the raw
store; history, rules and checks run after first paint, so the ratio should stay near 1 (target <= 1.5).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from curator.tui.app import CuratorApp
from curator.tui.widgets.entry_table import EntryTable

NOW = datetime(2026, 11, 29, 12, tzinfo=timezone.utc)
TYPES = ("user", "feedback", "project", "reference")
IDENTITY = {
    "GIT_AUTHOR_NAME": "Bench",
    "GIT_AUTHOR_EMAIL": "bench@example.com",
    "GIT_COMMITTER_NAME": "Bench",
    "GIT_COMMITTER_EMAIL": "bench@example.com",
}


def generate_store(root: Path, entries: int) -> Path:
    """A claude-code store with `entries` topic files and an index, committed once."""
    store = root / "project" / ".claude" / "memory"
    store.mkdir(parents=True)
    index_lines = ["# Memory", ""]
    for number in range(entries):
        name = f"topic_{number:05d}.md"
        kind = TYPES[number % len(TYPES)]
        (store / name).write_text(
            f"---\nname: Topic {number}\ndescription: Generated topic number {number}\ntype: {kind}\n---\n\n"
            f"Rule {number}: keep module {number % 97} under {number % 13 + 2} files.\n\n**Why:** generated.\n",
            encoding="utf-8",
        )
        index_lines.append(f"- [Topic {number}]({name}) — topic {number}")
    (store / "MEMORY.md").write_text("\n".join(index_lines) + "\n", encoding="utf-8")
    env = dict(
        os.environ, **IDENTITY, GIT_AUTHOR_DATE="2026-01-01T00:00:00Z", GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
    )
    project = root / "project"
    for argv in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "memory"]):
        subprocess.run(argv, cwd=project, env=env, check=True, capture_output=True)
    return store


class TimedTable(EntryTable):
    """The entry table, noting when it first paints rows."""

    first_rows_painted: float | None = None

    def render_lines(self, crop):
        lines = super().render_lines(crop)
        if self.row_count and TimedTable.first_rows_painted is None:
            TimedTable.first_rows_painted = time.perf_counter()
        return lines


async def first_render_seconds(store: Path) -> float:
    """Seconds from app start (entering run_test) to the first paint of the table with its rows."""
    import curator.tui.screens.main as main_screen

    main_screen.EntryTable = TimedTable
    TimedTable.first_rows_painted = None
    started = time.perf_counter()
    app = CuratorApp(store, now=NOW, watch_disk=False, run_checks=False)
    async with app.run_test(size=(120, 40)) as pilot:
        while TimedTable.first_rows_painted is None:
            await asyncio.sleep(0.002)
        elapsed = TimedTable.first_rows_painted - started
        while app.session.stage != "ready":
            await pilot.pause(0.05)
    return elapsed


def keys_main(sizes: list[int], synthetic: Path | None) -> dict[int, tuple[float, float, float, float]]:
    """Keystroke p50/p95 while analysing and idle (benchmarks/bench_tui_keys.py), per size."""
    from benchmarks.bench_tui_keys import keys_main as measure_keys

    return measure_keys(sizes, synthetic)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", default="100,10000")
    parser.add_argument("--keys", action="store_true", help="measure keystroke latency (p50/p95) instead")
    parser.add_argument("--stores", type=Path, default=None, help="reuse synthetic stores DIR/s<size> when present")
    options = parser.parse_args()
    if options.keys:
        keys_main([int(size) for size in options.sizes.split(",")], options.stores)
        return
    sizes = [int(size) for size in options.sizes.split(",")]
    medians: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="curator-bench-tui-") as scratch:
        stores = {size: generate_store(Path(scratch) / f"s{size}", size) for size in sizes}
        asyncio.run(first_render_seconds(stores[sizes[0]]))
        for size in sizes:
            runs = [asyncio.run(first_render_seconds(stores[size])) for _ in range(options.repeat)]
            medians[size] = statistics.median(runs)
            print(
                f"{size:>6} entries: first table render {medians[size]:.3f} s (median of {options.repeat}: "
                + ", ".join(f"{run:.3f}" for run in runs)
                + ")"
            )
    if len(sizes) >= 2:
        ratio = medians[sizes[-1]] / medians[sizes[0]]
        print(f"ratio {sizes[-1]}/{sizes[0]}: {ratio:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
