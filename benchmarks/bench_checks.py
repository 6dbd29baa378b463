"""Measure the check pass on the demo store: wall time against the sum and the slowest of its probes.

Run: python benchmarks/bench_checks.py [--extra-files N]
Probes run in a bounded thread pool, so the wall time should track the slowest probe, not the sum.
--extra-files adds N generated source files to the demo project so each grep takes measurable time.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from curator.checks import run_checks
from curator.demo import build_demo
from curator.scan import load_store


def add_files(project: Path, count: int) -> None:
    for number in range(count):
        folder = project / "src" / "generated" / f"g{number // 500:03d}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"mod{number:05d}.ts").write_text(
            "".join(f"export const value{number}_{line} = {line};\n" for line in range(40))
        )
    subprocess.run(["git", "add", "-A", "--", "src/generated"], cwd=project, check=True, capture_output=True)


def measure(store_path: Path, workers: int) -> tuple[float, float, float, int]:
    store = load_store(store_path)
    started = time.monotonic()
    outcome = run_checks(store, max_workers=workers)
    wall = time.monotonic() - started
    durations = outcome.probe_durations
    return wall, sum(durations), max(durations, default=0.0), len(durations)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--extra-files", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        demo = build_demo(Path(scratch) / "demo", datetime(2026, 11, 29, 12, tzinfo=timezone.utc))
        if options.extra_files:
            add_files(demo.project, options.extra_files)
        for workers in (1, 8):
            runs = [measure(demo.claude_store, workers) for _ in range(options.repeat)]
            wall, total, slowest, probes = min(runs)
            print(
                f"workers={workers}: {probes} distinct probes, wall {wall:.3f} s, sum of probes {total:.3f} s, "
                f"slowest probe {slowest:.3f} s, sum/wall {total / wall:.2f}, wall/slowest {wall / slowest:.2f}"
            )


if __name__ == "__main__":
    main()
