"""The labeled corpus: per-rule recall >= 0.9 on positives, and no drift finding on any negative case."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from curator import rules
from tests.support.labeled_cases import build_store, drift_findings, hit, load_cases

CASES = load_cases()
NEGATIVES = [case for case in CASES if case.label == "negative"]
MIN_RECALL = 0.9
MIN_CASES_PER_LABEL = 10


@pytest.mark.parametrize("case", NEGATIVES, ids=[case.id for case in NEGATIVES])
def test_negative_case_has_no_drift_finding(case, tmp_path: Path) -> None:
    findings = drift_findings(build_store(case, tmp_path))
    assert [(f.rule, f.entries, f.message) for f in findings] == []


@pytest.mark.parametrize("rule", rules.RULE_IDS)
def test_recall_per_rule(rule: str, tmp_path: Path) -> None:
    positives = [case for case in CASES if case.rule == rule and case.label == "positive"]
    negatives = [case for case in CASES if case.rule == rule and case.label == "negative"]
    assert len(positives) >= MIN_CASES_PER_LABEL and len(negatives) >= MIN_CASES_PER_LABEL
    missed = []
    for index, case in enumerate(positives):
        findings = drift_findings(build_store(case, tmp_path / str(index)))
        if not hit(case, findings):
            missed.append((case.name, [(f.rule, f.entries) for f in findings]))
    recall = 1 - len(missed) / len(positives)
    assert recall >= MIN_RECALL, f"{rule}: recall {recall:.2f}, missed {missed}"


def test_every_rule_has_labeled_cases() -> None:
    counts: dict[str, int] = defaultdict(int)
    for case in CASES:
        counts[case.rule] += 1
    assert set(counts) == set(rules.RULE_IDS)
