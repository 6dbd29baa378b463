"""Where a cold scan's time goes: CPU seconds per pipeline stage and per rule, optionally a cProfile listing.

Run: python -m benchmarks.profile_scan STORE [--now ISO] [--cache] [--cprofile N] [--out FILE.prof]

With --cache the scan reads and fills the scan memo and pairwise cache as `curator scan` does: run it twice
to profile a warm scan.

Rules share lazily computed per-statement facts, so the first rule to read a fact pays for it: the per-rule
figures say where the time lands, not which rule alone would cost it.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path


@contextmanager
def timed(name: str, rows: list[tuple[str, float, float]]) -> Iterator[None]:
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        yield
    finally:
        rows.append((name, time.perf_counter() - wall, time.process_time() - cpu))


def _timing_rules(rows: list[tuple[str, float, float]]) -> None:
    """Wrap every registered rule's `analyze` so each call adds a row (the rules package runs the wrapped ones)."""
    from curator.rules import registry

    original = registry.all_rules()

    def wrap(rule_id: str, analyze: Callable) -> Callable:
        def run(context):  # noqa: ANN001, ANN202 - a RuleContext, a list of findings
            with timed(f"  rule {rule_id}", rows):
                return analyze(context)

        return run

    wrapped = tuple(replace(rule, analyze=wrap(rule.id, rule.analyze)) for rule in original)
    import curator.rules as rules_package

    rules_package.all_rules = lambda: wrapped  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("--now", default="2026-11-29T12:00:00+00:00")
    parser.add_argument("--cache", action="store_true", help="use the scan memo and pairwise cache (warm scan)")
    parser.add_argument("--cprofile", type=int, default=0, help="print the top N functions by own time")
    parser.add_argument("--out", type=Path, default=None, help="write the cProfile stats here (with --cprofile)")
    options = parser.parse_args(argv)
    rows: list[tuple[str, float, float]] = []
    with timed("import", rows):
        from curator import scan
        from curator.report import render_json
        from curator.scancache import PairwiseCache
    moment = datetime.fromisoformat(options.now).astimezone(timezone.utc)
    _timing_rules(rows)
    profiler = cProfile.Profile() if options.cprofile else None
    if profiler:
        profiler.enable()
    with timed("load", rows):
        store = scan.load(options.store)
    with timed("annotate (git history)", rows):
        scan.annotate(store)
    with timed("usage (transcripts)", rows):
        scan.load_usage(store, now=moment)
    with timed("analyze", rows):
        outcome = scan.analyze(store, now=moment, cache=PairwiseCache.for_store(store) if options.cache else None)
    result = scan.ScanResult(store=store, findings=outcome.findings, now=moment, suppressed=outcome.suppressed)
    with timed("review state", rows):
        scan.add_review_state(result)
    with timed("render json", rows):
        rendered = render_json(result)
    if profiler:
        profiler.disable()
    total_wall = sum(wall for name, wall, _ in rows if not name.startswith(" "))
    total_cpu = sum(cpu for name, _, cpu in rows if not name.startswith(" "))
    print(f"{'stage':28} {'wall s':>8} {'cpu s':>8}")
    for name, wall, cpu in rows:
        print(f"{name:28} {wall:8.2f} {cpu:8.2f}")
    print(
        f"{'total':28} {total_wall:8.2f} {total_cpu:8.2f}   ({len(store.entries)} entries, {len(rendered)} bytes of JSON)"
    )
    if profiler:
        stats = pstats.Stats(profiler, stream=sys.stdout)
        if options.out:
            stats.dump_stats(options.out)
        stats.sort_stats("tottime").print_stats(options.cprofile)


if __name__ == "__main__":
    main()
