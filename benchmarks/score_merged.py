"""Score the drift rules on labeled cases merged into whole stores, where entries of different cases meet.

Usage: python benchmarks/score_merged.py [--chunk N] [-v]

Every case of tests/labeled/pairs10, tests/labeled/blind and tests/labeled/*.toml (ids renamed per case, types,
ages and origins kept) goes into one store (or, with --chunk N, stores of about N entries, one domain or
language group each). A finding naming entries of two cases is almost always a false alarm; -v prints them
so a person can confirm.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from curator import rules  # noqa: E402
from tests.support.merged_cases import score_merged  # noqa: E402


def main() -> None:
    size = int(sys.argv[sys.argv.index("--chunk") + 1]) if "--chunk" in sys.argv else None
    with tempfile.TemporaryDirectory() as scratch:
        result = score_merged(Path(scratch), size)
    if "-v" in sys.argv:
        for line in result.lines:
            print(line)
    print(f"{result.stores} store(s), {result.entries} entries ({result.skipped} cases with project files left out)")
    print(
        f"{'rule':<16} {'planted':>7} {'found':>5} {'neg hit':>7} {'findings':>8} {'correct':>7} {'cross':>5} {'other':>5}"
    )
    for rule in rules.RULE_IDS:
        if not result.planted[rule] and not result.reported[rule]:
            continue
        print(
            f"{rule:<16} {result.planted[rule]:>7} {result.found[rule]:>5} "
            f"{result.violated[rule]:>3}/{result.negatives[rule]:<3} {result.reported[rule]:>8} "
            f"{result.correct[rule]:>7} {result.cross[rule]:>5} {result.within_extra[rule]:>5}"
        )


if __name__ == "__main__":
    main()
