"""The texts of the demo project and its memory, as functions of the demo's clock."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta

DayFormatter = Callable[[int], str]

PACKAGE_JSON = (
    json.dumps(
        {
            "name": "inkwell",
            "version": "2.3.0",
            "private": True,
            "packageManager": "pnpm@9.12.0",
            "engines": {"node": ">=20"},
            "scripts": {
                "build": "tsc -p .",
                "test": "vitest run",
                "e2e": "playwright test",
                "lint": "eslint src",
                "publish:week": "node dist/publish.js",
            },
            "devDependencies": {"typescript": "^5.6.0", "vitest": "^2.1.0", "eslint": "^9.12.0"},
        },
        indent=2,
    )
    + "\n"
)

PROJECT_FILES = {
    "package.json": PACKAGE_JSON,
    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n\nimporters:\n  .: {}\n",
    "vitest.config.ts": "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: {} });\n",
    ".nvmrc": "20\n",
    "tsconfig.json": '{\n  "compilerOptions": { "strict": true, "outDir": "dist" }\n}\n',
    "README.md": "# inkwell\n\nA small static blog generator.\n",
    "src/config.ts": "export const SITE_TITLE = 'inkwell';\nexport const FEED_PATH = 'feed.xml';\n",
    "src/publish.ts": (
        "export const MAX_POSTS_PER_WEEK = 4;\n\n"
        "export function schedulePosts(drafts: string[]): string[] {\n"
        "  return drafts.slice(0, MAX_POSTS_PER_WEEK);\n}\n"
    ),
    "src/feed.ts": (
        "import { FEED_PATH } from './config';\n\n"
        "export function buildFeed(posts: string[]): string {\n"
        '  return `<rss href="${FEED_PATH}">${posts.length}</rss>`;\n}\n'
    ),
    "CLAUDE.md": (
        "# inkwell\n\n"
        "- Use pnpm for everything; never use npm or yarn in this repo.\n"
        "- Tests run with vitest (`pnpm test`); do not add jest.\n"
        "- Commit messages are written in Chinese.\n"
        "- Keep posts under `posts/`, one markdown file per post.\n"
    ),
}

SHORT_POSTS_KEPT = 41
LONG_POSTS = 12


def topic(name: str, description: str, memory_type: str, body: str, extra: str = "") -> str:
    """A Claude Code topic file with flat frontmatter."""
    return f"---\nname: {name}\ndescription: {description}\ntype: {memory_type}\n{extra}---\n\n{body}"


def memory_topics(day: DayFormatter) -> dict[str, str]:
    """Topic files of the demo's Claude Code store, keyed by file name."""
    narrative_steps = "\n\n".join(
        f"Then I tried variant {step} of the resize step: I changed the quality setting, re-ran the "
        f"build, compared the output sizes by hand and wrote down what happened in this note, which "
        f"is why it keeps getting longer every session. After that attempt {step} I went back to "
        f"the previous settings because nothing really changed."
        for step in range(1, 15)
    )
    return {
        "user_profile.md": topic(
            "User profile",
            "Who the user is and how they like to work",
            "user",
            "Backend engineer, new to frontend tooling. Prefers short answers and reviews diffs in the terminal.\n",
        ),
        "blog_cadence.md": topic(
            "Blog cadence",
            "How often posts go out",
            "feedback",
            "Publish at most 4 posts per week; quality over volume.\n\n"
            "**Why:** readers unsubscribed when the feed was flooded.\n\n"
            "**How to apply:** never schedule more than 4 posts in one week.\n",
        ),
        "blog_cadence_q4.md": topic(
            "Blog cadence for Q4",
            "Posting volume during the Q4 push",
            "feedback",
            "For the Q4 push we publish up to 6 posts per week.\n\n"
            "**Why:** the marketing plan asks for more volume before the launch.\n\n"
            "**How to apply:** fill the weekly schedule to 6 posts.\n",
        ),
        "deploy_freeze.md": topic(
            "Deploy freeze",
            "No deploys while the mobile release is cut",
            "project",
            f"No deploys before {day(228)}: the mobile team is cutting a release.\n"
            "See [[release-checklist]] for the steps after the freeze.\n",
        ),
        "cleanup_backlog.md": topic(
            "Short-post cleanup",
            "Old short posts scheduled for deletion",
            "project",
            "58 old posts under `posts/short/` still to delete; delete 10 per session.\n",
        ),
        "package_manager.md": topic(
            "Package manager",
            "How dependencies are installed",
            "feedback",
            "Install dependencies with npm (`npm install`); use npm for every install.\n",
        ),
        "testing.md": topic(
            "Testing",
            "How the test suite runs",
            "project",
            "Tests run with jest: `npx jest --watch` while developing.\n",
        ),
        "feed_builder.md": topic(
            "Feed builder",
            "Where the RSS feed is built",
            "reference",
            "The RSS feed is built by `renderFeed()` in `src/feed.ts`; the old XML helpers live in "
            "`src/legacy/feed_xml.ts`.\n",
        ),
        "publishing.md": topic(
            "Publishing",
            "How a week of posts is published",
            "project",
            "`schedulePosts()` in `src/publish.ts` enforces `MAX_POSTS_PER_WEEK`. Run `pnpm test` before "
            "publishing. The site builds on Node 20 (see `.nvmrc`).\n",
        ),
        "project_stack.md": topic(
            "Project stack",
            "Languages and tools of the project",
            "project",
            "The project uses pnpm as its package manager and vitest as its test runner, with TypeScript.\n",
        ),
        "lint_before_push.md": topic(
            "Lint before push",
            "Run the linter before pushing",
            "feedback",
            "Always run `pnpm lint` before pushing; CI rejects any lint error.\n",
        ),
        "pre_push_checks.md": topic(
            "Pre-push checks",
            "What to run before a push",
            "feedback",
            "Before pushing, always run `pnpm lint`: CI rejects any lint error.\n",
        ),
        "analytics.md": topic(
            "Analytics dashboard",
            "Where traffic numbers live",
            "reference",
            "Traffic numbers are in the Plausible dashboard, site inkwell.example.\n",
        ),
        "api_tokens.md": topic(
            "API tokens",
            "Where deploy tokens are kept",
            "reference",
            "Deploy tokens live in the team vault under `inkwell/deploy`.\n",
        ),
        "image_pipeline.md": topic(
            "Image pipeline investigation",
            "Notes from tuning image resizing",
            "project",
            "First I tried resizing every image at build time with the default settings.\n\n" + narrative_steps + "\n",
        ),
        "newsletter.md": topic(
            "Newsletter",
            "Monthly newsletter plan",
            "project",
            "Send the newsletter on the first Monday of each month.\n",
            extra=f"expires: {day(30)}\n",
        ),
        "draft_ideas.md": topic(
            "Draft ideas",
            "Post ideas not yet written",
            "todo",
            "A post comparing static site generators; a post on image formats.\n",
        ),
        "broken_frontmatter.md": (
            '---\nname: Broken note\ndescription: "an unterminated quote\ntype: project\n---\n\n'
            "This note's frontmatter cannot be parsed.\n"
        ),
    }


INDEX_HEAD_LINES = [
    ("User profile", "user_profile.md", "backend engineer, new to frontend; prefers short answers"),
    ("Blog cadence", "blog_cadence.md", "at most 4 posts per week, quality first"),
    ("Blog cadence for Q4", "blog_cadence_q4.md", "Q4 push: more posts per week"),
    ("Deploy freeze", "deploy_freeze.md", "no deploys while the mobile release is cut"),
    ("Short-post cleanup", "cleanup_backlog.md", "old short posts scheduled for deletion"),
    ("Package manager", "package_manager.md", "how dependencies are installed"),
    ("Testing", "testing.md", "how the test suite runs"),
    ("Feed builder", "feed_builder.md", "where the RSS feed is built"),
    ("Publishing", "publishing.md", "how a week of posts is published"),
    ("Project stack", "project_stack.md", "languages and tools"),
    ("Lint before push", "lint_before_push.md", "run the linter before pushing"),
    ("Pre-push checks", "pre_push_checks.md", "what to run before a push"),
    ("Image pipeline investigation", "image_pipeline.md", "notes from tuning image resizing"),
    ("Draft ideas", "draft_ideas.md", "post ideas not yet written"),
    ("Broken note", "broken_frontmatter.md", "a note whose frontmatter is damaged"),
    ("Old deploy notes", "old_deploy_notes.md", "how deploys worked before the move"),
]
ANALYTICS_INDEX_LINE = (
    "- [Analytics dashboard](analytics.md) — where the traffic numbers live, which dashboard to open, "
    "which filters to apply for the weekly report, and who to ask for access when the login expires"
)
SESSION_LOG_LINES = 188


def memory_index(day: DayFormatter) -> str:
    """MEMORY.md: the index, a session log the agent kept appending, and links past the 200-line cut."""
    lines = ["# Memory index", ""]
    lines += [f"- [{title}]({target}) — {hook}" for title, target, hook in INDEX_HEAD_LINES]
    lines.append(ANALYTICS_INDEX_LINE)
    lines += ["", "## Session log", ""]
    lines += [
        f"- {day(400 - session)}: session {session} reviewed drafts and fixed typos in post titles"
        for session in range(SESSION_LOG_LINES)
    ]
    lines += ["", "- [Newsletter](newsletter.md) — monthly newsletter plan", ""]
    return "\n".join(lines)


def notes_sections(day: DayFormatter) -> list[tuple[int, str]]:
    """The tiny-agent notes.md sections as (days ago, text), oldest first."""
    return [
        (220, f"## {day(220)} - 发布节奏\n- 博客每周最多发 4 篇，质量优先，别刷量。\n"),
        (210, f"## {day(210)} - 缓存方案\n- 用 B 方案，因为 A 会打爆缓存。\n"),
        (200, f"## {day(200)} - 清理\n- posts/short/ 下还有 58 篇待删。\n"),
        (190, f"## {day(190)} - 合并冻结\n- {day(175)} 前不要合并非关键 PR，移动端要切 release。\n"),
        (60, f"## {day(60)} - Q4 节奏\n- Q4 冲量期间每周可以发 6 篇。\n"),
        (40, f"## {day(40)} - 缓存\n- 选 B 方案，A 方案会把缓存打爆。\n"),
        (10, f"## {day(10)} - Feed\n- RSS 由 `src/feed.ts` 里的 `buildFeed()` 生成。\n"),
    ]


NOTES_HEADER = "# Agent notes\n\n每次任务结束后追加：日期 / 任务 / 结论。\n\n"


def openclaw_memory(day: DayFormatter) -> str:
    """An OpenClaw workspace's curated MEMORY.md."""
    return (
        "# MEMORY.md\n\n"
        "## Preferences\n- Reply in English; keep summaries under five bullets.\n\n"
        "## Projects\n- inkwell: static blog generator; publishing runs every Monday.\n"
    )


def openclaw_daily(day: DayFormatter, days_ago: int) -> str:
    """One OpenClaw daily log."""
    return f"# {day(days_ago)}\n\n- Reviewed the publishing queue.\n- Drafted the weekly summary.\n"


def iso_day(now: datetime, days_ago: int) -> str:
    """The calendar date `days_ago` days before `now`."""
    return (now - timedelta(days=days_ago)).date().isoformat()
