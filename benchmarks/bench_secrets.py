"""Benchmark the secret and private-data scan: the shared corpus, then 1,000 vs 10,000 generated entries.

Stores come from `benchmarks/synth.py` (English and Chinese topic files) with a fake credential planted
in 1 % of the entries. Times `curator.secrets.scan_store` alone (the store is loaded first), CPU and
wall clock, and prints the 10k/1k ratio (near 10 means linear) and how many plants were found.
Always exits 0; read the PASS/FAIL lines.

Usage: python benchmarks/bench_secrets.py [--small 1000] [--large 10000] [--corpus ../shared/corpus]
"""

from __future__ import annotations

import argparse
import csv
import random
import string
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import synth

from curator import formats
from curator.secrets import scan_store

PLANT_EVERY = 100


def _fake_token(rng: random.Random) -> str:
    return "g" + "hp_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36))


def build(root: Path, count: int) -> tuple[Path, int]:
    """A synthetic store of `count` entries, every PLANT_EVERY-th carrying a fake token; returns it and the plants."""
    generated = synth.generate(count)
    rng = random.Random(16)
    planted = 0
    for number, entry in enumerate(generated.entries):
        if number % PLANT_EVERY == 0:
            entry.body += f"\n\nThe CI bot token is {_fake_token(rng)} for now.\n"
            planted += 1
    return synth.write_store(generated, root), planted


def timed(store_path: Path) -> tuple[float, float, int]:
    store = formats.detect(store_path)
    wall, cpu = time.perf_counter(), time.process_time()
    found = scan_store(store)
    return time.perf_counter() - wall, time.process_time() - cpu, len(found.secrets)


def corpus_folders(corpus: Path, target: Path) -> list[Path]:
    folders: set[Path] = set()
    with open(corpus / "SOURCES.tsv", encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            destination = target / row["repo"].replace("/", "__") / row["path"]
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes((corpus / row["saved_path"]).read_bytes())
            folders.add(destination.parent)
    return sorted(folders)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--large", type=int, default=10000)
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="curator-bench-secrets-") as scratch:
        base = Path(scratch)
        if args.corpus.is_dir():
            folders = corpus_folders(args.corpus, base / "corpus")
            wall = cpu = 0.0
            for folder in folders:
                folder_wall, folder_cpu, _ = timed(folder)
                wall, cpu = wall + folder_wall, cpu + folder_cpu
            print(f"corpus: {len(folders)} stores, scan {wall:.2f} s wall / {cpu:.2f} s CPU")
        results = {}
        for count in (args.small, args.large):
            path, planted = build(base / f"store-{count}", count)
            wall, cpu, found = timed(path)
            results[count] = cpu
            print(f"{count} entries: scan {wall:.2f} s wall / {cpu:.2f} s CPU; {found}/{planted} planted tokens found")
        ratio = results[args.large] / max(results[args.small], 1e-9)
        scale = args.large / args.small
        verdict = "PASS" if ratio <= scale * 1.3 else "FAIL"
        print(f"{verdict}: CPU ratio {ratio:.1f} for {scale:.0f}x the entries (near-linear: <= {scale * 1.3:.0f})")


if __name__ == "__main__":
    main()
