"""Where a cold `curator scan --format json` spends memory: RSS, peak RSS and CPU after each stage and each rule.

Run: python benchmarks/rss_stages.py STORE [--now ISO] [--top N]

The scan runs in this process exactly as `curator scan STORE --format json --no-cache` runs it (the JSON goes to
/dev/null); each stage and rule is wrapped to print the process's resident set (VmRSS), its peak so far (VmHWM),
the peak of its forked children and the CPU seconds spent. With --collect, each checkpoint first collects the
cyclic garbage the paused GC left (and prints how many objects it freed). With --top N, tracemalloc also prints the N source
lines holding the most Python memory at the end of each rule (several times slower: use a small store).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import curator.rules as rules_package
import curator.secrets.findings as secret_findings
import curator.secrets.store as secret_store
from curator import report, scan
from curator.rules import conflict, duplicate, embed

HEADER = f"{'checkpoint':<34} {'rss MB':>8} {'peak MB':>8} {'child MB':>8} {'cpu s':>8} {'child s':>8} {'wall s':>8}"


def _status_mb(field: str) -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    return 0.0


class Meter:
    """Prints one line per checkpoint: RSS now, peak RSS, the children's peak and CPU since the start."""

    def __init__(self, top: int, collect: bool) -> None:
        self.top = top
        self.collect = collect
        self.started = time.perf_counter()
        print(HEADER, flush=True)

    def mark(self, label: str) -> None:
        if self.collect:
            label = f"{label} [gc {gc.collect()}]"
        times = os.times()
        children_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(
            f"{label:<34} {_status_mb('VmRSS'):>8.0f} {_status_mb('VmHWM'):>8.0f} {children_peak:>8.0f} "
            f"{times.user + times.system:>8.1f} {times.children_user + times.children_system:>8.1f} "
            f"{time.perf_counter() - self.started:>8.1f}",
            flush=True,
        )
        if self.top and tracemalloc.is_tracing():
            current, peak = tracemalloc.get_traced_memory()
            print(f"    traced now {current / 2**20:.0f} MB, traced peak {peak / 2**20:.0f} MB", flush=True)
            for stat in tracemalloc.take_snapshot().statistics("lineno")[: self.top]:
                frame = stat.traceback[0]
                print(f"    {stat.size / 2**20:8.1f} MB {stat.count:>9} blocks  {frame.filename}:{frame.lineno}")

    def wrap(self, label: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def measured(*args: Any, **kwargs: Any) -> Any:
            value = function(*args, **kwargs)
            self.mark(label)
            return value

        return measured


def instrument(meter: Meter) -> None:
    """Wrap the stages and rules the scan calls by module attribute."""
    scan.load = meter.wrap("load (read files)", scan.load)
    scan.annotate = meter.wrap("annotate (git history)", scan.annotate)
    scan.load_usage = meter.wrap("usage (transcripts)", scan.load_usage)
    scan.add_review_state = meter.wrap("review state", scan.add_review_state)
    rules_package.learned_sets = meter.wrap("docs + statements' facts", rules_package.learned_sets)
    rules_package._segment_ahead = meter.wrap("segment ahead", rules_package._segment_ahead)
    rules_package.prefetch_fingerprints = meter.wrap("fingerprints forked", rules_package.prefetch_fingerprints)
    embed.prefetch = meter.wrap("embedding forked", embed.prefetch)
    secret_store.adopt_scan = meter.wrap("secrets adopted", secret_store.adopt_scan)
    secret_findings.analyze = meter.wrap("secret findings", secret_findings.analyze)
    rules_package.usage_rules.analyze = meter.wrap("usage rules", rules_package.usage_rules.analyze)
    rules_package.apply_suppressions = meter.wrap("suppressions", rules_package.apply_suppressions)
    for step in (
        "add_number_clashes",
        "add_version_clashes",
        "add_choice_clashes",
        "add_instrument_clashes",
        "add_action_clashes",
        "add_code_name_clashes",
    ):
        setattr(conflict, step, meter.wrap(f"  conflict: {step[4:]}", getattr(conflict, step)))
    for step in ("entry_prints", "rare_word_overlap", "meaning_pairs", "translation_pairs", "anchored_pairs"):
        setattr(duplicate, step, meter.wrap(f"  duplicate: {step.strip('_')}", getattr(duplicate, step)))
    original_rules = rules_package.all_rules

    def measured_rules() -> tuple[Any, ...]:
        return tuple(
            dataclasses.replace(rule, analyze=meter.wrap(f"rule {rule.id}", rule.analyze)) for rule in original_rules()
        )

    rules_package.all_rules = measured_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("--now", default="2026-11-29T12:00:00+00:00")
    parser.add_argument("--top", type=int, default=0, help="print the N lines holding the most traced memory")
    parser.add_argument(
        "--collect", action="store_true", help="collect cyclic garbage at each checkpoint (and count it)"
    )
    arguments = parser.parse_args()
    meter = Meter(arguments.top, arguments.collect)
    if arguments.top:
        tracemalloc.start()
    meter.mark("start (imports)")
    instrument(meter)
    result = scan.run_scan(arguments.store, now=datetime.fromisoformat(arguments.now))
    meter.mark("scan done")
    with open(os.devnull, "w", encoding="utf-8") as sink:
        for piece in report.iter_json(result):
            sink.write(piece)
    meter.mark("json written")
    print(f"findings: {len(result.findings)}, entries: {len(result.store.entries)}", file=sys.stderr)


if __name__ == "__main__":
    main()
