"""One setting given two values in English and Chinese (a length of a trial, a period, a cadence of one job) conflicts,
the Chinese value read from numerals or digits and its subject matched to the English one through the glossary.

Sentences are written here, not copied from any store. Each look-alike has the same shape and must stay silent: the
same value in both languages, two different things of one unit, and a period that is a spacing ("polling period").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

ONE_SETTING_TWO_VALUES = [
    ("Every workspace starts with a 14-day free trial.", "所有工作区的免费试用统一改为三十天。"),
    ("The trial period is 7 days (`trial_period_days: 7`).", "试用期改成十天。"),
    ("The grace period after a failed payment is 3 days.", "支付失败后的宽限期改为七天。"),
    ("数据库备份每周跑一次。", "Database backups now run every day."),
    ("Idle sessions log out after 15 minutes.", "空闲会话 30 分钟后自动登出。"),
    ("Tempo: `retention_period: 7d` for every tenant.", "Tempo 的 trace 保留十四天，超过自动删。"),
]

SAME_VALUE_OR_TWO_THINGS = [
    ("Every workspace starts with a 14-day free trial.", "所有工作区的免费试用是十四天。"),
    ("Every workspace starts with a 14-day free trial.", "发票提醒在到期前三十天发送。"),
    ("The grace period after a failed payment is 3 days.", "试用期改成十天。"),
    ("The metrics polling period is 30 seconds.", "指标采集现在超时 10 秒。"),
    ("数据库备份每周跑一次。", "Usage reports are sent every day."),
    ("Idle sessions log out after 15 minutes.", "空闲会话 15 分钟后自动登出。"),
    ("Tempo: `retention_period: 14d` for every tenant.", "Tempo 的 trace 保留两周。"),
    ("Loki: `retention_period: 7d` for every tenant.", "Tempo 的 trace 保留十四天。"),
]


@pytest.mark.parametrize("texts", ONE_SETTING_TWO_VALUES)
def test_one_setting_in_two_languages_with_two_values_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", SAME_VALUE_OR_TWO_THINGS)
def test_one_value_or_two_things_across_languages_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
