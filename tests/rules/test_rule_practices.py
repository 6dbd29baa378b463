"""A rule that forbids an action against another entry that reports someone doing it ("never push straight to main" vs
"the on-call engineer pushes hotfixes straight to main", a note's "pushed the fix straight to main", 不要直接推 main vs
值班同学直接把 hotfix 推到 main; rules/polarity/meaning.py): they conflict; the practice of another action, one done
automatically against a ban on doing it by hand, history, a plan, a question, a condition, the exception the rule names
and a word that only ends in 别 (分别, 级别) stay silent.

Every row is a small store of two topic files (e0.md older).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

BAN_PUSH = "Everything lands through a reviewed PR. Never push straight to main."
BAN_CARDS = "Card data stays with the payment provider. Never store card numbers in our database."
BAN_COLORS = "Colours come from the design tokens. Never hard-code hex colors in components."
BAN_ZH = "所有改动都走 PR 评审。不要直接推 main 分支。"
BAN_EXCEPT = "Never push directly to `main`, except the release bot's version-bump commit."
BAN_TOKENS = "Auth secrets never leave the vault. Never log access tokens, not even at debug level."

CONFLICTS = [
    (BAN_PUSH, "The on-call engineer pushes hotfixes straight to main."),
    (BAN_CARDS, "The refunds service stores card numbers in our database so agents can re-charge."),
    (BAN_COLORS, "The checkout team hard-codes hex colors in components to match the campaign."),
    (BAN_ZH, "值班同学遇到线上故障会直接推 main 分支修复。"),
    (BAN_TOKENS, "The gateway middleware logs every access token it forwards, to debug the SSO issue."),
    (BAN_EXCEPT, "The on-call engineer pushes hotfixes directly to main."),
    (BAN_PUSH, "Pushed the checkout hotfix straight to main on Friday."),
    (
        "Never submit CPU-only jobs to the gpu partition.",
        "Submitted the CPU-only aligner to the gpu partition to skip the queue.",
    ),
]

SILENT = [
    (BAN_PUSH, "The release bot pushes version tags after each deploy."),
    (BAN_PUSH, "We used to push straight to main before branch protection."),
    (BAN_PUSH, "If someone pushes straight to main, the protection rule rejects it."),
    (BAN_PUSH, "Who pushes straight to main?"),
    (BAN_PUSH, "Maybe we will push hotfixes straight to main next quarter."),
    (BAN_CARDS, "The payment provider stores card numbers in its vault; we keep only the token."),
    (BAN_COLORS, "The linter flags hex colors in components."),
    (BAN_ZH, "以前值班同学会直接推 main 分支。"),
    (BAN_TOKENS, "The gateway middleware logs request ids and latencies for every call."),
    (BAN_EXCEPT, "After tagging, `release-bot` pushes the `chore: bump version` commit straight to main."),
    (BAN_PUSH, "Pushed the checkout hotfix to a release branch on Friday."),
    (BAN_CARDS, "Stored the last four digits in our database for receipts."),
    ("所有训练必须设固定随机种子（`--seed`），默认 1234。", "三个 seed 的 run 名后缀分别是 `-s0`、`-s1`、`-s2`。"),
]


@pytest.mark.parametrize(("ban", "practice"), CONFLICTS)
def test_a_practice_that_breaks_a_ban_conflicts(tmp_path: Path, ban: str, practice: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, ban, practice)


@pytest.mark.parametrize(("ban", "practice"), SILENT)
def test_another_action_history_a_plan_a_question_or_a_condition_stays_silent(
    tmp_path: Path, ban: str, practice: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, ban, practice)
