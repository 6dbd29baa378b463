"""Candidate conflicts whose two clauses are plainly about different things, read from the lead each clause opens with:
two code names, two labels of one shape, a staging-only and a prod-only rule, a repository of its own, the person who
acted; and true conflicts of the same shapes, which must survive.

Sentences are written here, not copied from any store.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.choices import ChoiceTable
from curator.rules.conflict.apart import apart, labels_apart
from curator.rules.conflict.clash import Clash
from curator.rules.facts.leads import lead
from curator.rules.facts.versions import versions
from curator.rules.tool_moves import pairs, removed
from tests.rules.test_blind2_forms import PAIR, findings

LOOK_ALIKES_EN = [
    (
        "billing-api keeps idle sessions in Redis for 30 minutes.",
        "search-indexer keeps idle sessions in Redis for 10 minutes.",
    ),
    (
        "payments-worker in prod: between 2 and 8 replicas on CPU 60 %.",
        "ledger-sync in prod: between 1 and 3 replicas on CPU 75 %.",
    ),
    (
        "Never run `terraform apply` against the prod workspace from a laptop.",
        "On the staging workspace it's fine to run `terraform apply` from a laptop while debugging.",
    ),
    (
        "The legacy `docs-site` repo still builds with Yarn and `yarn.lock`.",
        "Frontend packages: pnpm only, never Yarn.",
    ),
    (
        "Training on the H100 pool uses bf16 mixed precision.",
        "The V100 boxes don't support bf16, so evaluation there runs in fp16.",
    ),
    ("Node 18 on every service.", "The Node 22 / pnpm 9 upgrade is scheduled for the week of 2027-02-01."),
]

LOOK_ALIKES_ZH = [
    ("第二章的实验：每个配置跑 3 个 seed。", "第五章的实验：每个配置跑 5 个 seed。"),
    ("文档站在单独的 `docs-site` 仓库，用 yarn 装依赖。", "包管理统一用 pnpm，不要用 yarn 装依赖。"),
    ("动画统一用 Spine，不要用 Unity 的 Animator 做骨骼动画。", "支付校验用 Unity IAP 自带的 validator。"),
    ("Deno 函数的依赖写在 `deno.json` 里，或者用 `npm:` specifier 引入。", "包管理统一用 pnpm，不要用 npm 装依赖。"),
    (
        "Flutter 3.16 项目，目标平台 iOS / Android。",
        "Flutter 3.16 升级到 Flutter 3.22 要在第三季度结束前完成，升级分支 `upgrade/flutter`。",
    ),
    (
        "Payments contacts: Ines（Stripe 和 Adyen 的对接人，也管 `payments-gateway` 的 on-call）",
        "No per-provider webhook handlers; Ines removed the last hand-written one in May.",
    ),
]

CONFLICTS_EN = [
    ("Invite link expiry: 7 days.", "Invite link expiry: 48 hours."),
    (
        "billing-api keeps idle sessions in Redis for 30 minutes.",
        "billing-api now keeps idle sessions in Redis for 2 hours.",
    ),
    (
        "payments-worker in prod: between 2 and 8 replicas on CPU 60 %.",
        "payments-worker in prod: between 4 and 12 replicas on CPU 60 %.",
    ),
    ("Always squash-merge PRs into `main`.", "Never squash: merge with rebase so each change stays a separate commit."),
    (
        "Never run `terraform apply` against prod from a laptop.",
        "For prod hotfixes it's fine to run `terraform apply` from a laptop.",
    ),
    ("Node 18 on every service.", "All services run Node 22 now."),
]

CONFLICTS_ZH = [
    ("开票接口超时 30 秒。", "开票接口超时改成 60 秒了。"),
    ("第二章的实验：每个配置跑 3 个 seed。", "第二章的实验：每个配置跑 5 个 seed。"),
    ("`order-service` 连接池上限 20。", "`order-service` 连接池上限改成 50 了。"),
    ("包管理统一用 pnpm，不要用 yarn 装依赖。", "前端依赖用 yarn 装。"),
    ("生产环境禁止手动执行 `kubectl delete`。", "生产环境紧急情况可以直接手动执行 `kubectl delete`。"),
    ("项目用 Go 1.21。", "项目现在用 Go 1.23。"),
]


@pytest.mark.parametrize("texts", LOOK_ALIKES_EN + LOOK_ALIKES_ZH)
def test_clauses_about_different_things_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", CONFLICTS_EN + CONFLICTS_ZH)
def test_true_conflicts_of_the_same_shape_survive(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


def _clash(one: str, other: str, **detail: object) -> Clash:
    return Clash("number", {0: one, 1: other}, dict(detail))


APART = [
    ("tracking-svc caches positions in Redis.", "route-svc caches matrices in-process."),
    ("`orders` 表保留 90 天。", "`users` 表保留 30 天。"),
    ("Invite link expiry: 7 days.", "Reset link expiry: 24 hours."),
    ("开票接口超时 30 秒。", "退款接口超时 10 秒。"),
    ("第三章的主表：每个设置跑 3 个 seed。", "第四章的主表：每个设置跑 5 个 seed。"),
    (
        "Never `kubectl apply` against the prod cluster by hand.",
        "On the staging cluster it's fine to `kubectl apply` by hand.",
    ),
    ("生产集群禁止手动 `kubectl apply`。", "预发集群可以手动 `kubectl apply` 调试。"),
    ("The slides live in a separate `talks` repo and build with pdflatex.", "Always build with xelatex."),
    ("组会 slides 在单独的 `slides` 仓库，用 pdflatex 编。", "LaTeX 统一用 xelatex 编译。"),
    ("单个资源包不超过 8 MB。", "远程资源现在总共 412 MB。"),
    ("Each export file stays under 50 MB.", "The nightly exports come to 2 GB in total."),
]

TOGETHER = [
    ("tracking-svc caches positions in Redis for 10 minutes.", "tracking-svc now caches positions for an hour."),
    ("`orders` 表保留 90 天。", "`orders` 表保留改成 180 天了。"),
    ("Invite link expiry: 7 days.", "Invite link expiry: 48 hours."),
    ("开票接口超时 30 秒。", "开票接口超时改成 60 秒了。"),
    ("Presence diffs are broadcast at most once every 1500 ms.", "Presence broadcasts are throttled to one every 3 s."),
    ("Upload limit: 10 MB.", "Avatar upload limit: 2 MB."),
    (
        "Never `kubectl apply` against the prod cluster by hand.",
        "In prod it's fine to `kubectl apply` a hotfix by hand.",
    ),
    ("生产集群禁止手动 `kubectl apply`。", "紧急情况可以手动 `kubectl apply`。"),
    ("Build the thesis with `latexmk -lualatex`.", "LaTeX 统一用 xelatex 编译。"),
    ("单个资源包不超过 8 MB。", "每个资源包控制在 16 MB 以内。"),
    ("数据库迁移必须先在预发跑一遍。", "迁移脚本不用先在预发跑了，直接上生产。"),
    ("Migrations must run on staging first.", "No need to run migrations on staging first; go straight to prod."),
    ("Each export file stays under 50 MB.", "Export files are capped at 100 MB each."),
]


@pytest.mark.parametrize(("one", "other"), APART)
def test_leads_that_name_different_things_are_apart(one: str, other: str) -> None:
    assert apart(_clash(one, other))
    assert apart(_clash(other, one))


@pytest.mark.parametrize(("one", "other"), TOGETHER)
def test_leads_of_one_thing_or_of_none_are_not_apart(one: str, other: str) -> None:
    assert not apart(_clash(one, other))
    assert not apart(_clash(other, one))


def test_same_shape_needs_the_same_head() -> None:
    assert labels_apart(lead("Invite link expiry: 7 days."), lead("Reset link expiry: 1 day."))
    assert not labels_apart(lead("Presence diffs are sent every 2 s."), lead("Presence broadcasts are sent every 3 s."))
    assert not labels_apart(lead("Invite link expiry: 7 days."), lead("Invite link expiry: 1 day."))


@pytest.mark.parametrize(
    ("clause", "opens_with"),
    [
        ("tracking-api keeps the last position in Redis.", ("track", "api")),
        ("第三章的主表：每个设置跑 3 个 seed。", ("第三章", "主表")),
        ("`supabase/functions/` 下是 Deno。", ("supabas", "function")),
        ("restic keeps 7 daily snapshots.", ("restic",)),
        ("Never squash: merge with rebase.", ()),
        ("Use `ruff` for lint.", ()),
        ("用户说：新组件统一用 Options API。", ()),
        ("不要用 npm 装依赖。", ()),
    ],
)
def test_a_lead_is_the_subject_a_clause_opens_with(clause: str, opens_with: tuple[str, ...]) -> None:
    assert lead(clause).words == opens_with


def test_the_person_who_acted_is_no_tool() -> None:
    assert lead("Priya removed the last hand-rolled loop in August.").actor == "priya"
    assert lead("Crashlytics was removed in August.").actor == ""
    assert lead("Jenkins runs the nightly builds.").actor == ""
    clash = Clash(
        "polarity",
        {0: "Carrier integrations: Priya (DHL, UPS).", 1: "Priya removed the last hand-rolled loop in August."},
        {"choices": {"a.md": "pos priya", "b.md": "neg priya"}},
    )
    assert apart(clash)
    assert removed("Priya removed the last hand-rolled loop in August.") == []
    assert removed("The Crashlytics SDK was removed in August.") == ["crashlytics"]
    assert removed("Crashlytics SDK removed; Sentry took over.") == ["crashlytics"]


def test_an_owner_named_before_its_thing_is_no_tool_choice() -> None:
    assert pairs("动画统一用 Spine，不要用 Unity 的 Animator。") == []
    assert pairs("Use Spine, not Unity's Animator.") == []
    assert pairs("统一用 Loki，不要用 ELK。") == [("elk", "loki")]
    assert pairs("Use Spine, not Unity.") == [("unity", "spine")]


def test_a_specifier_prefix_is_no_tool() -> None:
    table = ChoiceTable()
    assert "npm" not in {stance.member for stance in table.stances("或者用 `npm:` specifier 引入依赖。")}
    assert "npm" in {stance.member for stance in table.stances("依赖用 npm 装。")}


def test_a_planned_upgrade_names_no_version_in_use() -> None:
    assert versions("The Elixir 1.18 / OTP 27 upgrade is scheduled for the week of 2027-01-11.") == ()
    assert versions("Unity 2022.3 升级到 Unity 6 要在第三季度结束前完成。") == ()
    assert [version.name for version in versions("项目用 Go 1.23。")] == ["go"]
