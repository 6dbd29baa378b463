"""Conflict precision on unseen stores (issue #11), one table per class of wrong finding: two owners of one kind of
setting, a reading against a target, a move between versions, a rule's own exception, a pronoun order on other things.
Each class has look-alikes that must stay silent and true conflicts of the same shape that must still fire. Sentences
are written here, not copied from any store.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.conflict.owners import owners_apart
from curator.rules.conflict.variants import reading_against_target
from tests.rules.test_blind2_forms import PAIR, findings

TWO_OWNERS = [
    ("Regular (non-pinned) posts expire 7 days after publishing.", "Pinned (staff) posts stay live for 30 days;"),
    ("主库的连接池上限是 50。", "从库的连接池上限是 20。"),
    ("子进程的内存告警阈值是 300 MB。", "主进程的内存告警阈值是 1 GB。"),
    ("主服务的重试次数是 5 次。", "子服务的重试次数是 2 次。"),
    (
        "Log a warning when a tab's memory passes 300 MB (`TAB_MEM_WARN_MB=300`).",
        "主进程内存超过 150 MB 时打 warning（`MAIN_MEM_WARN_MB=150`）。",
    ),
]

ONE_OWNER = [
    ("The thumbnail worker retries 4 times.", "The thumbnail worker retries 6 times."),
    (
        "Regular (non-pinned) posts expire 7 days after publishing.",
        "Regular posts now expire 14 days after publishing.",
    ),
    ("The gateway's idle timeout is 60 s.", "The gateway's idle timeout is 120 s."),
    ("Set `TAB_MEM_WARN_MB=300`.", "Set `TAB_MEM_WARN_MB=500` after the upgrade."),
    ("主库的连接池上限是 50。", "主库的连接池上限是 80。"),
    ("子进程的内存告警阈值是 300 MB。", "子进程的内存告警阈值是 500 MB。"),
    ("Request timeout is 30 s.", "Request timeout is 60 s now."),
]

READING_AND_TARGET = [
    (
        "Last measured: the encoder uses 12 % of one core on the test rig.",
        "Target: under 8 % of one core on the test rig.",
    ),
    ("Memory use sits at 1.2 GB.", "Keep memory below 800 MB."),
    ("Heap use hovers around 1.5 GB.", "Heap use must stay below 1 GB."),
    ("实测 GPU 占用 70%。", "GPU 占用要控制在 50% 以内。"),
    ("压测下来接口延迟 800 毫秒。", "接口延迟目标 500 毫秒。"),
]

TWO_TARGETS = [
    ("Target: under 8 % of one core on the test rig.", "Target: under 12 % of one core on the test rig."),
    ("Keep login p99 under 400 ms.", "Keep login p99 under 250 ms."),
    ("GPU 占用要控制在 50% 以内。", "GPU 占用要控制在 70% 以内。"),
]

MOVES = [
    ("下周五前把剩下的 Lambda 从 Node 16 runtime 升到 Node 20 runtime，", "Target Node 20 for every function."),
    ("下周把报表任务从 Python 3.9 legacy 迁到 Python 3.12。", "The reporting service runs Python 3.12."),
    ("下周把剩下的 worker 从 Ruby 3.1 legacy 升到 Ruby 3.3。", "Target Ruby 3.3 for every service."),
]

TWO_CURRENT_VERSIONS = [
    ("All projects target Java 11.", "All projects target Java 17."),
    ("报表服务跑 Python 3.9。", "报表服务跑 Python 3.12。"),
    ("The Lambda functions run Node 16 runtime.", "Target Node 20 for every function."),
]

OWN_EXCEPTIONS = [
    ("Starting the worker locally with Docker", "`STORAGE=gcs` — never `local` outside Docker."),
    ("除了沙箱账号，不要用真实支付网关测试。", "沙箱账号可以用真实支付网关测试。"),
    ("不要关闭 CSRF 校验，内部健康检查接口除外。", "内部健康检查接口关闭了 CSRF 校验。"),
]

NO_EXCEPTION_NAMED = [
    ("除了沙箱账号，不要用真实支付网关测试。", "用真实支付网关测试。"),
    ("Never use Puppeteer except for local-only prototypes.", "Use Puppeteer for the e2e tests."),
    ("不要关闭 CSRF 校验，内部健康检查接口除外。", "支付接口关闭了 CSRF 校验。"),
]

PRONOUN_ORDERS = [
    (
        "The release pipeline runs `rails db:migrate --force` after every deploy.",
        "Customers still on the legacy plan keep their old prices; don't force-migrate them.",
    ),
    (
        "The deploy job runs `helm upgrade --force`.",
        "Tenants on the old plan keep their limits; don't force-upgrade them.",
    ),
    ("部署脚本会自动执行 `rake db:migrate --force`。", "还没完成认证的商户保持现状；don't force-migrate them."),
]

SAME_OBJECT = [
    (
        "Never run `rails db:migrate --force` in production.",
        "The release pipeline runs `rails db:migrate --force` in production.",
    ),
    ("Don't force-migrate legacy-plan customers.", "Force-migrate legacy-plan customers before the price change."),
]


@pytest.mark.parametrize(("older", "newer"), TWO_OWNERS)
def test_one_kind_of_setting_for_two_owners_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), ONE_OWNER)
def test_one_owner_with_two_values_still_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), TWO_OWNERS)
def test_owners_are_read_from_how_the_sentence_is_built(older: str, newer: str) -> None:
    assert owners_apart(older, newer)


@pytest.mark.parametrize(("older", "newer"), ONE_OWNER)
def test_one_owner_is_not_two(older: str, newer: str) -> None:
    assert not owners_apart(older, newer)


@pytest.mark.parametrize(("older", "newer"), READING_AND_TARGET)
def test_a_reading_against_a_target_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert reading_against_target(older, newer)
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), TWO_TARGETS)
def test_two_targets_still_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert not reading_against_target(older, newer)
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), MOVES)
def test_a_move_to_the_version_in_use_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), TWO_CURRENT_VERSIONS)
def test_two_current_versions_still_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), OWN_EXCEPTIONS)
def test_the_case_a_rule_excepts_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), NO_EXCEPTION_NAMED)
def test_a_case_the_rule_does_not_except_still_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), PRONOUN_ORDERS)
def test_an_order_on_a_pronoun_for_other_things_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), SAME_OBJECT)
def test_one_action_on_one_object_still_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)
