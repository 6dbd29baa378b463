"""A run time someone measured ("takes about 50 minutes", "from 40 seconds to 20", 要跑 50 分钟) beside a duration that
is set (a timeout, a limit) is no conflict; two set durations, or two measured run times, still are.

Sentences are written here, not copied from any store.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.conflict.variants import measured_against_set
from tests.rules.test_blind2_forms import PAIR, findings

MEASURED_BESIDE_SET_EN = [
    (
        "The image download timeout is 30 minutes; after that the device gives up.",
        "Since the CDN switch a full image download goes from about 40 seconds to 20.",
    ),
    ("The nightly export job has a 2 hour timeout.", "The nightly export job takes about 50 minutes."),
]
MEASURED_BESIDE_SET_ZH = [
    ("镜像下载超时是 30 分钟，超时后放弃这次升级。", "换了 CDN 以后整包下载大约 40 秒。"),
    ("全量构建的超时设为 2 小时。", "全量构建现在要跑 50 分钟左右。"),
]
SAME_KIND_EN = [
    ("The nightly export job has a 2 hour timeout.", "The nightly export job timeout is 90 minutes."),
    ("The nightly build takes about 2h.", "The nightly build takes around 90 min."),
]
SAME_KIND_ZH = [
    ("全量构建的超时设为 2 小时。", "全量构建的超时改成 90 分钟了。"),
    ("全量构建大约要跑 2 小时。", "全量构建大概要跑 90 分钟。"),
    ("仿真作业用 `#SBATCH --time=08:00:00`，再长排队太久。", "仿真作业的时长改成申请一天，八小时跑不完会被 kill。"),
]


@pytest.mark.parametrize("texts", MEASURED_BESIDE_SET_EN + MEASURED_BESIDE_SET_ZH)
def test_a_measured_run_time_beside_a_set_duration_stays_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", SAME_KIND_EN + SAME_KIND_ZH)
def test_two_set_durations_or_two_run_times_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


def test_a_bound_word_near_the_number_makes_it_set() -> None:
    assert measured_against_set("the job takes about 50 minutes", "the job timeout is 2 hours")
    assert not measured_against_set("the job takes at most 50 minutes", "the job timeout is 2 hours")
    assert not measured_against_set("整包下载大约 40 秒", "整包下载大概 60 秒")
