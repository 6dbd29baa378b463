"""A short rule and a long entry that does the forbidden thing among much else embed far apart; the meaning stage also
proposes the asking clauses that hold the forbidden verb (rules/polarity/across.py) when both statements are about the
same situation, and same_action.same_action verifies them. EN/ZH rows, with look-alikes that must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.polarity.across import MAX_HOLDERS, proposals
from tests.rules.test_blind2_forms import PAIR, findings

RULE = "表单校验失败时返回错误码，不要抛异常。"
OPPOSITE = [
    (
        RULE,
        "表单校验失败时直接抛出 `ValidationError` 异常，由外层的 error boundary 统一弹提示并上报到 Sentry，组件里不再单独处理。",
    ),
    (
        RULE,
        "表单校验失败时直接 `throw new validation_exception()`，由外层的 error boundary 统一弹提示并上报到 Sentry，组件里不再单独处理。",
    ),
    (
        "When a webhook signature check fails, return 401; never throw an exception.",
        "When a webhook signature check fails, just throw a signature exception from the handler so the middleware logs"
        " it, answers 500 and the provider retries on its own schedule with backoff.",
    ),
    (
        "If the nightly import finds a bad row, skip it; never abort the batch.",
        "If the nightly import finds a bad row, always abort the batch right away and page whoever is on call so the"
        " finance team does not publish a partial ledger.",
    ),
]


@pytest.mark.parametrize(("rule", "practice"), OPPOSITE)
def test_a_long_entry_doing_the_forbidden_thing_conflicts(tmp_path: Path, rule: str, practice: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, rule, practice)


LOOK_ALIKES = [
    (RULE, "以前表单校验失败时会直接 `throw new validation_exception()`，后来改成返回错误码。"),
    (RULE, "接口超时的时候直接 `throw new timeout_exception()`，由网关统一重试并上报到 Sentry，调用方不再单独处理。"),
    (
        "When a webhook signature check fails, return 401; never throw an exception.",
        "We used to throw a signature exception from the handler when a webhook signature check failed.",
    ),
]


@pytest.mark.parametrize(("rule", "other"), LOOK_ALIKES)
def test_history_and_another_situation_stay_silent(tmp_path: Path, rule: str, other: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, rule, other)


def test_the_verb_proposes_only_opposite_stances_and_a_common_verb_none() -> None:
    verbs = [{"throw"}, set(), set(), {"delet"}]
    words = [set(), {"throw", "exception"}, {"delet", "upload"}, set()]
    assert list(proposals(verbs, words, lambda left, right: True)) == [(0, 1), (3, 2)]
    assert list(proposals(verbs, words, lambda left, right: right != 1)) == [(3, 2)]
    crowded = [{"throw"}] + [set()] * (MAX_HOLDERS + 1)
    assert list(proposals(crowded, [set()] + [{"throw"}] * (MAX_HOLDERS + 1), lambda left, right: True)) == []
