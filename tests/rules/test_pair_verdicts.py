"""Per-pair verdicts kept in the scan memo: read back without recomputing for the same two entries and store-wide
inputs, recomputed when either entry's fields or those inputs change, and the duplicate rule's findings equal to a
scan without the memo."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

from curator.config import Config
from curator.model import Entry
from curator.rules import duplicate
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Doc, Docs
from curator.rules.pair_verdicts import entry_key, remembered_verdict
from curator.scanmemo import TextMemo, using

CODE = "e" * 64
WHEN = datetime(2026, 3, 1, tzinfo=timezone.utc)


def _doc(name: str, body: str, **fields: object) -> Doc:
    entry = Entry(id=f"{name}.md", path=f"{name}.md", body=body, text=body, created=WHEN, modified=WHEN)
    return Doc(replace(entry, **fields) if fields else entry, False)


class Counter:
    def __init__(self, verdict: str) -> None:
        self.verdict = verdict
        self.calls = 0

    def __call__(self) -> str:
        self.calls += 1
        return self.verdict


def _judged(directory: Path, left: Doc, right: Doc, shared: str, compute: Counter) -> str:
    memo = TextMemo(directory, code=CODE)
    with using(memo):
        found = remembered_verdict("test-verdict", left, right, shared, compute)
    memo.save()
    return found


def test_a_kept_verdict_is_read_back_for_the_same_entries_and_inputs(tmp_path: Path) -> None:
    left, right = _doc("a", "Use pnpm."), _doc("b", "Use npm.")
    compute = Counter("facts differ")
    assert _judged(tmp_path, left, right, "t1", compute) == "facts differ"
    assert _judged(tmp_path, _doc("a", "Use pnpm."), _doc("b", "Use npm."), "t1", compute) == "facts differ"
    assert compute.calls == 1
    empty = Counter("")
    assert _judged(tmp_path, left, _doc("c", "Use yarn."), "t1", empty) == ""
    assert _judged(tmp_path, left, _doc("c", "Use yarn."), "t1", empty) == ""
    assert empty.calls == 1


@pytest.mark.parametrize(
    "change",
    [
        {"body": "Use bun."},
        {"text": "Use npm, always."},
        {"created": datetime(2026, 4, 1, tzinfo=timezone.utc)},
        {"date": datetime(2025, 1, 1, tzinfo=timezone.utc)},
        {"description": "package manager"},
        {"kind": "rule"},
        {"id": "renamed.md", "path": "renamed.md"},
    ],
)
def test_a_change_to_either_entry_is_judged_afresh(tmp_path: Path, change: dict) -> None:
    left, right = _doc("a", "Use pnpm."), _doc("b", "Use npm.")
    _judged(tmp_path, left, right, "t1", Counter("kept"))
    changed = Doc(replace(right.entry, **change), False)
    assert entry_key(changed) != entry_key(right)
    assert _judged(tmp_path, left, changed, "t1", Counter("new")) == "new"
    assert _judged(tmp_path, changed, right, "t1", Counter("new")) == "new"


def test_other_store_wide_inputs_or_the_other_order_or_context_are_judged_afresh(tmp_path: Path) -> None:
    left, right = _doc("a", "Use pnpm."), _doc("b", "Use npm.")
    _judged(tmp_path, left, right, "t1", Counter("kept"))
    assert _judged(tmp_path, left, right, "t2", Counter("new")) == "new"
    assert _judged(tmp_path, right, left, "t1", Counter("new")) == "new"
    assert _judged(tmp_path, left, Doc(right.entry, True), "t1", Counter("new")) == "new"


def test_without_a_memo_every_verdict_is_computed() -> None:
    compute = Counter("x")
    left, right = _doc("a", "Use pnpm."), _doc("b", "Use npm.")
    with using(None):
        remembered_verdict("test-verdict", left, right, "t1", compute)
        remembered_verdict("test-verdict", left, right, "t1", compute)
    assert compute.calls == 2


PAIRS = [
    ("deploy_a", "Deploy the billing service with Helm every Friday after the 18:00 freeze; ops signs it off."),
    ("deploy_b", "Deploy the billing service with Helm every Friday after the 19:00 freeze; ops signs it off."),
    ("pkg_a", "We use pnpm, not npm, for every package in the web app; run pnpm install after each pull."),
    ("pkg_b", "We use npm, not pnpm, for every package in the web app; run npm install after each pull."),
    ("cache_a", "Redis cache TTL for the session store is 30 minutes; keep it there."),
    ("cache_b", "The session store keeps its Redis cache TTL at 30 minutes; keep it there."),
    ("zh_a", "订单服务的超时设成 3 秒，不要再改。"),
    ("zh_b", "订单服务的超时设成 5 秒，不要再改。"),
]


def _duplicates(table: ChoiceTable, memo: TextMemo | None) -> list:
    docs = Docs([_doc(name, body) for name, body in PAIRS])
    with using(memo):
        findings, restated = duplicate.analyze(docs, Config(), set(), table)
    if memo is not None:
        memo.save()
    return [(finding.entries, finding.message) for finding in findings] + [restated]


@pytest.mark.parametrize("extra", [[], [["helm", "kustomize"]], [["pnpm", "npm"]]])
def test_the_duplicate_rule_with_kept_vetoes_finds_what_it_finds_without(tmp_path: Path, extra: list) -> None:
    plain = _duplicates(ChoiceTable(extra), None)
    assert any(("cache_a.md" in entries) for entries, _ in plain[:-1])
    first = TextMemo(tmp_path, code=CODE)
    assert _duplicates(ChoiceTable(extra), first) == plain
    second = TextMemo(tmp_path, code=CODE)
    assert _duplicates(ChoiceTable(extra), second) == plain
    assert second.misses == 0
    other = TextMemo(tmp_path, code=CODE)
    assert _duplicates(ChoiceTable([["quill", "spdlog"]]), other) == _duplicates(
        ChoiceTable([["quill", "spdlog"]]), None
    )
    assert other.used.get("duplicate-veto")
