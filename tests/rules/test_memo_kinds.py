"""Statements, dates, counts, choice stances and migration pairs kept in the scan memo: a later scan reads them back equal to a
fresh computation, without recomputing, and recomputes when the anchor, the choice table or the stored shape differ."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from curator.model import Entry
from curator.rules import migrations
from curator.rules.anchors import anchors, remembered_anchors
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Doc
from curator.rules.facts import StatementFacts
from curator.rules.text import statements
from curator.scanmemo import TextMemo, using

CODE = "d" * 64
ANCHOR = date(2026, 3, 1)
STATEMENTS = [
    "Keep retries under 5 per run and the cache TTL at 30 min; max_connections: 200.",
    "接口超时设成 3 秒，每秒最多 60 个请求",
    "Ship the billing export before 2026-04-15; the review on March 3 is done.",
    "发布冻结到 2026年5月1日 前结束",
    "There are still 58 posts under posts/short/ to migrate.",
    "We use pnpm, not npm, for every package.",
    "Use gomock for interface mocks; 用 testify 做断言。",
    "We moved off Jenkins to GitHub Actions last spring.",
    "Nothing dated, counted or chosen here.",
]


def _read(table: ChoiceTable, anchor: date = ANCHOR) -> list[tuple[object, ...]]:
    """Every memoized kind of every statement, read through fresh StatementFacts (no per-process caching)."""
    return [
        (
            fact.deadlines(anchor),
            fact.mentioned_dates(anchor),
            fact.counts,
            fact.stances(table),
            migrations.learned_sets([fact.text]),
            fact.quantities,
            fact.instruments,
        )
        for fact in map(StatementFacts, STATEMENTS)
    ]


def _facts(memo: TextMemo, table: ChoiceTable, anchor: date = ANCHOR) -> list[tuple[object, ...]]:
    """`_read` with `memo` in use, then the memo saved."""
    with using(memo):
        read = _read(table, anchor)
    memo.save()
    return read


def _fresh(directory: Path) -> TextMemo:
    return TextMemo(directory, code=CODE)


def test_a_second_memo_reads_every_kind_back_without_recomputing(tmp_path: Path) -> None:
    table = ChoiceTable([["quill", "spdlog"]])
    cold = _read(table)
    assert any(read[0] for read in cold) and any(read[1] for read in cold) and any(read[2] for read in cold)
    assert any(read[3] for read in cold) and any(read[4] for read in cold)
    first = _fresh(tmp_path)
    assert _facts(first, table) == cold
    assert any(read[5] for read in cold) and any(read[6] for read in cold)
    assert {
        "dates",
        "counts",
        "stances",
        "migrations",
        "migration-roles",
        "migration-lessons",
        "quantities",
        "instruments",
    } <= {path.name.removeprefix("memo-").removesuffix(".json") for path in tmp_path.glob("memo-*.json")}
    second = _fresh(tmp_path)
    assert _facts(second, table) == cold
    assert second.misses == 0 and second.hits >= 4 * len(STATEMENTS)


def test_another_anchor_or_choice_table_is_computed_afresh(tmp_path: Path) -> None:
    _facts(_fresh(tmp_path), ChoiceTable())
    later = date(2027, 2, 1)
    other_table = ChoiceTable([["npm", "bun"]])
    memo = _fresh(tmp_path)
    read = _facts(memo, other_table, later)
    with using(None):
        expected = [(fact.deadlines(later), fact.stances(other_table)) for fact in map(StatementFacts, STATEMENTS)]
    assert [(row[0], row[3]) for row in read] == expected
    assert memo.misses >= 2 * len(STATEMENTS)


@pytest.mark.parametrize(
    "kind, bad",
    [
        ("dates", {"deadlines": [["not a date", "span"]], "dates": []}),
        ("dates", {"deadlines": [], "dates": [7]}),
        ("counts", [["58"]]),
        ("stances", [[99, "pnpm", "pos", False, None, False]]),
        ("stances", [[0, "pnpm", "maybe", False, None, False]]),
        ("migrations", "jenkins"),
        ("migration-roles", [["adopted"]]),
        ("migration-lessons", {"replaced": [["jenkins"]], "alone": [], "together": []}),
        ("migration-lessons", {"replaced": [], "alone": [3], "together": []}),
        ("migration-lessons", [["jenkins", "github actions"]]),
        ("quantities", [[0, "5", "upper", "-inf", 5.0, "retry", None, "retry", ["retry"], "", "", None, None]]),
        ("quantities", [[0, "5", "upper", "nan", 5.0, "retry", None, "retry", ["retry"], "", "", None, None, False]]),
        ("quantities", [[True, "5", "upper", 1.0, 5.0, "retry", None, "retry", ["retry"], "", "", None, None, False]]),
        ("quantities", [[0, "5", "upper", 1.0, 5.0, "retry", None, "retry", "retry", "", "", None, None, False]]),
        ("instruments", [["gomock", "mock", 2, ""]]),
        ("instruments", [["gomock", ["mock"], 1, ""]]),
    ],
)
def test_a_stored_value_of_the_wrong_shape_is_recomputed(tmp_path: Path, kind: str, bad: object) -> None:
    table = ChoiceTable()
    cold = _facts(_fresh(tmp_path), table)
    memo = _fresh(tmp_path)
    stored = memo._stored(kind)
    assert stored
    for key in stored:
        stored[key] = json.loads(json.dumps(bad))
    if kind in ("migrations", "migration-roles"):
        memo._stored("migration-lessons").clear()  # the per-entry lessons would answer before the per-statement kinds
    assert _facts(memo, table) == cold
    assert memo.misses >= 1


def test_an_entrys_statements_are_read_back_from_the_memo(tmp_path: Path) -> None:
    body = "- Ship before 2026-04-15. Then freeze.\n- 发布冻结到五月。之后再说\n\nA hard-wrapped\nline joins here."
    cold = Doc(Entry(id="e", path="e.md", body=body, text=body), is_context=False).statements
    assert len(cold) >= 4
    first = _fresh(tmp_path)
    with using(first):
        assert Doc(Entry(id="e", path="e.md", body=body, text=body), is_context=False).statements == cold
    first.save()
    second = _fresh(tmp_path)
    with using(second):
        assert Doc(Entry(id="e", path="e.md", body=body, text=body), is_context=False).statements == cold
    assert second.hits == 1 and second.misses == 0


@pytest.mark.parametrize(
    "prose",
    [
        "Run `pnpm test:e2e` before merging; the `api_client.py` retries use Home Assistant's REST API.",
        "部署前先跑 `make lint`，Kafka 的 topic 都建在 prod-eu 集群上。",
        "Nothing marked here at all.",
    ],
)
def test_an_entrys_anchors_are_read_back_from_the_memo(tmp_path: Path, prose: str) -> None:
    sentences = statements(prose)
    cold = anchors(prose, sentences)
    first = _fresh(tmp_path)
    with using(first):
        assert remembered_anchors(prose, sentences) == cold
    first.save()
    second = _fresh(tmp_path)
    with using(second):
        assert remembered_anchors(prose, sentences) == cold
    assert second.hits == 1 and second.misses == 0
    third = TextMemo(tmp_path, code=CODE)
    third.stored["anchors"] = {key: 7 for key in second._stored("anchors")}
    with using(third):
        assert remembered_anchors(prose, sentences) == cold
    assert third.misses == 1
