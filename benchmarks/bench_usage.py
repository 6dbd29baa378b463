"""Benchmark the transcript reader: 500 sessions / ~2 GB of generated transcripts, then a cached rescan.

Generates Claude Code-shaped JSONL sessions (big project-file tool results, a memory read in every
third session) into a temporary directory (deleted afterwards), then times `usage.annotate` three
times: the first full streaming pass (MB/s), a second pass with nothing new (every file answered from
the size+mtime cache), a third after five new sessions (only those are read), and a fourth after one
session grew by a megabyte (read on from its last complete line). Target: the second
scan costs < 10 % of the first. Always exits 0; read the PASS/FAIL line.

Usage: python benchmarks/bench_usage.py [--sessions 500] [--mb-per-session 4]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from curator import formats, usage
from tests.support.transcripts import benchmark_corpus, claude_home, filler, open_session

MB = 1024 * 1024


def timed(store, claude_dir: Path) -> tuple[float, float, usage.StoreUsage]:
    wall, cpu = time.perf_counter(), time.process_time()
    found = usage.annotate(store, claude_dir=claude_dir)
    return time.perf_counter() - wall, time.process_time() - cpu, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=500)
    parser.add_argument("--mb-per-session", type=float, default=4.0)
    options = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="curator-bench-usage-"))
    os.environ["XDG_CACHE_HOME"] = str(scratch / "cache")
    try:
        home = claude_home(scratch)
        started = time.perf_counter()
        written = benchmark_corpus(home, options.sessions, int(options.mb_per_session * MB))
        print(f"generated {options.sessions} sessions, {written / MB:,.0f} MB in {time.perf_counter() - started:.1f} s")
        store = formats.detect(home.store)
        first_wall, first_cpu, first = timed(store, home.claude_dir)
        assert first.get("alpha.md").reads == options.sessions // 3, "wrong read count"
        mb_read = first.bytes_read / MB
        print(
            f"first scan:  {first_wall:6.2f} s wall, {first_cpu:6.2f} s CPU, {mb_read:,.0f} MB read: "
            f"{mb_read / first_wall:,.0f} MB/s wall, {mb_read / first_cpu:,.0f} MB/s CPU"
        )
        second_wall, second_cpu, second = timed(store, home.claude_dir)
        print(
            f"second scan: {second_wall:6.2f} s wall, {second_cpu:6.2f} s CPU, {second.bytes_read / MB:,.0f} MB read, "
            f"{second.cached} of {second.transcripts} from cache"
        )
        for number in range(options.sessions + 1, options.sessions + 6):
            stream, writer = open_session(home, number)
            with stream:
                writer.prompt("a new session")
                writer.read(home.store / "alpha.md")
        third_wall, _third_cpu, third = timed(store, home.claude_dir)
        print(
            f"after 5 new sessions: {third_wall:6.2f} s wall, {third.bytes_read / 1024:,.0f} KB read, "
            f"alpha.md reads {third.get('alpha.md').reads}"
        )
        stream, writer = open_session(home, options.sessions + 5)
        with stream:
            filler(writer, MB, home.project, home.store)
            writer.read(home.store / "alpha.md")
        grown_wall, _grown_cpu, grown = timed(store, home.claude_dir)
        print(
            f"after one session grew by {writer.bytes_written / MB:.1f} MB: {grown_wall:6.2f} s wall, "
            f"{grown.bytes_read / MB:.1f} MB read, alpha.md reads {grown.get('alpha.md').reads}"
        )
        ratio = second_wall / first_wall
        print(f"second/first = {ratio:.3f} (wall), {second_cpu / first_cpu:.3f} (CPU)")
        print("PASS" if ratio < 0.10 else "FAIL", "second scan < 10 % of the first")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
