"""Duplicates told with other details: two entries about one subject that each name a few things the other does not.

A paraphrase often adds its own names (a tool, a state, a file) beside the names both share, and writes a command in
a longer or shorter form; it is still one subject. A look-alike swaps one name for another, or keeps the same sentence
with other names, other commands or another platform: two subjects.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.anchors import own_spans
from curator.rules.duplicate_prints import text_print
from tests.rules.test_blind2_forms import PAIR, findings

ONE_SUBJECT = [
    (
        "Deleting a Tenant: the `tenants.acme.dev/purge` finalizer drops the Postgres schema and the S3 prefix before the object goes away. Never remove the finalizer by hand, even when a CR looks stuck — fix whatever blocks the controller instead.",
        "If a Tenant hangs in Terminating, don't patch its finalizers away. `tenants.acme.dev/purge` is what drops the Postgres schema and the S3 prefix; find out why the controller isn't finishing (usually IAM or a PVC protection finalizer) and fix that.",
    ),
    (
        "Playwright 的截图基线只能在跟 CI 一样的 docker 镜像里更新（`--update-snapshots`），macOS 本地截出来的 png 字体渲染不一样，CI 会一直报 diff。",
        "截图基线不要在 Mac 上更新：字体渲染跟 Linux 不一样，CI 上永远对不上。要更新就进 CI 用的那个 docker 镜像里跑 `npx playwright test --update-snapshots`。",
    ),
    (
        "改完 Kconfig 必须做全量构建（`--pristine`），否则生成的 autoconf 头文件还是旧的，看起来像改了没用。",
        "改了 Kconfig 之后要 `west build --pristine`，增量构建不会重新生成 `autoconf.h`，改动不生效。",
    ),
    (
        "发热测试前一定先 `Tools → Reset Device → All`，不然 sensor 里的 offset 跟 firmware 对不上，测出来的温度会一直偏高。",
        "每次跑 firmware 发热测试前都要先清一次 sensor offset，否则 offset 不一致，温度会一直偏高。",
    ),
    (
        "When writing pytest tests, parametrize the cases as a table with `pytest.mark.parametrize` and assert with plain `assert` — that's what the user wants.",
        "The user prefers table-driven pytest tests: a list of case tuples, each case run through `pytest.mark.parametrize`, assertions written as plain `assert`.",
    ),
]

TWO_SUBJECTS = [
    (
        "Shipping to Germany: free above 50 EUR, DHL only, tracked with Sendcloud.",
        "Shipping to Austria: free above 50 EUR, DHL only, tracked with Sendcloud.",
    ),
    (
        "Redis 的连接池上限 50，超时 3 秒，监控看 Grafana 的 infra 面板。",
        "Kafka 的连接池上限 50，超时 3 秒，监控看 Grafana 的 infra 面板。",
    ),
    (
        "Run `make migrate` before starting the API server locally.",
        "Run `make seed` before starting the API server locally.",
    ),
    (
        "提交前先跑 `pnpm lint`，CI 会拦不过的提交。",
        "提交前先跑 `pnpm typecheck`，CI 会拦不过的提交。",
    ),
    (
        "安卓正式包的签名文件放在 CI 的密钥库里，本地不要放。",
        "iOS 发布证书放在 CI 的密钥库里，本地不要放。",
    ),
    (
        "Staging runs on GKE with Cloud SQL; deploys go through Argo CD and Helm.",
        "Production runs on EKS with RDS; deploys go through Argo CD and Helm.",
    ),
    (
        "Deploy with `deploy.sh`: staging runs on GKE with Cloud SQL and Memorystore.",
        "Deploy with `deploy.sh`: production runs on EKS with RDS and ElastiCache.",
    ),
    (
        "`scripts/backup.sh` dumps Postgres nightly to the S3 bucket in eu-west-1, kept by Velero.",
        "`scripts/backup.sh` dumps MySQL nightly to the GCS bucket in us-east1, kept by Restic.",
    ),
    (
        "Mobile builds: `fastlane beta` uploads the iOS build to TestFlight and posts to Slack.",
        "Mobile builds: `fastlane beta` uploads the Android build to Firebase App Distribution and posts to Slack.",
    ),
    (
        "用 `pnpm dev` 起前端，接口走 Vite 代理到 staging 的 Nest 服务。",
        "用 `pnpm dev` 起前端，接口走 Webpack 代理到 prod 的 Spring 服务。",
    ),
    (
        "The Grafana alert for the payments API pages the on-call through PagerDuty after 5 minutes.",
        "The Grafana alert for the search API pages the on-call through Opsgenie after 5 minutes.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), ONE_SUBJECT)
def test_one_subject_told_with_other_details_is_a_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), TWO_SUBJECTS)
def test_swapped_names_commands_or_platforms_are_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("spans", "others", "own"),
    [
        ({"-p always"}, {"west build -p always"}, set()),
        ({"west build -p always"}, {"-p always"}, set()),
        ({"fvm flutter test"}, {"fvm flutter"}, set()),
        ({"make migrate"}, {"make seed"}, {"make migrate"}),
        ({"pnpm test"}, {"pnpm test:e2e"}, {"pnpm test"}),
    ],
)
def test_a_span_written_in_a_longer_form_is_no_span_of_its_own(spans: set, others: set, own: set) -> None:
    assert own_spans(frozenset(spans), frozenset(others)) == frozenset(own)


def test_a_header_file_is_a_path() -> None:
    assert "devicetree_generated.h" in text_print("增量构建不会重新生成 `devicetree_generated.h`。")[5]
