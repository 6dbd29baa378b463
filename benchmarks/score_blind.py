"""Score the drift rules on a held-out set of stores: per-rule recall and precision counting every finding.

Usage: python benchmarks/score_blind.py [DIR] [-v]   (DIR defaults to tests/rules/blind)

DIR holds one folder per store, each with its files, `git.json` (commit dates per path, or per
`##` section for notes/MEMORY files) and `truth.json` (positives and negatives). Each store is
rebuilt as a real git repository in a temporary directory with those dates, loaded the way
`curator scan` loads it, and analysed at the set's `now`. A finding that matches no positive is
counted against precision (listed with -v so a person can judge it).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.blind_stores import BLIND, DRIFT, score  # noqa: E402


def main() -> None:
    arguments = [arg for arg in sys.argv[1:] if not arg.startswith("-")]
    root = Path(arguments[0]) if arguments else BLIND
    result = score(root, "-v" in sys.argv)
    for line in result["lines"]:
        print(line)
    print(
        f"{'rule':<16} {'planted':>7} {'found':>5} {'recall':>6} {'findings':>8} {'correct':>7} {'precision':>9} {'neg hit':>7}"
    )
    total_found = total_planted = 0
    for rule in (*DRIFT, "stale-auto"):
        planted, found = result["planted"][rule], result["found"][rule]
        reported = result["reported"].get(rule, 0) if rule != "stale-auto" else 0
        correct = result["correct"].get(rule, 0) if rule != "stale-auto" else 0
        if rule != "stale-auto":
            total_found += found
            total_planted += planted
        recall = f"{found / planted:.2f}" if planted else "-"
        precision = f"{correct / reported:.2f}" if reported else "-"
        print(
            f"{rule:<16} {planted:>7} {found:>5} {recall:>6} {reported:>8} {correct:>7} {precision:>9} "
            f"{result['violated'].get(rule, 0):>3}/{result['negatives'].get(rule, 0)}"
        )
    print(f"{'all planted':<16} {total_planted:>7} {total_found:>5} {total_found / max(total_planted, 1):>6.2f}")


if __name__ == "__main__":
    main()
