"""Settings written in code shapes against the same setting in prose: time-named keys read as seconds (milliseconds when
the key is camelCase or the number a round thousand), Rails units.

Each conflict row is a two-entry store (e0.md older); each look-alike row must give no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.settings import settings
from tests.rules.test_blind2_forms import PAIR, findings

SECONDS_BY_KEY = [
    ("NCCL_TIMEOUT=1800", 1800.0),
    ("`timeout: 30`", 30.0),
    ("REQUEST_TIMEOUT = 45", 45.0),
    ("SESSION_TTL=3600", 3600.0),
    ("`health_check_interval: 15`", 15.0),
    ("RETRY_DELAY=5", 5.0),
    ("POLL_SECONDS=20", 20.0),
    ("`lock_timeout_secs: 90`", 90.0),
    ("`cache_ttl_ms: 2500`", 2.5),
    ("LOCK_TIMEOUT_MS=750", 0.75),
    ("`job_timeout_minutes: 20`", 1200.0),
    ("`token_ttl_min: 15`", 900.0),
    ("`export_timeout_h: 2`", 7200.0),
    ("SESSION_TTL_HOURS=12", 43200.0),
    ("`read_timeout: 2m`", 120.0),
    ("请求超时 `REQUEST_TIMEOUT=30`", 30.0),
    ("`testTimeout: 30000`", 30.0),
    ("`connectTimeout=5000`", 5.0),
    ("`refetchInterval: 20_000`", 20.0),
    ("`timeout: 60000`", 60.0),
]


@pytest.mark.parametrize(("text", "seconds"), SECONDS_BY_KEY)
def test_a_time_named_key_reads_its_number_in_seconds_unless_the_key_value_or_convention_names_a_unit(
    text: str, seconds: float
) -> None:
    durations = [quantity for quantity in settings(text) if quantity.unit == "duration"]
    assert [quantity.high for quantity in durations] == [seconds]


@pytest.mark.parametrize(
    "text",
    [
        "PORT=8080",
        "`max_height: 600`",
        "`image_h: 2`",
        "node_version=20",
    ],
)
def test_keys_that_name_no_time_read_no_seconds(text: str) -> None:
    assert [quantity for quantity in settings(text) if quantity.unit == "duration"] == []


RAILS_UNITS = [
    ("`config.max_upload = 50.megabytes`", "byte", 50 * 1024**2),
    ("`session_ttl = 2.hours`", "duration", 7200.0),
    ("`expires_in: 30.days`", "duration", 30 * 86400.0),
    ("`remember_for = 1.week`", "duration", 604800.0),
    ("`lock_for = 5.minutes`", "duration", 300.0),
    ("`max_size: 512.kilobytes`", "byte", 512 * 1024.0),
]


@pytest.mark.parametrize(("text", "unit", "value"), RAILS_UNITS)
def test_a_rails_duration_or_byte_helper_gives_the_unit(text: str, unit: str, value: float) -> None:
    assert [(quantity.unit, quantity.high) for quantity in settings(text)] == [(unit, value)]


def test_a_method_call_after_a_number_is_no_unit() -> None:
    assert all(quantity.unit != "duration" for quantity in settings("`retries = 3.seconds(later)`"))


CONFLICTS = [
    ("NCCL_TIMEOUT=1800 for multi-node jobs.", "NCCL timeout is 60 min for multi-node jobs."),
    ("Set `REQUEST_TIMEOUT = 45` in the API config.", "API request timeout: 2 minutes."),
    ("SESSION_TTL=3600 in production.", "Sessions expire after 8 hours (session TTL)."),
    ("`health_check_interval: 10`", "Health check interval is 30 s."),
    ("The worker uses `JOB_TIMEOUT_MINUTES=20`.", "Job timeout is 45 minutes."),
    ("Attachment uploads: `config.max_upload = 50.megabytes`.", "Max upload size is 25 MB."),
    ("Sessions: `session_ttl = 2.hours`.", "Session TTL is 30 minutes."),
    ("NCCL_TIMEOUT=1800", "NCCL 超时 60 分钟"),
    ("会话 `SESSION_TTL=3600`", "会话过期时间 8 小时"),
]


@pytest.mark.parametrize(("older", "newer"), CONFLICTS)
def test_a_code_setting_and_prose_disagree_after_conversion(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


LOOK_ALIKES = [
    ("NCCL_TIMEOUT=1800 for multi-node jobs.", "NCCL timeout is 30 min for multi-node jobs."),
    ("`cache_ttl_ms: 5000`", "Cache TTL is 5 seconds."),
    ("SESSION_TTL=3600", "Session TTL is one hour."),
    ("READ_TIMEOUT=30", "WRITE_TIMEOUT=60"),
    ("`session_ttl = 2.hours`", "Session TTL is 120 minutes."),
    ("Jest `testTimeout: 30000`.", "Jest test timeout is 30 seconds."),
    ("NCCL_TIMEOUT=1800", "NCCL 超时 30 分钟"),
    ("PORT=8080 for the API.", "The API listens on port 3000 timeout 30 s."),
]


@pytest.mark.parametrize(("older", "newer"), LOOK_ALIKES)
def test_equal_values_in_other_units_or_other_settings_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


COUNT_KEYS = [
    ("`num_workers=8`", "worker", False, 8.0),
    ("`n_jobs=4`", "job", False, 4.0),
    ("`max_retries: 3`", "retry", True, 3.0),
    ("`seat_limit: 10`", "seat", True, 10.0),
    ("`max_connections = 100`", "connection", True, 100.0),
    ("`replica_count: 3`", "replica", False, 3.0),
]


@pytest.mark.parametrize(("text", "unit", "cap", "value"), COUNT_KEYS)
def test_a_count_shaped_key_counts_the_rest_of_its_name(text: str, unit: str, cap: bool, value: float) -> None:
    found = [
        (quantity.unit, quantity.ceiling or quantity.kind == "upper", quantity.high) for quantity in settings(text)
    ]
    assert found == [(unit, cap, value)]


@pytest.mark.parametrize("text", ["`max_height: 600`", "`num_version: 3`", "`max_len: 88`", "`n_1: 4`"])
def test_a_count_prefix_before_a_measure_counts_nothing(text: str) -> None:
    assert all(quantity.unit not in ("height", "version", "len", "1") for quantity in settings(text))


BYTE_CAPS = [
    ("UPLOAD_LIMIT=10485760", 10485760.0),
    ("`MAX_BODY_BYTES=1048576`", 1048576.0),
    ("`max_request_body: 5242880`", 5242880.0),
    ("`client_max_body_size 10m`", 10485760.0),
]


@pytest.mark.parametrize(("text", "value"), BYTE_CAPS)
def test_a_size_key_gives_a_byte_ceiling(text: str, value: float) -> None:
    found = [
        (quantity.unit, quantity.ceiling or quantity.kind == "upper", quantity.high) for quantity in settings(text)
    ]
    assert found == [("byte", True, value)]


@pytest.mark.parametrize("text", ["`BATCH_SIZE=2097152`", "`upload_count: 2097152`", "`UPLOAD_LIMIT=1000000`"])
def test_batch_sizes_counts_and_round_decimal_numbers_are_no_bytes(text: str) -> None:
    assert all(quantity.unit != "byte" for quantity in settings(text))


COUNT_CONFLICTS = [
    ("Dataloader: `num_workers=8` per GPU.", "Dataloader workers per GPU: 4."),
    ("`max_retries: 3` for the webhook client.", "The webhook client retries at most 5 times."),
    ("`seat_limit: 10` on the team plan.", "The team plan allows up to 25 seats."),
    ("Scraper: `n_jobs=4`.", "The scraper runs 8 jobs."),
    (
        "Attachment validation in `app/models/attachment.rb` is `max_size: 50.megabytes`.",
        "Attachments are capped at 25 MB.",
    ),
    ("Avatar uploads: `size: 10MB`.", "Avatar uploads can be up to 2 MB."),
    ("PRs per reviewer: 3", "At most 5 PRs per reviewer."),
    ("Uploads per user per day: 20", "At most 50 uploads per user per day."),
    ("Open PRs per author: 2", "At most 4 open PRs per author."),
    ("Max upload 25 MB.", "UPLOAD_LIMIT=10485760"),
    ("Uploads: `MAX_BODY_BYTES=1048576`.", "Max upload body size is 5 MB."),
    ("nginx `client_max_body_size 10m` for uploads.", "Max body size for uploads is 25 MB."),
    ("Dataloader: `num_workers=8`.", "dataloader 用 4 个 worker。"),
    ("支付回调 `max_retries: 3`", "支付回调最多重试 5 次。"),
    ("`min_replicas: 2` for the API.", "`min_replicas: 3` for the API."),
    ("Attachment model: `max_size: 50.megabytes`.", "附件大小上限 25 MB。"),
    ("UPLOAD_LIMIT=10485760", "上传上限 25 MB。"),
    ("支付客户端 `timeout: 30`", "支付客户端超时 90 秒。"),
    ("订单的 Redis 锁过期时间是 10 秒。", "订单锁 TTL 设成 30s 了。"),
]


@pytest.mark.parametrize(("older", "newer"), COUNT_CONFLICTS)
def test_a_count_or_cap_in_a_key_and_in_prose_disagree(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


COUNT_LOOK_ALIKES = [
    ("`max_retries: 3` for the webhook client.", "The webhook client retries at most 3 times."),
    ("UPLOAD_LIMIT=10485760", "Max upload 10 MB."),
    ("PRs per reviewer: 3", "At most 3 PRs per reviewer."),
    ("PRs per reviewer: 3", "At most 5 PRs per author."),
    ("Uploads per user per day: 20", "At most 50 uploads per team per day."),
    ("Sessions per user: 3", "Requests per user: 100"),
    ("`BATCH_SIZE=2097152`", "Max upload is 25 MB."),
    ("`min_replicas: 2` for the API.", "`max_replicas: 6` for the API."),
    ("Workers: `min_workers=2`.", "Workers: `max_workers=6`."),
    ("`timeout: 30` for the payments client.", "`timeout: 60` for the search client."),
    ("Avatars: `size: 2MB`.", "Video uploads are capped at 500 MB."),
    ("`seat_limit: 10` on the team plan.", "The team plan has 8 seats in use right now."),
    ("支付回调 `max_retries: 3`", "支付回调最多重试 3 次。"),
]


@pytest.mark.parametrize(("older", "newer"), COUNT_LOOK_ALIKES)
def test_equal_caps_other_subjects_and_other_rates_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


DURATION_CALLS = [
    ("Raised `connectTimeout` to `Duration(seconds: 45)`.", 45.0, {"connect", "timeout"}),
    ("Retry after `timedelta(minutes=5)`.", 300.0, {"retry"}),
    ("Keepalive: `Duration::from_secs(30)`.", 30.0, {"keepaliv"}),
    ("Poll timeout `Duration.ofMillis(250)`.", 0.25, {"poll", "timeout"}),
    ("会话心跳 `Duration::from_secs(60)`。", 60.0, {"会话", "心跳"}),
]


@pytest.mark.parametrize(("text", "seconds", "subject"), DURATION_CALLS)
def test_a_duration_constructor_is_a_duration_about_the_words_before_it(
    text: str, seconds: float, subject: set[str]
) -> None:
    assert [(quantity.unit, quantity.high, set(quantity.subject)) for quantity in settings(text)] == [
        ("duration", seconds, subject)
    ]


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "The HTTP client uses a 20 s connect and read timeout.",
            "Raised `connectTimeout` and `readTimeout` to `Duration(seconds: 45)` in `HttpClient`.",
        ),
        ("Session keepalive every 30 s.", "Session keepalive: `Duration::from_secs(60)`."),
        ("Kafka poll timeout is 1 second.", "Kafka poll timeout `Duration.ofMillis(500)`."),
        ("会话心跳间隔 30 秒。", "Session heartbeat interval: `Duration::from_secs(60)`."),
    ],
)
def test_a_duration_constructor_and_prose_disagree(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "The HTTP client uses a 45 s connect and read timeout.",
            "Raised `connectTimeout` and `readTimeout` to `Duration(seconds: 45)`.",
        ),
        ("Celery retry delay is 5 minutes.", "Celery retry delay: `timedelta(seconds=300)`."),
        ("Connect timeout `Duration(seconds: 30)`.", "Read timeout `Duration(seconds: 60)`."),
    ],
)
def test_equal_durations_or_other_keys_in_constructors_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


TOOL_FLAG_CONFLICTS = [
    ("Sidekiq concurrency is 10.", "Sidekiq runs with `-c 12` on the big boxes."),
    ("Use at most 5 Ansible forks.", "Ansible runs now use `ansible-playbook site.yml -f 10`."),
    ("In CI pytest runs with `-n 4`.", "CI pytest runs with 8 workers."),
]


@pytest.mark.parametrize(("older", "newer"), TOOL_FLAG_CONFLICTS)
def test_a_short_flag_its_tool_names_and_prose_disagree(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


TOOL_FLAG_LOOK_ALIKES = [
    ("Sidekiq concurrency is 12.", "Sidekiq runs with `-c 12` on the big boxes."),
    ("Sidekiq concurrency is 10.", "`ping -c 3` the Sidekiq host first."),
    ("Sidekiq concurrency is 10.", "Check the Sidekiq host with `curl -m 5 host`."),
    ("Build with 4 make jobs.", "`tail -n 200` the make log."),
]


@pytest.mark.parametrize(("older", "newer"), TOOL_FLAG_LOOK_ALIKES)
def test_a_flag_of_another_command_or_an_equal_value_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)
