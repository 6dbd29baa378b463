"""Two entries that tell one action as automatic and as waiting for a person ("invoices are sent automatically by the
billing cron" vs "each invoice waits in the review queue until finance approves it", 自动合并 vs 人工 review 通过才能合;
rules/polarity/gating.py): they conflict; two different actions, two scopes, history, a ban on doing it by hand, two
statements sharing only a word or two and one entry telling both stay silent.

Every row is a small store of two topic files (e0.md older).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.polarity import gating
from curator.rules.polarity.gating import Told
from tests.rules.test_blind2_forms import PAIR, findings

CONFLICTS = [
    (
        "Customer invoices are emailed automatically on the first of the month.",
        "Customer invoices are emailed only after someone from finance approves them.",
    ),
    (
        "Translation updates from Crowdin are merged automatically once the CI checks pass.",
        "Crowdin translation PRs wait for a maintainer to review the strings and click merge.",
    ),
    (
        "新用户注册后，欢迎邮件由系统自动发送，不用人工处理。",
        "新用户的欢迎邮件要等运营同学人工确认内容后才发送。",
    ),
    (
        "App 内的崩溃报告在用户下次启动时静默上传到 Sentry。",
        "崩溃报告要等用户在弹窗里点同意才会上传到 Sentry。",
    ),
]

SILENT = [
    (
        "新建报表一律用 `report new`，它会自动加上日期后缀。",
        "手工编的日期后缀可能和别人的重复，`report sync` 会覆盖它。",
    ),
    ("生产发布只在周四晚上进行，由值班同学手动触发 deploy job。", "导出任务完成后由前端轮询状态，自动触发下载。"),
    (
        "Never edit `nginx.conf` by hand on the servers.",
        "The deploy pipeline rewrites `nginx.conf` automatically on the servers.",
    ),
    ("不要手动修改线上的 `nginx.conf`。", "流水线会自动修改线上的 `nginx.conf`。"),
    ("发版后要手动刷新 CDN 缓存，不然用户拿到的还是旧页面。", "监控大屏每 30 秒自动刷新一次，夜间也一样。"),
    (
        "Customer invoices are emailed automatically by the billing cron on the first of the month.",
        "Refunds over $500 sit in the finance queue until someone approves them.",
    ),
    (
        "Staging deploys happen automatically on every merge to develop.",
        "Production deploys wait for the release manager to approve them in Argo.",
    ),
    (
        "中国区的退款一律人工审核，财务在后台点通过后才退。",
        "海外区的 Stripe 退款由 refund worker 自动发起。",
    ),
    (
        "Customer invoices are emailed automatically by the billing cron on the first of the month.",
        "Invoices used to wait in the review queue until finance approved them.",
    ),
    (
        "Small refunds are issued automatically; larger ones wait for a finance approval.",
        "Refunds are issued automatically by the refund bot when the agent tags the ticket.",
    ),
]


@pytest.mark.parametrize(("automatic", "gated"), CONFLICTS)
def test_one_action_automatic_and_waiting_for_a_person_conflicts(tmp_path: Path, automatic: str, gated: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, automatic, gated)


@pytest.mark.parametrize(("automatic", "gated"), SILENT)
def test_another_action_another_scope_history_or_both_told_stays_silent(
    tmp_path: Path, automatic: str, gated: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, automatic, gated)


def _told(owner: int, manner: str, *concepts: str) -> Told:
    return Told(owner, manner, " ".join(concepts), frozenset(concepts), frozenset())


def test_only_statements_sharing_a_concept_of_other_entries_are_compared() -> None:
    automatic = [_told(0, "auto", "invoice", "email"), _told(1, "auto", "refund", "stripe")]
    gated = [_told(2, "gated", "invoice", "finance"), _told(0, "gated", "invoice", "email"), _told(3, "gated", "crash")]
    assert gating.candidates(automatic, gated) == [[0], []]


def test_a_concept_too_many_statements_hold_proposes_no_pairs() -> None:
    common = [_told(owner, "gated", "report", f"topic{owner}") for owner in range(1, gating.MAX_HOLDERS + 1)]
    automatic = [_told(0, "auto", "report", "topic7"), _told(0, "auto", "report", "nothing")]
    assert gating.candidates(automatic, common) == [[6], []]
