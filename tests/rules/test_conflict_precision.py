"""Conflict precision: numbers bound to different keys or said of a named component are two subjects, unless the
other side is plainly a rule for everything (then a scoped exception) or both speak of the default.

Each row is a small store of topic files (e0.md oldest) and, where given, instruction-file rules (CLAUDE.md:L…).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from curator import rules
from curator.model import Finding, Store
from curator.rules.facts import statement_facts
from curator.rules.facts.changes import change_amount
from curator.rules.facts.named_parts import environments, keys_differ, named, parts
from curator.rules.facts.settings import settings
from tests.rules.test_blind2_forms import NOW, PAIR, _entry, findings

TWO_SUBJECTS = [
    ("游戏服 tick 提到 40Hz 了。", "The queue service (`gs-queue`) ticks at 8 Hz — it only syncs invites."),
    (
        "The game server tick rate is 40 Hz.",
        "The lobby service (`mm-lobby`) tick rate is 8 Hz; it only syncs party state.",
    ),
    ("默认重试 4 次（`max_retries=4`）。", "`billing.charge_card` 任务是例外：`max_retries=1`，失败了人工处理。"),
    ("Default retry count is 6 now (`max_retries=6`).", "`billing.charge_card` 不重试：`max_retries=0`。"),
    (
        "`ReportClient` uses `readTimeout: Duration(seconds: 40)` for big exports.",
        "Bumped `connectTimeout` to `Duration(seconds: 12)` in `AuthClient`.",
    ),
    ("`ReportClient` uses a 40 s timeout.", "The API client timeout is 12 s."),
    (
        "`kRefundWindow = Duration(seconds: 300)` after a payment.",
        "`pollTimeout = Duration(seconds: 20)` in the poller.",
    ),
    ("Android `minSdkVersion 24` for the phone app.", "TV 版 (`apps/tv_launcher`) 是单独的 module，minSdk 28。"),
    (
        "Queue `visibility_timeout` is 7200 seconds.",
        "In one-off scripts it's fine to call `.result(timeout=300)` and wait.",
    ),
    ("任务默认软超时 `soft_time_limit` 为 120 秒。", "一次性的 shell 脚本里可以 `.wait(timeout=900)` 等它跑完。"),
    (
        "prod 的 redis `maxclients = 5000`。",
        "staging 的 redis `maxclients = 500`，staging 机器小，别照搬 prod 的配置。",
    ),
    ("API p99 is about 250 ms per request.", "Added response caching; it shaved 80 ms per request off the p99."),
    (
        "`SESSION_HEARTBEAT_TIMEOUT_MS = 20000` now.",
        "客户端每 4 秒发一次 heartbeat，连续丢五次（也就是 20 秒）才算掉线。",
    ),
]


@pytest.mark.parametrize(("older", "newer"), TWO_SUBJECTS)
def test_numbers_of_two_named_subjects_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


ONE_SUBJECT = [
    ("Default retry count is 2 (`max_retries=2` in `BaseJob`).", "任务失败默认重试 6 次。"),
    ("`ThumbCache` keeps a 300 MB disk cap.", "Halved the disk cap of `ThumbCache` — it's 150 MB now."),
    ("`worker_pool = 8` on the ingest box.", "Raised `worker_pool = 12` on the ingest box."),
    ("Maximum players per match: 16.", "Match cap raised to 24: `max_players_per_match = 24` in `config/game.toml`."),
    ("批量导入每批 500 条（`IMPORT_BATCH_SIZE=500`）。", "`IMPORT_BATCH_SIZE` 改成 200 了，500 会超时。"),
    ("prod 的 redis `maxclients = 5000`。", "prod redis 的 `maxclients` 调到 8000 了。"),
    ("渲染每帧约 16 ms。", "现在每帧约 12 ms。"),
    ("`HEARTBEAT_TIMEOUT_MS = 20000` now.", "Heartbeat timeout is 10 s."),
    (
        "The HTTP client (`lib/net/http_client.dart`) uses a 20 s connect timeout.",
        "Bumped `connectTimeout` to `Duration(seconds: 45)` in `HttpClient`.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), ONE_SUBJECT)
def test_numbers_of_one_subject_still_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("rule", "memory"),
    [
        ("All HTTP clients use a 10 s timeout.", "`ExportClient` uses a 25 s timeout."),
        ("所有 worker 的并发统一为 4（`--concurrency=4`）。", "`ReportWorker` 的并发是 2（`--concurrency=2`）。"),
    ],
)
def test_a_component_under_a_rule_for_everything_is_a_scoped_exception(tmp_path: Path, rule: str, memory: str) -> None:
    found = _with_rule(tmp_path, memory, rule)
    conflicts = [finding for finding in found if finding.rule == "conflict"]
    assert len(conflicts) == 1
    assert conflicts[0].evidence["scoped_exception"]["entry"] == "e0.md"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("HEARTBEAT_TIMEOUT_MS", {"heartbeat", "timeout"}),
        ("kCancelWindow", {"cancel", "window"}),
        ("apps/driver_watch", {"driver", "watch"}),
        ("payments.handle_webhook", {"payment", "handl", "webhook"}),
    ],
)
def test_identifier_parts(name: str, expected: set[str]) -> None:
    assert parts(name) == expected


@pytest.mark.parametrize(
    ("one", "other", "differ"),
    [
        ("sendTimeout", "connectTimeout", True),
        ("free_delivery_min", "min_order_amount", True),
        ("minSdk", "minSdkVersion", False),
        ("soft_time_limit", "CELERY_TASK_SOFT_TIME_LIMIT", False),
        ("max_conns", "maxConnections", False),
    ],
)
def test_keys_differ(one: str, other: str, differ: bool) -> None:
    assert keys_differ(parts(one), parts(other)) is differ


def test_the_key_bound_to_the_number_is_read_through_a_duration_literal() -> None:
    statement = "Bumped `readTimeout` to `Duration(seconds: 30)` in `FeedClient`."
    found = named(statement, "seconds: 30")
    assert found.key == {"read", "timeout"}
    assert {"feed", "client"} in found.components


def _with_rule(tmp_path: Path, memory: str, rule: str) -> list[Finding]:
    store = Store(root=tmp_path, format="claude-code")
    store.entries.append(_entry("e0.md", "file", memory, NOW - timedelta(days=10)))
    store.context.append(_entry("CLAUDE.md:L1", "rule", rule, NOW - timedelta(days=90), origin="project"))
    return rules.analyze(store, now=NOW).findings


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("staging 的 redis `maxclients = 500`，别照搬 prod 的配置。", {"staging"}),
        ("Unlike production, staging keeps 2 replicas.", {"staging"}),
        ("Staging uses 4 workers, not prod's 16.", {"staging"}),
        ("生产环境和预发都是 3 个副本。", {"production", "staging"}),
        ("The sandbox account is capped at 100 calls.", {"sandbox"}),
        ("Workers run 8 threads.", set()),
    ],
)
def test_environments_a_statement_is_about(statement: str, expected: set[str]) -> None:
    assert environments(statement) == expected


@pytest.mark.parametrize(
    ("statement", "changed"),
    [
        ("The new index saves about 40 ms per query.", True),
        ("Builds are 3 minutes faster with the remote cache.", True),
        ("冷启动快了 300 毫秒。", True),
        ("换了序列化库，每条消息省了大约 2 ms。", True),
        ("p99 dropped by 120 ms after the fix.", True),
        ("Query latency is about 40 ms.", False),
        ("冷启动 300 毫秒。", False),
        ("The build takes 3 minutes.", False),
        ("每条消息大约 2 ms。", False),
    ],
)
def test_a_number_said_as_a_change_is_no_value(statement: str, changed: bool) -> None:
    quantities = [quantity for quantity in statement_facts(statement).quantities if quantity.unit == "duration"]
    assert quantities
    assert change_amount(quantities[0]) is changed


CODE_NAME_REVERSALS = [
    ("Always pass `--no-cache-dir` to pip in the Dockerfiles.", "不要再加 `--no-cache-dir` 了，构建缓存层已经处理了。"),
    ("迁移一律用 `run_migrations` 脚本。", "Don't call `run_migrations` from the web process any more."),
    (
        "Every deploy must run `collect_static` first.",
        "We stopped running collect_static on deploy; whitenoise serves it.",
    ),
    (
        "Image resizing always goes through `tokio::task::block_in_place`.",
        "图片缩放不要再用 block_in_place 了，改用专门的线程池。",
    ),
    (
        "每次发版都要带 `--skip-smoke-tests`，省时间。",
        "Never pass `--skip-smoke-tests` again — it let a broken build through.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), CODE_NAME_REVERSALS)
def test_a_code_name_always_used_then_rejected_is_a_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Always use `--frozen-lockfile` in CI.", "Locally you don't need `--frozen-lockfile`."),
        ("Always run tests with `--ci` instead of `--watch_all`.", "Never pass `--watch_all`, it hangs."),
        ("Always format with `ruff_format`.", "Never run `black_fmt` on this repo."),
        ("Always run `db_backup` before a migration.", "The nightly job runs `db_backup` at 02:00."),
        ("不要在 view 里调用 `get_or_create`。", "Management commands always use `get_or_create` for idempotency."),
        (
            "Always call `flush_metrics` on shutdown.",
            "`flush_metrics` never blocks; it drops samples when the queue is full.",
        ),
        ("统一用 `--format=json` 输出。", "别再用 `--format=table` 了，CI 解析不了。"),
        ("CI must remove `--no-verify` from every git hook call.", "Never pass `--no-verify` to git commit."),
        ("发版脚本必须去掉 `--skip-tests` 参数。", "不要再带 `--skip-tests` 了。"),
    ],
)
def test_code_names_without_a_reversal_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "测试同学可以直接在 staging 上跑 `rake db:seed`，不用等流水线。",
            "不要在 staging 上手动跑 seed 了，一律走部署 Job。",
        ),
        (
            "Devs can run the reindex script directly on staging.",
            "Never run the reindex script by hand on staging; only the CronJob does it.",
        ),
    ],
)
def test_a_role_allowed_to_do_by_hand_what_a_rule_forbids_is_a_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("不要在 prod 上手动跑 migrate。", "开发可以直接在 staging 上跑 migrate。"),
        ("不要手动跑 migrate。", "流水线可以自动跑 migrate。"),
        ("不要手动跑 migrate。", "开发可以看 migrate 的日志。"),
        ("Never run the reindex script by hand on prod.", "QA can run the smoke tests directly on staging."),
    ],
)
def test_permissions_elsewhere_or_for_another_action_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("statement", "subject"),
    [
        ("Bumped `readTimeout` to `Duration(seconds: 30)` in `FeedClient`.", {"read", "timeout"}),
        ("`kRefundWindow = Duration(minutes: 5)`", {"refund", "window"}),
        ("`pollInterval: Duration(milliseconds: 500)` in the poller", {"poll", "interval"}),
    ],
)
def test_a_duration_literal_is_about_the_name_it_is_bound_to(statement: str, subject: set[str]) -> None:
    assert [quantity.subject for quantity in settings(statement)] == [subject]
