"""A rule that forbids an action against a command in a code span that performs it (`git push origin main` against "never
push directly to main"; rules/polarity/commands.py): they conflict; a command on another object, one the clause negates,
conditions, or reports blocked, and a flag that only shares a prefix stay silent.

Every row is a small store of two topic files (e0.md older).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

BAN_PUSH = "Never push directly to main; every change goes through a PR."
BAN_PUSH_ZH = "不要直接推 main 分支。"
BAN_NAMESPACE = "Do not delete the staging namespace."
BAN_FORCE = "Never force-push shared branches."

CONFLICTS = [
    (BAN_PUSH, "Shipped the login hotfix with `git push origin main` yesterday."),
    (BAN_PUSH, "Release steps: tag the build, then `git push origin main`."),
    (BAN_NAMESPACE, "Cleanup step: `kubectl delete namespace staging`."),
    (BAN_PUSH_ZH, "发布流程：先打 tag，再 `git push origin main`。"),
]

SILENT = [
    (BAN_PUSH, "Feature work: `git push origin feature/login` and open a PR."),
    (BAN_PUSH, "The hook rejects `git push origin main` with a protected-branch error."),
    (BAN_PUSH, "If `git push origin main` fails, check branch protection."),
    (BAN_PUSH, "Never run `git push origin main` by hand."),
    (BAN_PUSH_ZH, "如果 `git push origin main` 被拒，说明分支保护生效了。"),
    (BAN_PUSH_ZH, "`git push origin main` 会被拒绝吗？"),
    (BAN_FORCE, "Use `git push --force-with-lease` on your own branch only."),
    (BAN_NAMESPACE, "Cleanup step: `kubectl delete pod stuck-worker`."),
]


@pytest.mark.parametrize(("ban", "practice"), CONFLICTS)
def test_a_command_that_performs_a_forbidden_action_conflicts(tmp_path: Path, ban: str, practice: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, ban, practice)


@pytest.mark.parametrize(("ban", "practice"), SILENT)
def test_a_command_on_another_object_or_one_negated_conditioned_or_blocked_stays_silent(
    tmp_path: Path, ban: str, practice: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, ban, practice)
