"""Print per-rule recall and precision of the drift rules on the labeled corpus in tests/labeled/."""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from curator import rules  # noqa: E402
from tests.support.labeled_cases import build_store, drift_findings, hit, load_cases  # noqa: E402


def main() -> None:
    verbose = "-v" in sys.argv
    found, planted, reported, correct = Counter(), Counter(), Counter(), Counter()
    with tempfile.TemporaryDirectory() as scratch:
        for index, case in enumerate(load_cases()):
            findings = drift_findings(build_store(case, Path(scratch) / str(index)))
            if case.label == "positive":
                planted[case.rule] += 1
                if hit(case, findings):
                    found[case.rule] += 1
                elif verbose:
                    print(f"MISS {case.id}: {[(f.rule, f.entries) for f in findings]}")
            for finding in findings:
                if case.label == "positive" and finding.rule != case.rule:
                    continue
                reported[finding.rule] += 1
                is_expected = (
                    case.label == "positive" and finding.rule == case.rule and set(finding.entries) == set(case.expect)
                )
                if is_expected:
                    correct[finding.rule] += 1
                elif verbose:
                    print(f"EXTRA in {case.id}: {finding.rule} {finding.entries} {finding.message[:140]}")
    print(f"{'rule':<16} {'positives':>9} {'recall':>7} {'findings':>8} {'precision':>9}")
    for rule in rules.RULE_IDS:
        recall = found[rule] / planted[rule] if planted[rule] else float("nan")
        precision = correct[rule] / reported[rule] if reported[rule] else float("nan")
        print(f"{rule:<16} {planted[rule]:>9} {recall:>7.2f} {reported[rule]:>8} {precision:>9.2f}")


if __name__ == "__main__":
    main()
