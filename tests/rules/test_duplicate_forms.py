"""Duplicate forms the embeddings miss: Chinese rewordings, EN↔ZH translations, English rewrites sharing identifiers.

Each positive is two topic files (e0.md older) that say the same thing in other words; each look-alike
shares the topic, the tool or the identifiers but says something else (a rule and its exception, a setup
step and a troubleshooting step, another number, the opposite polarity) and is never a duplicate.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.anchors import anchors, content_concepts, states_exception
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
        "Sentry DSN lives in `SENTRY_DSN`; never commit it to `app.config.ts`.",
        "Sentry 的 DSN 放在 `SENTRY_DSN` 环境变量里，不要提交到 `app.config.ts`。",
    ),
]

ENGLISH_REWRITES = [
    (
        "Only Sam maintains `ingest-worker`. He reads Rust fine, but explain any unsafe block you add.",
        "Sam is the sole owner of `ingest-worker` — comfortable with Rust, yet wants every unsafe block explained.",
    ),
    (
        "Release images must be referenced by digest in `deploy/prod`, never by the `:latest` tag.",
        "Pin every image under `deploy/prod` to its digest; never use `latest` tags there.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), CHINESE_REWORDINGS + TRANSLATIONS + ENGLISH_REWRITES)
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
    ("Always run `db:migrate` before deploying the API.", "部署 API 之前不要跑 `db:migrate`。"),
    (
        "API 调用统一走 `httpClient`，不要直接用 fetch。",
        "The one exception to `httpClient`: the health check calls plain fetch.",
    ),
    (
        "Sam owns `ingest-worker` and reviews every PR to it.",
        "Sam owns `billing-worker` and reviews every PR to it.",
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
