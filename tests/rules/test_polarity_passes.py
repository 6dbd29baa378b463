"""The polarity rule reads each entry's clauses once per pass: negated actions first, then asked ones, then plain
clauses describing a forbidden practice, each in entry order, whatever the order the entries mix them in."""

from __future__ import annotations

from curator.rules.facts import StatementFacts
from curator.rules.polarity import imperatives, stance_reading

ENTRIES = [
    ["直接在生产库上手动执行 delete 清理脏数据。", "Always deploy the order service with the canary script."],
    ["Never deploy the order service on Fridays.", "不要在生产库上手动执行 delete。"],
    ["We edit invoices by hand in the admin panel.", "Deploy the order service on Fridays after the freeze."],
    ["Never edit invoices by hand.", "Nothing here tells anyone to do anything."],
]


def _facts(entries: list[list[str]]) -> list[list[StatementFacts]]:
    return [[StatementFacts(text) for text in texts] for texts in entries]


def test_actions_come_negated_then_asked_then_practised_in_entry_order() -> None:
    owners, actions = imperatives.collect(_facts(ENTRIES))
    kinds = ["practice" if action.polarity == "pos" and action.practice else action.polarity for action in actions]
    assert kinds == sorted(kinds, key=["neg", "pos", "practice"].index)
    for kind in ("neg", "pos", "practice"):
        kept = [owner for owner, seen in zip(owners, kinds, strict=True) if seen == kind]
        assert kept == sorted(kept) and kept
    practised = {owner for owner, kind in zip(owners, kinds, strict=True) if kind == "practice"}
    assert practised == {0, 2}


def test_a_practice_forbidden_only_by_its_own_entry_is_not_read() -> None:
    own = [
        ["不要在生产库上手动执行 delete。", "直接在生产库上手动执行 delete 清理脏数据。"],
        ["The build takes four minutes."],
    ]
    _, actions = imperatives.collect(_facts(own))
    assert not [action for action in actions if action.polarity == "pos" and action.practice]


def test_stances_come_forbidding_first_in_entry_order() -> None:
    found = stance_reading.stances(_facts(ENTRIES))
    polarities = [stance.polarity for stance in found]
    assert polarities == sorted(polarities, key=["neg", "pos"].index) and "pos" in polarities
    for polarity in ("neg", "pos"):
        kept = [stance.owner for stance in found if stance.polarity == polarity]
        assert kept == sorted(kept)
