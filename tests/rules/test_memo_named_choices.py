"""Names chosen in prose kept in the scan memo: a later scan reads them back equal to a fresh reading without
recomputing, and a stored value of the wrong shape is read afresh."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from curator.rules.facts import named_choices as module
from curator.rules.facts.named_choices import NamedChoice, read_named_choices
from curator.scanmemo import TextMemo, using

CODE = "e" * 64
STATEMENTS = [
    "Everyone runs the local cluster on k3d now; we never use `minikube` any more.",
    "实验跟踪改用 MLflow，不要再用 W&B 了。",
    "Crash reports go through Firebase Crashlytics (the old Sentry setup is gone).",
    "Nothing here names a choice.",
]


def _read(memo: TextMemo) -> list[tuple[NamedChoice, ...]]:
    module.named_choices.cache_clear()
    with using(memo):
        read = [module.named_choices(statement) for statement in STATEMENTS]
    memo.save()
    return read


def test_a_second_memo_reads_named_choices_back_without_recomputing(tmp_path: Path) -> None:
    fresh = [read_named_choices(statement) for statement in STATEMENTS]
    assert sum(len(choices) for choices in fresh) >= 3
    assert any(choice.refused for choices in fresh for choice in choices)
    assert any(choice.rejected for choices in fresh for choice in choices)
    first = TextMemo(tmp_path, code=CODE)
    assert _read(first) == fresh and first.misses == len(STATEMENTS)
    second = TextMemo(tmp_path, code=CODE)
    assert _read(second) == fresh
    assert second.misses == 0 and second.hits == len(STATEMENTS)


@pytest.mark.parametrize(
    "bad",
    [
        "k3d",
        [["k3d", "clause", "masked", ["cluster"], True, ["cluster"], False, [], False, ""]],
        [["k3d", "clause", "masked", "cluster", True, ["cluster"], False, [], False, "", ""]],
        [["k3d", "clause", "masked", ["cluster"], 1, ["cluster"], False, [], False, "", ""]],
        [["k3d", "clause", "masked", [3], True, ["cluster"], False, [], False, "", ""]],
    ],
)
def test_a_stored_value_of_the_wrong_shape_is_read_afresh(tmp_path: Path, bad: object) -> None:
    fresh = [read_named_choices(statement) for statement in STATEMENTS]
    _read(TextMemo(tmp_path, code=CODE))
    memo = TextMemo(tmp_path, code=CODE)
    stored = memo._stored("named-choices")
    assert len(stored) == len(STATEMENTS)
    for key in stored:
        stored[key] = json.loads(json.dumps(bad))
    assert _read(memo) == fresh
    assert memo.misses == len(STATEMENTS)
