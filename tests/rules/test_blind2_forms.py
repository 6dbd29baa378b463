"""Classes of sentence the second blind set showed the rules missing, each with invented EN/ZH variants and look-alikes.

Every row is a small store of topic files (e0.md oldest) and, where given, instruction-file rules
(CLAUDE.md:L…); the expected pair is found, and a look-alike gets no finding of that rule.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from curator import rules
from curator.model import Entry, Store
from curator.rules.facts.counts import count_spans
from curator.rules.facts.subject import subject_tokens
from curator.rules.migrations import learned_sets
from curator.rules.templates import different_subjects
from curator.rules.tool_moves import pairs

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def findings(tmp_path: Path, *texts: str, rules_text: tuple[str, ...] = (), age: int = 20) -> set[tuple[str, tuple]]:
    """(rule, sorted entries) of the drift findings on topic files e0.md … and CLAUDE.md rules L1 …."""
    store = Store(root=tmp_path, format="claude-code")
    for position, text in enumerate(texts):
        moment = NOW - timedelta(days=age - position)
        store.entries.append(_entry(f"e{position}.md", "file", text, moment))
    for line, text in enumerate(rules_text, 1):
        store.context.append(_entry(f"CLAUDE.md:L{line}", "rule", text, NOW - timedelta(days=90), origin="project"))
    found = rules.analyze(store, now=NOW).findings
    return {(f.rule, tuple(sorted(f.entries))) for f in found if f.rule in rules.RULE_IDS}


def _entry(entry_id: str, kind: str, text: str, moment: datetime, origin: str = "store") -> Entry:
    return Entry(
        id=entry_id,
        path=entry_id.split(":")[0],
        kind=kind,
        name=entry_id,
        description="",
        type="project" if kind == "file" else None,
        body=text,
        text=text,
        fields={},
        created=moment,
        modified=moment,
        origin=origin,
    )


PAIR = ("e0.md", "e1.md")

MIGRATIONS = [
    ("We moved off Koin to Hilt last sprint.", ("koin", "hilt")),
    ("The team migrated from Jenkins to GitHub Actions.", ("jenkins", "github actions")),
    ("Flash boards with probe-rs (`cargo embed`), not OpenOCD.", ("openocd", "probe-rs")),
    ("Replaced Moment with date-fns in the web app.", ("moment", "date-fns")),
    ("我们已经从 Maven 迁到 Gradle 了。", ("maven", "gradle")),
    ("消息队列从 RocketMQ 换成了 Kafka。", ("rocketmq", "kafka")),
    ("统一用 Loki，不要用 ELK。", ("elk", "loki")),
    ("Vitest replaced Jest in the web repo.", ("jest", "vitest")),
    ("CircleCI was replaced by Buildkite.", ("circleci", "buildkite")),
    ("We dropped CircleCI in favor of Buildkite.", ("circleci", "buildkite")),
    ("不再用 Jenkins，改用 GitLab CI。", ("jenkins", "gitlab ci")),
    ("Jenkins 已弃用，改用 GitLab CI。", ("jenkins", "gitlab ci")),
]


@pytest.mark.parametrize(("statement", "pair"), MIGRATIONS)
def test_migration_phrasing_names_an_exclusive_pair(statement: str, pair: tuple[str, str]) -> None:
    assert pair in pairs(statement)


@pytest.mark.parametrize(
    "statement",
    [
        "We moved from staging to prod at noon.",
        "Switched from Monday to Friday releases.",
        "moved the cron from 2am to 4am",
        "从测试环境迁到生产环境。",
        "use it, not them",
    ],
)
def test_common_words_and_environments_are_no_tools(statement: str) -> None:
    assert pairs(statement) == []


def test_learned_pairs_join_into_one_set() -> None:
    sets = learned_sets(["We moved off Koin to Hilt.", "Hilt replaced Dagger? No: replaced Dagger with Hilt."])
    assert sets == [["dagger", "hilt", "koin"]]


@pytest.mark.parametrize(
    ("texts", "rules_text", "expected"),
    [
        (
            ("Ingress controller is ingress-nginx.", "We moved off ingress-nginx to Envoy Gateway."),
            (),
            PAIR,
        ),
        (
            ("Flash with probe-rs, not OpenOCD.", "换回 OpenOCD 烧录了，probe-rs 在新板子上连不稳。"),
            (),
            PAIR,
        ),
        (
            ("我们已经从 Maven 迁到 Gradle 了，新模块都用 Gradle。",),
            ("构建用 Maven，不要引入 Gradle。",),
            ("CLAUDE.md:L1", "e0.md"),
        ),
        (("消息队列从 RocketMQ 换成了 Kafka。",), ("消息队列用 RocketMQ。",), ("CLAUDE.md:L1", "e0.md")),
        (("We switched the CDN from Fastly to CloudFront.", "We use Fastly for the static assets."), (), PAIR),
        (("We moved off Jenkins to Buildkite last quarter.", "Jenkins runs the nightly builds."), (), PAIR),
    ],
)
def test_a_learned_pair_makes_two_choices_conflict(
    tmp_path: Path, texts: tuple, rules_text: tuple, expected: tuple
) -> None:
    assert ("conflict", expected) in findings(tmp_path, *texts, rules_text=rules_text)


def test_a_learned_pair_from_history_alone_is_no_conflict(tmp_path: Path) -> None:
    found = findings(
        tmp_path, "We migrated from Jenkins to GitHub Actions in 2025.", "GitHub Actions runs the nightly job."
    )
    assert not any(rule == "conflict" for rule, _ in found)


NUMBER_CONFLICTS = [
    (
        "OkHttp read timeout for the feed API: 20 seconds.",
        "The feed API is slow, so the OkHttp read timeout is half a minute now.",
    ),
    ("Poll the queue every 45 seconds.", "Poll the queue every minute and a half."),
    ("Give the Gradle daemon four gigs of heap.", "Gradle daemon heap is 6 GB now."),
    ("`org.gradle.jvmargs=-Xmx4g` in gradle.properties.", "gradle.properties has `org.gradle.jvmargs=-Xmx6g` now."),
    ("The SPI bus to the display runs at 8 MHz.", "The SPI bus to the display runs at 32000 kHz."),
    ("Debug UART runs at 115200 baud.", "调试串口波特率统一用 921600。"),
    ("Serial console is 9600 baud.", "串口控制台波特率 115200。"),
    ("Rate limit for the public API is 60/min.", "The public API allows 100 requests per minute."),
    ("Logs rotate every 2 hours.", "日志每六小时切一次。"),
    ("I2C 总线跑 400 kHz。", "I2C bus is back to 100 kHz."),
    ("Loki retention is 30 days for all tenants.", "Loki 日志保留改成 14 天了。"),
    ("etcd 快照每六小时做一次。", "etcd snapshot interval is 2h now."),
    ("库存预占的 Redis 锁过期时间是 10 秒。", "库存预占锁 TTL 设成 30s 了。"),
    (
        "Deploy the storefront to production once a day at most.",
        "The storefront may be deployed to production up to 3 times a day.",
    ),
    ("Concurrent deploys: Max 3.", "Up to 5 deploys may run concurrently on the runner pool."),
    ("S3 asset upload: 3x retry on failure.", "S3 asset upload makes 5 attempts before giving up."),
    ("短信网关客户端配置：`RETRIES = 2`。", "短信网关发送失败后重试 5 次。"),
    ("The Docker build cache on CI runners is capped at 10 GB.", "Docker build cache cap on the CI runners: 500 MB."),
    ("Page on-call when the checkout error rate exceeds 5%.", "Checkout error-rate alert: page on-call above 2%."),
    ("Publish at most 2 posts a week on the engineering blog.", "技术博客每周最多发三篇文章。"),
    ('Webhook retries:\n\n```json\n{"retries": 3}\n```', "The webhook dispatcher retries 5 times before giving up."),
    (
        "CI shards the suite:\n\n```\n-Pandroid.testInstrumentationRunnerArguments.numShards=4\n```",
        "CI now runs with numShards=6.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), NUMBER_CONFLICTS)
def test_numbers_in_every_form_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


NUMBER_LOOK_ALIKES = [
    ("Coil disk cache is capped at 250 MB.", "Crash log attachments are capped at 5 MB per report."),
    ("外部 SPI flash（W25Q64）跑 8 MHz。", "The display's SPI bus runs at 32 MHz (ST7789, DMA)."),
    ("I2C 总线跑 400 kHz。", "The display's SPI bus runs at 32 MHz (ST7789)."),
    (
        "Page on-call when the checkout error rate exceeds 5%.",
        "Page on-call when disk usage on the DB hosts exceeds 85%.",
    ),
    ("On CI, run the test suite with 4 workers.", "Locally, run the test suite with 8 workers."),
    ("单张凭证图片最大 5MB。", "Image cache: 200 MB on iOS."),
    ("Half a minute is the OkHttp connect timeout.", "OkHttp read timeout: 30 seconds."),
    ("Debug UART runs at 115200 baud.", "调试串口波特率统一用 115200。"),
    ("Rate limit for the public API is 60/min.", "The admin API allows 100 requests per minute."),
    ("Rate limit for the public API is 60/min.", "The public API allows 1 request per second."),
]


@pytest.mark.parametrize(("older", "newer"), NUMBER_LOOK_ALIKES)
def test_look_alike_numbers_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


POLARITY_CONFLICTS = [
    ("Always enable `prune: true` in Argo CD automated sync.", "Argo CD 的自动同步不要开 prune。"),
    ("Always keep R8 full mode on for release builds.", "For release builds, don't ever turn R8 full mode on."),
    ("提交前别再跑 `cargo clippy` 了，CI 会跑。", "Always run `cargo clippy` before committing."),
    ("商品详情一律先读缓存。", "商品详情别再走缓存了，直接查库。"),
    ("Squash-merge every pull request.", "For release branches, never squash; use a merge commit."),
    ("所有服务都用 Helm 部署。", "计费服务不要用 Helm 部署。"),
    ("永远不要直接推送到 main 分支。", "紧急修复总是直接推到 main。"),
    ("Never commit the generated protobuf files.", "Always commit the generated protobuf code."),
    (
        "Never `kubectl apply` against prod by hand.",
        "During a SEV1 it's fine to `kubectl apply` a hotfix straight to prod.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), POLARITY_CONFLICTS)
def test_opposite_polarity_across_forms_and_languages(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("不要在生产库上手动执行数据库迁移。", "部署流水线总是会自动执行数据库迁移。"),
        ("Never run migrations by hand on prod.", "The pipeline always runs migrations automatically."),
        ("Never skip the smoke tests.", "Always run the smoke tests."),
    ],
)
def test_manual_against_automatic_and_agreeing_negations_are_no_conflict(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("Team payments gets a namespace quota of 40 CPU.", "Team search gets a namespace quota of 40 CPU."),
        ("订单服务负责 orders 表，其他服务不要直接写。", "账单服务负责 invoices 表，其他服务不要直接写。"),
        ("The orders service owns the orders table.", "The billing service owns the invoices table."),
        ("Run unit tests with `go test ./...`.", "Run integration tests with `go test -tags=integration ./...`."),
    ],
)
def test_one_template_with_other_names_is_two_subjects(tmp_path: Path, left: str, right: str) -> None:
    assert different_subjects(subject_tokens(left), subject_tokens(right))
    assert ("duplicate", PAIR) not in findings(tmp_path, left, right)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("Always use pnpm for installs.", "Always prefer pnpm for installs."),
        ("Run `make lint` before pushing.", "Before pushing, run make lint."),
        ("发版前必须先在预发环境跑一遍冒烟测试。", "冒烟测试要先在预发环境跑一遍，跑完才能发版。"),
    ],
)
def test_paraphrases_are_not_templates(left: str, right: str) -> None:
    assert not different_subjects(subject_tokens(left), subject_tokens(right))


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("Run `make lint` before pushing.", "Before pushing, run make lint."),
        ("发布前先在预发环境验证支付流程。", "支付流程要先在预发环境验证，然后再发布。"),
        (
            "Never put secrets in ConfigMaps; use ExternalSecrets backed by Vault.",
            "密钥不要放进 ConfigMap，用 ExternalSecrets（后端是 Vault）。",
        ),
        ("每个后端服务都部署两个副本。", "后端各服务都部署 2 个副本。"),
        (
            "Payment callbacks must be idempotent: use order_no as the unique key.",
            "支付回调必须做幂等：用 order_no 做唯一键。",
        ),
        ("The user wants all replies in Chinese.", "用户希望回答都用中文。"),
    ],
)
def test_short_reorderings_and_shared_scopes_are_duplicates(tmp_path: Path, left: str, right: str) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, left, right)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("每个后端服务都部署两个副本。", "每个后端服务都部署三个副本。"),
        ("The user wants all replies in Chinese.", "用户希望回答都用英文。"),
        ("Payment callbacks must be idempotent.", "支付回调不需要做幂等。"),
    ],
)
def test_translations_and_numerals_that_differ_are_no_duplicate(tmp_path: Path, left: str, right: str) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, left, right)


def test_near_identical_entries_with_other_numbers_in_code_are_no_duplicate(tmp_path: Path) -> None:
    left = "Async order pool settings:\n\n```yaml\norder.async.core-pool-size: 8\norder.async.max-pool-size: 16\n```"
    right = "Async order pool settings:\n\n```yaml\norder.async.core-pool-size: 20\norder.async.max-pool-size: 40\n```"
    assert ("duplicate", PAIR) not in findings(tmp_path, left, right)


@pytest.mark.parametrize(
    "statement",
    [
        "Crash-free users is 98.4 % on Play vitals.",
        "Flash usage is 87 % of the app partition right now.",
        "Disk utilisation is 91 %.",
        "Down to 9 call sites of the deprecated wrapper.",
        "Play Store rating is 4.1 right now.",
        "当前误杀率 0.8%，先观察。",
        "有 5 个服务还在用旧的日志库。",
        "还差 12 个接口没接入。",
        "We are at 78 % coverage right now.",
    ],
)
def test_point_in_time_metrics_and_counts(statement: str) -> None:
    assert count_spans(statement)


@pytest.mark.parametrize(
    "statement",
    [
        "Sampling rate is 10 % for traces.",
        "Keep crash-free users above 99 %.",
        "The canary gets 5% of traffic.",
        "Timeout reduced to 5 seconds.",
        "覆盖率目标是 80%。",
    ],
)
def test_settings_and_targets_are_no_point_in_time_values(statement: str) -> None:
    assert not count_spans(statement)


@pytest.mark.parametrize(
    ("text", "fires"),
    [
        ("nRF SDK 2.5 support ends 2026-06-30 — upgrade before then.", True),
        ("The Enterprise trial expires 2026-09-01.", True),
        ("旧版小程序要在 2026 年上半年内下线。", True),
        ("Node 16 EOL is 2026-04-30; upgrade the runners before then.", True),
        ("The v1 API sunsets on 2026-03-01.", True),
        ("最晚 2026-09-30 要切完。", True),
        ("The v1 API sunsets on 2027-03-01.", False),
        ("The licence ends 2027-06-30.", False),
        ("Before 2026-05-01 we built with Jenkins; since then GitHub Actions.", False),
        ("2027 年上半年内下线旧接口。", False),
    ],
)
def test_deadline_forms(tmp_path: Path, text: str, fires: bool) -> None:
    found = findings(tmp_path, text, age=200)
    assert (("expired-date", ("e0.md",)) in found) is fires
