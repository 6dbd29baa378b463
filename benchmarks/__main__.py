"""Every speed benchmark at one size, printed as one table of ratios against the floors and a peer.

Run: python -m benchmarks [--size 10000] [--big 100000] [--stores DIR] [--tui] [--no-peer]

Each figure is a whole process (wall seconds, peak RSS from wait4) on synthetic stores from
benchmarks/synth.py. The floor is benchmarks/floor.py: read and YAML-parse every file plus one git log.
The peer (memory-lint, structure checks only) is installed into a throwaway venv under /tmp when pip can get it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from benchmarks.synth import generate, write_store

HERE = Path(__file__).resolve().parent
NOW_ARG = "2026-11-29T12:00:00+00:00"
PEER_CONFIG = """version: 1
corpus_root: {root}
profiles:
  memory:
    include: ["*.md"]
    checks: {{frontmatter: true, links: true, structure: true}}
"""


def timed(argv: list[str], *, cwd: Path | None = None) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one process, its output discarded."""
    started = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - started, usage.ru_maxrss / 1024


def best(argv: list[str], repeat: int, **kwargs) -> tuple[float, float]:
    runs = [timed(argv, **kwargs) for _ in range(repeat)]
    return min(run[0] for run in runs), max(run[1] for run in runs)


def synthetic_store(stores: Path, size: int) -> Path:
    path = stores / f"s{size}"
    if not (path / ".git").is_dir():
        shutil.rmtree(path, ignore_errors=True)
        write_store(generate(size), path, git=True)
    return path


def curator(*args: str) -> list[str]:
    return [sys.executable, "-m", "curator", *args]


def scan_figures(store: Path, repeat: int) -> dict[str, tuple[float, float]]:
    """Floor, cold scan, warm scan, scan after one edit, and scan --check for one store."""
    figures = {"floor": best([sys.executable, str(HERE / "floor.py"), str(store)], repeat)}
    cache_dir = Path(tempfile.mkdtemp(prefix="curator-bench-cache-"))
    os.environ["CURATOR_CACHE_DIR"] = str(cache_dir)
    scan = curator("scan", str(store), "--format", "json", "--now", NOW_ARG, "--fail-on", "never")
    figures["scan (cold)"] = best([*scan, "--no-cache"], repeat)
    timed(scan)
    edited = sorted(store.glob("m*.md"))[len(list(store.glob("m*.md"))) // 2]
    original = edited.read_bytes()
    try:
        edited.write_bytes(original + b"\nOne more line written between two scans.\n")
        figures["scan after one edit"] = timed(scan)
    finally:
        edited.write_bytes(original)
    timed(scan)
    figures["scan (warm)"] = best(scan, repeat)
    figures["scan --check"] = best([*scan, "--check", "--no-cache"], 1)
    shutil.rmtree(cache_dir, ignore_errors=True)
    return figures


def peer_figure(store: Path, scratch: Path) -> tuple[float, float] | str:
    """memory-lint on the same store, from a throwaway venv; a note when it cannot be installed."""
    venv = scratch / "peer-venv"
    if not (venv / "bin" / "memory-lint").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
        installed = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "memory-lint"], capture_output=True)
        if installed.returncode != 0:
            return "skipped: pip could not install memory-lint"
    config = scratch / "memory-lint.yaml"
    config.write_text(PEER_CONFIG.format(root=store), encoding="utf-8")
    return best([str(venv / "bin" / "memory-lint"), "--config", str(config), "--format", "json"], 1)


def startup_figures(scratch: Path) -> dict[str, float]:
    from curator.demo import build_demo

    demo = build_demo(scratch / "demo", datetime(2026, 11, 29, 12, tzinfo=timezone.utc))
    demo_scan = curator("scan", str(demo.claude_store), "--now", NOW_ARG)
    timed(demo_scan)
    version = statistics.median(timed([str(Path(sys.executable).parent / "curator"), "--version"])[0] for _ in range(7))
    demo_seconds = statistics.median(timed(demo_scan)[0] for _ in range(5))
    demo_cold = statistics.median(timed([*demo_scan, "--no-cache"])[0] for _ in range(3))
    return {"version": version, "demo": demo_seconds, "demo cold": demo_cold}


def row(name: str, value: str, ratio: str, target: str) -> str:
    return f"| {name} | {value} | {ratio} | {target} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10000)
    parser.add_argument("--big", type=int, default=0, help="also measure this size (e.g. 100000) for the scaling ratio")
    parser.add_argument("--stores", type=Path, default=None, help="keep and reuse synthetic stores here")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--tui", action="store_true", help="also measure keystroke latency while analysing")
    parser.add_argument("--no-peer", action="store_true")
    options = parser.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # measured as installed: pip writes bytecode at install time
    scratch = Path(tempfile.mkdtemp(prefix="curator-bench-"))
    stores = options.stores or scratch
    stores.mkdir(parents=True, exist_ok=True)
    lines = ["| measure | value | ratio | target |", "|---|---|---|---|"]
    try:
        sizes = [options.size] + ([options.big] if options.big else [])
        results = {size: scan_figures(synthetic_store(stores, size), options.repeat) for size in sizes}
        for size, figures in results.items():
            floor_s = figures["floor"][0]
            for name, (seconds, rss) in figures.items():
                ratio = "" if name == "floor" else f"{seconds / floor_s:.1f}× floor"
                target = {"scan (cold)": "≤ 3× floor", "scan after one edit": "< 10 % of cold"}.get(name, "")
                if name == "scan after one edit":
                    ratio = f"{seconds / figures['scan (cold)'][0]:.0%} of cold"
                if name == "scan --check":
                    ratio = f"{seconds / figures['scan (cold)'][0]:.1f}× plain scan"
                    target = "≤ 3× plain"
                lines.append(row(f"{name}, {size:,}", f"{seconds:.2f} s, {rss:.0f} MB", ratio, target))
        if options.big:
            small, big = results[options.size]["scan (cold)"], results[options.big]["scan (cold)"]
            lines.append(
                row(
                    f"t({options.big:,}) / t({options.size:,})",
                    f"{big[0]:.2f} s / {small[0]:.2f} s",
                    f"{big[0] / small[0]:.1f}",
                    "≤ 11",
                )
            )
            lines.append(row(f"peak RSS, {options.big:,}", f"{big[1]:.0f} MB", "", "< 800 MB"))
        if not options.no_peer:
            peer = peer_figure(synthetic_store(stores, options.size), scratch)
            if isinstance(peer, str):
                lines.append(row(f"memory-lint, {options.size:,}", peer, "", ""))
            else:
                cold = results[options.size]["scan (cold)"][0]
                lines.append(
                    row(
                        f"memory-lint, {options.size:,}",
                        f"{peer[0]:.2f} s, {peer[1]:.0f} MB",
                        f"curator/peer {cold / peer[0]:.1f}",
                        "structure checks only",
                    )
                )
        startup = startup_figures(scratch)
        lines.append(row("curator --version", f"{startup['version'] * 1000:.0f} ms", "", "< 80 ms"))
        lines.append(row("curator scan (demo)", f"{startup['demo'] * 1000:.0f} ms", "", "< 300 ms"))
        lines.append(row("curator scan --no-cache (demo)", f"{startup['demo cold'] * 1000:.0f} ms", "", ""))
        if options.tui:
            from benchmarks.bench_tui import keys_main

            keys = keys_main([options.size], stores)[options.size]
            lines.append(
                row(
                    f"keystroke while analysing, {options.size:,}",
                    f"p50 {keys[0] * 1000:.0f} ms, p95 {keys[1] * 1000:.0f} ms",
                    "",
                    "p95 < 50 ms",
                )
            )
            lines.append(
                row(
                    f"keystroke idle, {options.size:,}",
                    f"p50 {keys[2] * 1000:.0f} ms, p95 {keys[3] * 1000:.0f} ms",
                    "",
                    "p95 < 50 ms",
                )
            )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
