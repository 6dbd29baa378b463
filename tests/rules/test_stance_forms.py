"""Polarity forms between two entries: permissions, dash-split clauses, plural PRs and every-environment rules, EN/ZH.

Every row is a pair of topic files (e0.md older); a phrasing row is a conflict, a look-alike row is none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

OPPOSITE = [
    ("训练数据直接从 Lustre 读就行。", "训练数据一律先拷到节点本地 NVMe 再读，别直接读 Lustre。"),
    ("迁移脚本在本地直接跑 migrate 即可。", "不要在本地直接跑 migrate，交给流水线。"),
    ("图片直接传到 OSS 也可以。", "别把图片直接传到 OSS。"),
    ("PR 合并不要用 squash —— 用 rebase merge，保留每一个 commit。", "Always squash-merge PRs into `main`."),
    ("Don't squash MRs — rebase them.", "Always squash MRs into main."),
    ("任何环境（包括沙箱和本地）都不要打开 `wxali_debug_log`。", "在支付宝沙箱联调时一定要打开 `wxali_debug_log`。"),
    ("Never enable `verbose_sql` in any environment.", "On staging always enable `verbose_sql` while debugging."),
]


@pytest.mark.parametrize(("older", "newer"), OPPOSITE)
def test_opposite_stances_on_one_action_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


LOOK_ALIKES = [
    ("日志直接看 Grafana 就行。", "别直接读 Lustre。"),
    ("训练数据从 NFS 读就行。", "别直接读 Lustre。"),
    ("PR 合并不要用 squash —— 用 rebase merge，保留每一个 commit。", "Always rebase-merge PRs into `main`."),
    ("Don't squash MRs — rebase them.", "Always rebase MRs onto main."),
    ("生产环境不要打开 `wxali_debug_log`。", "在沙箱联调时一定要打开 `wxali_debug_log`。"),
]


@pytest.mark.parametrize(("older", "newer"), LOOK_ALIKES)
def test_other_objects_agreeing_actions_and_other_environments_make_no_conflict(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)
