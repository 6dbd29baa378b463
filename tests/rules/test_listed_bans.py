"""A ban that lists alternatives ("never run training or eval", 不要跑训练或评测) or names its action after a generic verb
("never run `kubectl apply`") against another entry that asks for or permits one of them (rules/polarity/meaning.py,
alternatives.py): they conflict; a permission of something the ban does not list, history and a clause naming only part
of the action stay silent.

Every row is a small store of two topic files (e0.md older).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

CONFLICTS = [
    (
        "Jobs go through the Slurm scheduler. 不要在登录节点上跑训练或评测，一律用 sbatch 提交到计算节点。",
        "小评测（十分钟以内）直接在登录节点上跑就行，不用排队。",
    ),
    (
        "所有数据修复都走工单。不要在生产库上手动执行 update 或 delete 语句。",
        "数据修复时可以直接在生产库上手动执行 delete 语句，事后补工单。",
    ),
    (
        "All production changes go through Argo CD from this repo; never run `kubectl apply`, `edit` or `patch` "
        "against prod clusters.",
        "线上出故障、Argo CD 同步来不及的时候，可以直接用 kubectl 对生产集群 apply，事后补一个 PR。",
    ),
    (
        "Releases are cut by the pipeline. Never push tags or release branches from a laptop.",
        "For hotfixes it's fine to push release branches from your laptop.",
    ),
]

SILENT = [
    (
        "Jobs go through the Slurm scheduler. 不要在登录节点上跑训练或评测，一律用 sbatch 提交到计算节点。",
        "以前小评测直接在登录节点上跑。",
    ),
    (
        "Jobs go through the Slurm scheduler. 不要在登录节点上跑训练或评测，一律用 sbatch 提交到计算节点。",
        "在登录节点上看日志、跑 squeue 就行。",
    ),
    (
        "所有数据修复都走工单。不要在生产库上手动执行 update 或 delete 语句。",
        "数据修复时可以直接在生产库上执行 select 语句核对。",
    ),
    (
        "All production changes go through Argo CD from this repo; never run `kubectl apply`, `edit` or `patch` "
        "against prod clusters.",
        "线上出故障时可以直接用 kubectl 看生产集群的日志和事件。",
    ),
    (
        "Releases are cut by the pipeline. Never push tags or release branches from a laptop.",
        "For hotfixes it's fine to open a release PR from your laptop.",
    ),
]


@pytest.mark.parametrize(("ban", "asked"), CONFLICTS)
def test_one_listed_alternative_asked_for_conflicts(tmp_path: Path, ban: str, asked: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, ban, asked)


@pytest.mark.parametrize(("ban", "asked"), SILENT)
def test_history_an_unlisted_action_or_part_of_a_name_stays_silent(tmp_path: Path, ban: str, asked: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, ban, asked)
