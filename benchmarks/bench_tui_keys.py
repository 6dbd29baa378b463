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
        self._original = Screen._compositor_refresh

    def __enter__(self) -> FrameProbe:
        probe = self

        def refresh(screen: Screen) -> None:
            probe._original(screen)
            if probe.condition is not None and probe.seen_at is None and probe.condition():
                probe.seen_at = time.perf_counter()

        Screen._compositor_refresh = refresh  # type: ignore[method-assign]
        return self

    def __exit__(self, *_exc) -> None:
        Screen._compositor_refresh = self._original  # type: ignore[method-assign]

    async def press(self, app: CuratorApp, key: str, condition: Callable[[], bool]) -> float:
        """Send `key` and return the seconds until a frame shows `condition` true."""
        self.condition, self.seen_at = condition, None
        driver = app._driver
        assert driver is not None
        started = time.perf_counter()
        driver.send_message(events.Key(key, None))
        while self.seen_at is None and time.perf_counter() - started < KEY_TIMEOUT_SECONDS:
            await asyncio.sleep(0.001)
        self.condition = None
        return (self.seen_at or time.perf_counter()) - started


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


async def measure(store: Path, keys_per_phase: int) -> dict[str, dict[str, list[float]]]:
    """Per phase ("analysing", "idle") and key, the latency of each press in seconds."""
    app = CuratorApp(store, now=NOW, watch_disk=False, run_checks=True)
    phases: dict[str, dict[str, list[float]]] = {"analysing": {}, "idle": {}}
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
                    latency = await probe.press(app, key, expected_effect(app, key))
                    phases[phase].setdefault(key, []).append(latency)
                    await asyncio.sleep(PAUSE_SECONDS if count % 10 == 9 else GAP_SECONDS)
    phases["analysing"]["stages: " + ",".join(sorted(stages))] = []
    return phases


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def summary(phases: dict[str, dict[str, list[float]]]) -> tuple[float, float, float, float]:
    """Every key pooled: p50 and p95 while analysing, then idle."""
    busy = [value for values in phases["analysing"].values() for value in values]
    idle = [value for values in phases["idle"].values() for value in values]
    return percentile(busy, 0.5), percentile(busy, 0.95), percentile(idle, 0.5), percentile(idle, 0.95)


def print_phases(size: int, phases: dict[str, dict[str, list[float]]]) -> None:
    for phase, by_key in phases.items():
        pooled = [value for values in by_key.values() for value in values]
        notes = " ".join(key for key, values in by_key.items() if not values)
        print(
            f"{size:>7} entries, {phase:9}: {len(pooled):4} keys  "
            f"p50 {percentile(pooled, 0.5) * 1000:7.1f} ms  p95 {percentile(pooled, 0.95) * 1000:7.1f} ms  "
            f"max {max(pooled, default=float('nan')) * 1000:7.1f} ms  {notes}"
        )
        for key, values in by_key.items():
            if values:
                print(
                    f"{'':26}{key:>9}: {len(values):4} keys  p50 {percentile(values, 0.5) * 1000:7.1f} ms  "
                    f"p95 {percentile(values, 0.95) * 1000:7.1f} ms"
                )


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
            phases = asyncio.run(measure(store, keys_per_phase))
            print_phases(size, phases)
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
