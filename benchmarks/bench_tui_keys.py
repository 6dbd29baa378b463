"""Keystroke latency in the TUI: from a key entering the app to the first frame that shows its effect.

Run: python -m benchmarks.bench_tui_keys --sizes 10000,100000 [--stores DIR] [--keys-per-phase 300]

A key is sent the way a terminal sends it (a Key event to the driver), without Pilot's idle waits.
Its latency ends when a frame is composed (the screen's compositor refresh) at which the key's effect
holds: the cursor moved (Down/Up/j/k/PageDown/PageUp), or the detail pane shows the entry and holds
the focus (Enter), or the table has the focus again (Escape). Keys follow each other after a short
gap (30 ms, like a held key's auto-repeat, with a pause of 150 ms every tenth key so the debounced
detail pane redraws between keys). Measured twice: while the load stages (history, usage, rules,
checks) run, then with the app idle.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

from textual import events
from textual.screen import Screen

from curator.tui.app import CuratorApp
from curator.tui.screens.main import MainScreen
from curator.tui.widgets.entry_table import EntryTable

SEQUENCE = ("down", "down", "j", "j", "pagedown", "up", "k", "down", "enter", "escape", "pageup", "down")
GAP_SECONDS = 0.03
PAUSE_SECONDS = 0.15
KEY_TIMEOUT_SECONDS = 30.0
NOW = datetime(2026, 11, 29, 12, tzinfo=timezone.utc)


class FrameProbe:
    """Watches composed frames and notes the first one at which a key's effect holds."""

    def __init__(self) -> None:
        self.condition: Callable[[], bool] | None = None
        self.seen_at: float | None = None
        self.seen_cpu: float | None = None
        self._original = Screen._compositor_refresh

    def __enter__(self) -> FrameProbe:
        probe = self

        def refresh(screen: Screen) -> None:
            probe._original(screen)
            if probe.condition is not None and probe.seen_at is None and probe.condition():
                probe.seen_at, probe.seen_cpu = time.perf_counter(), time.thread_time()

        Screen._compositor_refresh = refresh  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *_exc) -> None:
        Screen._compositor_refresh = self._original  # type: ignore[method-assign]

    async def press(self, app: CuratorApp, key: str, condition: Callable[[], bool]) -> tuple[float, float]:
        """Send `key`; the seconds until a frame shows `condition` true, and the UI thread's CPU seconds meanwhile."""
        self.condition, self.seen_at, self.seen_cpu = condition, None, None
        driver = app._driver
        assert driver is not None
        started, started_cpu = time.perf_counter(), time.thread_time()
        driver.send_message(events.Key(key, None))
        while self.seen_at is None and time.perf_counter() - started < KEY_TIMEOUT_SECONDS:
            await asyncio.sleep(0.001)
        self.condition = None
        return (self.seen_at or time.perf_counter()) - started, (self.seen_cpu or time.thread_time()) - started_cpu


def expected_effect(app: CuratorApp, key: str) -> Callable[[], bool]:
    """What must be true on screen once `key` was handled."""
    screen = app.screen
    assert isinstance(screen, MainScreen)
    table = screen.query_one(EntryTable)
    row, last = table.cursor_row, table.row_count - 1
    if key in ("down", "j"):
        return lambda: table.cursor_row == min(row + 1, last)
    if key in ("up", "k"):
        return lambda: table.cursor_row == max(row - 1, 0)
    if key == "pagedown":
        return lambda: table.cursor_row > row or row == last
    if key == "pageup":
        return lambda: table.cursor_row < row or row == 0
    if key == "enter":
        return lambda: app.focused is not table and screen.shown_entry_id == table.current_entry_id
    return lambda: app.focused is table


Presses = dict[str, list[tuple[float, float]]]
"""Per key, each press's (wall seconds, UI-thread CPU seconds)."""


async def measure(store: Path, keys_per_phase: int) -> tuple[dict[str, Presses], set[str]]:
    """Presses while the load stages run ("analysing") and after ("idle"), and the stages seen while analysing."""
    app = CuratorApp(store, now=NOW, watch_disk=False, run_checks=True)
    phases: dict[str, Presses] = {"analysing": {}, "idle": {}}
    stages: set[str] = set()
    with FrameProbe() as probe:
        async with app.run_test(size=(120, 40)) as pilot:
            while app.session.store is None or app.session.partial:
                await pilot.pause(0.05)
            for phase in ("analysing", "idle"):
                while phase == "idle" and app.session.stage != "ready":
                    await asyncio.sleep(0.1)
                for count in range(keys_per_phase):
                    if phase == "analysing":
                        if app.session.stage == "ready":
                            break
                        stages.add(app.session.stage)
                    key = SEQUENCE[count % len(SEQUENCE)]
                    phases[phase].setdefault(key, []).append(await probe.press(app, key, expected_effect(app, key)))
                    await asyncio.sleep(PAUSE_SECONDS if count % 10 == 9 else GAP_SECONDS)
    return phases, stages


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def pooled(presses: Presses, part: int = 0) -> list[float]:
    """Every key's wall (part 0) or CPU (part 1) seconds together."""
    return [press[part] for values in presses.values() for press in values]


def summary(phases: dict[str, Presses]) -> tuple[float, float, float, float]:
    """Every key pooled: wall p50 and p95 while analysing, then idle."""
    busy, idle = pooled(phases["analysing"]), pooled(phases["idle"])
    return percentile(busy, 0.5), percentile(busy, 0.95), percentile(idle, 0.5), percentile(idle, 0.95)


def figures_line(label: str, presses: Presses | list[tuple[float, float]]) -> str:
    values = presses if isinstance(presses, list) else [press for pressed in presses.values() for press in pressed]
    wall, cpu = [press[0] for press in values], [press[1] for press in values]
    return (
        f"{label}: {len(values):4} keys  p50 {percentile(wall, 0.5) * 1000:7.1f} ms  "
        f"p95 {percentile(wall, 0.95) * 1000:7.1f} ms  max {max(wall, default=float('nan')) * 1000:7.1f} ms  "
        f"(UI-thread CPU p50 {percentile(cpu, 0.5) * 1000:5.1f} ms, p95 {percentile(cpu, 0.95) * 1000:5.1f} ms)"
    )


def print_phases(size: int, phases: dict[str, Presses], stages: set[str]) -> None:
    for phase, presses in phases.items():
        seen = f"  stages {','.join(sorted(stages))}" if phase == "analysing" else ""
        print(figures_line(f"{size:>7} entries, {phase:9}", presses) + seen)
        for key, values in presses.items():
            print(figures_line(f"{'':26}{key:>9}", values))


def keys_main(
    sizes: list[int], synthetic: Path | None, keys_per_phase: int = 300
) -> dict[int, tuple[float, float, float, float]]:
    """Keystroke p50/p95 while analysing and idle, on synthetic stores (benchmarks/synth.py) of each size."""
    from benchmarks.synth import generate, write_store

    figures = {}
    with tempfile.TemporaryDirectory(prefix="curator-bench-keys-") as scratch:
        for size in sizes:
            store = (synthetic / f"s{size}") if synthetic and (synthetic / f"s{size}").is_dir() else None
            if store is None:
                store = write_store(generate(size), Path(scratch) / f"s{size}", git=True)
            phases, stages = asyncio.run(measure(store, keys_per_phase))
            print_phases(size, phases, stages)
            figures[size] = summary(phases)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10000")
    parser.add_argument("--stores", type=Path, default=None, help="reuse synthetic stores DIR/s<size> when present")
    parser.add_argument("--keys-per-phase", type=int, default=300)
    options = parser.parse_args()
    keys_main([int(size) for size in options.sizes.split(",")], options.stores, options.keys_per_phase)
    print("target: p95 < 50 ms")


if __name__ == "__main__":
    main()
