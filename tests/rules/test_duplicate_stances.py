"""Duplicates keep one stance on the commands they name: "run `x`" and "never run `x` against prod" are never one entry.

Each positive names a command with the same stance in other words (a negated omission, "don't forget to run", is
still a command to run it); each look-alike runs a command on one side that the other says never to run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.span_stance import opposite_stances, span_stances
from tests.rules.test_blind2_forms import PAIR, findings

SAME_STANCE = [
    (
        "Don't forget to run `make lint` before `make deploy`, or CI fails the deploy.",
        "Always run `make lint` before `make deploy`; otherwise CI fails the deploy.",
    ),
    (
        "合并前别跳过 `pnpm test:e2e`，不然线上容易出问题。",
        "合并到 main 之前必须先跑 `pnpm test:e2e`，不然线上容易出问题。",
    ),
    (
        "Never use `:latest` for prod images; pin them by immutable digest.",
        "Prod images are pinned by digest — no `:latest` tags in prod manifests.",
    ),
    ("`rm -rf node_modules` 不要在 CI 里跑，缓存会失效。", "CI 里别跑 `rm -rf node_modules`，否则缓存会失效。"),
]

OPPOSITE_STANCE = [
    (
        "Apply migrations with `alembic upgrade head` after pulling.",
        "Never run `alembic upgrade head` against prod — migrations there go through the release pipeline.",
    ),
    (
        "跑 HIL 测试之前总是先 `west flash --recover`，不然 J-Link 连不上。",
        "Never run `west flash --recover` on the HIL rack boards: it erases the calibration page.",
    ),
    (
        "Run `terraform apply` from your laptop after the plan looks right.",
        "Don't run `terraform apply` from a laptop; the plan looks right only in CI.",
    ),
    ("发版前先跑 `pnpm build:analyze` 看包体积。", "发版前不要跑 `pnpm build:analyze`，看包体积用 CI 的报告。"),
]


@pytest.mark.parametrize(("older", "newer"), SAME_STANCE)
def test_one_stance_in_other_words_is_a_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), OPPOSITE_STANCE)
def test_opposite_stances_on_one_command_are_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("prose", "stances"),
    [
        ("Don't forget to run `make lint` first.", {"make lint": {"pos"}}),
        ("Never deploy without `make test` passing.", {"make test": {"pos"}}),
        ("`rm -rf node_modules` 不要在 CI 里跑。", {"rm -rf node_modules": {"neg"}}),
        ("Use `dayjs` instead of `moment`.", {"dayjs": {"pos"}, "moment": {"neg"}}),
        ("If `x` does not exist, run `y`.", {"x": {"pos"}, "y": {"pos"}}),
        ("统一用 `formatFen()`，不要自己除以 100。", {"formatfen": {"pos"}}),
        ("合并前别跳过 `pnpm test:e2e`。", {"pnpm test:e2e": {"pos"}}),
        ("Run `a` locally. Never run `a` on prod.", {"a": {"pos", "neg"}}),
    ],
)
def test_span_stances(prose: str, stances: dict[str, set[str]]) -> None:
    assert span_stances(prose) == {name: frozenset(held) for name, held in stances.items()}


def test_a_command_said_both_ways_on_one_side_settles_nothing() -> None:
    mixed = span_stances("Run `a` locally. Never run `a` on prod.")
    assert not opposite_stances(mixed, span_stances("Never run `a`."))
    assert opposite_stances(span_stances("Run `a b` first."), span_stances("Never run `a b c`."))
