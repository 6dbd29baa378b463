"""Retries told with an inflected verb ("are retried three times") are a retry count, comparable with attempts once the
first try is taken off (`max_attempts: 6` is five retries).

Sentences are written here, not copied from any store. Each look-alike states one budget two ways, or counts another
verb, and must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

RETRIES_AND_ATTEMPTS = [
    (
        "Failed label requests are retried three times before the shipment is parked.",
        "Label requests now run with `max_attempts: 6`.",
    ),
    (
        "Failed invoice uploads get retried 2 times, then go to the dead-letter queue.",
        "Invoice uploads: `max_attempts: 5` now.",
    ),
    ("发票上传失败会重试两次，然后进死信队列。", "Invoice uploads: `max_attempts: 5` now."),
]

ONE_BUDGET_OR_ANOTHER_VERB = [
    (
        "Failed label requests are retried three times before the shipment is parked.",
        "Label requests run with `max_attempts: 4`.",
    ),
    ("The sync job was deployed 3 times last week.", "The sync job retries 5 times."),
    ("发票上传失败会重试两次，然后进死信队列。", "Invoice uploads: `max_attempts: 3`."),
]


@pytest.mark.parametrize("texts", RETRIES_AND_ATTEMPTS)
def test_retried_n_times_meets_another_attempt_budget(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", ONE_BUDGET_OR_ANOTHER_VERB)
def test_one_budget_told_two_ways_or_another_verb_stays_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
