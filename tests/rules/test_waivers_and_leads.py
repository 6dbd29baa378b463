"""Stances read in more shapes (rules/polarity/imperatives.py): a passive waiver against a requirement ("X may be
skipped" vs "X is required", 可以不写 vs 必须写), a ban behind an intensifier (绝对不要) or behind a lead that mixes
Chinese and Latin (刷 RC 的时候不要 …), and 不可以 as a ban; look-alikes stay silent.

Every row is a small store of two topic files (e0.md older).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.polarity.imperatives import _negated_core, _positive_core
from tests.rules.test_blind2_forms import PAIR, findings

CONFLICTS = [
    ("Integration tests may be skipped for hotfix PRs.", "Integration tests are required for hotfix PRs."),
    (
        "The changelog entry is optional for internal refactors.",
        "A changelog entry is required for internal refactors.",
    ),
    ("单测可以不写。", "新功能必须写单测。"),
    ("周报可以不用写。", "每周都必须写周报。"),
    ("绝对不要在客户端直接发货。", "客户端验签通过后可以直接发货。"),
    ("刷 RC 的时候不要整片擦除，只擦应用分区。", "刷 RC 前必须整片擦除。"),
    ("不可以直接改线上配置。", "线上配置可以直接改。"),
]

SILENT = [
    ("Integration tests may be skipped for hotfix PRs.", "Changelog entries are required for hotfix PRs."),
    ("Integration tests used to be optional.", "Integration tests are required for hotfix PRs."),
    ("单测可以不写。", "新功能必须写文档。"),
    ("以前刷 RC 的时候不整片擦除。", "刷 RC 前必须整片擦除。"),
    ("绝对不要在客户端直接发货。", "服务端验签通过后可以直接发货。"),
    ("线上配置不可以直接改。", "测试环境的 nginx 日志可以直接删。"),
]


@pytest.mark.parametrize(("first", "second"), CONFLICTS)
def test_a_waiver_or_ban_in_another_shape_conflicts_with_the_requirement(
    tmp_path: Path, first: str, second: str
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, first, second)


@pytest.mark.parametrize(("first", "second"), SILENT)
def test_other_objects_history_and_other_sides_stay_silent(tmp_path: Path, first: str, second: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, first, second)


@pytest.mark.parametrize(
    ("clause", "core"),
    [
        ("integration tests may be skipped for hotfix prs", "integration tests for hotfix prs"),
        ("the changelog is optional", "the changelog"),
        ("刷 rc 的时候绝对不要整片擦除", "刷 rc 的时候整片擦除"),
        ("绝对不要手动发货", "手动发货"),
        ("单测可以不写", "单测写"),
    ],
)
def test_the_waived_or_forbidden_action_is_read(clause: str, core: str) -> None:
    assert _negated_core(clause) == core


@pytest.mark.parametrize("clause", ["integration tests are required for hotfix prs", "a changelog entry is mandatory"])
def test_a_requirement_is_a_strong_ask(clause: str) -> None:
    assert _negated_core(clause) is None
    assert _positive_core(clause)[1]
