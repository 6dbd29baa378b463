"""Benchmark curator's history against per-file GitPython walks and one bare `git log --name-status`.

Builds a deterministic synthetic repository (2,000 topic files in `memory/`, 10,000 commits,
renames included) with `git fast-import`, then times:
  (a) GitPython `repo.iter_commits(paths=f)` once per file (timed on a sample, extrapolated),
  (b) `curator.history.annotate` over the whole store,
  (c) one bare `git log --name-status` over the repository.
Targets: a/b >= 20 and b/c <= 2, reported for wall-clock time and for CPU time (process plus
children; steadier on a shared machine). Always exits 0; read the PASS/FAIL lines.

Usage: python benchmarks/bench_history.py [--files 2000] [--commits 10000] [--sample 40] [--keep DIR]
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import git as gitpython

from curator import history
from curator.model import Entry, Store

STORE_DIR = "memory"
AUTHORS = ("Ada Lovelace", "Grace Hopper", "Linus Torvalds", "Margaret Hamilton", "李雷")
START_EPOCH = 1_704_067_200  # 2024-01-01T00:00:00Z
RENAME_EVERY = 40
OUTSIDE_EVERY = 7


def _data(payload: bytes) -> bytes:
    return b"data %d\n" % len(payload) + payload + b"\n"


def build_stream(file_count: int, commit_count: int, seed: int = 20261129) -> tuple[bytes, int]:
    """A `git fast-import` stream for the synthetic history; returns it and the number of renames."""
    chooser = random.Random(seed)
    names: list[str] = []
    bodies: dict[str, list[str]] = {}
    chunks: list[bytes] = []
    renames = 0
    moment = START_EPOCH
    for commit_number in range(1, commit_count + 1):
        moment += 600 + chooser.randrange(7200)
        author = AUTHORS[chooser.randrange(len(AUTHORS))]
        operations: list[bytes] = []
        if commit_number <= file_count:
            name = f"{STORE_DIR}/topic_{commit_number:05d}.md"
            names.append(name)
            bodies[name] = [f"---\nname: topic {commit_number}\ntype: project\n---\n", f"fact {commit_number}\n"]
            operations.append(b"M 100644 inline " + name.encode() + b"\n" + _data("".join(bodies[name]).encode()))
            subject = f"add topic {commit_number}"
        elif commit_number % RENAME_EVERY == 0:
            position = chooser.randrange(len(names))
            old_name = names[position]
            new_name = f"{STORE_DIR}/renamed_{commit_number:05d}.md"
            names[position] = new_name
            bodies[new_name] = bodies.pop(old_name)
            operations.append(b"R " + old_name.encode() + b" " + new_name.encode() + b"\n")
            renames += 1
            subject = f"rename {old_name} to {new_name}"
        else:
            touched = chooser.sample(range(len(names)), k=1 + chooser.randrange(3))
            for position in touched:
                name = names[position]
                bodies[name].append(f"update {commit_number}: value {chooser.randrange(1000)}\n")
                operations.append(b"M 100644 inline " + name.encode() + b"\n" + _data("".join(bodies[name]).encode()))
            if commit_number % OUTSIDE_EVERY == 0:
                source = f"src/module_{commit_number % 50}.py".encode()
                operations.append(b"M 100644 inline " + source + b"\n" + _data(b"VALUE = %d\n" % commit_number))
            subject = f"update {len(touched)} topics"
        email = f"{author.split()[0].lower()}@example.com".encode()
        identity = author.encode() + b" <" + email + b"> %d +0000\n" % moment
        chunks.append(
            b"commit refs/heads/main\n"
            + b"author "
            + identity
            + b"committer "
            + identity
            + _data(subject.encode())
            + b"".join(operations)
            + b"\n"
        )
    return b"".join(chunks), renames


def build_repository(target: Path, file_count: int, commit_count: int) -> int:
    """Create the synthetic repository at `target` and check out its files; returns the rename count."""
    stream, renames = build_stream(file_count, commit_count)
    subprocess.run(["git", "init", "-q", "-b", "main", str(target)], check=True)
    subprocess.run(["git", "fast-import", "--quiet"], cwd=target, input=stream, check=True)
    subprocess.run(["git", "reset", "-q", "--hard", "main"], cwd=target, check=True)
    return renames


@dataclass
class Timing:
    """The fastest wall-clock and CPU (this process plus its children) times seen for one action."""

    wall: float = float("inf")
    cpu: float = float("inf")

    def measure(self, action: Callable[[], object]) -> None:
        children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
        own_before = time.process_time()
        started = time.perf_counter()
        action()
        wall = time.perf_counter() - started
        children_after = resource.getrusage(resource.RUSAGE_CHILDREN)
        children_cpu = (children_after.ru_utime - children_before.ru_utime) + (
            children_after.ru_stime - children_before.ru_stime
        )
        self.wall = min(self.wall, wall)
        self.cpu = min(self.cpu, children_cpu + time.process_time() - own_before)


def store_for(repo: Path) -> Store:
    """A store of every topic file, built by hand so only history is timed."""
    root = repo / STORE_DIR
    entries = [Entry(id=path.name, path=path.name, kind="file") for path in sorted(root.glob("*.md"))]
    return Store(root=root, format="claude-code", entries=entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--commits", type=int, default=10000)
    parser.add_argument("--sample", type=int, default=20, help="files timed for (a), extrapolated to all")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--keep", type=Path, default=None, help="build the repository here and keep it (reused when it exists)"
    )
    options = parser.parse_args(argv)

    workdir = Path(tempfile.mkdtemp(prefix="curator-bench-")) if options.keep is None else options.keep
    repo = workdir / "repo" if options.keep is None else options.keep
    try:
        started = time.perf_counter()
        reused = (repo / ".git").is_dir()
        if reused:
            rename_log = ["git", "log", "--oneline", "--grep=^rename "]
            renames = subprocess.run(rename_log, cwd=repo, capture_output=True, text=True, check=True).stdout.count(
                "\n"
            )
        else:
            renames = build_repository(repo, options.files, options.commits)
        action = "reused" if reused else f"built in {time.perf_counter() - started:.1f} s"
        print(
            f"repository with {options.files} topic files, {options.commits} commits, {renames} renames: {action} ({repo})"
        )

        bare_log = ["git", "log", "--name-status"]
        subprocess.run(bare_log, cwd=repo, capture_output=True, check=True)
        log_timing, annotate_timing = Timing(), Timing()
        for _ in range(options.repeats):
            log_timing.measure(lambda: subprocess.run(bare_log, cwd=repo, capture_output=True, check=True))
            annotate_timing.measure(lambda: history.annotate(store_for(repo)))
        store = store_for(repo)
        history.annotate(store)
        dated = sum(1 for entry in store.entries if entry.date_source == "git")
        renamed = next((entry for entry in store.entries if entry.path.startswith("renamed_")), None)
        if renamed is not None:
            follow_log = ["git", "log", "--follow", "--format=%H", "--", f"{STORE_DIR}/{renamed.path}"]
            follow_count = subprocess.run(follow_log, cwd=repo, capture_output=True, text=True).stdout.count("\n")
            agreement = "agrees" if follow_count == renamed.commits else "DISAGREES"
            print(
                f"spot check {renamed.path}: curator {renamed.commits} commits, git log --follow {follow_count} ({agreement})"
            )

        git_repo = gitpython.Repo(repo)
        files = [f"{STORE_DIR}/{entry.path}" for entry in store.entries]
        sample = random.Random(7).sample(files, k=min(options.sample, len(files)))
        gitpython_timing = Timing()
        gitpython_timing.measure(lambda: [list(git_repo.iter_commits(paths=path)) for path in sample])
        scale = len(files) / len(sample)
        git_repo.close()
    finally:
        if options.keep is None:
            shutil.rmtree(workdir, ignore_errors=True)

    rows = [
        (
            "(a) GitPython iter_commits(paths=f), once per file",
            gitpython_timing.wall * scale,
            gitpython_timing.cpu * scale,
        ),
        ("(b) curator history.annotate, whole store", annotate_timing.wall, annotate_timing.cpu),
        ("(c) one bare git log --name-status", log_timing.wall, log_timing.cpu),
    ]
    print(
        f"(a) timed on a sample of {len(sample)} of {len(files)} files ({gitpython_timing.wall:.2f} s wall), "
        f"extrapolated linearly to all {len(files)}; (b) and (c) best of {options.repeats}, interleaved"
    )
    print(f"{'measurement':54} {'wall s':>9} {'cpu s':>9}")
    for label, wall, cpu in rows:
        print(f"{label:54} {wall:9.2f} {cpu:9.2f}")
    print(f"entries dated from git: {dated} of {len(store.entries)}")
    print("(a) cpu counts only git processes that exited during the run, so it is a lower bound")
    for clock, index in (("wall", 1), ("cpu", 2)):
        per_file_ratio = rows[0][index] / rows[1][index]
        log_ratio = rows[1][index] / rows[2][index]
        print(
            f"{clock:4}  a/b = {per_file_ratio:7.1f}  target >= 20  {'PASS' if per_file_ratio >= 20 else 'FAIL'}    "
            f"b/c = {log_ratio:5.2f}  target <= 2  {'PASS' if log_ratio <= 2 else 'FAIL'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
