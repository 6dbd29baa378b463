"""Ports (`:8443`, `localhost:8000`, "port 9100", 端口 9898), quoted rate strings (`rate_limit='10/m'`) and a worker's
bare short flag (`-c 16`) read as quantities and compared with the same setting in another form, English and Chinese.

Each conflict row is a two-entry store (e0.md older); each look-alike row must give no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.code_values import ports, rate_strings, worker_flags
from curator.rules.facts.named_parts import named, relation
from tests.rules.test_blind2_forms import PAIR, findings

PORTS = [
    ("Metrics are exported at `/metrics` on port 9100.", 9100.0, {"metric", "export"}),
    ("Prometheus 的 `/metrics` 端口改成 9898 了", 9898.0, {"prometheus"}),
    ("Manager metrics: `--metrics-bind-address=:8080`, plain HTTP.", 8080.0, {"metric"}),
    ("The API listens on `localhost:8000`.", 8000.0, {"api"}),
    ("Cache lives at `redis-cache:6379`.", 6379.0, {"redis", "cach"}),
    ("`METRICS_PORT=9100`", 9100.0, {"metric"}),
]


@pytest.mark.parametrize(("text", "value", "subject"), PORTS)
def test_a_port_is_read_with_what_it_is_the_port_of(text: str, value: float, subject: set[str]) -> None:
    found = ports(text)
    assert [quantity.high for quantity in found] == [value]
    assert subject <= found[0].subject


NO_PORTS = [
    "Use the `node:20` image for CI.",
    "The standup is at 10:30.",
    "Moved the API from port 8080.",
    "Plug the probe into port 3.",
    "We support 2 regions.",
    "Runs at `https://example.com/v2`.",
]


@pytest.mark.parametrize("text", NO_PORTS)
def test_tags_times_and_old_ports_are_no_ports(text: str) -> None:
    assert ports(text) == []


def test_a_quoted_rate_string_is_a_request_rate_limit() -> None:
    (found,) = rate_strings("`vendor.sync_catalog` 任务 `rate_limit='10/m'`")
    assert (found.unit, found.kind, found.high, found.rate) == ("request", "upper", 10.0, "minute")


def test_a_bare_short_flag_is_the_workers_concurrency_only_beside_workers() -> None:
    assert [q.unit for q in worker_flags("prod worker 现在跑 `-c 16`")] == ["value:concurrency"]
    assert worker_flags("Run the smoke test with `-c 16`.") == []


CODE_VALUE_CONFLICTS = [
    (
        "Metrics are exported for Prometheus at `/metrics` on port 9100.",
        "Prometheus 的 `/metrics` 端口改成 9898 了，9100 跟节点上的 node_exporter 冲突。",
    ),
    (
        "Manager metrics: `--metrics-bind-address=:8080`, plain HTTP, no auth.",
        'Metrics moved to secure serving: `metricsserver.Options{BindAddress: ":8443", FilterProvider: filters.X}`.',
    ),
    ("The API listens on `localhost:8000`.", "The API port is 8080 now."),
    ("The sync task uses `rate_limit='10/m'`.", "The sync task is limited to 60 requests per minute."),
    ("生产环境 Celery worker 并发数固定为 `--concurrency=8`。", "prod worker 现在跑 `-c 16`，队列积压明显少了。"),
]


@pytest.mark.parametrize("texts", CODE_VALUE_CONFLICTS)
def test_a_code_value_conflicts_with_the_same_setting_written_otherwise(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


CODE_VALUE_LOOK_ALIKES = [
    ("Grafana runs on `localhost:3000`.", "The API listens on port 8080."),
    ("Postgres is on port 5432.", "Redis is on port 6379."),
    ("Port 8080 is no longer exposed anywhere.", "Postgres listens on port 5432."),
    ("The API listens on `localhost:8080`.", "API 端口是 8080。"),
    ("The sync task uses `rate_limit='60/m'`.", "The sync task is limited to 1 request per second."),
    ("The sync task uses `rate_limit='10/m'`.", "The export task uses `rate_limit='60/m'`."),
    ("Celery workers run with `--concurrency=8`.", "The worker runs with `-c 8`."),
    ("Celery workers run with `--concurrency=8`.", "Use `ping -c 3` to check the worker host."),
]


@pytest.mark.parametrize("texts", CODE_VALUE_LOOK_ALIKES)
def test_other_things_or_equal_values_do_not_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


def test_a_class_name_being_set_is_a_key_and_not_a_component() -> None:
    statement = '`metricsserver.Options{BindAddress: ":8443", FilterProvider: filters.X}`'
    assert named(statement, ':8443"').components == ()


def test_a_dotted_component_is_mentioned_by_most_of_its_parts_only_when_the_other_side_names_none() -> None:
    one_text = "`vendor.sync_catalog` 任务 `rate_limit='10/m'`"
    other_text = "Vendor 升级了套餐；sync task 改成 `rate_limit='60/m'`"
    one, other = named(one_text, "rate_limit='10/m'"), named(other_text, "rate_limit='60/m'")
    assert relation(one, one_text, other, other_text) == "same"
    regional = named("`gs-eu-lobby` caps rooms at 100", "100")
    other = named("`gs-us-lobby` caps rooms at 200", "200")
    assert relation(regional, "`gs-eu-lobby` caps rooms at 100", other, "`gs-us-lobby` caps rooms at 200") == "apart"
