"""Claim extraction: which spots in an entry are claims, of which kind, and which are not (EN and ZH)."""

from __future__ import annotations

import pytest

from curator.checks import extract_claims
from curator.model import Entry


def claims_of(body: str, **fields: object) -> list[tuple[str, str]]:
    entry = Entry(id="e.md", path="e.md", body=body, fields=dict(fields))
    return [(claim.kind, claim.subject) for claim in extract_claims(entry)]


POSITIVES = [
    ("The config is in `src/config.py`.", ("path", "src/config.py")),
    ("Edit `config.py` first.", ("path", "config.py")),
    ("See [the guide](docs/guide.md) for details.", ("path", "docs/guide.md")),
    ("The entry point is **src/app.py**.", ("path", "src/app.py")),
    ("Secrets live in `.env`.", ("path", ".env")),
    ("Copy `.env.example` first.", ("path", ".env.example")),
    ("The `Makefile` has the targets.", ("path", "Makefile")),
    ("Line `src/feed.ts:42` builds it.", ("path", "src/feed.ts")),
    ("`recall()` loads notes on demand.", ("identifier", "recall")),
    ("Posting is capped by `MAX_PER_WEEK`.", ("identifier", "MAX_PER_WEEK")),
    ("Call `store.reload()` after edits.", ("identifier", "reload")),
    ("The hook is `useMemoryIndex`.", ("identifier", "useMemoryIndex")),
    ("Pass `--dry-run` to preview.", ("identifier", "--dry-run")),
    ("`def build_feed` renders RSS.", ("identifier", "build_feed")),
    ("58 old posts under posts/short/ still to delete.", ("count", "posts/short/")),
    ("There are 12 markdown files in `docs/`.", ("count", "docs/")),
    ("`posts/long/` has 12 posts.", ("count", "posts/long/")),
    ("posts/short/ 下还有 58 篇待删。", ("count", "posts/short/")),
    ("`drafts/` 里有 7 篇草稿。", ("count", "drafts/")),
    ("还有 58 篇在 posts/short/ 下。", ("count", "posts/short/")),
    ("Run `pnpm test` before committing.", ("script", "test")),
    ("Run `npm run build:docs`.", ("script", "build:docs")),
    ("Always `make lint` first.", ("script", "lint")),
    ("`just deploy` ships it.", ("script", "deploy")),
    ("Start it with `uv run serve`.", ("script", "serve")),
    ("Install with `pnpm install`.", ("tool", "pnpm")),
    ("This project uses pnpm for everything.", ("tool", "pnpm")),
    ("这个项目用 pnpm 装依赖。", ("tool", "pnpm")),
    ("测试用 vitest。", ("tool", "vitest")),
    ("Tests run with jest.", ("tool", "jest")),
    ("It uses pnpm as its package manager and vitest as its test runner.", ("tool", "vitest")),
    ("项目里 vitest 作为测试框架。", ("tool", "vitest")),
    ("Format with `black`.", ("tool", "black")),
    ("Format Python code with black.", ("tool", "black")),
    ("Install packages with uv.", ("tool", "uv")),
    ("数据库迁移文件在 `db/migrations/` 下，共 5 个。", ("count", "db/migrations/")),
    ("`npx vitest run` for one file.", ("tool", "vitest")),
    ("`python -m pytest -q` runs everything.", ("tool", "pytest")),
    ("The site builds on Node 20.", ("version", "node")),
    ("Requires Python 3.12+.", ("version", "python")),
    ("本项目用 Python 3.11。", ("version", "python")),
    ("Node 版本 18。", ("version", "node")),
    ("The Node.js version is 20.", ("version", "node")),
    ("Docs at https://example.com/docs.", ("url", "https://example.com/docs")),
    ("Source at `github.com/acme/site/blob/main/app.py`.", ("url", "github.com/acme/site/blob/main/app.py")),
    ("See [docs](https://example.com/x).", ("url", "https://example.com/x")),
    ("Setup steps are in `README.md#setup`.", ("path", "README.md")),
    ("Quick runs: `pytest tests/unit -x`.", ("path", "tests/unit")),
    ("Install with `pip install -r requirements-dev.txt`.", ("path", "requirements-dev.txt")),
    ("The `Settings` class holds config.", ("identifier", "Settings")),
    ("用 `Config` 结构体保存设置。", ("identifier", "Config")),
    ("The image is built by `deploy.sh`.", ("path", "deploy.sh")),
    ("迁移脚本在 `alembic/versions/`，共 6 个。", ("count", "alembic/versions/")),
    ("Logs were written to `logs/app.log`.", ("path", "logs/app.log")),
    ("There are 4 packages under packages/.", ("count", "packages/")),
    ("The `app/models/` folder holds 6 models.", ("count", "app/models/")),
    ("Formatting is done by Prettier.", ("tool", "prettier")),
    ("Tests are mocha + chai.", ("tool", "mocha")),
    ("See @docs/architecture.md for the flow.", ("path", "docs/architecture.md")),
    ("Formatting: Biome, not Prettier.", ("tool", "biome")),
    ("`build_feed()` is used to render RSS.", ("identifier", "build_feed")),
]


@pytest.mark.parametrize(("body", "expected"), POSITIVES, ids=[body[:40] for body, _ in POSITIVES])
def test_claim_is_extracted(body: str, expected: tuple[str, str]) -> None:
    assert expected in claims_of(body)


NEGATIVES = [
    ("`src/old.py` was removed last month.", ("path", "src/old.py")),
    ("We removed `src/old.py`.", ("path", "src/old.py")),
    ("`src/old.py` 已删除。", ("path", "src/old.py")),
    ("~~`src/old.py` holds the config~~", ("path", "src/old.py")),
    ("The `oldHelper()` function no longer exists.", ("identifier", "oldHelper")),
    ("`renderFeed()` was renamed to `buildFeed()`.", ("identifier", "renderFeed")),
    ("`legacy_sync()` is deprecated.", ("identifier", "legacy_sync")),
    ("We no longer use jest.", ("tool", "jest")),
    ("用 pnpm 不要用 npm。", ("tool", "npm")),
    ("测试用 vitest 不要用 jest。", ("tool", "jest")),
    ("用 vitest 代替 jest。", ("tool", "jest")),
    ("Use `pnpm test`, not `npm test`.", ("tool", "npm")),
    ("We migrated from jest to vitest.", ("tool", "jest")),
    ("以前用 yarn，现在用 pnpm。", ("tool", "yarn")),
    ("```\nls src/old.py\n```", ("path", "src/old.py")),
    ("Never run `npm install` here.", ("tool", "npm")),
    ("`apps/mobile/` 目录已删除。", ("path", "apps/mobile/")),
    ("Copy `.env.example` to `.env` before the first run.", ("path", ".env")),
    ("Create a `config.local.toml` with your keys.", ("path", "config.local.toml")),
    ("请复制到 `settings.local.json`。", ("path", "settings.local.json")),
    ("See `README.md#setup` first.", ("identifier", "setup")),
    ("Add it with `pnpm add -D @types/node`.", ("path", "@types/node")),
    ("Charts need `npm install chart.js`.", ("path", "chart.js")),
    ("不要再用 `pipenv`。", ("tool", "pipenv")),
    ("The old adapter (`src/adapters/express.ts`) was deleted in v2.", ("path", "src/adapters/express.ts")),
    ("Formatting: Biome, not Prettier.", ("tool", "prettier")),
    ("Node 16 used to work but not anymore.", ("version", "node")),
]


@pytest.mark.parametrize(("body", "unwanted"), NEGATIVES, ids=[body[:40] for body, _ in NEGATIVES])
def test_negated_or_fenced_mention_is_no_claim(body: str, unwanted: tuple[str, str]) -> None:
    assert unwanted not in claims_of(body)


NOT_CLAIMS = [
    "Publish at most 4 posts per week; quality over volume.",
    "Backend engineer, new to frontend tooling.",
    "Use `and/or` carefully.",
    "Run the `build` step.",
    "Globs like `src/**/*.ts` are patterns.",
    "Replace `<name>` with yours.",
    "Versions: `1.2.3`.",
    "The date `2026-04-15` matters.",
    "The black cat sat down.",
    "We use black paint and a bun for lunch.",
    "A node 5 in the graph.",
    "We shipped 3 features in Q4.",
    "Publish 4 posts per week in posts/.",
    "We have 120 tests in tests/.",
    "Link to [[other-memory]] here.",
    "`true` and `None` are values.",
    "Multi word `some prose here` in code.",
    "Daily logs go to `memory/YYYY-MM-DD.md`.",
    "Run `/init` in Claude Code.",
    "Names are `snake_case` and `SCREAMING_SNAKE_CASE`.",
    "The log said `npm warn Unknown project config`.",
    "Go structs look like `type Name field Type .` here.",
    "The `build` step and the `users` module.",
    "Mail bob@example.com or ping @alice; install @types/node.",
    "Prefer `async/await` over callbacks.",
]


@pytest.mark.parametrize("body", NOT_CLAIMS, ids=[body[:40] for body in NOT_CLAIMS])
def test_prose_without_claims(body: str) -> None:
    assert claims_of(body) == []


def test_unnegated_items_beside_negated_ones_stay() -> None:
    found = claims_of("`src/old.py` was removed and `src/new.py` replaced it. 用 pnpm 不要用 npm。")
    assert ("path", "src/new.py") in found
    assert ("tool", "pnpm") in found
    assert ("path", "src/old.py") not in found


def test_spans_point_at_the_claim_text() -> None:
    body = "Intro.\n\n58 old posts under `posts/short/` remain; the helper is `recall()` in `src/mem.py`.\n"
    entry = Entry(id="e.md", path="e.md", body=body)
    for claim in extract_claims(entry):
        assert body[claim.span[0] : claim.span[1]] == claim.text


def test_count_claim_records_number_and_comparator() -> None:
    entry = Entry(id="e.md", path="e.md", body="about 40 posts under posts/short/ and `docs/` has over 10 pages")
    counts = [claim for claim in extract_claims(entry) if claim.kind == "count"]
    assert [(claim.subject, claim.comparator, claim.extra["number"]) for claim in counts] == [
        ("posts/short/", "~", 40),
        ("docs/", ">", 10),
    ]
    start, end = counts[0].number_span
    assert counts[0].text[start:end] == "40"


def test_declared_checks_from_frontmatter() -> None:
    entry = Entry(
        id="e.md",
        path="e.md",
        body="",
        fields={"checks": [{"run": "ls posts/short", "expect": "count == 58"}, "grep -r TODO src", {"nonsense": 1}]},
    )
    declared = [(claim.kind, claim.subject, claim.expected) for claim in extract_claims(entry)]
    assert declared[:2] == [
        ("declared", "ls posts/short", "count == 58"),
        ("declared", "grep -r TODO src", "exit == 0"),
    ]
    assert declared[2][2] == "?"


def test_absolute_and_escaping_paths_are_still_claims() -> None:
    found = claims_of("Logs in `/var/log/app.log`, keys in `~/.ssh/id_rsa`, and `../../etc/passwd`.")
    assert ("path", "/var/log/app.log") in found
    assert ("path", "~/.ssh/id_rsa") in found
    assert ("path", "../../etc/passwd") in found


def test_every_corpus_entry_extracts_cleanly(corpus) -> None:
    from curator import formats

    seen = 0
    for path in sorted(corpus.rglob("*")):
        if not path.is_file() or path.suffix not in (".md", ".mdc"):
            continue
        try:
            store = formats.detect(path)
        except formats.DetectError:
            continue
        for entry in store.entries:
            for claim in extract_claims(entry, None, store=store):
                seen += 1
                if claim.kind != "declared":
                    assert entry.body[claim.span[0] : claim.span[1]] == claim.text
                assert not (claim.kind == "path" and "YYYY" in claim.subject)
    assert seen > 100


@pytest.mark.parametrize(
    "body",
    [
        "[" * 20000 + "](",
        "`" * 20000,
        "~~" * 20000,
        "**a" * 20000,
        "[[" * 20000 + "]]",
        "` " * 20000,
        ("x" * 50 + "/") * 2000,
        "1 " * 40000 + "/",
    ],
    ids=["brackets", "backticks", "tildes", "bold", "wikilinks", "spaced-backticks", "slashes", "numbers"],
)
def test_pathological_markup_yields_no_claims(body: str) -> None:
    assert claims_of(body) == []
