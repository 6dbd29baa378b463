"""Duplicate forms the embeddings miss: Chinese rewordings, EN↔ZH translations, English rewrites sharing identifiers.

Each positive is two topic files (e0.md older) that say the same thing in other words; each look-alike
shares the topic, the tool or the identifiers but says something else (a rule and its exception, a setup
step and a troubleshooting step, another number, the opposite polarity) and is never a duplicate.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.anchors import (
    anchors,
    content_concepts,
    distinct_instances,
    one_sided_setting,
    own_spans,
    says_more,
    states_exception,
    states_quantity,
)
from tests.rules.test_blind2_forms import PAIR, findings

CHINESE_REWORDINGS = [
    (
        "Room 实体加字段必须先写 Migration，否则老版本用户升级后会崩溃。",
        "别直接给 Room 的 @Entity 加字段，老用户一升级就闪退；要先写好对应的 Migration 再改。",
    ),
    (
        "部署前要先跑 `make lint`，再执行 `make deploy`，不然 CI 会报错。",
        "执行 `make deploy` 之前得先跑一遍 `make lint`，否则 CI 出错。",
    ),
    (
        "Gradle 构建莫名失败时，先跑 `./gradlew clean` 清掉缓存再构建，多半是 build 目录坏了。",
        "遇到奇怪的 Gradle 编译错误，先执行 `./gradlew clean` 清缓存再重新构建，通常是 build 目录损坏。",
    ),
    (
        "合并到 main 之前必须先跑 `pnpm test:e2e`，不然线上容易出问题。",
        "`pnpm test:e2e` 要在合并进 main 前跑一遍，否则上线后容易出事。",
    ),
    (
        "改了 `proto/` 下的文件后，要重新执行 `buf generate`，否则客户端代码和服务端对不上。",
        "别忘了：`proto/` 一有改动就得跑 `buf generate` 重新生成代码，不然两端接口不一致。",
    ),
    (
        "改 Prisma 的 schema.prisma 之后一定要跑 `prisma migrate dev` 生成迁移，不然线上库会和代码对不上。",
        "schema.prisma 一改就得执行 `prisma migrate dev` 出迁移文件，否则生产数据库跟代码不一致。",
    ),
]

TRANSLATIONS = [
    (
        "Staging deploys go through `deploy.sh --env staging`; ask Priya before touching the Helm chart.",
        "测试环境发布走 `deploy.sh --env staging`，改 Helm chart 前先问 Priya。",
    ),
    (
        'TestFlight review needs a demo login: the credentials are in the 1Password item "QA – Shop"; paste them '
        "into the review notes every time.",
        "TestFlight 提审必须在审核备注里填演示账号，账号密码在 1Password 的「QA – Shop」里。",
    ),
    (
        "Checkpoint every 20k steps; the 7B run keeps the last 3 checkpoints on the NAS.",
        "7B 的训练每 2 万步存一次 checkpoint，NAS 上只保留最近 3 个 checkpoint。",
    ),
    (
        "The nightly `dbt build` runs at 02:00 UTC from Airflow; don't trigger it by hand.",
        "dbt 的 `dbt build` 每天 UTC 02:00 由 Airflow 跑，不要手动触发。",
    ),
    (
        "Dashboard changes must be committed under `ops/dashboards/`; never edit Grafana panels in the UI.",
        "Grafana 面板改动必须提交到 `ops/dashboards/`，不要直接在界面上改。",
    ),
    (
        "Sentry DSN lives in `SENTRY_DSN`; never commit it to `app.config.ts`.",
        "Sentry 的 DSN 放在 `SENTRY_DSN` 环境变量里，不要提交到 `app.config.ts`。",
    ),
]

SAYS_NO_MORE = [
    (
        "Every Gradle command goes through the wrapper (`./gradlew assemble`, `./gradlew check`); the version is locked "
        "to 8.7 in `gradle-wrapper.properties`.",
        "所有 Gradle 命令都走 wrapper（`./gradlew ...`），版本锁在 `gradle-wrapper.properties` 里，是 8.7。",
    ),
    (
        "When a deploy hangs, open the Argo dashboard `deploy-health` first and read the sync status and pod restart panels.",
        "部署卡住的时候先打开 Argo 的 `deploy-health` 看板，重点看同步状态和 pod 重启两个面板。",
    ),
    (
        "Stripe 密钥放在 secret `billing-stripe` 里，通过环境变量 `STRIPE_KEY` 注入，不要写进配置文件。",
        "别把 Stripe 密钥硬编码到 `config/prod.yaml`，它在 secret `billing-stripe` 里，以 `STRIPE_KEY` 环境变量注入。",
    ),
]

ENGLISH_REWRITES = [
    (
        "Only Sam maintains `ingest-worker`. He reads Rust fine, but explain any unsafe block you add.",
        "Sam is the sole owner of `ingest-worker` — comfortable with Rust, yet wants every unsafe block explained.",
    ),
    (
        "HIL tests need the bench relay board switched on, otherwise flashing times out.",
        "Hardware-in-the-loop tests only pass when the bench relay board is powered; without power, flashing times out.",
    ),
    (
        "Ops questions about the `ingest` cluster go to Priya; she prefers Slack over email.",
        "Priya owns the `ingest` cluster — ping her on Slack rather than by email.",
    ),
    (
        "Release images must be referenced by digest in `deploy/prod`, never by the `:latest` tag.",
        "Pin every image under `deploy/prod` to its digest; never use `latest` tags there.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), CHINESE_REWORDINGS + TRANSLATIONS + SAYS_NO_MORE + ENGLISH_REWRITES)
def test_a_restatement_in_other_words_is_a_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


LOOK_ALIKES = [
    (
        "Never run `terraform apply` from a laptop; CI applies every stack.",
        "`bootstrap-state` is the one exception: its `terraform apply` runs from a laptop because CI needs the bucket.",
    ),
    (
        "不要在 play 级别写 `become: true`，只在需要 root 的 task 上加。",
        "`bootstrap.yml` 是例外：它在 play 级别用 `become: true`，因为每个 task 都要 root。",
    ),
    (
        "Set up the HIL rig: plug the probe into the powered USB hub, then run `probe-rs info`.",
        "If `probe-rs info` reports no probe, replug the USB hub and check its power LED.",
    ),
    (
        "第一次配置：安装 `flutterfire` CLI，再跑 `flutterfire configure` 生成 firebase_options.dart。",
        "`flutterfire configure` 报错说找不到项目时，先 `firebase login` 重新登录。",
    ),
    (
        "编译报错时先跑 `latexmk -C` 清掉辅助文件再编。",
        "写论文时开着 `latexmk -pvc`，它会一直监听文件改动并自动重新编译。",
    ),
    (
        "Use `pnpm install --frozen-lockfile` in CI; never update the lockfile there.",
        "Run `pnpm dedupe` after adding a dependency so the lockfile stays small.",
    ),
    ("Keep `MAX_UPLOAD_MB` at 20 for the web client.", "Web 端的 `MAX_UPLOAD_MB` 设为 50。"),
    (
        "Checkpoint every 20k steps; the 7B run keeps the last 3 checkpoints on the NAS.",
        "7B 的训练每 5 万步存一次 checkpoint，NAS 上只保留最近 3 个 checkpoint。",
    ),
    ("Always run `db:migrate` before deploying the API.", "部署 API 之前不要跑 `db:migrate`。"),
    (
        "API 调用统一走 `httpClient`，不要直接用 fetch。",
        "The one exception to `httpClient`: the health check calls plain fetch.",
    ),
    (
        "Deploy the `orders-api` with `kamal deploy` from main.",
        "Roll back the `orders-api` with `kamal rollback` when the deploy breaks checkout.",
    ),
    (
        "SwiftData 模型加字段要写 VersionedSchema 迁移。",
        "SwiftData 的 VersionedSchema 在单元测试里可以不写，用内存容器就行。",
    ),
    ("Store the Stripe key in `STRIPE_SECRET_KEY`, never in code.", "Rotate `STRIPE_SECRET_KEY` every 90 days."),
    (
        "Stripe 密钥放在 `STRIPE_SECRET_KEY`，不要写进代码。",
        "Rotate `STRIPE_SECRET_KEY` every 90 days and update the Vercel env.",
    ),
    (
        "CI runs `pytest -n auto` on every PR to `billing/`.",
        "Locally run `pytest -n auto` only inside the devcontainer for `billing/`.",
    ),
    (
        "`terraform plan` must be attached to every infra PR.",
        "`terraform plan` output leaks secrets in the `rds` module; redact before attaching it to a PR.",
    ),
    (
        "Redis 缓存 key 统一加 `shop:` 前缀，过期时间默认一天。",
        "Redis 内存满了先看 `shop:` 前缀下的大 key，用 `redis-cli --bigkeys` 查。",
    ),
    (
        "`yarn build` 之前要先跑 `yarn codegen` 生成 GraphQL 类型。",
        "`yarn codegen` 依赖后端 schema，后端没起来时会报错。",
    ),
    (
        "Sentry 只在生产环境开启，`SENTRY_DSN` 放在 `.env.production`。",
        "本地调试时把 `SENTRY_DSN` 置空，避免把测试错误报上去。",
    ),
    (
        "订单表 `orders` 按月分区，查询必须带 `created_at` 条件。",
        "`orders` 表超过 18 个月的数据由 `archive_orders` 任务归档到 S3。",
    ),
    (
        "Feature flags live in LaunchDarkly; clean up a flag within two weeks of full rollout.",
        'LaunchDarkly SDK key for staging is in 1Password under "LD staging".',
    ),
    (
        "Run `npm run e2e` against staging before tagging a release.",
        "`npm run e2e` is flaky on the checkout spec; rerun it once before filing a bug.",
    ),
    (
        "All PDFs are generated by `wkhtmltopdf` in the `render` service.",
        "`wkhtmltopdf` in the `render` service crashes on CJK fonts unless `fonts-noto-cjk` is installed.",
    ),
    ("数据库迁移用 `alembic`，每个迁移都要能回滚。", "`alembic` 迁移冲突时，先 `alembic merge heads` 再提交。"),
    (
        "HIL tests need the bench relay board switched on, otherwise flashing times out.",
        "The hardware-in-the-loop rig moves to the second lab next month; book bench time in the shared calendar.",
    ),
    (
        "Sam owns `ingest-worker` and reviews every PR to it.",
        "Sam owns `billing-worker` and reviews every PR to it.",
    ),
    (
        "EU build agents run in fra1, hostnames `ci-eu-*`, cache bucket `sccache-eu`.",
        "US build agents run in nyc3, hostnames `ci-us-*`, cache bucket `sccache-us`.",
    ),
    (
        "欧洲区的构建机在 fra1，主机名 `ci-eu-*`，缓存桶 `sccache-eu`。",
        "美国区的构建机在 nyc3，主机名 `ci-us-*`，缓存桶 `sccache-us`。",
    ),
    (
        "华东集群的主库是 `pg-hz-main`，备份桶是 `bak-hz`，值班找 Lin。",
        "华北集群的主库是 `pg-bj-main`，备份桶是 `bak-bj`，值班找 Lin。",
    ),
    (
        "Run `pnpm test` before every push; the pre-push hook does not run it for you.",
        "Run `pnpm test --watch` while editing components; it reruns only the changed specs.",
    ),
    (
        "Upload retries are handled by `uploadQueue`; do not retry in the view layer.",
        "上传失败由 `uploadQueue` 负责重试，最多重试 5 次，不要在界面层重试。",
    ),
]


@pytest.mark.parametrize(("older", "newer"), LOOK_ALIKES)
def test_a_look_alike_on_the_same_topic_is_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Pin images by digest, never `:latest`.", {"latest"}),
        ("Run `./gradlew clean` then rebuild.", {"gradlew", "clean"}),
        ("Amounts are int64 cents in `billing/ledger.go`.", {"int64", "billing/ledger.go"}),
        ("Ana reads C++ fine.", {"c++"}),
        ("别直接改 SwiftData 的 @Model 字段。", {"swiftdata", "model"}),
        ("账号在 1Password 里。", {"1password"}),
        ("The hardware-in-the-loop rig needs power.", {"hil"}),
        ("Our Home Assistant box reboots nightly.", {"ha"}),
        ("HIL and HA both run on the bench.", {"hil", "ha"}),
    ],
)
def test_anchors_are_identifiers_names_and_latin_words_in_chinese(text: str, expected: set[str]) -> None:
    assert expected <= anchors(text)


@pytest.mark.parametrize("text", ["Always run the tests before you push.", "先跑测试再推送。"])
def test_plain_words_are_no_anchors(text: str) -> None:
    assert anchors(text) == frozenset()


@pytest.mark.parametrize(
    ("left", "right"),
    [
        (frozenset({"闪退", "升级"}), frozenset({"崩", "升级"})),
        (frozenset({"清掉", "缓存"}), frozenset({"清", "缓存"})),
    ],
)
def test_chinese_synonyms_share_a_concept(left: frozenset[str], right: frozenset[str]) -> None:
    assert content_concepts(left) == content_concepts(right)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("`bootstrap.yml` is the one exception to the become rule.", True),
        ("除了健康检查，其他请求都走 httpClient。", True),
        ("Everything except the health check goes through httpClient.", True),
        ("Every request goes through httpClient.", False),
        ("所有请求都走 httpClient。", False),
    ],
)
def test_an_exception_is_recognised(text: str, expected: bool) -> None:
    assert states_exception(text) is expected


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Run unit tests with `pnpm test` before every commit.", "Run e2e tests with `pnpm e2e` before every commit."),
        ("本地起服务用 `docker compose up api`，端口 8080。", "本地起服务用 `docker compose up worker`，端口 8080。"),
    ],
)
def test_two_commands_of_one_tool_are_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("left_spans", "right_spans", "left_numbers", "right_numbers", "expected"),
    [
        ({"kamal deploy"}, {"kamal rollback"}, set(), set(), True),
        ({"kamal deploy", "orders-api"}, {"orders-api"}, set(), set(), False),
        (set(), set(), {90.0}, set(), True),
        ({"latexmk -c"}, {"latexmk -c"}, {2.0}, {2.0}, False),
    ],
)
def test_an_entry_that_says_more_is_recognised(
    left_spans: set[str], right_spans: set[str], left_numbers: set[float], right_numbers: set[float], expected: bool
) -> None:
    assert (
        says_more(frozenset(left_spans), frozenset(right_spans), frozenset(left_numbers), frozenset(right_numbers))
        is expected
    )


@pytest.mark.parametrize(
    ("left_scope", "right_scope", "right_words", "expected"),
    [
        ({"test"}, set(), {"swiftdata", "schema"}, True),
        ({"local"}, set(), {"pytest", "billing"}, True),
        ({"test"}, set(), {"test", "schema"}, False),
        ({"team"}, set(), {"quant", "dev"}, False),
    ],
)
def test_a_setting_only_one_side_names_is_recognised(
    left_scope: set[str], right_scope: set[str], right_words: set[str], expected: bool
) -> None:
    found = one_sided_setting(frozenset(left_scope), frozenset(right_scope), frozenset(), frozenset(right_words))
    assert found is expected


@pytest.mark.parametrize(
    ("spans", "others", "expected"),
    [
        ({"fvm", "fvm flutter test"}, {"fvm flutter"}, set()),
        ({"kamal deploy"}, {"kamal rollback"}, {"kamal deploy"}),
        ({"make lint"}, {"make lint"}, set()),
        ({"docker compose up api"}, {"docker compose up"}, set()),
        ({"uv sync"}, {"uvx ruff"}, {"uv sync"}),
    ],
)
def test_a_span_the_other_side_writes_in_another_form_is_not_its_own(
    spans: set[str], others: set[str], expected: set[str]
) -> None:
    assert own_spans(frozenset(spans), frozenset(others)) == expected


@pytest.mark.parametrize(
    ("left", "right", "expected"),
    [
        ({"wk-eu-*", "jobs-eu"}, {"wk-ap-*", "jobs-ap"}, True),
        ({"cache-us"}, {"cache-eu"}, True),
        ({"pg_hz_main"}, {"pg_bj_main"}, True),
        ({"orders-api"}, {"orders-api"}, False),
        ({"orders-api"}, {"orders-api", "billing.toml"}, False),
        ({"app_v1"}, {"app_v2"}, False),
        ({"make lint"}, {"make deploy"}, False),
        ({"api-eu"}, {"worker-eu-blue"}, False),
    ],
)
def test_two_named_instances_of_one_pattern_are_recognised(left: set[str], right: set[str], expected: bool) -> None:
    assert distinct_instances(frozenset(left), frozenset(right)) is expected


@pytest.mark.parametrize(
    ("numbers", "expected"),
    [(set(), False), ({2.0}, False), ({1.0, 2.0}, False), ({3.0}, True), ({2.0, 90.0}, True), ({0.5}, True)],
)
def test_a_list_count_states_no_quantity(numbers: set[float], expected: bool) -> None:
    assert states_quantity(frozenset(numbers)) is expected
