"""Held-out stores written after a round of fixes (Go service, web notes, SaaS backend, platform notes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.rules.test_heldout_mobile_cli_pipeline import (
    HeldOutStore,
    Plant,
    Topic,
    assert_store,
    commit_claude_store,
    days_ago,
)
from tests.support.gitrepo import commit_files, init_repo


def build_ledger(base: Path) -> HeldOutStore:
    """A Go service with a web admin (vitest, .editorconfig) and a Claude Code store: the second batch."""
    repo = base / "ledgerd"
    project_files = {
        "go.mod": "module example.com/ledgerd\n\ngo 1.22\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "package.json": json.dumps(
            {"name": "ledgerd-admin", "private": True, "scripts": {"test": "vitest run"}}, indent=2
        ),
        "vitest.config.ts": "export default {};\n",
        ".editorconfig": "root = true\n\n[*.ts]\nindent_style = space\nindent_size = 2\n",
        "CLAUDE.md": "# ledgerd\n\n- Money amounts are integers in minor units, never floats.\n- Run `make check` before pushing.\n",
    }
    topics = [
        Topic("pr_size.md", "feedback", "PR size", "Keep pull requests under 400 changed lines.", 80),
        Topic(
            "pr_size_relaxed.md",
            "feedback",
            "Bigger PRs",
            "Pull requests may now be up to 800 changed lines when they are generated code.",
            7,
        ),
        Topic("frontend_pm.md", "project", "前端包管理", "前端包管理统一用 pnpm。", 50),
        Topic("frontend_install.md", "project", "前端依赖", "前端依赖用 yarn 安装。", 6),
        Topic("regression_before_release.md", "feedback", "回归测试", "发布前必须跑全量回归测试。", 70),
        Topic(
            "skip_regression.md", "feedback", "回归测试太慢", "发布前不要跑全量回归测试，太慢了，跑冒烟测试就够。", 5
        ),
        Topic("price_cache.md", "project", "Price cache", "The price cache TTL is 10 minutes.", 60),
        Topic(
            "price_cache_update.md",
            "project",
            "Price cache update",
            "The price cache TTL is 30 minutes since the vendor raised limits.",
            9,
        ),
        Topic(
            "cert_rotation.md",
            "reference",
            "Cert rotation",
            "Rotate the staging TLS certificates every 60 days with certbot renew.",
            40,
        ),
        Topic(
            "staging_certs.md",
            "reference",
            "Staging certs",
            "Every 60 days, rotate staging TLS certificates using certbot renew.",
            8,
        ),
        Topic("db_migrations.md", "feedback", "数据库迁移", "数据库迁移要先在 staging 跑一遍再上生产。", 45),
        Topic("migration_order.md", "feedback", "迁移顺序", "先在 staging 跑一遍数据库迁移，再上生产。", 3),
        Topic(
            "flaky_tests.md",
            "project",
            "Flaky tests",
            "9 flaky tests are left to quarantine in the ledger package.",
            50,
        ),
        Topic("triage_queue.md", "project", "Triage queue", "Backlog: 120 tickets waiting in the triage queue.", 60),
        Topic("k8s_move.md", "project", "k8s 迁移", "还剩 6 个服务没迁到 k8s。", 45),
        Topic(
            "vendor_cert.md",
            "reference",
            "Vendor certificate",
            "The vendor sandbox certificate is valid through 2026-08-31.",
            70,
        ),
        Topic("load_test.md", "project", "压测", "6 月底前完成结算服务的压测。", 170),
        Topic("audit_prep.md", "project", "Audit prep", "Deadline: Oct 1 for the access-review export.", 75),
        Topic(
            "owner_profile.md",
            "user",
            "Owner profile",
            "Jonas prefers Go table tests and dislikes testify suites.",
            410,
        ),
        Topic(
            "logging_feedback.md",
            "feedback",
            "Logging",
            "Log lines are JSON with a request_id field on every line.",
            200,
        ),
        Topic("web_tests.md", "project", "Web tests", "The admin UI tests run with vitest.", 30),
        Topic("ts_indent.md", "project", "TS indentation", "TypeScript files are indented with spaces.", 30),
        Topic(
            "recon_story.md",
            "project",
            "Reconciliation bug",
            "Tried bumping the worker count, which didn't help. Next, I added tracing around the ledger writes. "
            "After that I replayed the day's events locally. Finally the culprit was a timezone cast in the cutoff query.",
            12,
        ),
        # clean look-alikes
        Topic("pr_descriptions.md", "feedback", "PR descriptions", "PR descriptions stay under 400 words.", 20),
        Topic("session_tokens.md", "reference", "Session tokens", "Session tokens live for 12 hours.", 25),
        Topic("reset_links.md", "reference", "Reset links", "Password-reset links live for 2 hours.", 25),
        Topic(
            "v1_shutdown.md",
            "project",
            "v1 API shutdown",
            "The v1 API was turned off on 2026-02-01; clients moved to v2.",
            30,
        ),
        Topic(
            "prod_cert.md",
            "reference",
            "Production certificate",
            "The production certificate expires on 2027-03-01.",
            30,
        ),
        Topic("soc2.md", "project", "SOC2 evidence", "SOC2 audit evidence is due by 2027-01-15.", 12),
        Topic(
            "server_port.md",
            "reference",
            "Server port",
            "The server listens on port 3000; health checks hit /healthz every 10 seconds.",
            40,
        ),
        Topic("batch_size.md", "reference", "Batch size", "Inserts are batched at 500 rows per statement.", 40),
        Topic("queue_cap.md", "reference", "Queue cap", "The settlement queue holds at most 10000 messages.", 40),
        Topic(
            "q3_outages.md", "project", "Q3 outages", "We had 3 outages in Q3, all caused by expired certificates.", 55
        ),
        Topic("api_timeouts.md", "reference", "接口超时", "每个接口超时 5 秒，重试最多 3 次。", 35),
        Topic(
            "no_moment.md",
            "feedback",
            "Dates in the admin UI",
            "Don't use moment in the admin UI; it is too heavy.",
            35,
        ),
        Topic("go_unit_tests.md", "reference", "Go unit tests", "Run unit tests with `go test ./...`.", 22),
        Topic(
            "go_integration_tests.md",
            "reference",
            "Go integration tests",
            "Run integration tests with `go test -tags=integration ./...`.",
            22,
        ),
        Topic(
            "release_checklist.md",
            "reference",
            "Release checklist",
            "The release checklist lives in docs/release.md.",
            24,
        ),
        Topic(
            "rollback_checklist.md",
            "reference",
            "Rollback checklist",
            "The rollback checklist lives in docs/rollback.md.",
            24,
        ),
        Topic("test_db_reset.md", "reference", "测试库重置", "测试环境数据库每天凌晨 3 点重置。", 33),
        Topic("staging_db_reset.md", "reference", "预发库重置", "预发环境数据库每周日凌晨 3 点重置。", 33),
        Topic(
            "money_display.md",
            "feedback",
            "Money display",
            "The admin UI shows amounts with two decimals and the currency code.",
            15,
        ),
    ]
    store = commit_claude_store(repo, topics, project_files, 450)
    plants = [
        Plant("conflict", ("pr_size.md", "pr_size_relaxed.md")),
        Plant("conflict", ("frontend_install.md", "frontend_pm.md")),
        Plant("conflict", ("regression_before_release.md", "skip_regression.md")),
        Plant("conflict", ("price_cache.md", "price_cache_update.md")),
        Plant("duplicate", ("cert_rotation.md", "staging_certs.md")),
        Plant("duplicate", ("db_migrations.md", "migration_order.md")),
        Plant("outdated-number", ("flaky_tests.md",)),
        Plant("outdated-number", ("triage_queue.md",)),
        Plant("outdated-number", ("k8s_move.md",)),
        Plant("expired-date", ("vendor_cert.md",)),
        Plant("expired-date", ("load_test.md",)),
        Plant("expired-date", ("audit_prep.md",)),
        Plant("stale", ("owner_profile.md",)),
        Plant("stale", ("logging_feedback.md",)),
        Plant("stale", ("load_test.md",)),
        Plant("derivable", ("web_tests.md",)),
        Plant("derivable", ("ts_indent.md",)),
        Plant("bloat", ("recon_story.md",)),
    ]
    clean = [
        "pr_descriptions.md",
        "session_tokens.md",
        "reset_links.md",
        "v1_shutdown.md",
        "prod_cert.md",
        "soc2.md",
        "server_port.md",
        "batch_size.md",
        "queue_cap.md",
        "q3_outages.md",
        "api_timeouts.md",
        "no_moment.md",
        "go_unit_tests.md",
        "go_integration_tests.md",
        "release_checklist.md",
        "rollback_checklist.md",
        "test_db_reset.md",
        "staging_db_reset.md",
        "money_display.md",
    ]
    return HeldOutStore("go service, batch 2 (claude-code)", store, plants, clean)


NOTE_SECTIONS_3: list[tuple[str, str, str, str]] = [
    ("translations", "2026-09-20", "翻译进度", "剩下 12 个页面还没翻译成日文。"),
    ("deploy_hosts_old", "2026-09-28", "部署批次", "每次部署最多 2 台机器。"),
    ("tickets", "2026-10-01", "Support backlog", "37 support tickets still open in the billing queue."),
    ("trial_key", "2026-08-10", "Maps key", "The trial maps API key is valid until 2026-10-01."),
    ("hotline", "2026-09-05", "客服热线", "临时客服热线有效期至 2026-09-30。"),
    ("py_deps_old", "2026-09-12", "Python 依赖", "Python 依赖用 poetry 管理。"),
    ("words_a", "2026-10-10", "Article length", "Guides run 4000+ words."),
    ("words_b", "2026-10-11", "Minimum length", "Guides need >= 3000 words."),
    ("pg_port", "2026-10-15", "Postgres port", "Postgres listens on port 5432 in the dev compose file."),
    ("redis_port", "2026-10-15", "Redis port", "Redis listens on port 6379 in the dev compose file."),
    ("v1_removed", "2026-10-18", "v1 endpoints", "The old /v1 endpoints were removed before 2026-06-01."),
    ("pipenv_gone", "2026-10-20", "Tooling history", "We stopped using pipenv in March."),
    ("indent_settled", "2026-10-22", "Indentation", "After the tabs vs spaces debate we settled on spaces for YAML."),
    ("cron_week", "2026-10-25", "Cron", "The cleanup cron runs at most 3 times per week."),
    ("cron_day", "2026-10-26", "Cron retries", "A failed cron job retries at most 3 times per day."),
    ("fridays", "2026-10-28", "Fridays", "Never deploy on Fridays after 16:00."),
    ("pipeline", "2026-10-29", "Pipeline", "Always deploy through the CD pipeline."),
    ("deploy_hosts_new", "2026-11-03", "部署批次调整", "现在每次部署可以 5 台机器一起上。"),
    ("py_deps_new", "2026-11-06", "依赖管理", "用 uv 管理 Python 依赖。"),
    ("newsletter_a", "2026-11-08", "Newsletter", "The newsletter goes out on the first Monday of each month."),
    ("newsletter_b", "2026-11-20", "Newsletter schedule", "On the first Monday of each month the newsletter goes out."),
    ("cdn_purge", "2026-11-10", "CDN", "Purge the CDN cache after changing anything under static/."),
    ("beta_window", "2026-11-12", "Beta", "The public beta runs until 2027-01-31."),
    ("open_bugs", "2026-11-26", "Bugs", "5 open bugs are tagged for the next patch."),
    ("rename", "2026-11-14", "改名", "2026-05-01 起服务从 atlas 改名为 compass。"),
]


def build_web_notes(base: Path) -> HeldOutStore:
    """A web team's notes.md next to AGENTS.md, English and Chinese: the third batch."""
    repo = base / "compass"
    init_repo(repo)
    commit_files(
        repo,
        {
            "AGENTS.md": "# Agents\n\n- Keep commit messages in English.\n- Purge the CDN cache after changing anything under static/.\n",
            "index.html": "<!doctype html>\n",
        },
        "skeleton",
        days_ago(200),
    )
    text = "# compass notes\n"
    ids: dict[str, str] = {}
    for number, (key, date, title, body) in enumerate(NOTE_SECTIONS_3, start=1):
        text += f"\n## {date} - {title}\n\n{body}\n"
        ids[key] = f"notes.md#{number}"
    commit_files(repo, {"memory/notes.md": text}, "notes", days_ago(3))
    plants = [
        Plant("outdated-number", (ids["translations"],)),
        Plant("outdated-number", (ids["tickets"],)),
        Plant("expired-date", (ids["trial_key"],)),
        Plant("expired-date", (ids["hotline"],)),
        Plant("conflict", (ids["deploy_hosts_old"], ids["deploy_hosts_new"])),
        Plant("conflict", (ids["py_deps_old"], ids["py_deps_new"])),
        Plant("duplicate", (ids["newsletter_a"], ids["newsletter_b"])),
        Plant("derivable", (ids["cdn_purge"],)),
    ]
    clean_keys = [
        "words_a",
        "words_b",
        "pg_port",
        "redis_port",
        "v1_removed",
        "pipenv_gone",
        "indent_settled",
        "cron_week",
        "cron_day",
        "fridays",
        "pipeline",
        "beta_window",
        "open_bugs",
        "rename",
    ]
    return HeldOutStore(
        "web team, batch 3 (notes + AGENTS.md)", repo / "memory", plants, [ids[key] for key in clean_keys]
    )


def build_batch4(base: Path) -> HeldOutStore:
    """Batch 4: a SaaS backend (yarn, prettier) — written after the second round of fixes."""
    repo = base / "tally"
    project_files = {
        "package.json": json.dumps({"name": "tally", "private": True}, indent=2),
        "yarn.lock": "# yarn lockfile v1\n",
        ".prettierrc": "{}\n",
        "CLAUDE.md": "# tally\n\n- Every endpoint needs an OpenAPI entry.\n",
    }
    topics = [
        Topic("upload_limit.md", "project", "Upload limit", "Max upload size is 25 MB.", 70),
        Topic("upload_limit_new.md", "project", "Upload limit raised", "Max upload size is now 50 MB.", 6),
        Topic("worker_threads.md", "reference", "Worker threads", "每个 worker 最多 8 个线程。", 60),
        Topic("worker_threads_new.md", "reference", "线程数", "每个 worker 现在最多 16 个线程。", 5),
        Topic("sprint_length.md", "project", "Sprint length", "Sprints are 2 weeks long.", 80),
        Topic(
            "sprint_length_new.md", "project", "Sprint length change", "Sprints last 3 weeks starting this quarter.", 10
        ),
        Topic("py_format.md", "feedback", "Python formatting", "Use black to format the Python scripts.", 60),
        Topic("py_format_new.md", "feedback", "Formatter switch", "Format the Python scripts with ruff format.", 8),
        Topic("e2e_tool.md", "project", "E2E tool", "Use Playwright for end-to-end tests.", 50),
        Topic("e2e_cypress.md", "project", "E2E suite", "End-to-end tests are written in Cypress.", 9),
        Topic("billing_owner.md", "feedback", "Billing schema", "Ask Dana before touching the billing schema.", 40),
        Topic("billing_ask.md", "feedback", "Billing changes", "Before touching the billing schema, ask Dana.", 4),
        Topic("weekly_report.md", "feedback", "周报", "周报每周五下午发到 #team 频道。", 40),
        Topic("weekly_report_2.md", "feedback", "周报时间", "每周五下午把周报发到 #team 频道。", 3),
        Topic(
            "support_contract.md",
            "reference",
            "Support contract",
            "The vendor support contract is valid through Sept 30.",
            150,
        ),
        Topic("gpu_quota.md", "project", "GPU 配额", "GPU 临时配额截止 9 月 30 日。", 100),
        Topic("holiday_freeze.md", "project", "Holiday freeze", "Feature freeze until end of October.", 60),
        Topic("dependabot.md", "project", "Dependabot", "We're at 42 open Dependabot alerts.", 45),
        Topic("pytest_port.md", "project", "Test port", "Only 7 tests left to port to pytest.", 40),
        Topic("queue_backlog.md", "project", "队列积压", "队列里积压了 300 条消息。", 35),
        Topic(
            "old_runbook.md", "reference", "Old runbook", "The restore runbook is in the ops wiki under Databases.", 380
        ),
        Topic("pkg_manager.md", "project", "Package manager", "We use yarn for dependencies.", 20),
        Topic("formatting.md", "project", "Formatting", "Formatting is done with prettier.", 20),
        Topic(
            "timezone_bug.md",
            "project",
            "时区问题",
            "一开始以为是缓存问题，排查了半天，后来发现是时区，最后改了 cron 表达式才好。",
            15,
        ),
        # clean
        Topic("meetings.md", "reference", "Meetings", "Sprint review is 1 hour; the retro is 45 minutes.", 20),
        Topic("dependabot_merge.md", "feedback", "Dependabot merges", "Dependabot PRs are merged on Tuesdays.", 20),
        Topic(
            "postmortems.md",
            "reference",
            "Postmortems",
            "The 2025 incident postmortems are archived in docs/postmortems/.",
            30,
        ),
        Topic(
            "config_json.md",
            "feedback",
            "Config files",
            "Config files must be valid JSON; comments are not allowed.",
            30,
        ),
        Topic("release_4.md", "project", "Release 4.0", "Release 4.0 shipped on 2026-07-01 with 12 new endpoints.", 25),
        Topic("generated_code.md", "feedback", "Generated code", "Don't use black on generated files.", 30),
        Topic("deploy_rate.md", "reference", "Deploy rate", "每天最多 8 次部署。", 30),
        Topic(
            "rotation_review.md",
            "project",
            "On-call rotation",
            "Next review of the on-call rotation is on 2027-03-01.",
            12,
        ),
        Topic("video_limit.md", "reference", "Video uploads", "Video files are transcoded to 1080p at 30 fps.", 20),
        Topic(
            "api_versioning.md",
            "reference",
            "API versioning",
            "Breaking API changes go into a new /v2 prefix; /v1 stays frozen.",
            22,
        ),
        Topic(
            "prettier_ignore.md",
            "feedback",
            "Prettier ignore",
            "Never run prettier on the vendored SDK under vendor/.",
            22,
        ),
        Topic("thread_dumps.md", "reference", "线程转储", "线程转储用 jstack 导出，保留 7 天。", 18),
    ]
    store = commit_claude_store(repo, topics, project_files, 450)
    plants = [
        Plant("conflict", ("upload_limit.md", "upload_limit_new.md")),
        Plant("conflict", ("worker_threads.md", "worker_threads_new.md")),
        Plant("conflict", ("sprint_length.md", "sprint_length_new.md")),
        Plant("conflict", ("py_format.md", "py_format_new.md")),
        Plant("conflict", ("e2e_cypress.md", "e2e_tool.md")),
        Plant("duplicate", ("billing_ask.md", "billing_owner.md")),
        Plant("duplicate", ("weekly_report.md", "weekly_report_2.md")),
        Plant("expired-date", ("support_contract.md",)),
        Plant("expired-date", ("gpu_quota.md",)),
        Plant("expired-date", ("holiday_freeze.md",)),
        Plant("outdated-number", ("dependabot.md",)),
        Plant("outdated-number", ("pytest_port.md",)),
        Plant("outdated-number", ("queue_backlog.md",)),
        Plant("stale", ("old_runbook.md",)),
        Plant("stale", ("gpu_quota.md",)),
        Plant("derivable", ("pkg_manager.md",)),
        Plant("derivable", ("formatting.md",)),
        Plant("bloat", ("timezone_bug.md",)),
    ]
    clean = [
        "meetings.md",
        "dependabot_merge.md",
        "postmortems.md",
        "config_json.md",
        "release_4.md",
        "generated_code.md",
        "deploy_rate.md",
        "rotation_review.md",
        "video_limit.md",
        "api_versioning.md",
        "prettier_ignore.md",
        "thread_dumps.md",
    ]
    return HeldOutStore("saas backend, batch 4 (claude-code)", store, plants, clean)


NOTE_SECTIONS_5: list[tuple[str, str, str, str]] = [
    ("lang_old", "2026-08-02", "回复语言", "回复一律用中文。"),
    ("review_old", "2026-08-15", "Code review", "Every PR needs 2 approvals before merge."),
    ("oncall_pager", "2026-08-20", "值班", "值班手机号有效期到 2026年9月30日。"),
    ("migrations_left", "2026-09-01", "迁移", "还有 14 张表没迁移到新集群。"),
    ("tabs", "2026-09-03", "Go style", "Indent Go code with tabs, as gofmt does."),
    ("timeout_old", "2026-09-05", "DB timeout", "The database statement timeout is 30 seconds."),
    ("prs_open", "2026-09-10", "PR backlog", "There are 11 PRs awaiting review from the platform team."),
    ("flag_cleanup", "2026-09-12", "Flags", "Remove the legacy_checkout flag by 2026-10-15."),
    (
        "story",
        "2026-09-14",
        "Kafka lag",
        "We first tried adding partitions, then we bumped the consumer count, after that we tuned fetch sizes; it turns out the consumer was blocked on a lock.",
    ),
    (
        "ports_dup_a",
        "2026-09-20",
        "Local services",
        "Run the local stack with docker compose up and open localhost:3000.",
    ),
    ("lang_new", "2026-10-02", "Reply language", "Reply in English from now on, even when the question is in Chinese."),
    ("review_new", "2026-10-05", "Code review update", "Every PR needs 1 approval before merge."),
    ("timeout_new", "2026-10-20", "DB timeout raised", "The database statement timeout is 60 seconds."),
    (
        "ports_dup_b",
        "2026-11-02",
        "Local stack",
        "Open localhost:3000 after you run the local stack with docker compose up.",
    ),
    # clean
    ("commit_lang", "2026-10-08", "Commit messages", "Commit messages are written in English."),
    ("pool_timeout", "2026-10-09", "Pool timeout", "The connection pool waits 30 seconds for a free connection."),
    ("api_port", "2026-10-10", "API port", "The API listens on localhost:8080 in the compose stack."),
    ("q2_done", "2026-10-12", "Q2", "Q2 ended with 4 services migrated."),
    ("freeze_future", "2026-11-01", "年底冻结", "12 月 20 日前完成所有发布，之后冻结到 2027年1月5日。"),
    ("gofmt", "2026-11-05", "gofmt", "Run gofmt before committing Go code."),
    ("approvals_docs", "2026-11-07", "Docs PRs", "Docs-only PRs need no approval."),
    ("sla_numbers", "2026-11-09", "SLA", "99.9% monthly uptime; p99 latency under 300 ms."),
    ("kafka_conf", "2026-11-11", "Kafka", "Consumers use a fetch size of 1 MB and 12 partitions per topic."),
    ("open_incidents", "2026-11-27", "Incidents", "2 open incidents are being handled by the on-call."),
]


def build_batch5(base: Path) -> HeldOutStore:
    """Batch 5: a platform team's notes.md (English and Chinese) — written after the third round of fixes."""
    repo = base / "platform"
    init_repo(repo)
    commit_files(repo, {"go.mod": "module example.com/platform\n\ngo 1.22\n"}, "skeleton", days_ago(300))
    text = "# platform notes\n"
    ids: dict[str, str] = {}
    for number, (key, date, title, body) in enumerate(NOTE_SECTIONS_5, start=1):
        text += f"\n## {date} - {title}\n\n{body}\n"
        ids[key] = f"notes.md#{number}"
        commit_files(repo, {"memory/notes.md": text}, f"notes: {title}", f"{date}T09:00:00+00:00")
    plants = [
        Plant("conflict", (ids["lang_old"], ids["lang_new"])),
        Plant("conflict", (ids["review_old"], ids["review_new"])),
        Plant("conflict", (ids["timeout_old"], ids["timeout_new"])),
        Plant("expired-date", (ids["oncall_pager"],)),
        Plant("expired-date", (ids["flag_cleanup"],)),
        Plant("outdated-number", (ids["migrations_left"],)),
        Plant("outdated-number", (ids["prs_open"],)),
        Plant("bloat", (ids["story"],)),
        Plant("duplicate", (ids["ports_dup_a"], ids["ports_dup_b"])),
    ]
    clean_keys = [
        "commit_lang",
        "pool_timeout",
        "api_port",
        "q2_done",
        "freeze_future",
        "gofmt",
        "approvals_docs",
        "sla_numbers",
        "kafka_conf",
        "open_incidents",
        "tabs",
    ]
    return HeldOutStore("platform notes, batch 5", repo / "memory", plants, [ids[key] for key in clean_keys])


@pytest.mark.parametrize(
    "build",
    [build_ledger, build_web_notes, build_batch4, build_batch5],
    ids=["go-service", "web-notes", "saas", "platform-notes"],
)
def test_heldout_store_later_batches(build, tmp_path: Path) -> None:
    assert_store(build(tmp_path))
