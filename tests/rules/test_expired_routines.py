"""expired-date precision (issue #11): spans and dates that are no deadline — service windows, reasons, weekly
routines and stories told back — next to deadlines set for a task, which must still expire. Sentences are written here,
not copied from any store.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import findings

NOT_DUE = [
    "Support replies to customer emails within three working days.",
    "Support must answer tickets within 3 working days.",
    "Reply to customer emails within two days.",
    "客服工单要在三个工作日内回复。",
    "客服工单三个工作日内必须回复。",
    "Why: legal needs the export within a couple of days.",
    "Send the vendor the logs.\n\n**Why:** they need it within a couple of days to renew the contract.",
    "原因：供应商要求 3 天内给到数据。",
    "周报每周四下班前发。",
    "2025 年 3 月之前我们用 Jenkins，那次迁移之后换成了 GitHub Actions。",
    "2025 年 3 月之前用 Jenkins。那次迁移之后换成了 GitHub Actions。",
    "The beta branch is cut every second Wednesday.\nWhatever is not reviewed by Tuesday noon waits for the next cut.",
    "Playtests run twice a week.\n周二下午四点前把最新构建装到测试机上。",
    "Until 2025-03-01 the billing used Stripe v1; since the migration it uses v2.",
]
DUE = [
    "Rotate the leaked token within 3 days.",
    "Ping the vendor within a couple of days.",
    "Finish the Postgres upgrade by 2026-10-01.",
    "三天之内把告警阈值调回去。",
    "10 月 1 日前把旧集群下线。",
    "10 月 1 日前把旧集群下线，之后所有流量走新集群。",
    "Migrate the billing DB before 2026-10-01; after that migration drop the old replica.",
    "周四下班前把迁移方案发出来。",
    "The old wiki stays readable until the end of H1 2026; after that the bucket is deleted. Pages were never indexed.",
]


@pytest.mark.parametrize("text", NOT_DUE)
def test_service_windows_reasons_routines_and_stories_do_not_expire(tmp_path: Path, text: str) -> None:
    assert ("expired-date", ("e0.md",)) not in findings(tmp_path, text, age=60)


@pytest.mark.parametrize("text", DUE)
def test_deadlines_set_for_a_task_still_expire(tmp_path: Path, text: str) -> None:
    assert ("expired-date", ("e0.md",)) in findings(tmp_path, text, age=60)
