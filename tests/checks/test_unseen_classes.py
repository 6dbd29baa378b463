"""Claim classes a blind set of projects showed the checks missing or wrongly failing, each with look-alike true claims:
instruction-file rules, flags a CLI library defines by bare name, program names that are everyday words, formatter,
test-runner and monorepo-tool phrasings, workspace packages, single-role libraries, counts named by their folder."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from curator.checks import extract_claims, run_checks
from curator.model import Entry, SourceFile, Store
from curator.scan import run_scan
from tests.support.gitrepo import commit_files, init_repo

DATE = "2026-06-01T10:00:00+00:00"

PROJECTS: dict[str, dict[str, str]] = {
    "go-cobra": {
        "go.mod": "module example.com/logpipe\n\ngo 1.22.5\n\nrequire github.com/spf13/cobra v1.8.0\n",
        "internal/cli/root.go": (
            'package cli\n\nimport "github.com/spf13/cobra"\n\nfunc NewRoot() *cobra.Command {\n'
            '\tcmd := &cobra.Command{Use: "logpipe"}\n'
            '\tcmd.PersistentFlags().IntVar(&workers, "workers", 4, "parser goroutines")\n'
            '\tcmd.PersistentFlags().IntVar(&flushEvery, "flush-every", 500, "records per flush")\n'
            "\treturn cmd\n}\n"
        ),
        "README.md": "Pass --legacy-mode to keep the old parser.\n",
    },
    "rust-clap": {
        "Cargo.toml": '[package]\nname = "tool"\n\n[dependencies]\nclap = { version = "4", features = ["derive"] }\n'
        'tokio = "1"\n',
        "rust-toolchain.toml": '[toolchain]\nchannel = "1.78"\n',
        "src/main.rs": (
            "#[derive(Parser)]\nstruct Args {\n    #[arg(long)]\n    batch_size: usize,\n"
            '    #[arg(long = "out-dir")]\n    output: PathBuf,\n}\n\nfn main() {\n    let timeout_secs = 3;\n}\n'
        ),
    },
    "ruby": {".ruby-version": "3.3.0\n", "Gemfile": 'source "https://rubygems.org"\nruby "3.3.0"\n'},
    "py-ruff": {
        "pyproject.toml": '[project]\nname = "svc"\ndependencies = ["fastapi>=0.110"]\n\n'
        '[project.optional-dependencies]\ndev = ["ruff>=0.5", "pytest>=8"]\n\n[tool.ruff]\nline-length = 100\n',
        "svc/main.py": 'import typer\n\ndef main(dry_run: bool = typer.Option(False)) -> None:\n    """Entry."""\n',
        "tests/conftest.py": "",
    },
    "py-reqs": {"requirements-dev.txt": "ruff==0.5.0\npytest\n", "app.py": "print(1)\n"},
    "py-black": {
        "pyproject.toml": '[tool.poetry]\nname = "pts"\n\n[tool.poetry.dependencies]\npython = "~3.10"\nflask = "^3"\n'
        'celery = "^5"\n\n[tool.poetry.group.dev.dependencies]\nblack = "^24"\nruff = "^0.5"\n\n[tool.black]\n'
        "line-length = 100\n",
        "poetry.lock": "",
        "app/__init__.py": "",
    },
    "js-turbo": {
        "package.json": json.dumps(
            {"name": "root", "private": True, "workspaces": ["packages/*"], "devDependencies": {"turbo": "2"}}
        ),
        "package-lock.json": "{}",
        "turbo.json": "{}",
        "packages/web/package.json": json.dumps(
            {
                "name": "web",
                "scripts": {"test": "vitest run", "e2e": "playwright test"},
                "devDependencies": {"vitest": "1"},
            }
        ),
        "packages/api/package.json": json.dumps(
            {
                "name": "api",
                "scripts": {"test": "jest"},
                "devDependencies": {"jest": "29"},
                "dependencies": {"koa": "2"},
            }
        ),
        "packages/api/src/index.ts": "export const port = 3000;\n",
    },
    "js-scoped": {
        "package.json": json.dumps({"name": "root", "scripts": {"test": "jest"}, "devDependencies": {"jest": "29"}}),
        "apps/api/package.json": json.dumps({"name": "@shop/api", "devDependencies": {"vitest": "1"}}),
        "tests/package.json": json.dumps({"name": "e2e", "devDependencies": {"vitest": "1"}}),
    },
    "js-plain": {
        "Makefile": "test:\n\tpnpm test\n\nlint:\n\tpnpm lint\n",
        "package.json": json.dumps(
            {
                "name": "shop",
                "packageManager": "pnpm@9.12.0",
                "scripts": {"test": "vitest run", "lint": "eslint ."},
                "devDependencies": {"vitest": "1", "pinia": "2", "eslint": "9"},
            }
        ),
        "pnpm-lock.yaml": "",
        "src/stores/user.ts": "export const useUser = 1\n",
        "src/stores/cart.ts": "export const useCart = 1\n",
        "src/hooks/index.ts": "export * from './a'\n",
        "src/hooks/useA.ts": "export const useA = 1\n",
        "src/hooks/useB.ts": "export const useB = 1\n",
        "tests/a.spec.ts": "",
    },
}


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    built = {}
    for name, files in PROJECTS.items():
        root = init_repo(tmp_path_factory.mktemp("unseen") / name)
        commit_files(root, files, "project", DATE)
        built[name] = root
    return built


def _store(project: Path, body: str) -> Store:
    memory = project.parent / "memory"
    store = Store(root=memory, format="claude-code", project=project)
    store.entries.append(Entry(id="probe.md", path="probe.md", kind="file", text=body, body=body))
    store.files["probe.md"] = SourceFile(rel="probe.md", abspath=str(memory / "probe.md"), raw=body.encode(), text=body)
    return store


def _verdicts(project: Path, body: str) -> dict[str, tuple[str, str]]:
    results = run_checks(_store(project, body)).results.get("probe.md", [])
    return {result.claim.text: (result.verdict, result.explanation) for result in results}


# (case id, project, memory text, claim text, verdict, a phrase of the explanation)
CASES = [
    # flags: a CLI library defines `--workers` as "workers"; a renamed flag still fails
    ("cobra flag by bare name", "go-cobra", "`--workers` defaults to 4.", "--workers", "pass", '"workers"'),
    ("cobra two-word flag", "go-cobra", "`--flush-every` sets the batch.", "--flush-every", "pass", "flush-every"),
    ("renamed flag", "go-cobra", "`--batch-size` controls the flush.", "--batch-size", "fail", "batch_size"),
    ("flag only in docs", "go-cobra", "`--legacy-mode` keeps the parser.", "--legacy-mode", "unknown", "only in docs"),
    ("clap field", "rust-clap", "Tune `--batch-size` for big logs.", "--batch-size", "pass", "batch_size"),
    ("clap long name", "rust-clap", "Write output under `--out-dir`.", "--out-dir", "pass", '"out-dir"'),
    ("clap untyped local", "rust-clap", "`--timeout-secs` sets the wait.", "--timeout-secs", "fail", "timeout_secs"),
    ("typer parameter", "py-ruff", "Preview with `--dry-run`.", "--dry-run", "pass", "dry_run"),
    # a program name that is an everyday word does not make a flag another program's
    (
        "'go' as a verb",
        "go-cobra",
        "`--batch-size` sets how many records go into one flush.",
        "--batch-size",
        "fail",
        "",
    ),
    # formatter phrasings
    ("ruff format, black project", "py-black", "格式化：用 ruff format。", "ruff", "fail", "[tool.black]"),
    ("black, black project", "py-black", "代码用 black 格式化。", "black", "pass", "[tool.black]"),
    ("black, ruff-only project", "py-ruff", "Format with black before pushing.", "black", "fail", "names black"),
    ("black, only a requirements file", "py-reqs", "Format with black.", "black", "fail", "requirements-dev.txt"),
    ("ruff, only a requirements file", "py-reqs", "Format with ruff.", "ruff", "pass", "requirements-dev.txt"),
    ("ruff, ruff-only project", "py-ruff", "Format with ruff before pushing.", "ruff", "pass", "ruff"),
    ("ruff as a linter only", "py-black", "Lint with ruff; it also runs in CI.", "ruff", "pass", "dependency"),
    # linters, and formatters that lint too
    ("flake8 in a ruff project", "py-ruff", "Lint with flake8 before pushing.", "flake8", "fail", "[tool.ruff]"),
    ("ruff as the linter", "py-ruff", "Lint with ruff before pushing.", "ruff", "pass", "[tool.ruff]"),
    ("ruff check command", "py-ruff", "`ruff check .` must pass.", "ruff check .", "pass", "[tool.ruff]"),
    ("ruff lints, chinese", "py-black", "代码检查用 pylint。", "pylint", "fail", "ruff"),
    ("ESLint spelled so", "js-plain", "The frontend lints with ESLint.", "ESLint", "pass", "eslint"),
    ("biome in an eslint project", "js-plain", "Code is linted with biome.", "biome", "fail", "eslint"),
    # test runners of workspace packages
    ("api package on jest", "js-turbo", "API tests use jest.", "jest", "pass", "packages/api/package.json"),
    ("web package on vitest", "js-turbo", "Web tests use vitest.", "vitest", "pass", "packages/web"),
    ("no package on mocha", "js-turbo", "Unit tests use mocha.", "mocha", "fail", "jest"),
    ("root on jest, api package on vitest", "js-scoped", "API tests use jest.", "jest", "fail", "apps/api"),
    ("root on jest, sentence names no package", "js-scoped", "Unit tests use jest.", "jest", "pass", "package.json"),
    ("root on jest, api package named", "js-scoped", "The api package tests use vitest.", "vitest", "pass", "apps/api"),
    ("npm runs a script in a pnpm project", "js-plain", "Run `npm run lint`.", "npm run lint", "pass", '"lint"'),
    ("npm install in a pnpm project", "js-plain", "Install with `npm install`.", "npm install", "fail", "pnpm"),
    ("workspace e2e script", "js-turbo", "Run `npm run e2e` for browser tests.", "npm run e2e", "pass", "packages/web"),
    # monorepo tools
    ("nx in a turbo repo", "js-turbo", "We use nx for the monorepo.", "nx", "fail", "turbo.json"),
    ("turbo command", "js-turbo", "Build all with `npx turbo run build`.", "npx turbo run build", "pass", "turbo"),
    ("nx in a repo without one", "js-plain", "We use Nx to run tasks.", "Nx", "fail", "no manifest"),
    # single-role libraries
    ("CLI framework, other one in go.mod", "go-cobra", "CLI framework is urfave/cli.", "urfave/cli", "fail", "cobra"),
    ("CLI framework, in go.mod", "go-cobra", "The CLI is built on cobra.", "cobra", "pass", "go.mod"),
    ("web framework, chinese", "py-ruff", "服务基于 flask。", "flask", "fail", "names fastapi"),
    ("web framework, chinese, right", "py-ruff", "服务基于 FastAPI。", "FastAPI", "pass", "pyproject.toml"),
    ("no rival in the manifests", "py-ruff", "ORM is peewee.", "peewee", "unknown", "no manifest names peewee"),
    ("task queue, rival present", "py-black", "异步任务用 rq。", "rq", "fail", "celery"),
    ("async runtime", "rust-clap", "It runs on tokio.", "tokio", "pass", "Cargo.toml"),
    ("workspace http framework", "js-turbo", "The API uses express.", "express", "fail", "koa"),
    ("state library", "js-plain", "State lives in stores and uses pinia.", "pinia", "pass", "package.json"),
    # script commands and file paths in prose, without backticks
    ("make target in prose", "js-plain", "性能回归先跑 make bench。", "make bench", "fail", "no bench target"),
    ("make target in prose, right", "js-plain", "Run make lint before pushing.", "make lint", "pass", "lint"),
    ("pnpm script in prose", "js-plain", "Run pnpm build:prod to ship.", "pnpm build:prod", "fail", "build:prod"),
    (
        "prose path, gone",
        "js-plain",
        "The order API is in src/api/order.ts.",
        "src/api/order.ts",
        "fail",
        "no such path",
    ),
    ("prose path, there", "js-plain", "Stores live in src/stores/user.ts.", "src/stores/user.ts", "pass", "exists"),
    # package-manager versions against packageManager
    ("pnpm major, wrong", "js-plain", "We use pnpm 8 here.", "pnpm 8", "fail", "9.12.0"),
    ("pnpm pinned, right", "js-plain", "Needs pnpm@9.12.", "pnpm@9.12", "pass", "9.12.0"),
    # runtime versions beyond node, python and go
    ("rust toolchain, wrong", "rust-clap", "We build with Rust 1.70.", "Rust 1.70", "fail", "1.78"),
    ("rust toolchain, right", "rust-clap", "The toolchain is Rust 1.78.", "Rust 1.78", "pass", "rust-toolchain.toml"),
    ("ruby, wrong", "ruby", "The app runs on Ruby 3.2.", "Ruby 3.2", "fail", "3.3.0"),
    ("ruby, right", "ruby", "Ruby 3.3 is required.", "Ruby 3.3", "pass", ".ruby-version"),
    # counts named by their folder
    (
        "stores count, wrong",
        "js-plain",
        "3 Pinia stores in `src/stores/`.",
        "3 Pinia stores in `src/stores/`",
        "fail",
        "finds 2",
    ),
    (
        "stores count, right",
        "js-plain",
        "2 Pinia stores in `src/stores/`.",
        "2 Pinia stores in `src/stores/`",
        "pass",
        "",
    ),
    (
        "bare folder path",
        "js-plain",
        "There are 3 Pinia stores under src/stores.",
        "3 Pinia stores under src/stores",
        "fail",
        "finds 2",
    ),
    (
        "chinese numeral, right",
        "js-plain",
        "`src/stores/` 下有两个 store。",
        "`src/stores/` 下有两个",
        "pass",
        "finds 2",
    ),
    (
        "chinese numeral, wrong",
        "js-plain",
        "`src/stores/` 下有三个 store。",
        "`src/stores/` 下有三个",
        "fail",
        "finds 2",
    ),
    ("digits without spaces", "js-plain", "`src/stores/` 里有3个文件。", "`src/stores/` 里有3个", "fail", "finds 2"),
    (
        "english number word",
        "js-plain",
        "The `src/stores/` folder has two stores.",
        "`src/stores/` folder has two stores",
        "pass",
        "",
    ),
    (
        "a dozen",
        "js-plain",
        "There are a dozen stores in `src/stores/`.",
        "a dozen stores in `src/stores/`",
        "fail",
        "12",
    ),
    (
        "index file is not a hook",
        "js-plain",
        "`src/hooks/` has 2 hooks.",
        "`src/hooks/` has 2 hooks",
        "pass",
        "besides",
    ),
]


@pytest.mark.parametrize(
    ("project", "body", "text", "verdict", "phrase"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_verdicts(projects: dict[str, Path], project: str, body: str, text: str, verdict: str, phrase: str) -> None:
    found = _verdicts(projects[project], body)
    if verdict == "absent":
        assert text not in found, found
        return
    assert text in found, found
    assert found[text][0] == verdict and phrase in found[text][1], found[text]


@pytest.mark.parametrize(
    ("body", "absent"),
    [
        ("Pass `--race` to go test.", "--race"),
        ("We have 120 tests in tests/.", "120 tests in tests/"),
        ("Make sure the docs build.", "make sure"),
        ("Rust 2021 edition idioms only.", "Rust 2021"),
        ("Name specs like tests/unit/foo.spec.ts and keep them small.", "tests/unit/foo.spec.ts"),
        ("The SDK works with express and koa.", "express"),
        ("CLI 框架不是 urfave/cli。", "urfave/cli"),
        ("Use pnpm for everything; 用 pnpm 装依赖。", "装依赖"),
        ("Use pnpm for everything.", "for"),
        ("Settings are in ~/.config/app/config.yaml and https://example.com/a/b.json.", "config/app/config.yaml"),
        ("The npm 5 packages are old.", "npm 5"),
        ("The two main files in `src/` are a.ts and b.ts.", "two main files in `src/`"),
        ("5 files in src/a.ts changed.", "5 files in src/"),
        ("`src/` 下有一个 README。", "`src/` 下有一个"),
        ("Enable turbo mode on the laptop; use Turbo for page updates.", "Turbo"),
        ("Handle it with click handlers; use gin tonic.", "gin"),
        ("The Flask docs are good reading.", "Flask"),
        ("Tests are in `tests/`; `make lint` runs ruff.", "ruff"),
    ],
)
def test_look_alikes_make_no_claim(body: str, absent: str) -> None:
    entry = Entry(id="probe.md", path="probe.md", kind="file", text=body, body=body)
    claims = extract_claims(entry)
    assert absent not in [claim.text for claim in claims] and absent not in [claim.subject for claim in claims]


def test_make_sure_is_not_the_make_program() -> None:
    body = "Make sure `--strict-mode` is on."
    entry = Entry(id="probe.md", path="probe.md", kind="file", text=body, body=body)
    assert [claim.subject for claim in extract_claims(entry)] == ["--strict-mode"]


def test_instruction_file_rules_are_checked_and_named_by_line(tmp_path: Path) -> None:
    project = init_repo(tmp_path / "admin")
    files = {
        "package.json": json.dumps({"name": "admin", "scripts": {"dev": "vite", "lint": "eslint ."}}),
        "pnpm-lock.yaml": "",
        "src/router/index.ts": "export function setupRouterGuards() {}\n",
        "CLAUDE.md": "# Admin\n\n- The mock backend is `mock/server.ts`; start it with `pnpm mock`.\n\n"
        "- Router guards: `setupRouterGuards` in `src/router/index.ts`; lint with `pnpm lint`.\n",
        ".claude/memory/MEMORY.md": "- [Dev](dev.md) — dev server\n",
        ".claude/memory/dev.md": "---\nname: dev\ntype: project\n---\nStart with `pnpm dev`.\n",
    }
    commit_files(project, files, "project", DATE)
    scan = run_scan(project / ".claude" / "memory", project=project, check=True, usage=False)
    failed = {
        (finding.entries[0], finding.evidence["claim"]) for finding in scan.findings if finding.rule == "check-failed"
    }
    assert failed == {("CLAUDE.md:L3", "mock/server.ts"), ("CLAUDE.md:L3", "pnpm mock")}
    messages = [finding.message for finding in scan.findings if finding.rule == "check-failed"]
    assert all(message.startswith("CLAUDE.md says") for message in messages), messages
    passed = {result.claim.text for result in scan.check_results["CLAUDE.md:L5"] if result.verdict == "pass"}
    assert passed == {"setupRouterGuards", "src/router/index.ts", "pnpm lint"}
    assert [result.verdict for result in scan.check_results["dev.md"] if result.claim.kind == "script"] == ["pass"]


def test_an_instruction_store_is_checked_once(tmp_path: Path) -> None:
    project = init_repo(tmp_path / "p")
    commit_files(project, {"CLAUDE.md": "- Config is `conf/app.toml`.\n", "conf/app.toml": ""}, "project", DATE)
    scan = run_scan(project / "CLAUDE.md", project=project, check=True, usage=False)
    assert list(scan.check_results) == ["CLAUDE.md:L1"]
    assert [result.verdict for result in scan.check_results["CLAUDE.md:L1"]] == ["pass"]


def test_workspace_scripts_outside_git(tmp_path: Path) -> None:
    project = tmp_path / "plain"
    (project / "apps" / "web").mkdir(parents=True)
    (project / "package.json").write_text(json.dumps({"name": "root", "workspaces": ["apps/*"]}))
    (project / "apps" / "web" / "package.json").write_text(json.dumps({"name": "web", "scripts": {"e2e": "x"}}))
    assert subprocess.run(["git", "-C", str(project), "rev-parse"], capture_output=True).returncode != 0
    found = _verdicts(project, "Run `npm run e2e` and `npm run smoke`.")
    assert found["npm run e2e"][0] == "pass" and "apps/web/package.json" in found["npm run e2e"][1]
    assert found["npm run smoke"][0] == "fail"


def test_npm_running_a_script_is_not_a_package_manager_claim_that_fails(projects: dict[str, Path]) -> None:
    results = run_checks(_store(projects["js-plain"], "Run `npm run lint` and `npm test`.")).results["probe.md"]
    tools = [result for result in results if result.claim.kind == "tool"]
    assert tools and {result.verdict for result in tools} == {"unknown"}, [r.explanation for r in tools]
    assert "pnpm" in tools[0].explanation
    assert not [result for result in results if result.failed]
