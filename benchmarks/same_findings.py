"""Whether two commits of curator give the same findings on one store: a cold JSON scan by each, compared.

Run: python benchmarks/same_findings.py STORE BASE [OTHER] [--now ISO] [--keep DIR]

BASE and OTHER are git revisions of this repository (OTHER defaults to the working tree, uncommitted edits
included). Each is exported with `git archive` into a scratch directory and runs
`python -m curator scan STORE --format json --no-cache --now ISO` there, one after the other; the two JSON
documents are compared whole (entries, findings, counts) and every difference is printed. Exit status 0 when they
are identical, 1 when not.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent
WORKTREE = "WORKTREE"


def export(revision: str, directory: Path) -> Path:
    """The `curator` package of `revision` (or of the working tree) under `directory`."""
    if revision == WORKTREE:
        return REPOSITORY
    archive = directory / "curator.tar"
    with open(archive, "wb") as sink:
        subprocess.run(["git", "-C", str(REPOSITORY), "archive", revision, "curator"], stdout=sink, check=True)
    with tarfile.open(archive) as bundle:
        bundle.extractall(directory, filter="data")
    archive.unlink()
    return directory


def scan(code: Path, store: Path, now: str, output: Path) -> float:
    """Run a cold JSON scan of `store` with the curator package under `code`; the seconds it took."""
    environment = {**os.environ, "PYTHONPATH": str(code), "PYTHONDONTWRITEBYTECODE": "1"}
    started = time.perf_counter()
    with open(output, "wb") as sink:
        subprocess.run(
            [sys.executable, "-m", "curator", "scan", str(store), "--format", "json", "--no-cache", "--now", now],
            cwd=code,
            env=environment,
            stdout=sink,
            check=False,
        )
    return time.perf_counter() - started


def differences(base: dict[str, Any], other: dict[str, Any]) -> list[str]:
    """Every key, entry and finding that differs between two scan documents, as unified-diff lines."""
    lines: list[str] = []
    for key in sorted(set(base) | set(other)):
        left, right = base.get(key), other.get(key)
        if left == right:
            continue
        if isinstance(left, list) and isinstance(right, list):
            left_lines = [json.dumps(item, sort_keys=True, ensure_ascii=False) for item in left]
            right_lines = [json.dumps(item, sort_keys=True, ensure_ascii=False) for item in right]
        else:
            left_lines = json.dumps(left, sort_keys=True, indent=1, ensure_ascii=False).splitlines()
            right_lines = json.dumps(right, sort_keys=True, indent=1, ensure_ascii=False).splitlines()
        lines.extend(difflib.unified_diff(left_lines, right_lines, f"base:{key}", f"other:{key}", lineterm="", n=0))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("base")
    parser.add_argument("other", nargs="?", default=WORKTREE)
    parser.add_argument("--now", default="2026-11-29T12:00:00+00:00")
    parser.add_argument("--keep", type=Path, default=None, help="keep both JSON documents in this directory")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="same-findings-") as scratch:
        documents = []
        for name, revision in (("base", arguments.base), ("other", arguments.other)):
            directory = Path(scratch) / name
            directory.mkdir()
            output = (arguments.keep or Path(scratch)) / f"{name}.json"
            output.parent.mkdir(parents=True, exist_ok=True)
            seconds = scan(export(revision, directory), arguments.store.resolve(), arguments.now, output)
            document = json.loads(output.read_text(encoding="utf-8"))
            print(f"{name} {revision}: {len(document.get('findings', []))} findings, {seconds:.1f} s wall")
            documents.append(document)
    changed = differences(*documents)
    for line in changed:
        print(line)
    print("identical" if not changed else f"DIFFERENT: {sum(line[:1] in '+-' for line in changed)} lines")
    sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
