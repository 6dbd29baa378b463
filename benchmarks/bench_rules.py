"""Time the drift rules on synthetic stores of 1k, 10k and 100k entries, and compare with a naive all-pairs scan.

Each size runs in its own subprocess so its peak RSS (resource.getrusage) is its own.

    python benchmarks/bench_rules.py [--sizes 1000 10000 100000] [--naive-size 2000]
"""

from __future__ import annotations

import argparse
import difflib
import gc
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.synth import NOW, generate  # noqa: E402
from curator.config import Config  # noqa: E402
from curator.rules import bloat, conflict, dates, duplicate, embed, numbers, stale  # noqa: E402
from curator.rules.choices import ChoiceTable  # noqa: E402
from curator.rules.docs import Docs  # noqa: E402

NAIVE_SAMPLE_PAIRS = 20000
NAIVE_DUPLICATE_RATIO = 0.8


def run_rules(size: int) -> dict:
    """Generate a store of `size` entries, run each rule stage, return times, recall and peak RSS."""
    synth = generate(size)
    store = synth.store()
    config = Config()
    gc.disable()  # as rules.analyze does
    times: dict[str, float] = {}
    mark = time.perf_counter()
    embed.model()
    times["embed load"] = time.perf_counter() - mark
    started = time.perf_counter()
    docs = Docs.from_store(store)
    for doc in docs.items:
        doc.statements  # noqa: B018  (prepares prose and statements once, as analyze does)
    times["prepare"] = time.perf_counter() - started
    rss = {"generated": _rss_mb(), "prepare": 0.0}
    rss["prepare"] = _rss_mb()
    mark = time.perf_counter()
    conflicts, conflicting = conflict.analyze(docs, config, ChoiceTable())
    times["conflict"] = time.perf_counter() - mark
    rss["conflict"] = _rss_mb()
    mark = time.perf_counter()
    sample = [doc.prose[:1500] for doc in docs.items[:1000]]
    mark = time.perf_counter()
    embed.encode(sample)
    times["embed/1k"] = (time.perf_counter() - mark) * 1000 / max(len(sample), 1)
    mark = time.perf_counter()
    duplicates, _ = duplicate.analyze(docs, config, conflicting, ChoiceTable())
    times["duplicate"] = time.perf_counter() - mark
    rss["duplicate"] = _rss_mb()
    mark = time.perf_counter()
    others = [
        *numbers.analyze(docs, config, NOW),
        *dates.analyze(docs, config, NOW),
        *stale.analyze(docs, config, NOW),
        *bloat.analyze(store, docs, config),
    ]
    times["other rules"] = time.perf_counter() - mark
    times["total"] = time.perf_counter() - started - times["embed/1k"] * len(sample) / 1000
    found_duplicates = {frozenset(f.entries) for f in duplicates}
    found_conflicts = {frozenset(f.entries) for f in conflicts}
    return {
        "size": size,
        "times": times,
        "findings": {"conflict": len(conflicts), "duplicate": len(duplicates), "other": len(others)},
        "recall_duplicate": _recall(synth.duplicates, found_duplicates),
        "recall_conflict": _recall(synth.conflicts, found_conflicts),
        "peak_rss_mb": _rss_mb(),
        "peak_rss_after_stage_mb": rss,
    }


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _recall(planted: list[tuple[str, str]], found: set[frozenset[str]]) -> float:
    return sum(frozenset(pair) in found for pair in planted) / len(planted) if planted else 1.0


def naive(size: int) -> dict:
    """All-pairs difflib on normalised text: timed on a random sample of pairs and extrapolated."""
    synth = generate(size)
    texts = {entry.id: " ".join(entry.body.lower().split()) for entry in synth.entries}
    ids = list(texts)
    rng = random.Random(1)
    sample = [tuple(rng.sample(ids, 2)) for _ in range(NAIVE_SAMPLE_PAIRS)]
    started = time.perf_counter()
    for left, right in sample:
        difflib.SequenceMatcher(None, texts[left], texts[right]).ratio()
    per_pair = (time.perf_counter() - started) / len(sample)
    all_pairs = size * (size - 1) // 2
    duplicate_hits = sum(
        difflib.SequenceMatcher(None, texts[a], texts[b]).ratio() >= NAIVE_DUPLICATE_RATIO for a, b in synth.duplicates
    )
    conflict_hits = sum(difflib.SequenceMatcher(None, texts[a], texts[b]).ratio() >= 0.6 for a, b in synth.conflicts)
    return {
        "size": size,
        "per_pair_s": per_pair,
        "estimated_total_s": per_pair * all_pairs,
        "recall_duplicate": duplicate_hits / len(synth.duplicates),
        "recall_conflict_upper_bound": conflict_hits / len(synth.conflicts),
    }


def _child(size: int) -> dict:
    completed = subprocess.run(
        [sys.executable, __file__, "--one", str(size)], capture_output=True, text=True, check=True
    )
    return json.loads(completed.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--naive-size", type=int, default=2000, help="0 skips the naive all-pairs comparison")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(run_rules(args.one)))
        return
    results = {size: _child(size) for size in args.sizes}
    stages = list(next(iter(results.values()))["times"])
    print(
        f"{'entries':>8} "
        + " ".join(f"{stage:>12}" for stage in stages)
        + f" {'peak RSS':>10} {'dup recall':>10} {'conf recall':>11}"
    )
    for size, result in results.items():
        cells = " ".join(f"{result['times'][stage]:>11.2f}s" for stage in stages)
        print(
            f"{size:>8} {cells} {result['peak_rss_mb']:>8.0f}MB {result['recall_duplicate']:>10.2f} {result['recall_conflict']:>11.2f}"
        )
    if 10000 in results and 100000 in results:
        ratio = results[100000]["times"]["total"] / results[10000]["times"]["total"]
        print(f"scaling t(100k)/t(10k) = {ratio:.1f} (target <= 12; linear would be 10)")
    if args.naive_size <= 0:
        return
    ours = _child(args.naive_size)
    baseline = naive(args.naive_size)
    speedup = baseline["estimated_total_s"] / ours["times"]["total"]
    print(
        f"at {args.naive_size} entries: curator {ours['times']['total']:.2f}s vs naive all-pairs difflib "
        f"~{baseline['estimated_total_s']:.0f}s (extrapolated from {NAIVE_SAMPLE_PAIRS} sampled pairs at "
        f"{baseline['per_pair_s'] * 1e6:.0f} µs/pair) — speed-up {speedup:.0f}x (target >= 100x)"
    )
    print(
        f"recall on planted pairs: curator duplicates {ours['recall_duplicate']:.2f}, conflicts {ours['recall_conflict']:.2f}; "
        f"naive duplicates {baseline['recall_duplicate']:.2f}, naive conflicts <= {baseline['recall_conflict_upper_bound']:.2f} "
        "(difflib >= 0.6, before any number check)"
    )


if __name__ == "__main__":
    main()
