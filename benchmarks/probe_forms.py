"""Probe the drift rules with invented sentence pairs, one row per form people write (positive and look-alike).

Usage: python benchmarks/probe_forms.py [-v]

Each row is scanned as its own small store (topic files e0.md, e1.md, e0 the older) at a fixed `now`.
Expectations: "conflict" (a conflict between the two), "duplicate" (a duplicate and no conflict),
"none" (neither), "!conflict" (no conflict; a duplicate is fine), and for one-entry rows
"outdated-number" / "expired-date" (that rule fires) or "quiet" (neither fires).
The rows were written before the rules were run on them; they are a probe, not a tuned fixture.
"""

from __future__ import annotations

import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from curator import rules  # noqa: E402
from tests.support.topic_stores import topic_store  # noqa: E402

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
OLD = 60

PROBES: list[tuple[str, str, tuple[str, ...], int]] = [
    # version pins
    ("version", "conflict", ("Pin pydantic to 1.10 in the API service.", "The API service uses pydantic 2.7."), 0),
    ("version", "conflict", ("We run Node 18 on CI.", "CI runs on Node 20."), 0),
    (
        "version",
        "conflict",
        ("The Terraform AWS provider is pinned to ~> 4.67.", "AWS provider is on 5.x everywhere."),
        0,
    ),
    ("version", "conflict", ("Use Python 3.11 for the backend.", "The backend targets Python 3.12."), 0),
    ("version", "conflict", ("minSdkVersion is 24.", "minSdkVersion 改成 26 了。"), 0),
    ("version", "conflict", ("The web app is on React 18.", "web app uses React 17"), 0),
    ("version", "conflict", ("Prod runs Postgres 15.", "生产环境 Postgres 版本是 14。"), 0),
    ("version", "conflict", ("lodash ^4.17 in package.json", "lodash is pinned at 3.10"), 0),
    ("version", "conflict", ("Keep numpy < 2.0 for the training code.", "The training code uses numpy 2.1."), 0),
    ("version-neg", "none", ("We run Node 18 on CI.", "We run Python 3.12 on CI."), 0),
    ("version-neg", "none", ("Pin requests to 2.31.", "Pin urllib3 to 1.26."), 0),
    (
        "version-neg",
        "none",
        ("The iOS app requires iOS 16 or later.", "The Android app requires Android 13 or later."),
        0,
    ),
    (
        "version-neg",
        "none",
        ("Use Go 1.22 for the payments service.", "Use Go 1.21 for the legacy importer service."),
        0,
    ),
    ("version-neg", "!conflict", ("Keep numpy < 2.0 for the training code.", "The training code uses numpy 1.26."), 0),
    ("version-neg", "!conflict", ("Node >= 18 is required.", "CI runs on Node 20."), 0),
    ("version-neg", "none", ("Node 18 had a memory leak in the worker pool.", "CI runs on Node 20."), 0),
    (
        "version-neg",
        "none",
        ("If you are on Python 3.9, install the backports first.", "The backend targets Python 3.12."),
        0,
    ),
    ("version-neg", "none", ("Chrome 120 broke the date picker.", "We support Chrome 110 and later."), 0),
    ("version-neg", "none", ("Ubuntu 22.04 on the build agents.", "Ubuntu 24.04 on developer laptops."), 0),
    ("version-neg", "none", ("Terraform 1.5 added import blocks.", "We pin Terraform to 1.7."), 0),
    ("version-neg", "none", ("Node 16 reached end of life in 2023.", "We run Node 20."), 0),
    ("version-neg", "none", ("React 19 is out; we'll evaluate it next quarter.", "The web app is on React 18."), 0),
    # cross-language numbers
    ("xlang", "conflict", ("Checkout API timeout is 10 seconds.", "结账接口超时是 30 秒。"), 0),
    ("xlang", "conflict", ("Keep at most 5 Redis connections per worker.", "每个 worker 最多 20 个 Redis 连接。"), 0),
    ("xlang", "conflict", ("The `sync_orders` cron runs every 15 minutes.", "`sync_orders` 每 30 分钟跑一次。"), 0),
    ("xlang", "conflict", ("S3 access logs are kept for 90 days.", "S3 访问日志保留 30 天。"), 0),
    ("xlang", "conflict", ("Image uploads are limited to 5 MB.", "图片上传限制 10MB。"), 0),
    ("xlang", "conflict", ("Login sessions expire after 7 days.", "登录会话 14 天后过期。"), 0),
    ("xlang", "conflict", ("Batch size is 32 for fine-tuning.", "微调的 batch size 是 64。"), 0),
    ("xlang", "conflict", ("The nightly backup keeps 7 copies.", "夜间备份保留 14 份。"), 0),
    ("xlang-neg", "none", ("Checkout API timeout is 10 seconds.", "搜索接口超时 30 秒。"), 0),
    ("xlang-neg", "none", ("Keep at most 5 Redis connections per worker.", "每个 worker 最多 20 个 MySQL 连接。"), 0),
    ("xlang-neg", "none", ("Image uploads are limited to 5 MB.", "视频上传限制 100MB。"), 0),
    ("xlang-neg", "none", ("Login sessions expire after 7 days.", "短信验证码 5 分钟后过期。"), 0),
    ("xlang-neg", "none", ("S3 access logs are kept for 90 days.", "数据库备份保留 30 天。"), 0),
    # EN <-> ZH translations
    (
        "translation",
        "duplicate",
        (
            "Always run database migrations in a separate PR before deploying the code that needs them.",
            "需要数据库迁移时，先单独提一个 PR 跑迁移，再部署依赖它的代码。",
        ),
        0,
    ),
    (
        "translation",
        "duplicate",
        ("Do not log request bodies; they may contain card numbers.", "不要在日志里记录请求体，里面可能有银行卡号。"),
        0,
    ),
    (
        "translation",
        "duplicate",
        ("The staging database is reset every Sunday night.", "测试环境数据库每周日晚上会被重置。"),
        0,
    ),
    (
        "translation",
        "duplicate",
        (
            "Use the feature flag service for gradual rollouts instead of environment variables.",
            "灰度发布用 feature flag 服务，不要用环境变量。",
        ),
        0,
    ),
    (
        "translation",
        "duplicate",
        (
            "The release checklist lives in docs/release.md; update it after every release.",
            "发布清单在 docs/release.md，每次发布后都要更新。",
        ),
        0,
    ),
    (
        "translation-neg",
        "none",
        ("The staging database is reset every Sunday night.", "生产数据库每周日晚上做全量备份。"),
        0,
    ),
    (
        "translation-neg",
        "none",
        ("Do not log request bodies; they may contain card numbers.", "不要在日志里打印用户密码和手机号。"),
        0,
    ),
    # paraphrases
    (
        "paraphrase",
        "duplicate",
        (
            "Warm up the learning rate for the first 500 steps.",
            "For the first 500 steps, the LR is linearly warmed up.",
        ),
        0,
    ),
    (
        "paraphrase",
        "duplicate",
        (
            "The mobile app reads its API base URL from a build-time env var.",
            "The API base URL for the mobile app comes from an environment variable set at build time.",
        ),
        0,
    ),
    (
        "paraphrase",
        "duplicate",
        (
            "Screenshots for the App Store are generated by fastlane snapshot.",
            "We use fastlane snapshot to produce the App Store screenshots.",
        ),
        0,
    ),
    (
        "paraphrase",
        "duplicate",
        (
            "Prefer composition over inheritance in the UI layer.",
            "In the UI layer, favour composing components rather than inheritance.",
        ),
        0,
    ),
    ("paraphrase", "duplicate", ("发版前必须跑一遍全量回归测试。", "每次发版之前都要完整跑一次回归测试。"), 0),
    ("paraphrase", "duplicate", ("图片统一走 CDN，不要直接从源站拉。", "所有图片都通过 CDN 访问，别直连源站。"), 0),
    (
        "paraphrase-neg",
        "none",
        ("Warm up the learning rate for the first 500 steps.", "Decay the learning rate after the first 500 steps."),
        0,
    ),
    (
        "paraphrase-neg",
        "none",
        (
            "Screenshots for the App Store are generated by fastlane snapshot.",
            "Builds for Google Play are uploaded by fastlane supply.",
        ),
        0,
    ),
    # number words
    (
        "numwords",
        "conflict",
        ("We keep a couple of replicas for the search index.", "The search index runs 3 replicas."),
        0,
    ),
    ("numwords", "conflict", ("The crawler uses half a dozen workers.", "The crawler uses 4 workers."), 0),
    ("numwords", "conflict", ("合并前需要俩 reviewer 批准。", "合并前需要 1 个 reviewer 批准。"), 0),
    ("numwords", "conflict", ("接口超时设为一刻钟。", "接口超时设为 5 分钟。"), 0),
    ("numwords", "conflict", ("The deploy window is a quarter of an hour.", "The deploy window is 30 minutes."), 0),
    ("numwords", "conflict", ("值班表里有仨人。", "值班表里有 5 个人。"), 0),
    (
        "numwords",
        "conflict",
        ("Each sprint ships a handful of features — at most five.", "Each sprint ships at most 8 features."),
        0,
    ),
    (
        "numwords-neg",
        "!conflict",
        ("We keep a couple of replicas for the search index.", "The search index runs 2 replicas."),
        0,
    ),
    ("numwords-neg", "!conflict", ("接口超时设为一刻钟。", "接口超时设为 15 分钟。"), 0),
    # limits
    ("limit", "conflict", ("No more than 3 concurrent deploys.", "Up to 5 deploys can run concurrently."), 0),
    ("limit", "conflict", ("The upload cap is 50 MB.", "Uploads are limited to 100 MB."), 0),
    ("limit", "conflict", ("Limit API calls to 100 per minute.", "API rate limit: 60 requests per minute."), 0),
    ("limit", "conflict", ("At least 2 approvals before merging.", "One approval is enough to merge."), 0),
    ("limit", "conflict", ("每个 PR 不超过 400 行改动。", "每个 PR 的改动上限是 800 行。"), 0),
    ("limit-neg", "none", ("At least 2 approvals before merging.", "At most 5 reviewers per PR."), 0),
    ("limit-neg", "none", ("The upload cap is 50 MB.", "Log files rotate at 100 MB."), 0),
    (
        "limit-neg",
        "none",
        ("No more than 3 concurrent deploys.", "No more than 10 concurrent database connections."),
        0,
    ),
    # env vars, CLI flags, JSON / YAML
    ("setting", "conflict", ("Set `WORKER_CONCURRENCY=4` in production.", "WORKER_CONCURRENCY is 8 in production."), 0),
    ("setting", "conflict", ("Run gunicorn with `--workers 4`.", "gunicorn uses --workers 9."), 0),
    ("setting", "conflict", ('`"maxRetries": 3` in config.json', "maxRetries is 5"), 0),
    ("setting", "conflict", ("`replicas: 2` in the helm values for the api", "The api chart sets replicas: 4"), 0),
    ("setting", "conflict", ("HTTP_TIMEOUT=30s", "`HTTP_TIMEOUT` is 60 seconds"), 0),
    (
        "setting",
        "conflict",
        ("export NODE_OPTIONS=--max-old-space-size=4096", "NODE_OPTIONS uses --max-old-space-size=8192"),
        0,
    ),
    ("setting", "conflict", ("pool_size: 10 in database.yml", "database.yml has pool_size 20"), 0),
    ("setting-neg", "none", ("Set `WORKER_CONCURRENCY=4` in production.", "Set `DB_POOL_SIZE=10` in production."), 0),
    ("setting-neg", "none", ("Run gunicorn with `--workers 4`.", "Run celery with `--concurrency 8`."), 0),
    ("setting-neg", "none", ("`replicas: 2` for the api deployment", "`replicas: 4` for the worker deployment"), 0),
    # bytes and durations
    ("units", "conflict", ("The container memory limit is 512 MB.", "The container memory limit is 1 GB."), 0),
    ("units", "conflict", ("The p99 latency budget is 200ms.", "The p99 latency budget is 0.5 s."), 0),
    ("units", "conflict", ("Redis maxmemory is 2gb.", "Redis maxmemory 设为 4GB。"), 0),
    ("units-neg", "!conflict", ("The container memory limit is 1 GB.", "The container memory limit is 1024 MB."), 0),
    ("units-neg", "!conflict", ("The request timeout is 1500ms.", "The request timeout is 1.5s."), 0),
    # choices: moved off, use X not Y, 改用/弃用
    ("choice", "conflict", ("We moved off Jenkins to GitHub Actions.", "CI runs on Jenkins."), 0),
    ("choice", "conflict", ("Use pnpm, not npm.", "Install dependencies with npm install."), 0),
    ("choice", "conflict", ("前端已改用 Vite 构建。", "The frontend builds with webpack."), 0),
    ("choice", "conflict", ("弃用 moment，日期统一用 dayjs。", "Format dates with moment."), 0),
    ("choice", "conflict", ("We switched the orders DB from MySQL to PostgreSQL.", "The orders DB is MySQL."), 0),
    (
        "choice",
        "conflict",
        ("Logs go to Loki now; we dropped Elasticsearch.", "Ship application logs to Elasticsearch."),
        0,
    ),
    ("choice-neg", "!conflict", ("Use pnpm, not npm.", "Use pnpm for installs."), 0),
    (
        "choice-neg",
        "none",
        ("The web repo moved off Jenkins to GitHub Actions.", "The firmware repo builds on Jenkins."),
        0,
    ),
    # polarity
    (
        "polarity",
        "conflict",
        ("Never, under any circumstances, force-push to main.", "Force-pushing to main is fine after a rebase."),
        0,
    ),
    (
        "polarity",
        "conflict",
        ("Avoid raw SQL in the reporting service.", "Always use raw SQL in the reporting service."),
        0,
    ),
    ("polarity", "conflict", ("禁止在周五下午发布。", "周五下午可以发布。"), 0),
    ("polarity", "conflict", ("数据库变更一律走迁移脚本。", "数据库变更不用走迁移脚本。"), 0),
    ("polarity", "conflict", ("Don't ever commit .env files.", "Commit the .env file so CI can read it."), 0),
    (
        "polarity",
        "conflict",
        ("We do not, as a rule, squash commits when merging.", "Always squash commits when merging."),
        0,
    ),
    ("polarity", "conflict", ("别在 main 分支上直接改代码。", "可以直接在 main 分支上改代码。"), 0),
    ("polarity-neg", "none", ("Never force-push to main.", "Force-pushing to your own feature branch is fine."), 0),
    ("polarity-neg", "none", ("Avoid raw SQL in the reporting service.", "Use raw SQL in the migration scripts."), 0),
    ("polarity-neg", "none", ("禁止在周五下午发布。", "周五下午可以开复盘会。"), 0),
    ("polarity", "conflict", ("Never deploy on Fridays.", "Deploying on Fridays is fine for docs-only changes."), 0),
    ("polarity-neg", "none", ("Don't ever commit .env files.", "Commit the lockfile."), 0),
    ("polarity-neg", "none", ("We do not, as a rule, squash commits.", "Always rebase before merging."), 0),
    (
        "numwords-neg",
        "none",
        ("We keep a couple of replicas for the search index.", "The crawler uses a couple of workers."),
        0,
    ),
    ("setting-neg", "none", ("Run make with `-j 8`.", "Run pytest with `-n 4`."), 0),
    ("limit-neg", "none", ("Limit API calls to 100 per minute.", "Limit login attempts to 5 per minute."), 0),
    ("xlang-neg", "none", ("executor 内存用 16g。", "The driver gets 4g of memory."), 0),
    ("xlang-neg", "none", ("Image cache: 200 MB on iOS.", "单张凭证图片最大 5MB。"), 0),
    ("xlang-neg", "none", ("The search index runs 3 replicas.", "订单库 2 个副本。"), 0),
    # round two (written after the first fixes, before running them)
    ("limit", "conflict", ("至少 2 人评审才能合并。", "合并只需要 1 人评审。"), 0),
    ("setting", "conflict", ("`REDIS_TTL` 设为 3600。", "REDIS_TTL=600"), 0),
    (
        "setting",
        "conflict",
        ("`resources.limits.memory: 512Mi` for the api pod", "The api pod memory limit is 1Gi."),
        0,
    ),
    ("setting", "conflict", ("Bumped the crawler worker count to 8.", "The crawler uses 4 workers."), 0),
    ("setting", "conflict", ("接口超时改成 60 秒。", "接口超时 30 秒。"), 0),
    ("limit", "conflict", ("Max 2 concurrent jobs on CI.", "CI runs up to 4 jobs in parallel."), 0),
    ("translation", "duplicate", ("Run `make lint` before pushing.", "push 之前先跑 `make lint`。"), 0),
    (
        "translation",
        "duplicate",
        ("Retry webhooks 3 times with exponential backoff.", "webhook 失败重试 3 次，指数退避。"),
        0,
    ),
    ("paraphrase", "duplicate", ("周五不发版。", "发版不安排在周五。"), 0),
    ("translation-neg", "none", ("Retry webhooks 3 times with exponential backoff.", "邮件发送失败重试 3 次。"), 0),
    ("limit-neg", "none", ("Max 2 concurrent jobs on CI.", "Max 4 concurrent jobs on the staging cluster."), 0),
    ("deadline", "expired-date", ("Due Friday.",), OLD),
    ("deadline", "expired-date", ("截止到下周三。",), OLD),
    ("count", "outdated-number", ("There are 7 open incidents.",), OLD),
    # round three (written after round two's fixes, before running them)
    ("numwords", "conflict", ("Log retention: 14 days.", "We keep logs for a month."), 0),
    ("numwords", "conflict", ("Deploys need two approvals.", "Deploys need a single approval."), 0),
    (
        "units",
        "conflict",
        ("The mobile app polls the server every 30 seconds.", "The app polling interval is 1 minute."),
        0,
    ),
    ("choice", "conflict", ("Use tabs for Go files.", "Go files are indented with spaces."), 0),
    ("choice", "conflict", ("我们用 pnpm 管依赖。", "依赖统一用 yarn 安装。"), 0),
    ("xlang", "conflict", ("备份保留 7 天。", "Backups are retained for two weeks."), 0),
    ("xlang", "conflict", ("Max upload size 10 MB for avatars.", "头像上传最大 2MB。"), 0),
    ("xlang-neg", "none", ("Log retention: 14 days.", "Access tokens expire after 14 days."), 0),
    ("limit-neg", "none", ("Deploys need two approvals.", "Schema changes need two approvals."), 0),
    ("xlang-neg", "none", ("备份保留 7 天。", "日志保留 30 天。"), 0),
    ("limit-neg", "none", ("Max upload size 10 MB for avatars.", "Max upload size 50 MB for documents."), 0),
    (
        "paraphrase",
        "duplicate",
        (
            "Never commit secrets; use the vault CLI to fetch them at runtime.",
            "Secrets must not be committed — fetch them from vault at runtime with the CLI.",
        ),
        0,
    ),
    (
        "translation",
        "duplicate",
        ("跑测试前先 docker compose up 启动依赖。", "Start dependencies with docker compose up before running tests."),
        0,
    ),
    (
        "paraphrase",
        "duplicate",
        ("The release train leaves every Tuesday at 10:00.", "Releases go out Tuesdays at 10:00."),
        0,
    ),
    (
        "paraphrase-neg",
        "none",
        ("The release train leaves every Tuesday at 10:00.", "The release train leaves every Thursday at 10:00."),
        0,
    ),
    ("count", "outdated-number", ("Still 3 services on the old logging library.",), OLD),
    ("count", "outdated-number", ("We have 12 open Dependabot alerts right now.",), OLD),
    ("deadline", "expired-date", ("Freeze ends next Monday.",), OLD),
    # round four: look-alikes only (written before running them)
    ("version-neg", "none", ("Use Node 20 for local dev.", "The Lambda runtime is Node 18."), 0),
    ("version-neg", "none", ("Node 20 upgrade is planned for next quarter.", "CI runs Node 18."), 0),
    ("version-neg", "none", ("The Android app targets SDK 34.", "The Android app's minSdk is 24."), 0),
    ("version-neg", "none", ("We support iOS 15+.", "The watch app supports watchOS 9+."), 0),
    ("limit-neg", "none", ("Staging has 2 replicas.", "Prod has 6 replicas."), 0),
    ("limit-neg", "none", ("The free plan allows 3 projects.", "The team plan allows 10 projects."), 0),
    ("limit-neg", "none", ("p95 latency target: 300 ms.", "p99 latency target: 800 ms."), 0),
    ("xlang-neg", "none", ("免费版最多 3 个项目。", "The team plan allows up to 10 projects."), 0),
    ("units-neg", "none", ("Cache TTL for the product page is 60s.", "Cache TTL for search results is 5 minutes."), 0),
    ("paraphrase-neg", "none", ("每周一发周报。", "每周五复盘。"), 0),
    ("polarity-neg", "none", ("Never log PII.", "Log request IDs on every error."), 0),
    ("choice-neg", "!conflict", ("Don't use moment in new code.", "Old reports still use moment."), 0),
    ("limit-neg", "none", ("The queue worker retries 3 times.", "The HTTP client retries 5 times."), 0),
    ("units-neg", "none", ("Sprint length is 2 weeks.", "The release cycle is 4 weeks."), 0),
    ("xlang-neg", "none", ("测试环境 Redis 最大内存 2GB。", "生产环境 Redis maxmemory 8gb。"), 0),
    ("units-neg", "none", ("Review PRs within 24 hours.", "Respond to incidents within 15 minutes."), 0),
    ("deadline-neg", "quiet", ("EOW: ship the export feature.",), 2),
    # round five (written before running them)
    ("paraphrase", "duplicate", ("发布窗口是每周二、四下午。", "每周二和周四下午发版。"), 0),
    ("limit", "conflict", ("超时重试最多 3 次。", "重试上限 5 次。"), 0),
    ("limit", "conflict", ("Keep PRs under 400 lines.", "PRs may be up to 800 lines."), 0),
    ("limit-neg", "none", ("Keep PRs under 400 lines.", "Keep functions under 50 lines."), 0),
    ("limit-neg", "none", ("超时重试最多 3 次。", "登录失败最多 5 次后锁定账号。"), 0),
    ("polarity-neg", "none", ("Never deploy on Fridays.", "Deploy the docs site any day."), 0),
    ("polarity-neg", "none", ("不要在主分支上直接提交。", "在自己的分支上可以直接提交。"), 0),
    ("units-neg", "none", ("The nightly job runs at 02:00 UTC.", "The weekly job runs at 03:00 UTC."), 0),
    ("version-neg", "none", ("Android minSdk is 24.", "iOS deployment target is 15."), 0),
    ("version-neg", "none", ("pnpm 9 is required.", "Node 20 is required."), 0),
    ("limit-neg", "!conflict", ("Coverage must stay above 80%.", "Coverage is 76% right now."), 0),
    ("xlang-neg", "none", ("每个 PR 至少 1 个 reviewer。", "Releases need 2 approvers."), 0),
    # deadlines
    ("deadline", "expired-date", ("Migrate the billing cron no later than 2026-10-15.",), OLD),
    ("deadline", "expired-date", ("Finish the API docs by EOW.",), OLD),
    ("deadline", "expired-date", ("Dark mode has to ship by Q3 2026.",), OLD + 30),
    ("deadline", "expired-date", ("下周五前把日志迁到 Loki。",), OLD),
    ("deadline", "expired-date", ("月底前清理旧的 S3 bucket。",), OLD),
    ("deadline", "expired-date", ("The staging TLS cert expires 2026-11-01.",), OLD),
    ("deadline", "expired-date", ("The temporary feature flag expires on Nov 1.",), OLD),
    ("deadline", "expired-date", ("The code freeze lasts until October 20.",), OLD),
    ("deadline", "expired-date", ("本周内完成支付模块的 review。",), OLD),
    ("deadline", "expired-date", ("Get the audit done by end of next week.",), OLD),
    ("deadline", "expired-date", ("10 月 20 日之前不要合并大改动。",), OLD),
    ("deadline-neg", "quiet", ("Migrate the billing cron no later than 2027-03-01.",), OLD),
    ("deadline-neg", "quiet", ("Ship it by Q1 2027.",), OLD),
    ("deadline-neg", "quiet", ("下周五前把日志迁到 Loki。",), 2),
    ("deadline-neg", "quiet", ("The staging TLS cert expires 2027-06-01.",), OLD),
    ("deadline-neg", "quiet", ("We migrated the logs to Loki on 2026-10-15.",), OLD),
    ("deadline-neg", "quiet", ("Finish the report by end of month.",), 2),
    ("deadline", "expired-date", ("The sale runs until next week.",), OLD),
    ("deadline-neg", "quiet", ("We ship every week.",), OLD),
    ("deadline-neg", "quiet", ("Renew the cert by next month.",), 2),
    ("deadline-neg", "quiet", ("The API was broken until today.",), OLD),
    # point-in-time counts
    ("count", "outdated-number", ("12 flaky tests left in the payments suite.",), OLD),
    ("count", "outdated-number", ("Down to 7 open Sentry issues.",), OLD),
    ("count", "outdated-number", ("还剩 23 个接口没迁移到 v2。",), OLD),
    ("count", "outdated-number", ("目前 5 个服务还在用 Python 2。",), OLD),
    ("count", "outdated-number", ("Only 3 TODOs remain in the parser.",), OLD),
    ("count", "outdated-number", ("We still have 40 pages using the old layout.",), OLD),
    ("count", "outdated-number", ("还有俩 bug 没修。",), OLD),
    ("count", "outdated-number", ("4 tickets left before the release.",), OLD),
    ("count", "outdated-number", ("目前有 8 个 PR 待审。",), OLD),
    ("count", "outdated-number", ("We're down to 2 failing e2e specs.",), OLD),
    ("count", "outdated-number", ("There are currently 15 open Dependabot PRs.",), OLD),
    ("count", "outdated-number", ("当前还剩十几个页面没适配暗色模式。",), OLD),
    ("count-neg", "quiet", ("The cluster has 3 master nodes by design.",), OLD),
    ("count-neg", "quiet", ("Keep 3 replicas of every shard.",), OLD),
    ("count-neg", "quiet", ("每个分片 3 个副本。",), OLD),
    ("count-neg", "quiet", ("Each pod gets 2 CPU cores.",), OLD),
    ("count-neg", "quiet", ("The API exposes 12 endpoints per the OpenAPI spec.",), OLD),
    ("count-neg", "quiet", ("12 flaky tests left in the payments suite.",), 3),
]


def scan(texts: tuple[str, ...], days: int) -> set[str]:
    """The drift rules that fire on a store of these texts (pairs: between the two; single: on the entry)."""
    with tempfile.TemporaryDirectory() as directory:
        ages = [days or 20 - 10 * position for position in range(len(texts))]
        store = topic_store(Path(directory), texts, ages, NOW, "project")
        return {finding.rule for finding in rules.analyze(store, now=NOW).findings if finding.rule in rules.RULE_IDS}


def passes(expect: str, fired: set[str]) -> bool:
    if expect == "conflict":
        return "conflict" in fired
    if expect == "duplicate":
        return "duplicate" in fired and "conflict" not in fired
    if expect == "none":
        return not fired & {"conflict", "duplicate"}
    if expect == "!conflict":
        return "conflict" not in fired
    if expect == "quiet":
        return not fired & {"outdated-number", "expired-date"}
    return expect in fired


def main() -> None:
    verbose = "-v" in sys.argv
    by_form: dict[str, list[int]] = {}
    for form, expect, texts, days in PROBES:
        fired = scan(texts, days)
        ok = passes(expect, fired)
        tally = by_form.setdefault(form, [0, 0])
        tally[0] += ok
        tally[1] += 1
        if verbose and not ok:
            print(
                f"FAIL {form:<16} want {expect:<16} got {sorted(fired & {'conflict', 'duplicate', 'outdated-number', 'expired-date'})} {texts}"
            )
    total = sum(passed for passed, _ in by_form.values())
    for form, (passed, count) in by_form.items():
        print(f"{form:<16} {passed:>3}/{count}")
    print(f"{'all':<16} {total:>3}/{len(PROBES)}")


if __name__ == "__main__":
    main()
