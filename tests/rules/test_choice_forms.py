"""Tool choices beyond the fixed exclusive sets: alternatives a store teaches, tools used together, tool names as scope.

Every store row is a small store of topic files (e0.md oldest) and, where given, instruction-file rules
(CLAUDE.md:L…); the expected pair is a conflict, and a look-alike gets no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.choices import ChoiceTable
from curator.rules.migrations import learned_sets
from curator.rules.tool_moves import pairs, removed
from curator.rules.tool_roles import combined, roles
from tests.rules.test_blind2_forms import PAIR, findings

ADOPTED_AFTER_ANOTHER_FELL_SHORT = [
    (("Moved the docs site to Docusaurus; MkDocs kept breaking on the plugin upgrade.",), ["docusaurus", "mkdocs"]),
    (("We tried Buildah, it couldn't cache layers, so we use Kaniko.",), ["buildah", "kaniko"]),
    (("Switched the reference manager to Mendeley.", "The Zotero sync is turned off."), ["mendeley", "zotero"]),
    (("绘图改用 Matplotlib，Plotly 导出 PDF 有问题。",), ["matplotlib", "plotly"]),
    (("试过 Sphinx，中文搜索不行，所以改用 VitePress。",), ["sphinx", "vitepress"]),
    (("改用 Tectonic 编译（XeLaTeX 编不过新模板）。",), ["tectonic", "xelatex"]),
    (("截图改用 Fastlane 了。", "XCTest 截图太慢，别再用。"), ["fastlane", "xctest"]),
    (("We switched to Kaniko because Buildah couldn't cache layers.",), ["buildah", "kaniko"]),
    (("Went with Kaniko after Buildah failed on the cache mounts.",), ["buildah", "kaniko"]),
    (("CI 改用 GitHub Actions 了，Jenkins 老是挂。",), ["github actions", "jenkins"]),
    (("Buildah 不行，换 Kaniko 了。",), ["buildah", "kaniko"]),
    (("Buildah 有问题，现在用 Kaniko。",), ["buildah", "kaniko"]),
    (("试了 Buildah，缓存层总是失效，最后用了 Kaniko。",), ["buildah", "kaniko"]),
    (("用 Kaniko 代替 Buildah 构建镜像。",), ["buildah", "kaniko"]),
    (("Kaniko 取代了 Buildah。",), ["buildah", "kaniko"]),
    (("Buildah 改成 Kaniko 了。",), ["buildah", "kaniko"]),
]


@pytest.mark.parametrize(("entry", "expected"), ADOPTED_AFTER_ANOTHER_FELL_SHORT)
def test_a_tool_taken_up_after_another_fell_short_makes_a_set(entry: tuple[str, ...], expected: list[str]) -> None:
    assert learned_sets([entry]) == [expected]


@pytest.mark.parametrize(
    "entry",
    [
        ("Moved the docs site to Docusaurus last week.",),
        ("MkDocs kept breaking on the plugin upgrade, so we pinned it.",),
        ("Switched the reference manager to Mendeley.", "Search is fast.", "Backups are fine.", "Zotero is off."),
        ("绘图用 Matplotlib，导出 PDF 没问题。",),
        ("We moved the meeting to Thursday; the old slot was too early.",),
        ("Use Redis for caching; Postgres was too slow for that.",),
        ("换了 Buildah 的缓存目录后构建快多了。",),
        ("Kaniko 代替不了 Buildah 的 rootless 模式。",),
    ],
)
def test_no_set_without_both_a_tool_taken_up_and_one_that_fell_short_nearby(entry: tuple[str, ...]) -> None:
    assert learned_sets([entry]) == []


def test_tools_used_together_are_never_alternatives() -> None:
    entries = [("Switched the bundler to Vite; TypeScript builds were too slow.",), ("Use Vite + TypeScript.",)]
    assert learned_sets(entries) == []


@pytest.mark.parametrize(
    ("statement", "pair"),
    [
        ("Build with latexmk + XeLaTeX.", ("latexmk", "xelatex")),
        ("Zotero 配合 Better BibTeX 管理参考文献。", ("zotero", "better BibTeX".lower())),
        ("Run ESLint and oxlint together in CI.", ("eslint", "oxlint")),
        ("lint 时 ESLint 和 oxlint 一起跑。", ("eslint", "oxlint")),
    ],
)
def test_tools_named_as_a_combination_are_read_as_one(statement: str, pair: tuple[str, str]) -> None:
    assert pair in combined(statement)


def test_the_same_tool_taken_up_and_falling_short_is_no_pair() -> None:
    assert ("adopted", "kaniko") in roles("Switched to Kaniko; Kaniko was too slow at first but is fine now.")
    assert learned_sets([("Switched to Kaniko; Kaniko was too slow at first but is fine now.",)]) == []


LEARNED_CHOICE_CLASHES = [
    (("Docs site is built with MkDocs.", "Moved the docs site to Docusaurus; MkDocs kept breaking on upgrades."), ()),
    (("论文插图用 Plotly 画。", "插图改用 Matplotlib 了，Plotly 导出 PDF 有问题。"), ()),
    (("Container images are built with Buildah.", "We tried Buildah, it couldn't cache layers, so we use Kaniko."), ()),
    (
        (
            "Reference manager: Mendeley.",
            "Switched the reference manager to Zotero. The Mendeley export is turned off.",
        ),
        (),
    ),
    (("Always Mendeley for citations.", "Switched the reference manager to Zotero; Mendeley kept crashing."), ()),
    (("截图一律用 XCTest。", "截图改用 Fastlane，XCTest 截图太慢。"), ()),
    (("UI tests in XCUITest.", "Switched UI tests to Maestro; XCUITest was too flaky."), ()),
]


@pytest.mark.parametrize(("texts", "rules_text"), LEARNED_CHOICE_CLASHES)
def test_a_tool_the_store_moved_to_conflicts_with_using_the_one_it_left(
    tmp_path: Path, texts: tuple[str, ...], rules_text: tuple[str, ...]
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts, rules_text=rules_text)


def test_an_instruction_using_the_tool_memory_left_conflicts(tmp_path: Path) -> None:
    found = findings(
        tmp_path, "改用 LuaLaTeX 编译了，XeLaTeX 下中文字体配置冲突。", rules_text=("用 latexmk + XeLaTeX 编译。",)
    )
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) in found


@pytest.mark.parametrize(
    "texts",
    [
        ("Switched our notes to Obsidian; Notion was too slow.", "Zotero for references, Obsidian for notes."),
        ("Use Zotero for references.", "Zotero for references, Obsidian for notes."),
        ("We used Jenkins until 2025, now GitHub Actions.", "CI runs on GitHub Actions."),
        ("2025 年之前用 Jenkins，现在用 GitHub Actions。", "CI 用 GitHub Actions。"),
        ("Use Maestro for UI tests.", "UI tests run in Maestro; XCUITest was too flaky."),
        ("UI 自动化改用 Maestro，XCUITest 太慢。", "UI 自动化用 Maestro。"),
        ("Lint with oxlint + ESLint.", "Lint with ESLint."),
        ("lint 用 oxlint 配合 ESLint。", "lint 用 ESLint。"),
        ("Switched the build to LuaLaTeX; XeLaTeX couldn't load the fonts.", "Build with latexmk + LuaLaTeX."),
    ],
)
def test_different_jobs_history_combinations_and_the_same_tool_are_no_conflict(
    tmp_path: Path, texts: tuple[str, ...]
) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, *texts))


@pytest.mark.parametrize(
    ("texts", "pair"),
    [
        (("Lint with oxlint + ESLint.", "Never use oxlint."), PAIR),
        (("lint 用 oxlint 配合 ESLint。", "不要用 ESLint。"), PAIR),
        (("Run ESLint and oxlint together in CI.", "Don't run oxlint."), PAIR),
    ],
)
def test_a_combination_asserts_each_tool_so_never_one_conflicts(
    tmp_path: Path, texts: tuple[str, ...], pair: tuple[str, str]
) -> None:
    assert ("conflict", pair) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("statement", "member"),
    [
        ("Build with latexmk + XeLaTeX.", "xelatex"),
        ("用 latexmk + XeLaTeX 编译。", "xelatex"),
        ("Always XeLaTeX.", "xelatex"),
    ],
)
def test_a_tool_after_a_combination_or_always_is_asserted(statement: str, member: str) -> None:
    table = ChoiceTable([["xelatex", "lualatex"]])
    assert {(stance.member, stance.polarity) for stance in table.stances(statement)} == {(member, "pos")}


@pytest.mark.parametrize(
    "texts",
    [
        ("Use Playwright for the e2e suite.", "The e2e suite runs in Cypress."),
        ("e2e 测试用 Playwright。", "e2e 测试统一用 Cypress。"),
    ],
)
def test_a_tool_name_is_no_scope_of_its_own(tmp_path: Path, texts: tuple[str, ...]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("Use Playwright for e2e tests.", "E2E tests in Cypress."),
        ("Use Maestro for UI tests.", "UI tests in XCUITest.", "Switched UI tests to Maestro; XCUITest was too flaky."),
        ("Mobile crash reports go to Sentry.", "Crash reports: Crashlytics."),
        ("单测用 Vitest。", "单测在 Jest 里跑。"),
    ],
)
def test_a_tool_named_where_a_scope_word_would_sit_is_no_scope(tmp_path: Path, texts: tuple[str, ...]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("statement", "polarity"),
    [
        ("We used Jenkins until 2025, now GitHub Actions.", "neg"),
        ("Jenkins was used until 2025; GitHub Actions since.", "neg"),
        ("Until 2025 we used Jenkins.", "neg"),
        ("We ran Jenkins through 2024, then moved to GitHub Actions.", "neg"),
        ("以前用 Jenkins，现在用 GitHub Actions。", "neg"),
        ("之前一直用 Jenkins，今年起用 GitHub Actions。", "neg"),
        ("和之前一样用 Jenkins。", "pos"),
        ("Use Jenkins until the new runners are ready.", "pos"),
        ("We use Jenkins.", "pos"),
    ],
)
def test_a_tool_used_until_a_past_time_is_history_not_a_choice(statement: str, polarity: str) -> None:
    stances = {(stance.member, stance.polarity) for stance in ChoiceTable().stances(statement)}
    assert ("jenkins", polarity) in stances and ("jenkins", "pos" if polarity == "neg" else "neg") not in stances


@pytest.mark.parametrize(
    "texts",
    [
        ("以前用 Jenkins，现在用 GitHub Actions。", "CI 用 Jenkins。"),
        ("We used Jenkins until 2025, now GitHub Actions.", "Always Jenkins for CI."),
    ],
)
def test_a_history_line_still_conflicts_with_using_the_tool_it_left(tmp_path: Path, texts: tuple[str, ...]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


COMMON_SET_CLASHES = [
    (("New specs go in spec/ with RSpec.", "New tests use Minitest now."), ()),
    (("测试统一用 RSpec。", "新测试改用 Minitest。"), ()),
    (("编译用 XeLaTeX。", "编译改用 LuaLaTeX。"), ()),
    (("Compile the thesis with pdflatex.", "Tectonic builds the thesis now."), ()),
    (("References live in Zotero.", "参考文献用 JabRef 管理。"), ()),
    (("Background jobs run on Sidekiq.", "New jobs use GoodJob."), ()),
    (("Structured logs use zap.", "日志统一用 zerolog。"), ()),
    (("The CUDA stack is a mamba env.", "Python environments are managed with uv."), ()),
]


@pytest.mark.parametrize(("texts", "rules_text"), COMMON_SET_CLASHES)
def test_two_members_of_a_common_tool_family_conflict(
    tmp_path: Path, texts: tuple[str, ...], rules_text: tuple[str, ...]
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts, rules_text=rules_text)


@pytest.mark.parametrize(
    "texts",
    [
        ("Tests are RSpec.", "Port the remaining Minitest files to RSpec."),
        ("Background jobs run on Sidekiq.", "Sidekiq for background jobs; Resque is gone."),
        ("Use slog for logging.", "Use slog for logging in the CLI too."),
        ("Create the env with mamba.", "conda 环境用 mamba 建。"),
        ("用 Zotero 管参考文献，Obsidian 记笔记。", "笔记用 Obsidian。"),
    ],
)
def test_one_member_named_twice_or_a_migration_target_is_no_conflict(tmp_path: Path, texts: tuple[str, ...]) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, *texts))


REPLACEMENT_PHRASES = [
    ("Instead of Buildah, use Kaniko.", ("buildah", "kaniko")),
    ("Prefer Kaniko to Buildah.", ("buildah", "kaniko")),
    ("Gave up on Buildah and moved to Kaniko.", ("buildah", "kaniko")),
    ("不用 Buildah 了，改用 Kaniko。", ("buildah", "kaniko")),
    ("别用 Buildah，用 Kaniko。", ("buildah", "kaniko")),
    ("Buildah 已经换掉了，现在是 Kaniko。", ("buildah", "kaniko")),
    ("Buildah 弃了，用 Kaniko。", ("buildah", "kaniko")),
    ("镜像构建由 Buildah 改为 Kaniko。", ("buildah", "kaniko")),
    ("Buildah 被 Kaniko 替换了。", ("buildah", "kaniko")),
    ("From now on we switched to Kaniko from Buildah.", ("buildah", "kaniko")),
]


@pytest.mark.parametrize(("statement", "pair"), REPLACEMENT_PHRASES)
def test_replacement_phrasing_names_an_exclusive_pair(statement: str, pair: tuple[str, str]) -> None:
    assert pair in pairs(statement)


@pytest.mark.parametrize(
    "statement",
    [
        "The legacy VPC is managed by CloudFormation, not Terraform.",
        "不用 Docker 也能跑，用 Podman 就行。",
        "这个崩溃被 Sentry 捕获了。",
        "Instead of retrying, fail fast.",
        "Prefer small PRs to big ones.",
        "That is a Redis problem, not a Postgres one.",
    ],
)
def test_look_alike_replacement_phrasing_names_no_pair(statement: str) -> None:
    assert pairs(statement) == []


REPLACED_THEN_USED = [
    ("Image builds use Buildah.", "Buildah 不行，换 Kaniko 了。"),
    ("Image builds use Buildah.", "Buildah 有问题，现在用 Kaniko。"),
    ("镜像构建用 Buildah。", "试了 Buildah，缓存层总是失效，最后用了 Kaniko。"),
    ("Image builds use Buildah.", "Went with Kaniko after Buildah failed on the cache mounts."),
    ("Image builds use Buildah.", "We switched to Kaniko because Buildah couldn't cache layers."),
    ("Image builds use Buildah.", "Instead of Buildah, use Kaniko."),
    ("镜像用 Buildah 构建。", "不用 Buildah 了，改用 Kaniko。"),
    ("镜像用 Buildah 构建。", "Buildah 已经换掉了，现在是 Kaniko。"),
    ("镜像用 Buildah 构建。", "镜像构建由 Buildah 改为 Kaniko。"),
    ("镜像用 Buildah 构建。", "Buildah 被 Kaniko 替换了。"),
    ("Always Buildah for images.", "Prefer Kaniko to Buildah."),
    ("Image builds use Buildah.", "Gave up on Buildah and moved to Kaniko."),
    ("Image builds: Buildah.", "CI 改用 Kaniko 了，Buildah 老是挂。"),
]


@pytest.mark.parametrize(("older", "newer"), REPLACED_THEN_USED)
def test_an_entry_using_the_replaced_tool_conflicts_with_the_replacement(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("Buildah 不行，换 Kaniko 了。", {("kaniko", "pos")}),
        ("Buildah 被 Kaniko 替换了。", {("buildah", "neg")}),
        ("Buildah 已经被新流水线换掉。", {("buildah", "neg")}),
        ("换掉 Buildah。", {("buildah", "neg")}),
        ("Buildah 被缓存拖慢了。", set()),
    ],
)
def test_replacement_words_give_the_stance(statement: str, expected: set[tuple[str, str]]) -> None:
    table = ChoiceTable([["buildah", "kaniko"]])
    assert {(stance.member, stance.polarity) for stance in table.stances(statement)} == expected


@pytest.mark.parametrize(
    "texts",
    [
        (
            "Switched the logger to JSON output; Loki couldn't parse the old format.",
            "Logs go to Loki.",
            "APIs use JSON.",
        ),
        ("Moved the cache to Redis; Postgres was too slow for session lookups.", "The main database is Postgres."),
        ("Switched error tracking to Sentry; the Slack webhook kept failing.", "Alerts go to Slack."),
        ("缓存改用 Redis 了，MySQL 扛不住会话查询太慢。", "主库用 MySQL。"),
        ("接口改用 gRPC 了，JSON 解析太慢。", "配置文件用 JSON。"),
    ],
)
def test_a_tool_beside_a_format_or_another_known_job_is_no_alternative(tmp_path: Path, texts: tuple[str, ...]) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, *texts))


RETIRED_THEN_REPLACED = [
    (
        "stlinkcli 已经被 ST 停止维护，我们全部换成 `stflash write build/app.bin 0x8000000` 了。",
        ("stlinkcli", "stflash"),
    ),
    ("`stlinkcli` 已废弃，统一改用 `stflash`。", ("stlinkcli", "stflash")),
    ("Webpacker 被官方淘汰了，现在都切到 Vite。", ("webpacker", "vite")),
    ("stlinkcli is deprecated upstream, so we switched everything to `stflash write`.", ("stlinkcli", "stflash")),
    ("Webpacker was discontinued last year; we moved to Vite.", ("webpacker", "vite")),
    ("Flash with `stflash`, never stlinkcli.", ("stlinkcli", "stflash")),
]


@pytest.mark.parametrize(("statement", "pair"), RETIRED_THEN_REPLACED)
def test_a_tool_retired_then_replaced_names_a_pair(statement: str, pair: tuple[str, str]) -> None:
    assert pair in pairs(statement)


@pytest.mark.parametrize(
    "statement",
    [
        "stlinkcli 已经被 ST 停止维护，我们还没想好换成什么。",
        "旧接口已经废弃，全部换成 新接口 了。",
        "stlinkcli is deprecated upstream, so we pinned the last release.",
        "Flash with stflash, never stlinkcli on Fridays.",
        "The v1 endpoint was deprecated; we moved to the new one.",
    ],
)
def test_look_alike_retirement_names_no_pair(statement: str) -> None:
    assert pairs(statement) == []


TAKEN_OUT_OF_THE_BUILD = [
    ("eslint-legacy 已经从 CI 和 `make lint` 里拿掉了：太慢。", ["eslint-legacy"]),
    ("eslint-legacy 从流水线撤掉了。", ["eslint-legacy"]),
]


@pytest.mark.parametrize(("statement", "expected"), TAKEN_OUT_OF_THE_BUILD)
def test_a_tool_taken_out_of_the_build_is_removed(statement: str, expected: list[str]) -> None:
    assert removed(statement) == expected


@pytest.mark.parametrize("statement", ["把 eslint-legacy 的报错拿出来看看。", "eslint-legacy 的结果先撤回，明天再看。"])
def test_look_alike_taking_out_removes_nothing(statement: str) -> None:
    assert removed(statement) == []


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        (
            "表格已经全部从 gridjs 迁到 tabulator（gridjs 的导出老是空文件），不要再引入 gridjs。",
            {("gridjs", "neg"), ("tabulator", "pos")},
        ),
        (
            "Tables moved from gridjs to tabulator (gridjs exports kept coming out empty).",
            {("gridjs", "neg"), ("tabulator", "pos")},
        ),
        ("别再用 gridjs。", {("gridjs", "neg")}),
        ("Tables render with `make table` (tabulator).", {("tabulator", "pos")}),
        ("表格用 tabulator（gridjs 的替代品）。", {("tabulator", "pos")}),
    ],
)
def test_an_aside_after_a_migration_target_asserts_nothing(statement: str, expected: set[tuple[str, str]]) -> None:
    table = ChoiceTable([["gridjs", "tabulator"]])
    assert {(stance.member, stance.polarity) for stance in table.stances(statement)} == expected


RETIRED_TOOL_STILL_USED = [
    (
        "Flashing: `stlinkcli --program build/app.hex --verify`.",
        "stlinkcli 已经被 ST 停止维护，我们全部换成 stflash 了：`stflash write app.bin`。别再用 stlinkcli。",
    ),
    (
        "所有表格用 `GridJS::render()`。",
        "表格已经全部从 GridJS 迁到 Tabulator（GridJS 的导出老是空文件），不要再引入 GridJS。",
    ),
]


@pytest.mark.parametrize(("older", "newer"), RETIRED_TOOL_STILL_USED)
def test_an_entry_using_a_retired_tool_conflicts_with_its_replacement(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)
