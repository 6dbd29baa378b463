"""A rule that forbids an action against a plain Chinese clause reporting it done (不要直接推 main vs 上周值班时把热修复推到了
main; rules/polarity/reported.chinese_practice): they conflict, also against an English rule; a condition, history, a plan
or question, the action done elsewhere and another verb's object stay silent.

Every row is a small store of two topic files (e0.md older).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

BAN_PUSH = "不要直接推 main 分支。"
BAN_DELETE = "禁止在生产库上手动执行 delete。"
BAN_LOGIN = "不要在登录节点上跑训练。"
BAN_KEYS = "禁止把密钥提交到仓库。"

CONFLICTS = [
    (BAN_PUSH, "上周值班时把热修复推到了 main。"),
    (BAN_DELETE, "昨天运维在生产库上手动执行了 delete 清理脏数据。"),
    (BAN_LOGIN, "小王这周在登录节点上跑了训练。"),
    ("Never push directly to main.", "这次的热修复是直接推到 main 的。"),
    (BAN_KEYS, "新同事把密钥提交到了仓库里。"),
]

SILENT = [
    (BAN_PUSH, "如果有人推 main，保护规则会拒绝。"),
    (BAN_PUSH, "下周打算把热修复推到 main 吗？"),
    (BAN_PUSH, "CI 把构建产物推到 artifacts 分支。"),
    (BAN_LOGIN, "训练任务都在计算节点上跑。"),
    (BAN_KEYS, "为了防止泄露，提交前先扫描密钥。"),
]


@pytest.mark.parametrize(("ban", "practice"), CONFLICTS)
def test_a_chinese_clause_reporting_a_forbidden_action_conflicts(tmp_path: Path, ban: str, practice: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, ban, practice)


@pytest.mark.parametrize(("ban", "practice"), SILENT)
def test_a_condition_a_plan_another_place_or_another_object_stays_silent(
    tmp_path: Path, ban: str, practice: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, ban, practice)
