"""Exclusive choices from the table: Flutter state libraries, pull-request merge methods, paging services, heading case,
and where a tool is logged or sent to (EN and ZH).

Each row is a small store (e0.md oldest, CLAUDE.md:L… instruction lines); look-alikes (two tools in different roles,
history, a local rebase beside a merge method) get no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.choices import ChoiceTable
from tests.rules.test_blind2_forms import PAIR, findings

TABLE = ChoiceTable()

TWO_CHOICES = [
    ("State management is Riverpod.", "New screens are built on `flutter_bloc`."),
    ("状态管理统一用 Riverpod。", "新页面都用 Bloc 写。"),
    ("Squash-merge PRs into `main`.", "Land PRs with rebase-and-merge so each commit stays on `main`."),
    ("PR 合并统一用 squash 合并。", "PRs use rebase-and-merge now."),
    ("Use GetX for state.", "State management is Riverpod now."),
    ("Pages go through PagerDuty.", "告警已经全部迁到 Opsgenie。"),
    ("文档标题用句首大写（Sentence case）。", "Docs headings use Title Case."),
    ("Log every run to the W&B project `ranker`.", "Runs are logged to MLflow now."),
    ("Crashes are reported to Crashlytics.", "崩溃统一上报到 Sentry。"),
]


@pytest.mark.parametrize(("older", "newer"), TWO_CHOICES)
def test_two_members_of_one_set_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


def test_an_instruction_refusing_what_memory_builds_on_conflicts(tmp_path: Path) -> None:
    found = findings(
        tmp_path,
        "The player screen is built on `flutter_bloc`.",
        rules_text=("State management is Riverpod; do not add Bloc packages.",),
    )
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) in found


SILENT = [
    ("Riverpod for state, Dio for HTTP.", "HTTP calls go through Dio."),
    ("We used to use Bloc for state.", "State management is Riverpod."),
    ("Rebase your branch on `main` before review.", "Squash-merge PRs into `main`."),
    ("Squash-merge PRs into `main`.", "Squash-merge is how PRs land."),
    ("变基后再提 PR。", "PR 一律 squash 合并。"),
    ("Log training runs to W&B.", "Log serving metrics to Prometheus."),
    ("Pages go through PagerDuty.", "Alert rules live in Grafana."),
    ("Use title case for product names.", "Use sentence case for headings."),
]


@pytest.mark.parametrize(("older", "newer"), SILENT)
def test_look_alikes_of_a_set_stay_silent(tmp_path: Path, older: str, newer: str) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, older, newer))


@pytest.mark.parametrize(
    ("statement", "stance"),
    [
        ("Squash-merge PRs into `main`.", ("squash-merge", "pos")),
        ("- Rebase-and-merge every PR.", ("rebase-and-merge", "pos")),
        ("Don't squash-merge release branches.", ("squash-merge", "neg")),
        ("Before you squash-merge, rebase.", None),
    ],
)
def test_a_merge_method_opening_a_clause_is_an_order(statement: str, stance: tuple[str, str] | None) -> None:
    found = [(found.member, found.polarity) for found in TABLE.stances(statement)]
    assert found == ([stance] if stance else [])


@pytest.mark.parametrize(
    ("statement", "stances"),
    [
        ("Don't create W&B runs; the seats were cancelled.", [("wandb", "neg")]),
        ("Never send errors to Sentry.", [("sentry", "neg")]),
        ("Send errors to Sentry.", [("sentry", "pos")]),
        ("Runs are logged to MLflow.", [("mlflow", "pos")]),
    ],
)
def test_logging_or_sending_to_a_tool_chooses_it(statement: str, stances: list[tuple[str, str]]) -> None:
    assert [(found.member, found.polarity) for found in TABLE.stances(statement)] == stances
