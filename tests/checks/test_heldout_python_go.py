"""Held-out projects (Python with uv, Go, Python with poetry):
each true claim passes, each false claim fails, prose and negated mentions make no claim.

Truth keys are (entry id, kind, subject); a version's subject carries its expected value ("python>=3.11"). "ok-absent"
marks a mention that must not fail (an instruction's output file, a path outside the project): no claim or `unknown`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.heldout_projects import assert_failure_explained, assert_verdicts_match_truth

LEDGERD_FILES = {
    "pyproject.toml": """[project]
name = "ledgerd"
version = "0.4.0"
requires-python = ">=3.11"
dependencies = ["fastapi>=0.110", "sqlalchemy>=2.0"]

[project.scripts]
ledgerd = "ledgerd.cli:main"

[dependency-groups]
dev = ["pytest>=8.2", "ruff>=0.6"]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-q"

[tool.ruff]
line-length = 100

[tool.uv]
package = true
""",
    "uv.lock": 'version = 1\nrequires-python = ">=3.11"\n',
    ".python-version": "3.12\n",
    "Makefile": ".PHONY: lint test fmt serve\n\nlint:\n\tuv run ruff check src tests\n\ntest:\n\tuv run pytest\n\n"
    "fmt:\n\tuv run ruff format src tests\n\nserve:\n\tuv run ledgerd serve\n",
    ".pre-commit-config.yaml": "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.6.9\n"
    "    hooks:\n      - id: ruff\n      - id: ruff-format\n",
    "src/ledgerd/__init__.py": '__version__ = "0.4.0"\n',
    "src/ledgerd/config.py": "DEFAULT_TIMEOUT_SECONDS = 30\n\n\ndef load_settings(path=None):\n    return {}\n",
    "src/ledgerd/cli.py": "import argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n"
    "    parser.add_argument('--reindex', action='store_true')\n    parser.parse_args()\n",
    "src/ledgerd/api/__init__.py": "",
    "src/ledgerd/api/routes.py": "def create_invoice(payload):\n    return payload\n\n\ndef cancel_invoice(invoice_id):\n"
    "    return invoice_id\n\n\ndef list_invoices():\n    return []\n",
    "src/ledgerd/db/__init__.py": "",
    "src/ledgerd/db/models.py": "class InvoiceRecord:\n    pass\n",
    "src/ledgerd/db/session.py": "def open_session():\n    return None\n",
    **{
        f"db/migrations/000{i}_{name}.sql": f"-- {name}\n"
        for i, name in enumerate(["init", "invoices", "customers", "refunds", "currency", "indexes", "audit"], start=1)
    },
    "tests/conftest.py": "import pytest\n",
    "tests/test_routes.py": "def test_create():\n    assert True\n",
    "tests/test_config.py": "def test_settings():\n    assert True\n",
    "tests/fixtures/invoice_basic.json": "{}\n",
    "tests/fixtures/invoice_refund.json": "{}\n",
    "tests/fixtures/customer.json": "{}\n",
    "tests/fixtures/rates.csv": "usd,1\n",
    "tests/fixtures/empty.json": "{}\n",
    "docs/runbook.md": "# Runbook\n",
}

LEDGERD_MEMORY = {
    ".claude/memory/MEMORY.md": "# Memory index\n\n- [Stack](stack.md) — tools and commands\n"
    "- [Layout](layout.md) — where code lives\n- [工具](tooling_zh.md) — 中文笔记\n",
    ".claude/memory/stack.md": """---
name: Stack
description: tools and commands for ledgerd
type: project
checks:
  - run: "ls db/migrations"
    expect: "count == 7"
  - run: "grep -c def src/ledgerd/api/routes.py"
    expect: "count == 5"
---
ledgerd is a FastAPI service. Dependencies are managed with uv (`uv sync`), not poetry.
Run the tests with `uv run pytest` and lint with `make lint` before pushing.
Format with black before committing. The pinned interpreter is Python 3.12.
Start the server with `make serve`; `make docs` builds the API docs.
For local runs, `ledgerd --reindex` rebuilds the search index (the `--reindex` flag).
See https://fastapi.tiangolo.com/tutorial/ for the framework. Keep read/write paths separate.
""",
    ".claude/memory/layout.md": """---
name: Layout
description: where code lives in ledgerd
type: project
---
- Settings are loaded in `config.py` by `load_settings()`; the default timeout is `DEFAULT_TIMEOUT_SECONDS`.
- Routes live in `src/ledgerd/api/routes.py`: `create_invoice()` and `void_invoice()`.
- Request handlers used to be in `src/ledgerd/api/handlers.py` but that file was removed.
- The ORM model is `InvoiceRecord` in `src/ledgerd/db/models.py`; retries are capped by `MAX_RETRIES`.
- Sessions come from `src/ledgerd/db/pool.py`.
- There are 7 migrations under db/migrations/ and the runbook is [here](docs/runbook.md).
- ~~`scripts/backfill.py`~~ is gone.
- Name new files in `snake_case`; the `<service>/api` pattern is a placeholder.
""",
    ".claude/memory/tooling_zh.md": """---
name: 工具
description: 中文工具笔记
type: project
---
项目的包管理器是 uv，不要用 pip 装依赖。测试框架是 pytest。
格式化用 ruff（`make fmt`）。以前用 `make check`，已删除。
Python 版本 3.11 以上即可。
tests/fixtures/ 下有 8 个文件，`tests/test_billing.py` 覆盖计费逻辑。
`open_session()` 在 `session.py` 里。
""",
}

LEDGERD_TRUTH = {
    ("stack.md", "tool", "uv"): "pass",
    ("stack.md", "tool", "pytest"): "pass",
    ("stack.md", "script", "lint"): "pass",
    ("stack.md", "tool", "black"): "fail",
    ("stack.md", "version", "python3.12"): "pass",
    ("stack.md", "script", "serve"): "pass",
    ("stack.md", "script", "docs"): "fail",
    ("stack.md", "identifier", "--reindex"): "pass",
    ("stack.md", "url", "https://fastapi.tiangolo.com/tutorial/"): "unknown",
    ("stack.md", "declared", "ls db/migrations"): "pass",
    ("stack.md", "declared", "grep -c def src/ledgerd/api/routes.py"): "fail",
    ("layout.md", "path", "config.py"): "pass",
    ("layout.md", "identifier", "load_settings"): "pass",
    ("layout.md", "identifier", "DEFAULT_TIMEOUT_SECONDS"): "pass",
    ("layout.md", "path", "src/ledgerd/api/routes.py"): "pass",
    ("layout.md", "identifier", "create_invoice"): "pass",
    ("layout.md", "identifier", "void_invoice"): "fail",
    ("layout.md", "identifier", "InvoiceRecord"): "pass",
    ("layout.md", "path", "src/ledgerd/db/models.py"): "pass",
    ("layout.md", "identifier", "MAX_RETRIES"): "fail",
    ("layout.md", "path", "src/ledgerd/db/pool.py"): "fail",
    ("layout.md", "count", "db/migrations/"): "pass",
    ("layout.md", "path", "docs/runbook.md"): "pass",
    ("tooling_zh.md", "tool", "uv"): "pass",
    ("tooling_zh.md", "tool", "pytest"): "pass",
    ("tooling_zh.md", "tool", "ruff"): "pass",
    ("tooling_zh.md", "script", "fmt"): "pass",
    ("tooling_zh.md", "version", "python>=3.11"): "pass",
    ("tooling_zh.md", "count", "tests/fixtures/"): "fail",
    ("tooling_zh.md", "path", "tests/test_billing.py"): "fail",
    ("tooling_zh.md", "identifier", "open_session"): "pass",
    ("tooling_zh.md", "path", "session.py"): "pass",
}


RELAY_FILES = {
    "go.mod": "module github.com/acme/relay\n\ngo 1.22\n\nrequire github.com/jackc/pgx/v5 v5.6.0\n",
    "go.sum": "",
    "cmd/relay/main.go": 'package main\n\nimport "github.com/acme/relay/internal/server"\n\nfunc main() {\n'
    "\tserver.NewServer(server.DefaultPort).Run()\n}\n",
    "internal/server/server.go": "package server\n\nconst DefaultPort = 8080\n\ntype Server struct{ port int }\n\n"
    "func NewServer(port int) *Server { return &Server{port: port} }\n\n"
    "func (s *Server) Run() {}\n",
    "internal/server/handlers.go": "package server\n\nfunc handleHealth() {}\n\nfunc handleEvents() {}\n",
    "internal/store/postgres.go": "package store\n\ntype PostgresStore struct{}\n\n"
    "func (s *PostgresStore) SaveEvent(id string) error { return nil }\n",
    "internal/store/memory.go": "package store\n\ntype MemoryStore struct{}\n",
    "migrations/001_events.up.sql": "create table events();\n",
    "migrations/001_events.down.sql": "drop table events;\n",
    "migrations/002_index.up.sql": "create index e on events();\n",
    "migrations/002_index.down.sql": "drop index e;\n",
    "testdata/event_ok.json": "{}\n",
    "testdata/event_bad.json": "{}\n",
    "testdata/batch.ndjson": "{}\n",
    "Makefile": "build:\n\tgo build ./cmd/relay\n\ntest:\n\tgo test ./...\n\nlint:\n\tgolangci-lint run\n\n"
    "run: build\n\t./relay\n",
    ".golangci.yml": "linters:\n  enable:\n    - govet\n",
    "deploy/helm/values.yaml": "replicas: 2\n",
    "Dockerfile": "FROM golang:1.22\n",
}

RELAY_MEMORY = {
    "memory/notes.md": """# Agent notes

## 2026-10-02 - Server layout
The entrypoint is `cmd/relay/main.go`; HTTP wiring lives in `server.go`. `NewServer()` builds the mux and
the port defaults to `DefaultPort`. The `handleMetrics` handler serves Prometheus metrics.
The module targets Go 1.21.

## 2026-10-15 - 数据库
迁移文件在 `migrations/` 目录，migrations/ 下有 4 个文件。写入走 `PostgresStore.SaveEvent()`，
批量写入用 `SaveBatch()`。`internal/store/sqlite.go` 已删除。testdata/ 下有 5 个文件。
Go 版本 1.22。

## 2026-11-01 - Build and CI
Run `make test` and `make lint` before pushing; `make docker` builds the image.
Helm values are in `deploy/helm/values.yaml`; the raw manifest is `deploy/k8s/deployment.yaml`.
Linters are configured in `.golangci.yml`. ~~`make proto`~~ regenerates protobufs.
Docs: https://pkg.go.dev/net/http. Stop with `Ctrl+C`; hit `GET /healthz` to probe.
""",
}

RELAY_TRUTH = {
    ("notes.md#1", "path", "cmd/relay/main.go"): "pass",
    ("notes.md#1", "path", "server.go"): "pass",
    ("notes.md#1", "identifier", "NewServer"): "pass",
    ("notes.md#1", "identifier", "DefaultPort"): "pass",
    ("notes.md#1", "identifier", "handleMetrics"): "fail",
    ("notes.md#1", "version", "go1.21"): "fail",
    ("notes.md#2", "path", "migrations/"): "pass",
    ("notes.md#2", "count", "migrations/"): "pass",
    ("notes.md#2", "identifier", "SaveEvent"): "pass",
    ("notes.md#2", "identifier", "SaveBatch"): "fail",
    ("notes.md#2", "count", "testdata/"): "fail",
    ("notes.md#2", "version", "go1.22"): "pass",
    ("notes.md#3", "script", "test"): "pass",
    ("notes.md#3", "script", "lint"): "pass",
    ("notes.md#3", "script", "docker"): "fail",
    ("notes.md#3", "path", "deploy/helm/values.yaml"): "pass",
    ("notes.md#3", "path", "deploy/k8s/deployment.yaml"): "fail",
    ("notes.md#3", "path", ".golangci.yml"): "pass",
    ("notes.md#3", "url", "https://pkg.go.dev/net/http"): "unknown",
}


ORBIT_FILES = {
    "pyproject.toml": """[tool.poetry]
name = "orbit"
version = "2.3.1"
description = "accounts service"
packages = [{include = "app", from = "src"}]

[tool.poetry.dependencies]
python = "^3.10"
sqlalchemy = "^2.0"

[tool.poetry.group.dev.dependencies]
pytest = "^8.0"
black = "^24.4"

[tool.black]
line-length = 88

[build-system]
requires = ["poetry-core"]
build-backend = "poetry.core.masonry.api"
""",
    "poetry.lock": "# lock\n",
    "tox.ini": "[tox]\nenvlist = py310,py311\n\n[testenv]\ncommands = pytest\n",
    "Makefile": "test-unit:\n\tpoetry run pytest tests/unit\n\ntest-integration:\n\tpoetry run pytest tests/integration\n\n"
    "format:\n\tpoetry run black src tests\n",
    ".env.example": "DATABASE_URL=postgres://localhost/orbit\n",
    "README.md": "# orbit\n\n## Setup\n",
    "src/app/__init__.py": '__version__ = "2.3.1"\nAPI_VERSION = "v2"\n',
    "src/app/settings.py": "class Settings:\n    debug = False\n",
    "src/app/services/__init__.py": "",
    "src/app/services/billing.py": "def charge(account):\n    return account\n",
    "src/app/services/users.py": "def get_user_by_email(email):\n    return None\n",
    "scripts/seed_db.py": "print('seed')\n",
    "alembic/versions/a1_init.py": "",
    "alembic/versions/b2_users.py": "",
    "alembic/versions/c3_accounts.py": "",
    "alembic/versions/d4_billing.py": "",
    "alembic/versions/e5_index.py": "",
    "tests/unit/test_users.py": "",
    "tests/unit/test_billing.py": "",
    "tests/unit/test_settings.py": "",
    "tests/integration/test_db.py": "",
}

ORBIT_MEMORY = {
    "memory/notes.md": """# Notes

## 2026-09-20 - Setup
We use Poetry for dependency management (we migrated from pipenv last year). Run the suite with
`poetry run pytest -x`; quick unit runs are `pytest tests/unit` or `make test-unit`. `make coverage` writes an HTML report.
The formatter is black, line length 88. Requires Python >= 3.9; CI runs Python 3.10+.
Copy `.env.example` to `.env` before the first run. Seed data with `scripts/seed_db.py`; reset with `scripts/reset_db.sh`.
Logs go to `/var/log/orbit/app.log`. Setup steps are in `README.md#setup`; API docs at [docs](https://docs.orbit.dev/api).

## 2026-10-08 - Code map
The `Settings` class in `settings.py` holds config. Users are looked up by `get_user_by_email()`
(the old `fetch_user_by_email()` was renamed). Billing is `app.services.billing`, which exposes `charge()` and `refund()`.
The constant `API_VERSION` is "v2". There are 4 test files in tests/unit/, and `tests/integration/` contains 1 file.
YAML fixtures match `tests/fixtures/*.yaml`. Run `pre-commit run --all-files` if hooks are installed.

## 2026-11-12 - 迁移
数据库迁移脚本在 `alembic/versions/`，共 6 个。依赖用 poetry 管理，不再使用 pipenv。
格式化工具是 black。单元测试在 tests/unit/ 下，有 3 个文件。
""",
}

ORBIT_TRUTH = {
    ("notes.md#1", "tool", "poetry"): "pass",
    ("notes.md#1", "tool", "pytest"): "pass",
    ("notes.md#1", "path", "tests/unit"): "pass",
    ("notes.md#1", "script", "test-unit"): "pass",
    ("notes.md#1", "script", "coverage"): "fail",
    ("notes.md#1", "tool", "black"): "pass",
    ("notes.md#1", "version", "python>=3.9"): "fail",
    ("notes.md#1", "version", "python>=3.10"): "pass",
    ("notes.md#1", "path", ".env.example"): "pass",
    ("notes.md#1", "path", ".env"): "ok-absent",
    ("notes.md#1", "path", "scripts/seed_db.py"): "pass",
    ("notes.md#1", "path", "scripts/reset_db.sh"): "fail",
    ("notes.md#1", "path", "/var/log/orbit/app.log"): "ok-absent",
    ("notes.md#1", "path", "README.md"): "pass",
    ("notes.md#1", "url", "https://docs.orbit.dev/api"): "unknown",
    ("notes.md#2", "identifier", "Settings"): "pass",
    ("notes.md#2", "path", "settings.py"): "pass",
    ("notes.md#2", "identifier", "get_user_by_email"): "pass",
    ("notes.md#2", "identifier", "billing"): "pass",
    ("notes.md#2", "identifier", "charge"): "pass",
    ("notes.md#2", "identifier", "refund"): "fail",
    ("notes.md#2", "identifier", "API_VERSION"): "pass",
    ("notes.md#2", "count", "tests/unit/"): "fail",
    ("notes.md#2", "count", "tests/integration/"): "pass",
    ("notes.md#3", "path", "alembic/versions/"): "ok-absent",
    ("notes.md#3", "count", "alembic/versions/"): "fail",
    ("notes.md#3", "tool", "poetry"): "pass",
    ("notes.md#3", "tool", "black"): "pass",
    ("notes.md#3", "count", "tests/unit/"): "pass",
}


PROJECTS = {
    "ledgerd": (LEDGERD_FILES, LEDGERD_MEMORY, LEDGERD_TRUTH, ".claude/memory"),
    "relay": (RELAY_FILES, RELAY_MEMORY, RELAY_TRUTH, "memory/notes.md"),
    "orbit": (ORBIT_FILES, ORBIT_MEMORY, ORBIT_TRUTH, "memory/notes.md"),
}

EXPLANATIONS = [
    (
        "ledgerd",
        ("tooling_zh.md", "count", "tests/fixtures/"),
        "memory says 8 entries under tests/fixtures/; ls finds 5",
    ),
    ("ledgerd", ("stack.md", "tool", "black"), "ruff"),
    ("ledgerd", ("stack.md", "script", "docs"), "Makefile has no docs target"),
    ("ledgerd", ("layout.md", "identifier", "void_invoice"), "cancel_invoice"),
    ("relay", ("notes.md#1", "version", "go1.21"), "go.mod requires 1.22"),
    ("relay", ("notes.md#2", "identifier", "SaveBatch"), "closest is SaveEvent"),
    ("orbit", ("notes.md#1", "version", "python>=3.9"), "pyproject.toml requires ^3.10"),
    ("orbit", ("notes.md#3", "count", "alembic/versions/"), "ls finds 5"),
]


@pytest.mark.parametrize("name", sorted(PROJECTS))
def test_true_claims_pass_false_claims_fail(tmp_path: Path, name: str) -> None:
    assert_verdicts_match_truth(tmp_path, name, PROJECTS[name])


@pytest.mark.parametrize(("name", "key", "phrase"), EXPLANATIONS)
def test_failures_explain_what_the_project_shows(
    tmp_path: Path, name: str, key: tuple[str, str, str], phrase: str
) -> None:
    assert_failure_explained(tmp_path, name, PROJECTS[name], key, phrase)
