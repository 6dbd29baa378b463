"""Benchmark the readers: load 1,000 and 10,000 generated topic files and the format-level rules.

Builds deterministic Claude Code stores (topic files with frontmatter, a MEMORY.md index with one
line per topic, `[[links]]` between them) in a temporary directory, then times `formats.detect` and
`rules.structure.analyze`. Targets: 10,000 files load in a few seconds, and the 10k/1k time ratio
stays near 10 (linear). Reports wall-clock and CPU time; always exits 0, read the PASS/FAIL lines.

Usage: python benchmarks/bench_formats.py [--small 1000] [--large 10000]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from curator import formats
from curator.rules import structure

TYPES = ("user", "feedback", "project", "reference")


def build_store(root: Path, count: int) -> Path:
    """A Claude Code store of `count` topic files and their index."""
    root.mkdir(parents=True)
    index_lines = []
    for number in range(count):
        name = f"memory_{number:05d}"
        link = f"memory_{(number + 1) % count:05d}"
        text = (
            f"---\nname: {name}\ndescription: generated memory number {number}\ntype: {TYPES[number % 4]}\n"
            f"metadata:\n  node_type: memory\n  originSessionId: s-{number}\n---\n\n"
            f"Memory {number} says something about topic {number % 97}. See [[{link}]].\n\n"
            "**Why:** generated.\n\n**How to apply:** ignore.\n"
        )
        (root / f"{name}.md").write_text(text, encoding="utf-8")
        index_lines.append(f"- [{name}]({name}.md) — hook {number}\n")
    (root / "MEMORY.md").write_text("".join(index_lines), encoding="utf-8")
    return root


def measure(store_dir: Path) -> tuple[float, float, float, int]:
    """(load wall s, load CPU s, rules wall s, entries) for one store."""
    wall_start, cpu_start = time.perf_counter(), time.process_time()
    store = formats.detect(store_dir)
    load_wall, load_cpu = time.perf_counter() - wall_start, time.process_time() - cpu_start
    rules_start = time.perf_counter()
    structure.analyze(store)
    return load_wall, load_cpu, time.perf_counter() - rules_start, len(store.entries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--large", type=int, default=10000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="curator-bench-formats-") as scratch:
        small = measure(build_store(Path(scratch) / "small", options.small))
        large = measure(build_store(Path(scratch) / "large", options.large))
    for label, (wall, cpu, rules_wall, entries) in (("small", small), ("large", large)):
        print(f"{label:5}  {entries:6d} entries  load {wall:6.2f} s wall  {cpu:6.2f} s CPU  rules {rules_wall:5.2f} s")
    scale = options.large / options.small
    cpu_ratio = large[1] / max(small[1], 1e-9)
    print(f"size ratio {scale:.1f}, load CPU ratio {cpu_ratio:.1f} (linear when close to the size ratio)")
    print(
        f"{'PASS' if large[1] <= 5.0 else 'FAIL'}: {options.large} files load in {large[1]:.2f} s CPU (target <= 5 s)"
    )
    print(
        f"{'PASS' if cpu_ratio <= scale * 1.5 else 'FAIL'}: load time grows near-linearly ({cpu_ratio:.1f} <= {scale * 1.5:.1f})"
    )


if __name__ == "__main__":
    main()
