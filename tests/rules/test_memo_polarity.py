"""The polarity rule's clause readings, actions and code-name stances kept in the scan memo: read back equal to a fresh
computation, recomputed when the stored shape is wrong, and never holding a decision that depends on other entries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from curator.rules import code_polarity
from curator.rules.facts import StatementFacts
from curator.rules.polarity import imperatives
from curator.rules.polarity.stance_reading import stances
from curator.scanmemo import TextMemo, using

CODE = "e" * 64
PER_ENTRY_KINDS = {"entry-imperative-bans", "entry-imperative-asks"}
ENTRIES = [
    ["Never deploy the order service on Fridays.", "Deploys need a second reviewer."],
    ["Deploy the order service on Fridays after the freeze; ops signs it off."],
    ["不要在生产库上手动执行 delete。", "每次发版前都要跑冒烟测试。"],
    ["直接在生产库上手动执行 delete 清理脏数据。"],
    ["Always run `./deploy.sh` with `--skip-smoke` on Fridays.", "Never pass `--no-verify` to git push."],
    ["不要再带 `--skip-smoke` 跑 `./deploy.sh`。", "Always push with `--no-verify` when the hook is slow."],
    ["Nothing here tells anyone to do anything.", "The build takes four minutes."],
]


def _facts(entries: list[list[str]]) -> list[list[StatementFacts]]:
    return [[StatementFacts(text) for text in texts] for texts in entries]


def _read(entries: list[list[str]]) -> tuple[object, ...]:
    """The actions of the whole store and each entry's code stances, from fresh facts (no per-process caching)."""
    facts = _facts(entries)
    return imperatives.collect(facts), [code_polarity.remembered_stances(held) for held in facts]


def _memo(directory: Path) -> TextMemo:
    return TextMemo(directory, code=CODE)


def _with(memo: TextMemo, entries: list[list[str]]) -> tuple[object, ...]:
    with using(memo):
        read = _read(entries)
    memo.save()
    return read


def test_readings_actions_and_code_stances_are_read_back_without_recomputing(tmp_path: Path) -> None:
    cold = _read(ENTRIES)
    (owners, actions), stances = cold
    assert {"neg", "pos"} <= {action.polarity for action in actions} and any(stances)
    assert _with(_memo(tmp_path), ENTRIES) == cold
    assert {"polarity-clauses", "polarity-action", "code-stances"} <= {
        path.name.removeprefix("memo-").removesuffix(".json") for path in tmp_path.glob("memo-*.json")
    }
    second = _memo(tmp_path)
    assert _with(second, ENTRIES) == cold
    assert second.misses == 0 and second.hits >= len(ENTRIES)


@pytest.mark.parametrize(
    ("plain", "rule"),
    [
        (["Deploy the order service on Fridays after the freeze."], ["Never deploy the order service on Fridays."]),
        (["直接在生产库上手动执行 delete 清理脏数据。"], ["不要在生产库上手动执行 delete。"]),
    ],
)
def test_a_plain_clause_becomes_an_action_when_another_entry_forbids_it(
    tmp_path: Path, plain: list[str], rule: list[str]
) -> None:
    alone = _with(_memo(tmp_path), [plain])
    assert alone[0] == ([], [])
    together = _with(_memo(tmp_path), [plain, rule])
    with using(None):
        assert together == _read([plain, rule])
    owners, actions = together[0]  # type: ignore[misc]
    assert 0 in owners and 1 in owners


@pytest.mark.parametrize(
    ("plain", "look_alike"),
    [
        (["Deploy the order service on Fridays after the freeze."], ["Deploys on Fridays need a second reviewer."]),
        (["直接在生产库上手动执行 delete 清理脏数据。"], ["生产库的 delete 要走审批。"]),
    ],
)
def test_a_look_alike_without_a_negation_leaves_the_plain_clause_silent(
    tmp_path: Path, plain: list[str], look_alike: list[str]
) -> None:
    _with(_memo(tmp_path), [plain])
    assert _with(_memo(tmp_path), [plain, look_alike])[0] == ([], [])


@pytest.mark.parametrize(
    ("kind", "bad"),
    [
        ("polarity-clauses", [[0, "clause", None, None, 2, ""]]),
        ("polarity-clauses", [[99, "clause", None, None, 0, ""]]),
        ("polarity-clauses", [[0, "clause", 5, None, 0, ""]]),
        ("polarity-clauses", {"clause": 1}),
        ("polarity-action", ["deploy", "deploy", "", 2]),
        ("polarity-action", ["deploy", ["deploy"], "", 1]),
        ("polarity-action", 1),
        ("code-stances", [["maybe", "--skip-smoke", 0]]),
        ("code-stances", [["pos", "--skip-smoke", 9]]),
        ("code-stances", [["pos", 3, 0]]),
        ("entry-imperative-bans", [[0]]),
        ("entry-imperative-bans", [[99, "deploy the order service"]]),
        ("entry-imperative-bans", [[0, 7]]),
        ("entry-imperative-asks", [[[0, "deploy", 1, ""]], []]),
        ("entry-imperative-asks", [[], [[99, "deploy", False, "deploy"]]]),
        ("entry-imperative-asks", [[]]),
    ],
)
def test_a_stored_value_of_the_wrong_shape_is_recomputed(tmp_path: Path, kind: str, bad: object) -> None:
    cold = _with(_memo(tmp_path), ENTRIES)
    memo = _memo(tmp_path)
    stored = memo._stored(kind)
    assert stored
    for key in stored:
        stored[key] = json.loads(json.dumps(bad))
    for per_entry in PER_ENTRY_KINDS - {kind}:
        memo._stored(per_entry).clear()  # so the per-clause values under test are read again
    assert _with(memo, ENTRIES) == cold
    assert memo.misses >= 1


@pytest.mark.parametrize(
    ("plain", "rule"),
    [
        ("Feature branches are squash-merged into develop.", "Never squash."),
        ("We force-pushed the release branch last night.", "Never force-push to release branches."),
        ("上周把热修复推到了 main。", "不要直接推 main。"),
        ("昨天手动重启了生产数据库。", "不要手动重启生产数据库。"),
    ],
)
def test_a_kept_entry_reads_a_new_stance_when_another_entry_forbids_its_verb(
    tmp_path: Path, plain: str, rule: str
) -> None:
    """An entry's asking clauses are kept under a digest of the store's forbidden words: a new ban elsewhere reads the
    unchanged entry again, as a cold scan would."""
    before = [[plain], ["Never delete the production logs."]]
    after = [*before, [rule]]
    memo = _memo(tmp_path)
    with using(memo):
        kept = stances(_facts(before))
    memo.save()
    assert not any(stance.owner == 0 for stance in kept)
    memo = _memo(tmp_path)
    with using(memo):
        read = stances(_facts(after))
    with using(None):
        assert read == stances(_facts(after))
    assert any(stance.owner == 0 and stance.polarity == "pos" for stance in read)
    assert memo.hits >= 1


@pytest.mark.parametrize(
    ("plain", "rule"),
    [
        ("Deploy the order service on Fridays after the freeze.", "Never deploy the order service on Fridays."),
        ("直接在生产库上手动执行 delete 清理脏数据。", "不要在生产库上手动执行 delete。"),
    ],
)
def test_a_kept_entry_reads_a_new_action_when_another_entry_forbids_it(tmp_path: Path, plain: str, rule: str) -> None:
    """An entry's positive imperatives and described practices are kept under a digest of the store's bans: a new ban
    elsewhere reads the unchanged entry again."""
    before = [[plain], ["Never rotate the signing keys by hand."]]
    owners, _ = _with(_memo(tmp_path), before)[0]  # type: ignore[misc]
    assert 0 not in owners
    memo = _memo(tmp_path)
    after = _with(memo, [*before, [rule]])
    with using(None):
        assert after == _read([*before, [rule]])
    owners, _ = after[0]  # type: ignore[misc]
    assert 0 in owners and 2 in owners and memo.hits >= 1
