"""Conflict precision on sentences whose shape says they do not clash (issue #11): named scopes that differ, a count
seen against a limit set, a version left behind, a short order on a pronoun. Every table has look-alikes that must
still fire. Sentences are written here, not copied from any store.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.named_scopes import named_scopes, scopes_apart
from tests.rules.test_blind2_forms import PAIR, findings

NAMED_SCOPES_APART = [
    ("Set `retry: 0` for the payments queue.", "Set `retry: 3` for the menu sync."),
    ("`ReadTimeout` is 30 s on the API server.", "`ReadTimeout` is 120 s on the report server."),
    ("ReadTimeout is 30s on the API server.", "The report server needs ReadTimeout of 120s because exports are slow."),
    ("The web app uses pnpm.", "The docs site uses npm."),
    ("The web app uses pnpm for installs.", "The docs site is built with npm."),
    ("In the EU region we keep logs for 30 days.", "In the US region we keep logs for 90 days."),
    ("The EU region keeps logs for 30 days.", "The US region keeps logs for 90 days."),
    ("Tenant A gets 100 requests per minute.", "Tenant B gets 500 requests per minute."),
    ("管理后台用 pnpm 管理依赖。", "文档站用 npm 管理依赖。"),
    ("A 租户每分钟限流 100 次。", "B 租户每分钟限流 500 次。"),
    ("测试环境的接口超时设为 5 秒。", "生产环境的接口超时设为 30 秒。"),
    ("web 项目用 pnpm。", "docs 项目用 npm。"),
    ("报表服务器的读超时是 120 秒。", "API 服务器的读超时是 30 秒。"),
    (
        "Checkout requests (`/pay`, `/refund`) never retry: `retry: 0`.",
        "Catalog queries retry twice with backoff (`retry: 2`).",
    ),
    ("Export tasks (`dump_orders`) set `retries: 4`.", "Cleanup tasks get no retries (`retries: 0`);"),
    (
        "orders 的 HTTP public server 配置 `WriteTimeout: 10s`。",
        "The upload admin HTTP server uses `WriteTimeout: 60s` for big files.",
    ),
]

ONE_SCOPE = [
    ("`ReadTimeout` is 30 s on the API server.", "`ReadTimeout` on the API server is now 60 s."),
    ("The payments queue uses `retry: 0`.", "The payments queue now uses `retry: 2`."),
    ("The web app uses pnpm.", "The web app uses npm now."),
    ("We use pnpm in the web app.", "We use npm in the web app."),
    ("In the EU region we keep logs for 30 days.", "EU region logs are kept for 60 days now."),
    ("生产环境的接口超时设为 30 秒。", "生产环境的接口超时改成 60 秒了。"),
    ("web 项目用 pnpm。", "web 项目用 npm。"),
    ("测试环境开启调试日志。", "测试环境不要开调试日志。"),
    (
        "mailer-go client is built in `internal/mail`: `&http.Client{Timeout: 30 * time.Second}`.",
        "Our Mailer API client uses a timeout of ten seconds per request.",
    ),
    (
        "A player counts as disconnected after 10 s with no heartbeat.",
        "客户端每 5 秒发一次 heartbeat，连续丢三次（也就是 15 秒）服务器才判定掉线。",
    ),
]

SCOPED_EXCEPTIONS = [
    ("All queues use `retry: 3`.", "The payments queue uses `retry: 0`."),
    ("Use pnpm.", "The docs site uses npm."),
]


@pytest.mark.parametrize(("older", "newer"), NAMED_SCOPES_APART)
def test_one_key_in_two_named_scopes_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), ONE_SCOPE + SCOPED_EXCEPTIONS)
def test_one_scope_or_a_narrower_one_still_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("clause", "named"),
    [
        ("The payments queue retries twice.", {"payment"}),
        ("Set `retry: 3` for the menu sync queue.", {"menu", "sync"}),
        ("Tenant B gets 500 requests per minute.", {"b"}),
        ("文档站用 npm。", {"文档站"}),
        ("All queues use `retry: 3`.", None),
        ("The web app and docs site use pnpm.", None),
        ("我们项目用 Node 20。", None),
        ("出站 HTTP 统一改用 `ofetch`。", None),
    ],
)
def test_named_scopes_are_read_where_a_sentence_puts_its_scope(clause: str, named: set[str] | None) -> None:
    assert (frozenset(named) in named_scopes(clause)) if named else not named_scopes(clause)


def test_a_clause_that_names_both_scopes_is_not_apart() -> None:
    assert not scopes_apart("The web app uses pnpm.", "The docs site uses npm, unlike the web app.")


COUNT_AGAINST_LIMIT = [
    ("We have 3 workers running right now.", "`max_workers=8` in the pool config."),
    ("There are 3 workers running in prod.", "Set max_workers to 8."),
    ("线上现在跑着 3 个 worker。", "`max_workers=8`，别再调大了。"),
    ("目前有 12 个 pod 在跑。", "副本数上限是 40 个 pod。"),
    ("`deploy/values.yaml` 里已经改成 `replicas: 6`。", "刚看了一下：现在有 4 个副本在跑。"),
]
SETTINGS_THAT_CLASH = [
    ("Run 3 workers.", "Run 8 workers."),
    ("测试环境 Celery worker 并发数固定为 `--concurrency=4`。", "测试环境 worker 现在跑 `-c 12`，内存够用。"),
    ("worker 上限是 4 个。", "`max_workers=8`。"),
    ("Use 2 replicas in production.", "Use 6 replicas in production."),
]


@pytest.mark.parametrize(("older", "newer"), COUNT_AGAINST_LIMIT)
def test_a_count_seen_against_a_limit_set_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), SETTINGS_THAT_CLASH)
def test_two_settings_of_one_count_still_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


VERSIONS_LEFT_BEHIND = [
    ("从 Python 3.9 升到了 3.12。", "我们用 Python 3.12。"),
    ("上个月从 Node 16 升级到了 Node 20。", "CI 里跑的是 Node 20。"),
    ("We upgraded from Node 18 to Node 20 in March.", "CI runs Node 20."),
    ("Godot is pinned to 4.2.", "We moved from Godot 4.1 to 4.2 with the 0.9 patch."),
]
VERSIONS_THAT_CLASH = [
    ("项目用 Node 18。", "项目用 Node 20。"),
    ("We use Node 18.", "We use Node 20."),
    ("从 Python 3.9 开始就要求类型注解。", "我们用 Python 3.8。"),
]


@pytest.mark.parametrize(("older", "newer"), VERSIONS_LEFT_BEHIND)
def test_a_version_upgraded_from_is_no_current_claim(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


NUMBERED_INSTANCES = [
    ("Patch 2.4 went out on 2026-05-02.", "How to apply: patch 2.6 must be on `main` by 2026-12-01."),
    ("Hotfix 3.1 fixed the login crash.", "Hotfix 3.2 is the one with the save-file fix."),
]


@pytest.mark.parametrize(("older", "newer"), NUMBERED_INSTANCES)
def test_two_numbered_patches_are_two_things_not_two_versions(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), VERSIONS_THAT_CLASH)
def test_two_current_versions_still_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


PRONOUN_ORDERS = [
    ("Don't build them.", "Always build the app before pushing."),
    ("Ignore it.", "Never ignore failing tests."),
    ("Don't delete it.", "Delete stale branches every Friday."),
    ("Never restart them.", "Restart the workers after every deploy."),
    ("不用管它。", "要管理好依赖版本。"),
    ("别构建它们。", "发布前一定要构建 Docker 镜像。"),
    ("不要删它。", "过期的分支要删掉。"),
    ("The 2019 support branches are frozen; don't build them.", "Build the Android support player with Gradle."),
]
NAMED_ORDERS = [
    ("The `schema.sql` file is written by the migrator. Never edit it by hand.", "You can edit `schema.sql` directly."),
    ("The nightly images are huge; don't build them.", "Always build the nightly images locally first."),
    ("Don't build the protobuf stubs locally.", "Build the protobuf stubs locally with `make proto`."),
    ("Never edit the lockfile by hand.", "Edit the lockfile by hand when a merge breaks it."),
    ("不要清理缓存目录。", "每周都要清理一次缓存目录。"),
]


@pytest.mark.parametrize(("older", "newer"), PRONOUN_ORDERS)
def test_a_short_order_on_a_pronoun_bans_nothing_named(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), NAMED_ORDERS)
def test_an_order_on_a_named_thing_still_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)
