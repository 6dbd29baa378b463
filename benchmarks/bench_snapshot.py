"""Benchmark `curator snapshot --hook` as Claude Code runs it: a whole process, one changed entry per run.

Builds a git-tracked Claude Code store of N topic files, then runs the hook command N_RUNS times,
each after the "agent" edited one topic file, feeding it a SessionEnd payload on stdin. Prints the
median and p90 wall time per snapshot (the target: under 200 ms at 200 entries) and the share spent
starting Python and importing curator (`python -m curator --version`). Always exits 0.

Usage: python benchmarks/bench_snapshot.py [--sizes 200 2000] [--runs 15]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_formats import build_store


def time_command(command: list[str], payload: str | None = None) -> float:
    started = time.perf_counter()
    completed = subprocess.run(command, input=payload, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if completed.returncode != 0:
        raise SystemExit(f"{command} failed: {completed.stderr}")
    return elapsed


def bench_size(entries: int, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="curator-bench-snapshot-") as scratch:
        project_dir = Path(scratch) / "projects" / "-bench"
        store = build_store(project_dir / "memory", entries)
        time_command([sys.executable, "-m", "curator", "snapshot", str(store)])
        timings: list[float] = []
        for run in range(runs):
            topic = store / f"memory_{run % entries:05d}.md"
            topic.write_text(topic.read_text(encoding="utf-8") + f"Edited in session {run}.\n", encoding="utf-8")
            payload = json.dumps(
                {
                    "session_id": f"bench-{run:04d}",
                    "transcript_path": str(project_dir / f"bench-{run:04d}.jsonl"),
                    "cwd": scratch,
                    "hook_event_name": "SessionEnd",
                    "reason": "other",
                }
            )
            timings.append(time_command([sys.executable, "-m", "curator", "snapshot", "--hook"], payload))
        commits = subprocess.run(
            ["git", "-C", str(store), "rev-list", "--count", "HEAD"], capture_output=True, text=True
        ).stdout
        assert int(commits) == runs + 1, f"expected {runs + 1} commits, found {commits}"
    timings.sort()
    return {"median": statistics.median(timings), "p90": timings[int(0.9 * (len(timings) - 1))]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--runs", type=int, default=15)
    arguments = parser.parse_args()
    startup = statistics.median(time_command([sys.executable, "-m", "curator", "--version"]) for _ in range(5))
    print(f"python -m curator --version: {startup * 1000:.0f} ms (start-up and imports)")
    for entries in arguments.sizes:
        figures = bench_size(entries, arguments.runs)
        verdict = "PASS" if entries > 200 or figures["median"] < 0.2 else "FAIL"
        print(
            f"{entries:>6} entries: snapshot --hook median {figures['median'] * 1000:.0f} ms, "
            f"p90 {figures['p90'] * 1000:.0f} ms  {verdict if entries <= 200 else ''}"
        )


if __name__ == "__main__":
    main()
