"""Forms people write that the drift rules read: one row per form, each positive beside a look-alike that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.numwords import normalise
from curator.rules.facts.versions import incompatible, versions
from tests.rules.test_facts import scan

CONFLICT = [("conflict", ["e0.md", "e1.md"])]
DUPLICATE = [("duplicate", ["e0.md", "e1.md"])]


def pair_findings(tmp_path: Path, *texts: str) -> list[tuple[str, list[str]]]:
    return [found for found in scan(tmp_path, *texts) if found[0] in ("conflict", "duplicate")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We keep a couple of replicas", "We keep 2 replicas"),
        ("a pair of reviewers", "2 reviewers"),
        ("a quarter of an hour", "15 minutes"),
        ("three quarters of an hour", "45 minutes"),
        ("俩 reviewer", "2 reviewer"),
        ("值班表里有仨人", "值班表里有3人"),
        ("他俩都在", "他俩都在"),
        ("超时一刻钟", "超时15分钟"),
        ("还剩十几个页面", "还剩11-19个页面"),
    ],
)
def test_colloquial_number_words(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("Pin pydantic to 1.10 in the API service.", [("pydantic", (1, 10), (1, 11))]),
        ("We run Node 18 on CI.", [("node", (18,), (19,))]),
        ("The AWS provider is pinned to `~> 4.67`.", [("provider", (4, 67), (5,))]),
        ("The AWS provider is on 5.x everywhere.", [("provider", (5,), (6,))]),
        ("lodash ^4.17 in package.json", [("lodash", (4, 17), (5,))]),
        ("Keep numpy < 2.0 for the training code.", [("numpy", (-1,), (2, 0))]),
        ("Node >= 18 is required.", [("node", (18,), (10**9,))]),
        ("The iOS app requires iOS 16 or later.", [("ios", (16,), (10**9,))]),
        ("Android minSdkVersion is 24.", [("minsdk", (24,), (25,))]),
        ("minSdk 提到 26 了", [("minsdk", (26,), (27,))]),
        ("生产环境 Postgres 版本是 14。", [("postgres", (14,), (15,))]),
        ("upgrade Node from 16 to 18", [("node", (18,), (19,))]),
        ("Node 20 rather than Node 18", [("node", (20,), (21,))]),
        ("Postgres on 5433, Redis on 6380", []),
        ("Shipping: free above 50 EUR, otherwise 4.90 EUR", []),
        ("Two P1 bugs, both on iOS 17 keyboards", []),
        ("Released v2.3.1 yesterday", []),
        ("F1 0.71 on the dev set; peak lr 3e-4", []),
        ("Use GPT-4 for summaries", []),
    ],
)
def test_version_claims(statement: str, expected: list[tuple]) -> None:
    assert [(v.name, v.low, v.high) for v in versions(statement)] == expected


def test_version_intervals_meet_or_not() -> None:
    (pinned,) = versions("numpy < 2.0")
    (new,) = versions("numpy 2.1")
    (old,) = versions("numpy 1.26")
    assert incompatible(pinned, new)
    assert not incompatible(pinned, old)


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # version pins
        (("Pin pydantic to 1.10 in the API service.", "The API service uses pydantic 2.7."), CONFLICT),
        (("We run Node 18 on CI.", "CI runs on Node 20."), CONFLICT),
        (("Keep numpy < 2.0 for the training code.", "The training code uses numpy 2.1."), CONFLICT),
        (("minSdkVersion is 24.", "minSdkVersion 改成 26 了。"), CONFLICT),
        (("We run Node 18 on CI.", "We run Python 3.12 on CI."), []),
        (("Node 18 had a memory leak in the worker pool.", "CI runs on Node 20."), []),
        (("If you are on Python 3.9, install the backports first.", "The backend targets Python 3.12."), []),
        (("Terraform 1.5 added import blocks.", "We pin Terraform to 1.7."), []),
        (("React 19 is out; we'll evaluate it next quarter.", "The web app is on React 18."), []),
        (("Use Go 1.22 for the payments service.", "Use Go 1.21 for the legacy importer service."), []),
        (("Node >= 18 is required.", "CI runs on Node 20."), []),
        (("The ML service uses Python 3.10.", "The API uses Python 3.12."), []),
        (("Use Node 20 for local dev.", "The Lambda runtime is Node 18."), []),
        (("Node 20 upgrade is planned for next quarter.", "CI runs Node 18."), []),
        (("The Android app targets SDK 34.", "The Android app's minSdk is 24."), []),
        (("The ML service uses Python 3.10.", "The ML service runs Python 3.12."), CONFLICT),
        (("The iOS app requires iOS 16 or later.", "The Android app requires Android 13 or later."), []),
        # cross-language numbers without a fixture glossary word
        (("Keep at most 5 Redis connections per worker.", "每个 worker 最多 20 个 Redis 连接。"), CONFLICT),
        (("Login sessions expire after 7 days.", "登录会话 14 天后过期。"), CONFLICT),
        (("Batch size is 32 for fine-tuning.", "微调的 batch size 是 64。"), CONFLICT),
        (("The nightly backup keeps 7 copies.", "夜间备份保留 14 份。"), CONFLICT),
        (("S3 access logs are kept for 90 days.", "S3 访问日志保留 30 天。"), CONFLICT),
        (("Checkout API timeout is 10 seconds.", "结账接口超时是 30 秒。"), CONFLICT),
        (("Checkout API timeout is 10 seconds.", "搜索接口超时 30 秒。"), []),
        (("Image uploads are limited to 5 MB.", "视频上传限制 100MB。"), []),
        (("Keep at most 5 Redis connections per worker.", "每个 worker 最多 20 个 MySQL 连接。"), []),
        (("Login sessions expire after 7 days.", "短信验证码 5 分钟后过期。"), []),
        (("executor 内存用 16g。", "The driver gets 4g of memory."), []),
        (("Image cache: 200 MB on iOS.", "单张凭证图片最大 5MB。"), []),
        (("Val loss during the first 200 steps is noise.", "eval 每 500 步跑一次。"), []),
        # number words and limits
        (("We keep a couple of replicas for the search index.", "The search index runs 3 replicas."), CONFLICT),
        (("We keep a couple of replicas for the search index.", "The search index runs 2 replicas."), DUPLICATE),
        (("合并前需要俩 reviewer 批准。", "合并前需要 1 个 reviewer 批准。"), CONFLICT),
        (("接口超时设为一刻钟。", "接口超时设为 5 分钟。"), CONFLICT),
        (("The deploy window is a quarter of an hour.", "The deploy window is 30 minutes."), CONFLICT),
        (("No more than 3 concurrent deploys.", "Up to 5 deploys can run concurrently."), CONFLICT),
        (("No more than 3 concurrent deploys.", "No more than 10 concurrent database connections."), []),
        (("Limit API calls to 100 per minute.", "API rate limit: 60 requests per minute."), CONFLICT),
        (('`"maxRetries": 3` in config.json', "maxRetries is 5"), CONFLICT),
        (("The container memory limit is 1 GB.", "The container memory limit is 1024 MB."), DUPLICATE),
        (("The container memory limit is 512 MB.", "The container memory limit is 1 GB."), CONFLICT),
        # polarity: negation far from the verb, "X is fine", 不用 / 一律, and the duplicate gate
        (
            ("Never, under any circumstances, force-push to main.", "Force-pushing to main is fine after a rebase."),
            CONFLICT,
        ),
        (("Never force-push to main.", "Force-pushing to your own feature branch is fine."), []),
        (("Don't ever commit .env files.", "Commit the .env file so CI can read it."), CONFLICT),
        (("We do not, as a rule, squash commits when merging.", "Always squash commits when merging."), CONFLICT),
        (("数据库变更一律走迁移脚本。", "数据库变更不用走迁移脚本。"), CONFLICT),
        (("禁止在周五下午发布。", "周五下午可以发布。"), CONFLICT),
        (("禁止在周五下午发布。", "周五下午可以开复盘会。"), []),
        (("不要在本地手动 archive 上传。", "紧急修复可以在本地 Xcode 直接 archive 上传 TestFlight。"), CONFLICT),
        (("不要在本地手动 archive 上传。", "可以在本地手动 archive 测试包。"), []),
        # a leading condition before "always", JVM-style sizes, flags after "with", spaces are indentation
        (
            (
                "Never push straight to main; every change goes through a PR with one approving review.",
                "During a P1 (payments failing in prod) always push the hotfix directly to main and open the PR afterwards.",
            ),
            CONFLICT,
        ),
        (("spark.executor.memory 设成 8g。", "executor 内存用 16g，8g 的时候 shuffle 经常 OOM。"), CONFLICT),
        (
            ("Tests: run `uv run pytest -n 4`.", "Run pytest with `-n 8`; with four workers the suite is slow."),
            CONFLICT,
        ),
        (("Indent with 2 spaces.", "Use 4 spaces in TypeScript files as well as everywhere else."), CONFLICT),
        (("Indent with 2 spaces.", "Commit messages: 2 lines max."), []),
        # changed-to values, Kubernetes sizes, Chinese "at least"
        (("Bumped the crawler worker count to 8.", "The crawler uses 4 workers."), CONFLICT),
        (("Bumped the crawler worker count to 8.", "The indexer uses 4 workers."), []),
        (("至少 2 人评审才能合并。", "合并只需要 1 人评审。"), CONFLICT),
        (("`REDIS_TTL` 设为 3600。", "REDIS_TTL=600"), CONFLICT),
        (("Max 2 concurrent jobs on CI.", "CI runs up to 4 jobs in parallel."), CONFLICT),
        (("Max 2 concurrent jobs on CI.", "Max 4 concurrent jobs on the staging cluster."), []),
        (("Retry webhooks 3 times with exponential backoff.", "webhook 失败重试 3 次，指数退避。"), DUPLICATE),
        (("Retry webhooks 3 times with exponential backoff.", "邮件发送失败重试 3 次。"), []),
        # months and years as durations, intervals, what a size is for, status codes, weekdays
        (("Log retention: 14 days.", "We keep logs for a month."), CONFLICT),
        (("Log retention: 30 days.", "We keep logs for a month."), []),
        (("The mobile app polls the server every 30 seconds.", "The app polling interval is 1 minute."), CONFLICT),
        (("Max upload size 10 MB for avatars.", "Max upload size 50 MB for documents."), []),
        (("`resources.limits.memory: 512Mi` for the api pod", "The api pod memory limit is 1Gi."), CONFLICT),
        (("Cache TTL for the product page is 60s.", "Cache TTL for search results is 5 minutes."), []),
        (("Cache TTL for search results is 60s.", "Cache TTL for search results is 5 minutes."), CONFLICT),
        (("The free plan allows 3 projects.", "The team plan allows 10 projects."), []),
        (("测试环境 Redis 最大内存 2GB。", "生产环境 Redis maxmemory 8gb。"), []),
        (("Max upload size 10 MB for avatars.", "头像上传最大 2MB。"), CONFLICT),
        (
            (
                "Gotcha: the image CDN caches 404s for an hour, so purge the path after uploading.",
                "Gotcha: after uploading, purge the path, because the image CDN caches 404s for an hour.",
            ),
            DUPLICATE,
        ),
        (("The release train leaves every Tuesday at 10:00.", "The release train leaves every Thursday at 10:00."), []),
        # a status is no answer to a goal; weekdays that overlap are not different
        (("Coverage must stay above 80%.", "Coverage is 76% right now."), []),
        (("Coverage must stay above 80%.", "Coverage must stay above 70%."), []),
        (("Keep PRs under 400 lines.", "PRs may be up to 800 lines."), CONFLICT),
        (("Keep PRs under 400 lines.", "Keep functions under 50 lines."), []),
        (("超时重试最多 3 次。", "重试上限 5 次。"), CONFLICT),
        (("超时重试最多 3 次。", "登录失败最多 5 次后锁定账号。"), []),
        (("发布窗口是每周二、四下午。", "每周二和周四下午发版。"), DUPLICATE),
        # moved off X to Y; a CI service is one choice
        (("We moved off Jenkins to GitHub Actions.", "CI runs on Jenkins."), CONFLICT),
        (("The web repo moved off Jenkins to GitHub Actions.", "The firmware repo builds on Jenkins."), []),
        # paraphrases the static model scores low, found by agreeing facts (same numbers, shared words)
        (
            (
                "Don't trust val loss from the first 200 steps; the dataloader shuffles the eval set late.",
                "Val loss during the first 200 steps is meaningless: the eval set only gets shuffled later by the loader.",
            ),
            DUPLICATE,
        ),
        (
            (
                "Warm up the learning rate for the first 500 steps.",
                "For the first 500 steps, the LR is linearly warmed up.",
            ),
            DUPLICATE,
        ),
        (
            (
                "Don't trust val loss from the first 200 steps; the dataloader shuffles the eval set late.",
                "Val loss during the first 500 steps is meaningless: the eval set only gets shuffled later by the loader.",
            ),
            [],
        ),
        # English <-> Chinese translations (mixed entries count as Chinese; modal words left out)
        (
            (
                "Do not log request bodies; they may contain card numbers.",
                "不要在日志里记录请求体，里面可能有银行卡号。",
            ),
            DUPLICATE,
        ),
        (
            (
                "The release checklist lives in docs/release.md; update it after every release.",
                "发布清单在 docs/release.md，每次发布后都要更新。",
            ),
            DUPLICATE,
        ),
        (
            (
                "All gameplay actions go through the Input System action map; never poll Input.GetKey.",
                "所有玩法操作都走 Input System 的 action map，不要用 Input.GetKey 轮询。",
            ),
            DUPLICATE,
        ),
        (("The staging database is reset every Sunday night.", "生产数据库每周日晚上做全量备份。"), []),
        (("Do not log request bodies; they may contain card numbers.", "不要在日志里打印用户密码和手机号。"), []),
    ],
)
def test_forms_between_two_entries(tmp_path: Path, texts: tuple[str, ...], expected: list) -> None:
    assert pair_findings(tmp_path, *texts) == expected


@pytest.mark.parametrize(
    ("text", "days", "expected"),
    [
        ("Finish the API docs by EOW.", 60, ["expired-date"]),
        ("Get the audit done by end of next week.", 60, ["expired-date"]),
        ("本周内完成支付模块的 review。", 60, ["expired-date"]),
        ("Migrate the billing cron no later than 2026-10-15.", 60, ["expired-date"]),
        ("Finish the API docs by EOW.", 3, []),
        ("目前还剩 5 个 ablation 没跑完，本周内结束。", 3, []),
        ("Finish the report by end of month.", 2, []),
        ("Freeze ends next Monday.", 60, ["expired-date"]),
        ("Still 3 services on the old logging library.", 60, ["outdated-number"]),
        ("Migrate the billing cron no later than 2027-03-01.", 60, []),
        ("目前 5 个服务还在用 Python 2。", 60, ["outdated-number"]),
        ("还有俩 bug 没修。", 60, ["outdated-number"]),
        ("当前还剩十几个页面没适配暗色模式。", 60, ["outdated-number"]),
        ("每个分片 3 个副本。", 60, []),
        ("The cluster has 3 master nodes by design.", 60, []),
    ],
)
def test_forms_in_one_entry(tmp_path: Path, text: str, days: int, expected: list[str]) -> None:
    found = [rule for rule, _ in scan(tmp_path, text, days=(days,)) if rule in ("expired-date", "outdated-number")]
    assert found == expected
