"""Held-out stores (mobile app, Rust CLI notes, data pipeline): planted drift is found, clean look-alikes are left alone.

Written before the rules were tuned on them; see the README for the first-pass figures.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest

from curator import rules
from curator.model import Finding
from curator.scan import load_store
from tests.conftest import NOW
from tests.support.gitrepo import commit_files, init_repo

DRIFT = frozenset(rules.RULE_IDS)


def days_ago(days: int) -> str:
    """An ISO commit date `days` before NOW."""
    return (NOW - timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%S+00:00")


@dataclass(frozen=True)
class Plant:
    """A finding the rules must report: its rule and the entries it names ("CLAUDE.md:" = any rule of that file)."""

    rule: str
    entries: tuple[str, ...]


@dataclass
class HeldOutStore:
    """Where a built store lives, what must be found in it and which entries must stay clean."""

    name: str
    path: Path
    plants: list[Plant] = field(default_factory=list)
    clean: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Topic:
    """One Claude Code topic file: name, frontmatter type, body, age in days, extra frontmatter."""

    file: str
    kind: str
    title: str
    body: str
    age: int
    extra: str = ""


def _topic_text(topic: Topic) -> str:
    return (
        f"---\nname: {topic.title}\ndescription: {topic.title}\ntype: {topic.kind}\n{topic.extra}---\n\n{topic.body}\n"
    )


def commit_claude_store(repo: Path, topics: list[Topic], project_files: dict[str, str], project_age: int) -> Path:
    """Project files first, then each topic at its own back-dated commit, then the index."""
    init_repo(repo)
    commit_files(repo, project_files, "project skeleton", days_ago(project_age))
    for topic in sorted(topics, key=lambda item: -item.age):
        commit_files(
            repo, {f".claude/memory/{topic.file}": _topic_text(topic)}, f"memory: {topic.file}", days_ago(topic.age)
        )
    index = "# Memory index\n\n" + "".join(
        f"- [{topic.title}]({topic.file}) — {topic.title.lower()}\n" for topic in topics
    )
    commit_files(
        repo, {".claude/memory/MEMORY.md": index}, "memory index", days_ago(min(topic.age for topic in topics))
    )
    return repo / ".claude" / "memory"


def _screen_inventory() -> str:
    """A long reference list (over 4 KB) of screens and what each shows."""
    areas = ["garden", "plant", "watering", "reminder", "journal", "photo", "profile", "settings", "store", "help"]
    views = ["list", "detail", "edit", "empty state", "error state", "onboarding card"]
    lines = ["Every screen of the app and the component that renders it:", ""]
    for area in areas:
        for view in views:
            component = "".join(part.capitalize() for part in f"{area} {view}".split())
            lines.append(
                f"- {area} {view}: `src/screens/{area}/{component}Screen.tsx`, tracked as `{area}_{view.replace(' ', '_')}`"
            )
    return "\n".join(lines)


def build_mobile(base: Path) -> HeldOutStore:
    """A React Native app (pnpm, jest) with a Claude Code store and CLAUDE.md."""
    repo = base / "pocketgarden"
    project_files = {
        "package.json": json.dumps(
            {
                "name": "pocketgarden",
                "private": True,
                "packageManager": "pnpm@9.12.0",
                "scripts": {"test": "jest", "e2e": "detox test"},
                "devDependencies": {"jest": "^29.7.0", "prettier": "^3.3.0", "typescript": "^5.5.0"},
            },
            indent=2,
        ),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "jest.config.js": "module.exports = { preset: 'react-native' };\n",
        "tsconfig.json": '{\n  "compilerOptions": {"strict": true}\n}\n',
        "CLAUDE.md": "# PocketGarden\n\n- Use pnpm for every install; never run npm install.\n"
        "- Format with prettier before committing.\n- Screens live in src/screens, one folder per area.\n",
        "src/App.tsx": "export default function App() { return null; }\n",
    }
    topics = [
        Topic(
            "release_train.md",
            "project",
            "Release train",
            "We ship a store release every 2 weeks; the release branch is cut on Monday.",
            70,
        ),
        Topic(
            "release_cadence_h2.md",
            "project",
            "Release cadence H2",
            "Since October we ship a store release every 3 weeks to give QA more time.",
            10,
        ),
        Topic(
            "state_management.md",
            "project",
            "State management",
            "Use Zustand for app state; React context is only for the theme.",
            65,
        ),
        Topic(
            "state_library.md",
            "project",
            "State library",
            "Use Redux Toolkit for app state, with one slice per feature.",
            12,
        ),
        Topic(
            "install_deps.md",
            "feedback",
            "Installing dependencies",
            "Install dependencies with yarn; CI runs `yarn install --frozen-lockfile`.",
            40,
        ),
        Topic(
            "ota_updates.md",
            "feedback",
            "OTA updates",
            "Always ship JS-only fixes as OTA updates through EAS Update.",
            75,
        ),
        Topic(
            "hotfix_policy.md",
            "feedback",
            "Hotfix policy",
            "Never ship fixes as OTA updates; every fix goes through a store build.",
            9,
        ),
        Topic(
            "simulator_reset.md",
            "reference",
            "Simulator reset",
            "When the iOS simulator hangs on the splash screen, erase all content and settings, then rebuild the app.",
            30,
        ),
        Topic(
            "ios_sim_hang.md",
            "reference",
            "iOS simulator hang",
            "If the iOS simulator hangs on the splash screen: rebuild the app after you erase all content and settings.",
            6,
        ),
        Topic(
            "crash_triage.md",
            "project",
            "Crash triage",
            "There are 14 open crash reports in Sentry still to triage before the 3.2 release.",
            50,
        ),
        Topic(
            "beta_freeze.md",
            "project",
            "Beta freeze",
            "No new features are merged until 2026-10-15 while the beta is in review.",
            60,
        ),
        Topic(
            "promo_banner.md",
            "project",
            "Promo banner",
            "The autumn promo banner stays on the home screen.",
            80,
            "expires: 2026-09-30\n",
        ),
        Topic(
            "design_tokens.md",
            "reference",
            "Design tokens",
            "Design tokens live in the Figma file 'PG Tokens'; colors export to src/theme/colors.ts.",
            400,
        ),
        Topic(
            "analytics_events.md",
            "project",
            "Analytics events",
            "Screen-view events are named after the screen component.",
            120,
        ),
        Topic("tooling.md", "project", "Tooling", "The project uses pnpm as its package manager.", 20),
        Topic("formatting.md", "feedback", "Formatting", "Format with prettier before every commit.", 25),
        Topic(
            "push_debugging.md",
            "project",
            "Push notification debugging",
            "First I tried re-uploading the APNs key, then I rebuilt the dev client, then I checked the bundle id again, "
            "and after that I compared the entitlements; in the end it turned out the sandbox flag was wrong.",
            15,
        ),
        Topic("screen_inventory.md", "reference", "Screen inventory", _screen_inventory(), 14),
        # clean look-alikes
        Topic(
            "dev_ports.md",
            "reference",
            "Dev ports",
            "The local mock API listens on port 8081; Metro uses port 8082.",
            20,
        ),
        Topic(
            "request_timeouts.md",
            "reference",
            "Request timeouts",
            "Network requests time out after 15 seconds; image uploads get 60 seconds.",
            22,
        ),
        Topic(
            "rate_limits.md", "reference", "Rate limits", "The backend allows 60 requests per minute per device.", 18
        ),
        Topic(
            "android_size.md", "project", "Android size budget", "Keep the Android APK under 40 MB download size.", 16
        ),
        Topic("ios_size.md", "project", "iOS size budget", "Keep the iOS IPA under 60 MB download size.", 11),
        Topic(
            "expo_migration.md",
            "project",
            "Expo migration",
            "We migrated from Expo SDK 50 to SDK 52 on 2026-03-01; the old config plugin was removed.",
            15,
        ),
        Topic(
            "store_submission.md",
            "project",
            "Store submission",
            "The App Store submission for 3.3 must be in before 2026-12-18.",
            5,
        ),
        Topic(
            "test_commands.md",
            "reference",
            "Test commands",
            "Run unit tests with `pnpm test` and the Detox e2e suite with `pnpm e2e`.",
            21,
        ),
        Topic("env_files.md", "feedback", "Env files", "Never commit .env.local; it holds personal API keys.", 30),
        Topic(
            "lockfile_commits.md",
            "feedback",
            "Lockfile commits",
            "Always commit the lockfile together with package.json changes.",
            28,
        ),
        Topic(
            "user_profile.md",
            "user",
            "User profile",
            "Mara is the mobile lead; she prefers concise review comments and screenshots for UI changes.",
            100,
        ),
        Topic(
            "deep_links.md",
            "reference",
            "Deep links",
            "Deep links use the scheme pocketgarden:// and the domain links.pocketgarden.app.",
            40,
        ),
        Topic(
            "sentry_setup.md",
            "reference",
            "Sentry setup",
            "Crash reports go to the Sentry project pocketgarden-mobile; source maps upload in the EAS build hook.",
            30,
        ),
        Topic(
            "min_os.md",
            "project",
            "Minimum OS",
            "Minimum supported versions: iOS 16 and Android 10 (API level 29).",
            20,
        ),
        Topic(
            "feature_flags.md",
            "project",
            "Feature flags",
            "Feature flags are read from LaunchDarkly at startup and cached for 5 minutes.",
            10,
        ),
        Topic("review_queue.md", "project", "Review queue", "There are 3 open PRs waiting on design review.", 4),
        Topic(
            "app_icons.md",
            "reference",
            "App icons",
            "App icons start from a 1024 px master; the build script exports every size.",
            26,
        ),
    ]
    store = commit_claude_store(repo, topics, project_files, 420)
    plants = [
        Plant("conflict", ("release_train.md", "release_cadence_h2.md")),
        Plant("conflict", ("state_management.md", "state_library.md")),
        Plant("conflict", ("CLAUDE.md:", "install_deps.md")),
        Plant("conflict", ("install_deps.md", "tooling.md")),
        Plant("conflict", ("hotfix_policy.md", "ota_updates.md")),
        Plant("duplicate", ("ios_sim_hang.md", "simulator_reset.md")),
        Plant("outdated-number", ("crash_triage.md",)),
        Plant("expired-date", ("beta_freeze.md",)),
        Plant("expired-date", ("promo_banner.md",)),
        Plant("stale", ("design_tokens.md",)),
        Plant("stale", ("analytics_events.md",)),
        Plant("derivable", ("tooling.md",)),
        Plant("derivable", ("formatting.md",)),
        Plant("bloat", ("push_debugging.md",)),
        Plant("bloat", ("screen_inventory.md",)),
    ]
    clean = [
        "dev_ports.md",
        "request_timeouts.md",
        "rate_limits.md",
        "android_size.md",
        "ios_size.md",
        "expo_migration.md",
        "store_submission.md",
        "test_commands.md",
        "env_files.md",
        "lockfile_commits.md",
        "user_profile.md",
        "deep_links.md",
        "sentry_setup.md",
        "min_os.md",
        "feature_flags.md",
        "review_queue.md",
        "app_icons.md",
    ]
    return HeldOutStore("mobile (claude-code)", store, plants, clean)


NOTE_SECTIONS: list[tuple[str, str, str, str]] = [
    # (key, date, title, body)
    (
        "win_toolchain",
        "2026-04-01",
        "Windows builds",
        "Windows builds need the MSVC toolchain; the GNU target fails at link time.",
    ),
    (
        "clap_pin",
        "2026-07-15",
        "clap pin",
        "Pin the `clap` crate to 4.4 until September 30 because of the derive regression.",
    ),
    ("compat_freeze", "2026-08-20", "参数兼容", "2026-10-31 前不要合并破坏 CLI 参数兼容的改动。"),
    ("clippy_backlog", "2026-09-01", "clippy 清理", "还有 23 个 clippy 警告待修。"),
    ("ci_jobs_old", "2026-09-10", "CI 并发", "CI 并发：每个 PR 最多跑 4 个 job。"),
    ("indent_old", "2026-09-15", "Docs formatting", "Indent the TOML examples in the docs with tabs."),
    ("deny_a", "2026-09-20", "发布检查", "发布前先跑 cargo deny，检查许可证和漏洞。"),
    ("migrated", "2026-09-25", "clap 迁移", "2026-03-01 已从 structopt 迁移到 clap。"),
    (
        "insta_a",
        "2026-10-01",
        "Snapshot tests",
        "Snapshot tests use insta; review changed snapshots with `cargo insta review`.",
    ),
    ("config_size", "2026-10-05", "Config size", "The maximum config file size is 1 MB; larger files are rejected."),
    ("timeout_flag", "2026-10-12", "Timeout flag", "The `--timeout` flag defaults to 30 seconds."),
    ("cache_ttl", "2026-10-20", "Config cache", "The resolved config cache expires after 24 hours."),
    (
        "tls_story",
        "2026-10-24",
        "TLS 链接问题",
        "先试了把 tokio 换成 async-std，然后又试了关掉 LTO，接着重新装了 openssl，结果发现是 openssl 静态链接的问题，最后改用 rustls 才解决。",
    ),
    ("log_level", "2026-10-28", "日志", "日志级别默认 info，用 RUST_LOG=debug 打开调试输出。"),
    ("targets", "2026-11-02", "Release targets", "Release binaries are built for x86_64 and aarch64 Linux plus macOS."),
    ("language", "2026-11-05", "Language", "The CLI is written in Rust and built with cargo."),
    ("deny_b", "2026-11-08", "许可证", "检查许可证和漏洞：发布之前先跑一次 cargo deny。"),
    ("indent_new", "2026-11-10", "Docs TOML examples", "Docs TOML examples: indent with 2 spaces."),
    (
        "unwrap",
        "2026-11-11",
        "Error handling",
        "Never use unwrap() in library code; tests may use expect with a message.",
    ),
    ("v2_date", "2026-11-15", "v2.0 计划", "v2.0 正式发布定在 2027-01-20，之前要冻结 API。"),
    ("msrv", "2026-11-18", "MSRV", "The minimum supported Rust version is 1.74; raise it only in minor releases."),
    ("ci_jobs_new", "2026-11-20", "CI 并发调整", "CI 并发调整：每个 PR 最多跑 8 个 job。"),
    ("weekly", "2026-11-22", "周会", "周会改到周三上午 10 点。"),
    (
        "insta_b",
        "2026-11-24",
        "Snapshot review",
        "Review changed snapshots with `cargo insta review`; the snapshot tests use insta.",
    ),
    ("blockers", "2026-11-25", "发布阻塞", "当前还有 2 个未关闭的 issue 标了 release-blocker。"),
    ("clippy_flags", "2026-11-26", "clippy", "Always run clippy with `-D warnings` in CI."),
]


def build_rust_notes(base: Path) -> HeldOutStore:
    """A Rust CLI whose tiny agent keeps memory/notes.md, English and Chinese."""
    repo = base / "ferrox"
    init_repo(repo)
    commit_files(
        repo,
        {
            "Cargo.toml": '[package]\nname = "ferrox"\nversion = "1.8.0"\nedition = "2021"\n\n[dependencies]\nclap = "4.5"\n',
            "Cargo.lock": "version = 3\n",
            "src/main.rs": "fn main() {}\n",
        },
        "cargo skeleton",
        days_ago(300),
    )
    text = "# ferrox notes\n"
    section_ids: dict[str, str] = {}
    for number, (key, date, title, body) in enumerate(NOTE_SECTIONS, start=1):
        text += f"\n## {date} - {title}\n\n{body}\n"
        section_ids[key] = f"notes.md#{number}"
        commit_files(repo, {"memory/notes.md": text}, f"notes: {title}", f"{date}T10:00:00+00:00")
    ids = section_ids
    plants = [
        Plant("conflict", (ids["ci_jobs_old"], ids["ci_jobs_new"])),
        Plant("conflict", (ids["indent_old"], ids["indent_new"])),
        Plant("duplicate", (ids["deny_a"], ids["deny_b"])),
        Plant("duplicate", (ids["insta_a"], ids["insta_b"])),
        Plant("outdated-number", (ids["clippy_backlog"],)),
        Plant("expired-date", (ids["compat_freeze"],)),
        Plant("expired-date", (ids["clap_pin"],)),
        Plant("stale", (ids["win_toolchain"],)),
        Plant("bloat", (ids["tls_story"],)),
        Plant("derivable", (ids["language"],)),
    ]
    clean_keys = [
        "migrated",
        "config_size",
        "timeout_flag",
        "cache_ttl",
        "log_level",
        "targets",
        "unwrap",
        "v2_date",
        "msrv",
        "weekly",
        "blockers",
        "clippy_flags",
    ]
    return HeldOutStore("rust cli (notes)", repo / "memory", plants, [ids[key] for key in clean_keys])


def build_pipeline(base: Path) -> HeldOutStore:
    """A Python data pipeline (uv, ruff) with CLAUDE.md, AGENTS.md, a rules file and a Claude Code store."""
    repo = base / "riverflow"
    project_files = {
        "pyproject.toml": '[project]\nname = "riverflow"\nversion = "0.9.0"\nrequires-python = ">=3.11"\n\n'
        '[tool.ruff]\nline-length = 100\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
        "uv.lock": "version = 1\n",
        "CLAUDE.md": "# Riverflow\n\n## Conventions\n\n- Use uv for dependencies; run `uv sync` after pulling.\n"
        "- Airflow DAG files live in dags/ and are named <source>_<target>.py.\n"
        "- Backfills cover at most 3 days of partitions per job.\n",
        "AGENTS.md": "# Agent guide\n\n- Never write to the production warehouse from a notebook.\n- Keep SQL keywords uppercase.\n",
        ".claude/rules/sql.md": "# SQL\n\n- Indent SQL with 4 spaces.\n",
        "dags/orders_snowflake.py": "DAG_ID = 'orders_snowflake'\n",
    }
    topics = [
        Topic(
            "deps.md",
            "feedback",
            "Dependencies",
            "Manage Python dependencies with poetry; add packages with `poetry add`.",
            30,
        ),
        Topic(
            "backfill_limits.md",
            "project",
            "Backfill limits",
            "Backfills may cover up to 7 days of partitions per job.",
            20,
        ),
        Topic(
            "notebook_writes.md",
            "feedback",
            "Notebook writes",
            "Always write fixes to the production warehouse directly from a notebook when it is urgent.",
            25,
        ),
        Topic("partition_size.md", "project", "分区大小", "每个 Parquet 分区文件控制在 128 MB 左右。", 60),
        Topic("partition_size_new.md", "project", "分区大小调整", "Parquet 分区文件现在控制在 256 MB 左右。", 8),
        Topic(
            "dag_layout.md",
            "reference",
            "DAG layout",
            "DAG files live in dags/ and are named <source>_<target>.py.",
            35,
        ),
        Topic(
            "warehouse_creds.md",
            "reference",
            "Warehouse credentials",
            "Warehouse credentials come from the vault path data/warehouse, never from env files.",
            45,
        ),
        Topic(
            "creds_location.md",
            "reference",
            "Credentials location",
            "Never take warehouse credentials from env files; they come from the vault path data/warehouse.",
            12,
        ),
        Topic(
            "dq_backlog.md",
            "project",
            "Data-quality backlog",
            "17 failing data-quality checks still to fix in the orders pipeline.",
            40,
        ),
        Topic(
            "schema_freeze.md",
            "project",
            "Schema freeze",
            "Don't change the events schema before 2026-11-01; downstream teams are migrating.",
            50,
        ),
        Topic("vendor_trial.md", "project", "供应商试用", "供应商 API 试用截止 2026年10月15日，之后需要付费 key。", 55),
        Topic(
            "review_style.md",
            "feedback",
            "Review style",
            "Reviewers want row counts before and after in every PR that touches a model.",
            200,
        ),
        Topic("lint.md", "project", "Lint", "We lint the Python code with ruff.", 33),
        # clean look-alikes
        Topic("sql_names.md", "feedback", "SQL names", "CTE names are snake_case and describe the rows they hold.", 20),
        Topic(
            "airflow_pools.md",
            "reference",
            "Airflow pools",
            "The warehouse pool has 8 slots; the API-extract pool has 4 slots.",
            30,
        ),
        Topic(
            "retention.md",
            "reference",
            "Retention",
            "Raw events are kept 400 days; aggregated tables are kept forever.",
            60,
        ),
        Topic("orders_sla.md", "project", "Orders SLA", "The daily orders table must land by 06:00 UTC.", 14),
        Topic(
            "snowflake_migration.md",
            "project",
            "Snowflake migration",
            "The Redshift to Snowflake migration finished on 2026-06-30; Redshift stays read-only until it is shut down.",
            20,
        ),
        Topic(
            "gdpr_job.md",
            "project",
            "GDPR deletion job",
            "The GDPR deletion job must be in production by 2027-02-01.",
            10,
        ),
        Topic(
            "dbt_materialization.md",
            "reference",
            "dbt materialization",
            "dbt models under models/marts are materialized as tables; staging models are views.",
            50,
        ),
        Topic(
            "backfill_retries.md",
            "reference",
            "Backfill retries",
            "A backfill job retries failed partitions at most 3 times.",
            18,
        ),
        Topic("python_runtime.md", "reference", "Python runtime", "Pipelines run on Python 3.12 in production.", 40),
        Topic(
            "oncall.md",
            "user",
            "On-call",
            "Priya owns the orders pipeline on-call this quarter; page her for failed loads.",
            70,
        ),
        Topic(
            "late_alerts.md",
            "project",
            "Late-load alerts",
            "Alert when a load is more than 2 hours late; page after 4 hours.",
            15,
        ),
        Topic(
            "glossary.md",
            "reference",
            "Glossary",
            "An order is a paid checkout; an abandoned cart is not an order.",
            90,
        ),
    ]
    store = commit_claude_store(repo, topics, project_files, 380)
    plants = [
        Plant("conflict", ("CLAUDE.md:", "deps.md")),
        Plant("conflict", ("CLAUDE.md:", "backfill_limits.md")),
        Plant("conflict", ("AGENTS.md:", "notebook_writes.md")),
        Plant("conflict", ("partition_size.md", "partition_size_new.md")),
        Plant("duplicate", ("creds_location.md", "warehouse_creds.md")),
        Plant("derivable", ("dag_layout.md",)),
        Plant("derivable", ("lint.md",)),
        Plant("outdated-number", ("dq_backlog.md",)),
        Plant("expired-date", ("schema_freeze.md",)),
        Plant("expired-date", ("vendor_trial.md",)),
        Plant("stale", ("review_style.md",)),
    ]
    clean = [
        "sql_names.md",
        "airflow_pools.md",
        "retention.md",
        "orders_sla.md",
        "snowflake_migration.md",
        "gdpr_job.md",
        "dbt_materialization.md",
        "backfill_retries.md",
        "python_runtime.md",
        "oncall.md",
        "late_alerts.md",
        "glossary.md",
    ]
    return HeldOutStore("data pipeline (claude-code + instructions)", store, plants, clean)


def _matches(plant: Plant, finding: Finding) -> bool:
    """Same rule and the same entries; a planted "CLAUDE.md:" stands for any rule of that file."""
    if finding.rule != plant.rule or len(finding.entries) != len(plant.entries):
        return False
    remaining = list(finding.entries)
    for wanted in plant.entries:
        hit = next(
            (got for got in remaining if (got.startswith(wanted) if wanted.endswith(":") else got == wanted)), None
        )
        if hit is None:
            return False
        remaining.remove(hit)
    return True


def assert_store(store: HeldOutStore) -> None:
    """Every plant is found, no drift finding names a clean entry, and no drift finding is unplanned."""
    findings = [finding for finding in rules.analyze(load_store(store.path), now=NOW).findings if finding.rule in DRIFT]
    missed = [plant for plant in store.plants if not any(_matches(plant, finding) for finding in findings)]
    unplanned = [
        (finding.rule, finding.entries)
        for finding in findings
        if not any(_matches(plant, finding) for plant in store.plants)
    ]
    on_clean = [(rule, entries) for rule, entries in unplanned if set(entries) & set(store.clean)]
    assert not missed, f"{store.name}: planted drift not found: {missed}"
    assert not on_clean, f"{store.name}: findings on clean entries: {on_clean}"
    assert not unplanned, f"{store.name}: unplanned findings: {unplanned}"


@pytest.mark.parametrize(
    "build", [build_mobile, build_rust_notes, build_pipeline], ids=["mobile", "rust-notes", "pipeline"]
)
def test_heldout_store(build, tmp_path: Path) -> None:
    assert_store(build(tmp_path))
