"""Held-out projects (TypeScript pnpm monorepo, JavaScript with yarn, Rust CLI):
each true claim passes, each false claim fails, prose and negated mentions make no claim.

Truth keys are (entry id, kind, subject); a version's subject carries its expected value ("python>=3.11"). "ok-absent"
marks a mention that must not fail (an instruction's output file, a path outside the project): no claim or `unknown`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.heldout_projects import assert_failure_explained, assert_verdicts_match_truth

ATLAS_FILES = {
    "package.json": """{
  "name": "atlas",
  "private": true,
  "packageManager": "pnpm@9.12.0",
  "engines": {"node": ">=20"},
  "scripts": {"build": "pnpm -r build", "test": "vitest run", "lint": "eslint .", "typecheck": "tsc -b",
              "format": "prettier --write ."},
  "devDependencies": {"vitest": "^2.1.0", "prettier": "^3.3.0", "typescript": "^5.6.0", "eslint": "^9.0.0"}
}
""",
    "pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n  - 'apps/*'\n",
    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    ".nvmrc": "20.11.1\n",
    ".prettierrc": '{"semi": false}\n',
    "vitest.workspace.ts": "export default ['packages/*']\n",
    "tsconfig.json": "{}\n",
    "packages/core/package.json": '{"name": "@atlas/core", "scripts": {"build": "tsc -p .", "test": "vitest run"}}\n',
    "packages/core/src/index.ts": "export const MAX_PAGE_SIZE = 100\n\nexport function parseQuery(text: string) {\n"
    "  return tokenize(text)\n}\n\nimport { tokenize } from './tokenizer'\n",
    "packages/core/src/tokenizer.ts": "export function tokenize(text: string): string[] {\n  return text.split(' ')\n}\n",
    "packages/ui/package.json": '{"name": "@atlas/ui", "scripts": {"build": "vite build", "storybook": "storybook dev"}}\n',
    **{
        f"packages/ui/src/components/{name}.tsx": f"export function {name}() {{ return null }}\n"
        for name in ["Button", "Card", "Modal", "Tabs", "Tooltip", "Avatar"]
    },
    "apps/web/package.json": '{"name": "@atlas/web", "scripts": {"dev": "next dev", "build": "next build"}}\n',
    "apps/web/src/pages/index.tsx": "export default function Home() { return null }\n",
    "apps/web/next.config.mjs": "export default {}\n",
}

ATLAS_MEMORY = {
    ".claude/memory/MEMORY.md": "# Memory\n\n- [Monorepo](monorepo.md)\n- [Conventions](conventions.md)\n- [中文](zh_notes.md)\n",
    ".claude/memory/monorepo.md": """---
name: Monorepo
description: how the atlas workspace is built
type: project
checks:
  - run: "ls packages"
    expect: "count == 3"
---
The repo is a pnpm workspace (`pnpm-workspace.yaml`). Build everything with `pnpm -r build`.
`pnpm storybook` runs Storybook for the UI package; `pnpm run e2e` runs the Playwright suite.
There are 6 components under packages/ui/src/components/, and packages/ has 3 folders.
Install global helpers with `pnpm add -g turbo` if you need them. Test files match `**/*.test.ts`.
Use `/review` before merging. We switched from yarn to pnpm.
""",
    ".claude/memory/conventions.md": """---
name: Conventions
description: code conventions in atlas
type: feedback
---
`parseQuery()` lives in `packages/core/src/index.ts` and pages are capped by `MAX_PAGE_SIZE`.
Tokens come from `tokenizeQuery()`. UI primitives such as `Button.tsx` are plain function components.
Tests use jest. Format code with prettier (`pnpm format`). Development needs Node 18.
Never run `npm install` here. The old `packages/legacy-api/` package was deleted.
""",
    ".claude/memory/zh_notes.md": """---
name: 中文
description: 中文笔记
type: project
---
包管理器是 pnpm，测试用 vitest。Node 版本 20。
packages/ui/src/components/ 下有 6 个文件。`apps/mobile/` 目录已删除。
Next 配置在 `apps/web/next.config.js`。`pnpm typecheck` 做类型检查。
""",
}

ATLAS_TRUTH = {
    ("monorepo.md", "path", "pnpm-workspace.yaml"): "pass",
    ("monorepo.md", "tool", "pnpm"): "pass",
    ("monorepo.md", "script", "build"): "pass",
    ("monorepo.md", "script", "storybook"): "pass",
    ("monorepo.md", "script", "e2e"): "fail",
    ("monorepo.md", "count", "packages/ui/src/components/"): "pass",
    ("monorepo.md", "count", "packages/"): "fail",
    ("monorepo.md", "declared", "ls packages"): "fail",
    ("conventions.md", "identifier", "parseQuery"): "pass",
    ("conventions.md", "path", "packages/core/src/index.ts"): "pass",
    ("conventions.md", "identifier", "MAX_PAGE_SIZE"): "pass",
    ("conventions.md", "identifier", "tokenizeQuery"): "fail",
    ("conventions.md", "path", "Button.tsx"): "pass",
    ("conventions.md", "tool", "jest"): "fail",
    ("conventions.md", "tool", "prettier"): "pass",
    ("conventions.md", "tool", "pnpm"): "pass",
    ("conventions.md", "script", "format"): "pass",
    ("conventions.md", "version", "node18"): "fail",
    ("zh_notes.md", "tool", "pnpm"): "pass",
    ("zh_notes.md", "tool", "vitest"): "pass",
    ("zh_notes.md", "version", "node20"): "pass",
    ("zh_notes.md", "count", "packages/ui/src/components/"): "pass",
    ("zh_notes.md", "path", "apps/web/next.config.js"): "fail",
    ("zh_notes.md", "script", "typecheck"): "pass",
}


QUILL_FILES = {
    "package.json": '{\n  "name": "quill",\n  "version": "1.4.0",\n  "scripts": {"start": "node src/server.js", '
    '"test": "jest", "lint": "eslint src", "build": "webpack --mode production"},\n'
    '  "devDependencies": {"jest": "^29.7.0", "eslint": "^8.57.0", "prettier": "^3.2.0", "webpack": "^5.90.0"}\n}\n',
    "yarn.lock": "# yarn lockfile v1\n",
    ".node-version": "18.19.0\n",
    ".eslintrc.json": "{}\n",
    "Dockerfile": "FROM node:18\n",
    "scripts/deploy.sh": "#!/bin/sh\n",
    "src/server.js": "require('./routes')\n",
    "src/routes/index.js": "module.exports = {}\n",
    "src/utils/date.js": "function formatDate(d) { return d }\nfunction toDate(s) { return new Date(s) }\n"
    "module.exports = { formatDate, toDate }\n",
    "src/config.js": "const API_BASE_URL = 'https://api.example.com'\nmodule.exports = { API_BASE_URL }\n",
    **{
        f"src/components/{name}.jsx": ""
        for name in ["Editor", "Toolbar", "Sidebar", "Menu", "Dialog", "Toast", "Footer"]
    },
    **{f".github/workflows/{name}.yml": "on: push\n" for name in ["ci", "release", "nightly"]},
}
QUILL_MEMORY = {
    "memory/notes.md": """# 笔记

## 2026-08-01 - 工具链
本项目用 yarn 装依赖，不要用 `npm ci`。测试用 jest，跑 `yarn test --watch` 可以监听。
`yarn storybook` 打开组件预览。Node 版本 20。格式化用 prettier。

## 2026-09-10 - 代码结构
路由在 `src/routes/index.js`；日期工具是 `src/utils/date.js` 里的 `formatDate()`。
`parseDate()` 已经改名为 `toDate()`。src/components/ 下有 9 个组件。
`API_BASE_URL` 常量在 `src/config.js`。`src/store/` 目录已删除。ESLint 配置是 `.eslintrc.json`。

## 2026-10-20 - Deploy
Deploys run `yarn build` and then upload `dist/` to the bucket. Staging is https://staging.quill.app.
The image is built from the `Dockerfile` by `deploy.sh`. There are 3 workflow files in .github/workflows/.
""",
}
QUILL_TRUTH = {
    ("notes.md#1", "tool", "yarn"): "pass",
    ("notes.md#1", "tool", "jest"): "pass",
    ("notes.md#1", "script", "test"): "pass",
    ("notes.md#1", "script", "storybook"): "fail",
    ("notes.md#1", "version", "node20"): "fail",
    ("notes.md#1", "tool", "prettier"): "pass",
    ("notes.md#2", "path", "src/routes/index.js"): "pass",
    ("notes.md#2", "path", "src/utils/date.js"): "pass",
    ("notes.md#2", "identifier", "formatDate"): "pass",
    ("notes.md#2", "identifier", "toDate"): "pass",
    ("notes.md#2", "count", "src/components/"): "fail",
    ("notes.md#2", "identifier", "API_BASE_URL"): "pass",
    ("notes.md#2", "path", "src/config.js"): "pass",
    ("notes.md#2", "path", ".eslintrc.json"): "pass",
    ("notes.md#3", "script", "build"): "pass",
    ("notes.md#3", "tool", "yarn"): "pass",
    ("notes.md#3", "path", "dist/"): "ok-absent",
    ("notes.md#3", "url", "https://staging.quill.app"): "unknown",
    ("notes.md#3", "path", "Dockerfile"): "pass",
    ("notes.md#3", "path", "deploy.sh"): "pass",
    ("notes.md#3", "count", ".github/workflows/"): "pass",
}


TIDE_FILES = {
    "Cargo.toml": '[package]\nname = "tidewater"\nversion = "0.9.0"\nedition = "2021"\nrust-version = "1.75"\n\n'
    '[dependencies]\nclap = { version = "4", features = ["derive"] }\n',
    "rust-toolchain.toml": '[toolchain]\nchannel = "1.79"\n',
    "justfile": "release:\n    cargo build --release\n\nlint:\n    cargo clippy -- -D warnings\n",
    "src/main.rs": "mod commands;\nmod config;\nuse clap::Parser;\n\n#[derive(Parser)]\nstruct Cli {}\n\n"
    "fn main() {\n    let _cli = Cli::parse();\n}\n",
    "src/config.rs": "pub struct Config {\n    pub remote_url: String,\n}\n\npub const MAX_CONCURRENCY: usize = 8;\n",
    "src/commands/mod.rs": "pub mod sync;\npub mod fetch;\n",
    "src/commands/sync.rs": "pub fn run_sync() {}\n",
    "src/commands/fetch.rs": "pub fn run_fetch() {}\n",
    "benches/sync_bench.rs": "",
    "benches/fetch_bench.rs": "",
    **{f"tests/snapshots/case_{i:02d}.snap": "" for i in range(10)},
    "docs/design.md": "# Design\n",
}
TIDE_MEMORY = {
    ".claude/memory/MEMORY.md": "# Memory\n\n- [Code map](code_map.md)\n- [Release](release.md)\n",
    ".claude/memory/code_map.md": """---
name: Code map
description: where things are in tidewater
type: project
---
Argument parsing is in `src/main.rs` (clap derive, `Cli::parse()`). Each subcommand has a file under
`src/commands/`: `src/commands/sync.rs` has `run_sync()`, and `src/commands/push.rs` handles uploads.
Downloads go through `run_pull()`. Parallelism is bounded by `MAX_CONCURRENCY`. User settings are the `Config`
struct; remotes implement the `Remote` trait. ~~`src/legacy.rs`~~ holds the v1 parser.
The user config lives at `~/.config/tidewater/config.toml`. See [design notes](docs/design.md) and
[ADR 3](docs/adr/0003-storage.md). Crate docs: https://docs.rs/clap/latest/clap/
""",
    ".claude/memory/release.md": """---
name: Release
description: release steps
type: project
---
Cut a release with `just release`; `just bench` runs the benchmarks. benches/ has 2 files.
tests/snapshots/ 下有 12 个文件，更新快照后记得提交。
""",
}
TIDE_TRUTH = {
    ("code_map.md", "path", "src/main.rs"): "pass",
    ("code_map.md", "identifier", "parse"): "pass",
    ("code_map.md", "path", "src/commands/"): "pass",
    ("code_map.md", "path", "src/commands/sync.rs"): "pass",
    ("code_map.md", "identifier", "run_sync"): "pass",
    ("code_map.md", "path", "src/commands/push.rs"): "fail",
    ("code_map.md", "identifier", "run_pull"): "fail",
    ("code_map.md", "identifier", "MAX_CONCURRENCY"): "pass",
    ("code_map.md", "identifier", "Config"): "pass",
    ("code_map.md", "identifier", "Remote"): "fail",
    ("code_map.md", "path", "~/.config/tidewater/config.toml"): "ok-absent",
    ("code_map.md", "path", "docs/design.md"): "pass",
    ("code_map.md", "path", "docs/adr/0003-storage.md"): "fail",
    ("code_map.md", "url", "https://docs.rs/clap/latest/clap/"): "unknown",
    ("release.md", "script", "release"): "pass",
    ("release.md", "script", "bench"): "fail",
    ("release.md", "count", "benches/"): "pass",
    ("release.md", "count", "tests/snapshots/"): "fail",
}


PROJECTS = {
    "atlas": (ATLAS_FILES, ATLAS_MEMORY, ATLAS_TRUTH, ".claude/memory"),
    "quill": (QUILL_FILES, QUILL_MEMORY, QUILL_TRUTH, "memory/notes.md"),
    "tidewater": (TIDE_FILES, TIDE_MEMORY, TIDE_TRUTH, ".claude/memory"),
}

EXPLANATIONS = [
    ("atlas", ("conventions.md", "tool", "jest"), "vitest"),
    ("atlas", ("conventions.md", "version", "node18"), ".nvmrc pins 20.11.1"),
    ("atlas", ("monorepo.md", "count", "packages/"), "memory says 3 directories under packages/; ls finds 2"),
    ("atlas", ("conventions.md", "identifier", "tokenizeQuery"), "closest is tokenize"),
    ("quill", ("notes.md#1", "version", "node20"), ".node-version pins 18.19.0"),
    ("quill", ("notes.md#2", "count", "src/components/"), "ls finds 7"),
    ("tidewater", ("release.md", "count", "tests/snapshots/"), "ls finds 10"),
    ("tidewater", ("code_map.md", "path", "src/commands/push.rs"), "ls finds no such path"),
    ("tidewater", ("release.md", "script", "bench"), "justfile has no bench recipe"),
]


@pytest.mark.parametrize("name", sorted(PROJECTS))
def test_true_claims_pass_false_claims_fail(tmp_path: Path, name: str) -> None:
    assert_verdicts_match_truth(tmp_path, name, PROJECTS[name])


@pytest.mark.parametrize(("name", "key", "phrase"), EXPLANATIONS)
def test_failures_explain_what_the_project_shows(
    tmp_path: Path, name: str, key: tuple[str, str, str], phrase: str
) -> None:
    assert_failure_explained(tmp_path, name, PROJECTS[name], key, phrase)
