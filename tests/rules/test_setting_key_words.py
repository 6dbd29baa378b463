"""Setting keys that name their subject and unit in abbreviated words (`CONFIG_BT_MAX_CONN`, `max_msg_size`) and values
written as products of literals (`max_age = 2 * 3600`), against the same setting in prose, English and Chinese.

Each conflict row is a two-entry store (e0.md older); each look-alike row must give no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.setting_keys import spelled_key
from curator.rules.facts.settings import settings
from tests.rules.test_blind2_forms import PAIR, findings

SPELLED_KEYS = [
    ("config_bt_max_conn", "bt_max_connection"),
    ("max_conns", "max_connections"),
    ("max_msg_size", "max_message_size"),
    ("worker_procs", "worker_processes"),
    ("config_log", "config_log"),
    ("timeout_ms", "timeout_ms"),
]


@pytest.mark.parametrize(("snake", "spelled"), SPELLED_KEYS)
def test_abbreviated_key_words_are_spelled_out(snake: str, spelled: str) -> None:
    assert spelled_key(snake) == spelled


PRODUCTS = [
    ("`max_age = 2 * 3600`", "duration", 7200.0),
    ("`SESSION_TTL = 60 * 60 * 24`", "duration", 86400.0),
    ("`MAX_MSG_SIZE = 4 * 1024 * 1024`", "byte", 4194304.0),
    ("`CONFIG_BT_MAX_CONN=2`", "connection", 2.0),
    ("`HTTP_MAX_CONNS = 100`", "connection", 100.0),
    ("`cache_max_age: 600`", "duration", 600.0),
]


@pytest.mark.parametrize(("text", "unit", "value"), PRODUCTS)
def test_a_key_names_the_unit_and_a_product_of_literals_is_its_value(text: str, unit: str, value: float) -> None:
    assert [(quantity.unit, quantity.high) for quantity in settings(text)] == [(unit, value)]


KEY_CONFLICTS = [
    ("Cache entries use `max_age = 2 * 3600`.", "`max_age` 调成了 90 分钟。"),
    ("The session cookie is set with `SESSION_TTL = 60 * 60 * 24`.", "Session TTL is 2 days now."),
    ("Keep `CONFIG_BT_MAX_CONN=2` so the gateway and a phone can connect.", "Allow at most 3 BT connections."),
    ("`HTTP_MAX_CONNS = 100` on the proxy.", "The proxy allows at most 200 HTTP connections."),
    ("`RETENTION_SECONDS = 60 * 60 * 24` for audit logs.", "审计日志 retention 改成 3 天。"),
]


@pytest.mark.parametrize("texts", KEY_CONFLICTS)
def test_a_key_written_in_code_conflicts_with_its_setting_in_prose(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


KEY_LOOK_ALIKES = [
    ("Report pages are cached with `max_age = 2 * 3600`.", "The report cache max age is 120 minutes."),
    ("`RETENTION_SECONDS = 60 * 60 * 24` for audit logs.", "Keep audit log retention at 1 day."),
    ("Keep `CONFIG_BT_MAX_CONN=2`.", "At most 2 BT connections."),
    ("Keep `CONFIG_BT_MAX_CONN=2`.", "Keep `CONFIG_NET_MAX_CONN=4`."),
    ("`DB_MAX_CONN=20` for the API.", "Redis allows at most 100 connections."),
    ("Reports use `max_age = 2 * 3600`.", "Thumbnails use `stale_age = 90 * 60`."),
    ("`MAX_MSG_SIZE = 4 * 1024 * 1024`", "消息大小上限 4 MB。"),
]


@pytest.mark.parametrize("texts", KEY_LOOK_ALIKES)
def test_equal_values_or_other_keys_do_not_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
