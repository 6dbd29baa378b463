"""Time the automatic-vs-person stage (rules/polarity/gating.py) alone, in-process, on synthetic stores.

A share of the entries of benchmarks/synth.py also tells an action as automatic or as waiting for a person; the
facts of every statement are read before the clock starts, the embedding model is loaded before it too.

    python benchmarks/bench_gating.py [--sizes 1000 10000 100000] [--share 0.2]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.synth import generate, with_manners  # noqa: E402
from curator.rules import embed  # noqa: E402
from curator.rules.docs import Docs  # noqa: E402
from curator.rules.polarity import gating  # noqa: E402


def run_stage(size: int, share: float) -> dict:
    """Seconds, told statements, candidate pairs and findings of the gating stage on `size` synthetic entries."""
    docs = Docs.from_store(with_manners(generate(size), share).store())
    statements = [doc.facts for doc in docs.items]
    started = time.perf_counter()
    found = gating.told(statements)
    told_seconds = time.perf_counter() - started
    automatic = [item for item in found if item.manner == "auto"]
    gated = [item for item in found if item.manner == "gated"]
    started = time.perf_counter()
    pairs = sum(map(len, gating.candidates(automatic, gated)))
    blocking_seconds = time.perf_counter() - started
    started = time.perf_counter()
    kept = gating.clashes(statements, lambda left, right: True)
    seconds = time.perf_counter() - started
    return {
        "entries": size,
        "automatic": len(automatic),
        "gated": len(gated),
        "candidate pairs": pairs,
        "findings": len(kept),
        "told s": round(told_seconds, 2),
        "blocking s": round(blocking_seconds, 2),
        "stage s": round(seconds, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--share", type=float, default=0.2)
    arguments = parser.parse_args()
    embed.model()
    rows = [run_stage(size, arguments.share) for size in arguments.sizes]
    for row in rows:
        print("  ".join(f"{key} {value}" for key, value in row.items()))
    for smaller, larger in zip(rows, rows[1:]):
        ratio = larger["stage s"] / max(smaller["stage s"], 1e-9)
        print(f"t({larger['entries']})/t({smaller['entries']}) = {ratio:.1f}")


if __name__ == "__main__":
    main()
