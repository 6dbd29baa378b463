"""Hostile input sizes: scan time of one ~1 MB entry of each pathological shape, and YAML bombs.

Run: python benchmarks/bench_hostile.py   (prints seconds per shape; target: each well under 1 s)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from curator.scan import run_scan

SIZE = 1_000_000 - 200
NOW = datetime(2026, 11, 29, tzinfo=timezone.utc)
LIMIT_S = 60.0

SHAPES = {
    "one 80,000-char word": "a" * 80_000,
    "one ~1 MB word": "a" * SIZE,
    "hyphenated word": "a-" * (SIZE // 2),
    "dotted word": "a." * (SIZE // 2),
    "slashes": "a/" * (SIZE // 2),
    "brackets": "[" * SIZE,
    "backticks": "`a" * (SIZE // 2),
    "digits": "1" * SIZE,
    "digits and dots": "1." * (SIZE // 2),
    "spaces": "a " * (SIZE // 2),
    "CJK": "中" * (SIZE // 3),
    "link-ish": "](" * (SIZE // 2),
    "asterisks": "*" * SIZE,
    "html comment opener": "<!--" * (SIZE // 4),
    "prose lines": ("The deploy uses pnpm and 3 retries for src/app.py until 2026-04-15.\n" * (SIZE // 70)),
}

YAML_BOMBS = {
    "billion laughs": "\n".join(
        ["a0: &a0 ['lol','lol','lol','lol','lol','lol','lol','lol','lol']"]
        + [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    ),
    "self-reference": "x: &x [*x]",
}


def time_store(body: str, frontmatter: str = "name: big\ndescription: d\ntype: project") -> float:
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        (root / "MEMORY.md").write_text("# Memory\n- [Big](big.md) — big\n")
        (root / "big.md").write_text(f"---\n{frontmatter}\n---\n{body}\n", encoding="utf-8")
        started = time.perf_counter()
        run_scan(root, now=NOW)
        return time.perf_counter() - started


def one(label: str) -> float:
    """Seconds to scan the store for one shape (after a warm-up scan)."""
    time_store("Warm-up: imports and regex compilation are not part of the figures.")
    if label in SHAPES:
        return time_store(SHAPES[label])
    return time_store("Body.", frontmatter=YAML_BOMBS[label])


def main() -> int:
    """Each shape in its own process, killed after LIMIT_S so a quadratic pattern shows as a timeout, not a hang."""
    if len(sys.argv) == 3 and sys.argv[1] == "--shape":
        print(f"{one(sys.argv[2]):.3f}")
        return 0
    worst = 0.0
    for label in [*SHAPES, *YAML_BOMBS]:
        size = len((SHAPES.get(label) or YAML_BOMBS[label]).encode())
        try:
            done = subprocess.run(
                [sys.executable, __file__, "--shape", label],
                capture_output=True,
                text=True,
                timeout=LIMIT_S,
                check=True,
            )
            seconds = float(done.stdout.strip().splitlines()[-1])
            shown = f"{seconds:7.3f} s"
        except subprocess.TimeoutExpired:
            seconds, shown = LIMIT_S, f"> {LIMIT_S:g} s (killed)"
        worst = max(worst, seconds)
        print(f"{label:28s} {size:>9,d} B  {shown}")
    print(f"worst {worst:.3f} s (target: well under 1 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
