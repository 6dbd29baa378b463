"""Benchmark `curator trend` on a store with 1,000 commits (built with `git fast-import`).

Each commit adds or edits a few of 500 topic files and grows or prunes MEMORY.md; one commit in 50
is a review. Times `history.trend.store_trend` per commit and per week, and the whole
`curator trend --format json --every commit` process. Target: 1,000 commits well under a few
seconds. Always exits 0.

Usage: python benchmarks/bench_trend.py [--commits 1000] [--topics 500]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from curator.formats import detect
from curator.history.trend import store_trend

START_EPOCH = 1_735_689_600


def topic_text(number: int, revision: int) -> str:
    kind = ("user", "feedback", "project", "reference")[number % 4]
    return (
        f"---\nname: topic {number}\ndescription: generated topic {number}\ntype: {kind}\n---\n\n"
        f"Topic {number}, revision {revision}: keep at most {revision % 9 + 1} retries.\n"
    )


def fast_import_stream(commits: int, topics: int, seed: int = 3) -> bytes:
    rng = random.Random(seed)
    revisions: dict[int, int] = {}
    out: list[bytes] = []
    for number in range(commits):
        when = START_EPOCH + number * 3600 * 6
        review = number % 50 == 49
        message = f"commit {number}" + ("\n\nCurator-Review: done\n" if review else "\n")
        data = message.encode()
        out.append(b"commit refs/heads/main\n")
        out.append(f"committer Bench <bench@example.com> {when} +0000\n".encode())
        out.append(b"data %d\n" % len(data) + data)
        if not review:
            for _ in range(rng.randint(1, 4)):
                topic = rng.randrange(min(topics, 10 + number))
                revisions[topic] = revisions.get(topic, 0) + 1
                body = topic_text(topic, revisions[topic]).encode()
                out.append(b"M 100644 inline " + f"t{topic:04d}.md".encode() + b"\n" + b"data %d\n" % len(body) + body)
            listed = sorted(revisions)[: 60 + (number % 300)]
            index = "".join(f"- [Topic {topic}](t{topic:04d}.md) — hook {topic}\n" for topic in listed).encode()
            out.append(b"M 100644 inline MEMORY.md\n" + b"data %d\n" % len(index) + index)
        out.append(b"\n")
    return b"".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=1000)
    parser.add_argument("--topics", type=int, default=500)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="curator-bench-trend-") as scratch:
        store = Path(scratch) / "memory"
        subprocess.run(["git", "init", "-q", "-b", "main", str(store)], check=True)
        subprocess.run(
            ["git", "fast-import", "--quiet"],
            cwd=store,
            input=fast_import_stream(arguments.commits, arguments.topics),
            check=True,
        )
        subprocess.run(["git", "checkout", "-q", "main"], cwd=store, check=True)
        loaded = detect(store)
        for every in ("commit", "week"):
            started = time.perf_counter()
            series = store_trend(loaded, every=every)
            elapsed = time.perf_counter() - started
            print(
                f"store_trend --every {every:<6}: {len(series.points):>5} points from {arguments.commits} commits in {elapsed:.2f} s ({len(series.reviews())} reviews)"
            )
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "curator", "trend", str(store), "--format", "json", "--every", "commit"],
            capture_output=True,
            check=True,
        )
        print(f"curator trend --format json --every commit (whole process): {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
