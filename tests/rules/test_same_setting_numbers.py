"""Numbers any reader sees as one setting with two values, though the two entries name it differently: a code key and
the prose that names the same thing, a period and a rate of one schedule, a key whose sentence says what it is about.

Sentences are written here, not copied from any store. Each look-alike has the same shape with two subjects, or one
value written two ways, and must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

KEY_AND_PROSE = [
    ("The predict step runs with a batch size of 256.", "config/predict.yaml: `predict_batch_size: 512`"),
    ("The minimum username length is 4 characters.", "`MIN_USERNAME_LENGTH = 6` in accounts/settings.py."),
    ("The search page returns the top 10 documents for every query.", "search service config: `top_k: 5`"),
    ("评估阶段 batch size 是 128。", "`eval_batch_size: 64`，写在 config/eval.yaml 里。"),
]

KEY_AND_PROSE_APART = [
    ("The predict step runs with a batch size of 256.", "config/train.yaml: `train_batch_size: 512`"),
    ("Passwords must be at least 12 characters.", "`MIN_USERNAME_LENGTH = 6` in accounts/settings.py."),
    ("The search page shows 10 results per page.", "search service config: `top_k: 5`"),
    ("The predict step runs with a batch size of 256.", "config/predict.yaml: `predict_batch_size: 256`"),
]

PERIOD_AND_RATE = [
    ("The kiosk pulls its config every 4 hours.", "Kiosk config pulls were changed to three times a day."),
    ("库存每 12 小时同步一次。", "库存同步改成每天三次了。"),
    ("Price feeds refresh every 20 minutes.", "Price feeds now refresh twice an hour."),
]

PERIOD_AND_RATE_APART = [
    ("The kiosk pulls its config every 8 hours.", "Kiosk config pulls happen three times a day."),
    ("库存每 8 小时同步一次。", "库存同步每天三次。"),
    ("Price feeds refresh every 30 minutes.", "Price feeds refresh twice an hour."),
    ("The kiosk pulls its config every 4 hours.", "Kiosk logs are uploaded three times a day."),
    ("库存每 12 小时同步一次。", "订单对账每天跑三次。"),
]

KEY_SENTENCE = [
    (
        "Nightly export DAG: `retries=2`, `retry_delay=timedelta(minutes=5)`.",
        "Gave the nightly export DAG 4 retries after the storage outage last week.",
    ),
    (
        "Changelog writer: `max_tokens=300` on the completion call.",
        "The changelog writer can now use up to 600 tokens.",
    ),
]

KEY_SENTENCE_APART = [
    ("Nightly export DAG: `retries=2`.", "The hourly sync DAG gets 4 retries after the storage outage last week."),
    (
        "Changelog writer: `max_tokens=300` on the completion call.",
        "The commit-message helper may use up to 600 tokens.",
    ),
]

RETRIES_APART = [
    ("3 retries for the payment callback.", "5 retries for the mail job."),
    ("支付回调失败最多重试 3 次。", "邮件任务失败重试 5 次。"),
]


@pytest.mark.parametrize("texts", KEY_AND_PROSE + PERIOD_AND_RATE + KEY_SENTENCE)
def test_one_setting_named_two_ways_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", KEY_AND_PROSE_APART + PERIOD_AND_RATE_APART + KEY_SENTENCE_APART + RETRIES_APART)
def test_two_settings_or_one_value_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


SCOPE_NAMES_THE_WORD = [
    ("短信网关发送失败后最多重试 2 次，每次间隔 1 分钟。", "- 短信发送失败的重试次数改成四次了。"),
    ("小红书笔记每周五晚上九点发。", "- 笔记发布时间改到周五下午 3 点，晚上的互动一直不行。"),
    ("nightly_export DAG: `retries=2`.", "Bumped nightly_export to 6 retries after the S3 outage."),
    ("The on-call rotation is 1 week long.", "Rotation length went to 2 weeks to cut handoff overhead."),
]

SCOPE_NAMES_THE_WORD_APART = [
    ("小红书笔记每周五晚上九点发。", "- 公众号推文改到周五下午 3 点发。"),
    ("The export job runs at 02:00.", "The job runs at 04:00 on weekends."),
    ("nightly_export DAG: `retries=2`.", "Bumped hourly_sync to 6 retries after the S3 outage."),
    ("Raised `sendTimeout` to 60 seconds.", "`connectTimeout: 30s` on the same client."),
]


@pytest.mark.parametrize("texts", SCOPE_NAMES_THE_WORD)
def test_a_name_said_as_scope_or_reason_apart_is_one_subject(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", SCOPE_NAMES_THE_WORD_APART)
def test_other_names_stay_apart(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


UNITS_OF_ONE_MEASURE = [
    ("网关每 8 小时拉取一次配置。", "- 网关拉取配置的频率改成每天一次。"),
    ("帮助中心只保留最近三个大版本的文档。", "- 帮助中心文档保留最近 4 个 major 版本。"),
    ("供应商发票要在 3 个工作日内审批完。", "- 供应商发票审批时限改成 10 天了。"),
    ("Vendor invoices must be approved within 3 business days.", "Vendor invoice approval now gets 2 weeks."),
]

UNITS_OF_ONE_MEASURE_APART = [
    ("网关每 8 小时拉取一次配置。", "- 网关拉取配置每天三次。"),
    ("帮助中心只保留最近三个大版本的文档。", "- 帮助中心文档保留最近 3 个 major 版本，旧的链到归档页。"),
    ("Vendor invoices must be approved within 5 business days.", "Vendor invoices get approved within a week."),
]


@pytest.mark.parametrize("texts", UNITS_OF_ONE_MEASURE)
def test_one_measure_in_two_units_conflicts_after_conversion(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", UNITS_OF_ONE_MEASURE_APART)
def test_one_value_in_two_units_stays_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
