"""Print per-rule recall and precision of the drift rules on a labeled corpus.

Usage: python benchmarks/score_labeled.py [DIR] [-v]   (DIR defaults to tests/labeled; tests/labeled/blind holds
the cases written blind, where each case is scored on its file's rule alone)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from curator import rules  # noqa: E402
from tests.support.labeled_cases import LABELED, load_cases, score_cases  # noqa: E402


def main() -> None:
    arguments = [arg for arg in sys.argv[1:] if not arg.startswith("-")]
    directory = Path(arguments[0]) if arguments else LABELED
    with tempfile.TemporaryDirectory() as scratch:
        result = score_cases(
            load_cases(directory), Path(scratch), own_rule_only=directory != LABELED, verbose="-v" in sys.argv
        )
    for line in result["lines"]:
        print(line)
    found, planted, reported, correct = (result[key] for key in ("found", "planted", "reported", "correct"))
    print(f"{'rule':<16} {'positives':>9} {'recall':>7} {'findings':>8} {'precision':>9}")
    for rule in rules.RULE_IDS:
        if not planted[rule] and not reported[rule]:
            continue
        recall = found[rule] / planted[rule] if planted[rule] else float("nan")
        precision = correct[rule] / reported[rule] if reported[rule] else float("nan")
        print(f"{rule:<16} {planted[rule]:>9} {recall:>7.2f} {reported[rule]:>8} {precision:>9.2f}")


if __name__ == "__main__":
    main()
