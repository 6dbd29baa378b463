"""Later held-out batches, each written after the previous batch's fixes (Django with pip, Node with npm, a CLAUDE.md
for bun + Biome, pdm with an npm frontend in web/, OpenClaw daily logs for hatch + ruff): true claims pass, false
claims fail, prose makes no claim.

Truth keys are (entry id, kind, subject); the subject of a version or a qualified count carries its expected value
("python>=3.11", "data/samples/> 20"). "ok-absent" marks a mention that must not fail (an instruction's output file,
a path outside the project): no claim or `unknown`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.heldout_projects import assert_failure_explained, assert_verdicts_match_truth

HARBOR_FILES = {
    "requirements.txt": "Django==5.0.6\npsycopg[binary]==3.1.19\n",
    "requirements-dev.txt": "-r requirements.txt\npytest==8.2.0\npytest-django==4.8.0\nblack==24.4.2\nisort==5.13.2\n",
    ".tool-versions": "python 3.11.6\n",
    "pytest.ini": "[pytest]\nDJANGO_SETTINGS_MODULE = harbor.settings.test\n",
    "setup.cfg": "[isort]\nprofile = black\n",
    "manage.py": "import os\nimport sys\n",
    "Makefile": "test:\n\tpytest -q\n\nmigrate:\n\tpython manage.py migrate\n\nrun:\n\tpython manage.py runserver\n",
    "harbor/__init__.py": "",
    "harbor/settings/__init__.py": "",
    "harbor/settings/base.py": "import os\n\nSECRET_KEY = os.environ['DJANGO_SECRET_KEY']\nINSTALLED_APPS = ['bookings']\n",
    "harbor/settings/prod.py": "from .base import *\nDEBUG = False\n",
    "harbor/settings/test.py": "from .base import *\n",
    "harbor/urls.py": "urlpatterns = []\n",
    "bookings/__init__.py": "",
    "bookings/models.py": "class Booking:\n    pass\n\n\nclass Berth:\n    pass\n",
    "bookings/views.py": "def booking_list(request):\n    pass\n\n\ndef booking_detail(request, pk):\n    pass\n",
    "bookings/services.py": "def reserve_berth(booking):\n    return booking\n",
    "bookings/migrations/__init__.py": "",
    "bookings/migrations/0001_initial.py": "",
    "bookings/migrations/0002_berth.py": "",
    "bookings/migrations/0003_booking_status.py": "",
    "bookings/templates/bookings/list.html": "",
    "bookings/templates/bookings/detail.html": "",
    ".github/workflows/ci.yml": "on: push\n",
}
HARBOR_MEMORY = {
    ".claude/memory/MEMORY.md": "- [Django](django.md)\n- [测试](testing.md)\n- [Ops](ops.md)\n",
    ".claude/memory/django.md": """---
name: Django layout
description: where harbor's Django code lives
type: project
---
## Layout

| what | where |
|---|---|
| settings | `harbor/settings/base.py` |
| prod overrides | `harbor/settings/production.py` |
| URLs | `urls.py` |

- **bookings/services.py** holds `reserve_berth()`; `cancel_berth()` sits next to it.
- Models: `Booking` and `Berth` are the core models.
- bookings/migrations/ has 4 files; `python manage.py migrate` applies them.
- `make run` starts the dev server and `make shell` opens a Django shell.
""",
    ".claude/memory/testing.md": """---
name: 测试
description: 测试与工具
type: project
---
测试框架是 pytest（配置在 `pytest.ini`），插件用 pytest-django。跑测试：`pytest -q bookings`。
Python 版本 3.11。格式化用 black，import 排序用 isort。
依赖用 pip 安装：`pip install -r requirements-dev.txt`。不要再用 `pipenv`，Pipfile 已删除。
模板在 bookings/templates/bookings/ 下，共 3 个。
""",
    ".claude/memory/ops.md": """---
name: Ops
description: CI, secrets, deploy
type: project
checks:
  - run: "grep -rn SECRET_KEY harbor/settings"
    expect: "contains os.environ"
---
CI runs in `.github/workflows/ci.yml`; deploys use `.github/workflows/deploy.yml`.
`SECRET_KEY` is read from the environment. Set `DJANGO_DEBUG=1` locally.
Docs: <https://docs.djangoproject.com/en/5.0/>. The old `harbor/celery.py` was dropped when we moved to RQ.
""",
}
HARBOR_TRUTH = {
    ("django.md", "path", "harbor/settings/base.py"): "pass",
    ("django.md", "path", "harbor/settings/production.py"): "fail",
    ("django.md", "path", "urls.py"): "pass",
    ("django.md", "path", "bookings/services.py"): "pass",
    ("django.md", "identifier", "reserve_berth"): "pass",
    ("django.md", "identifier", "cancel_berth"): "fail",
    ("django.md", "identifier", "Booking"): "ok-absent",
    ("django.md", "identifier", "Berth"): "ok-absent",
    ("django.md", "count", "bookings/migrations/"): "pass",
    ("django.md", "path", "manage.py"): "pass",
    ("django.md", "script", "run"): "pass",
    ("django.md", "script", "shell"): "fail",
    ("testing.md", "tool", "pytest"): "pass",
    ("testing.md", "path", "pytest.ini"): "pass",
    ("testing.md", "version", "python3.11"): "pass",
    ("testing.md", "tool", "black"): "pass",
    ("testing.md", "tool", "pip"): "pass",
    ("testing.md", "path", "requirements-dev.txt"): "pass",
    ("testing.md", "count", "bookings/templates/bookings/"): "fail",
    ("ops.md", "path", ".github/workflows/ci.yml"): "pass",
    ("ops.md", "path", ".github/workflows/deploy.yml"): "fail",
    ("ops.md", "identifier", "SECRET_KEY"): "pass",
    ("ops.md", "url", "https://docs.djangoproject.com/en/5.0/"): "unknown",
    ("ops.md", "declared", "grep -rn SECRET_KEY harbor/settings"): "pass",
}


BEACON_FILES = {
    "package.json": '{\n  "name": "beacon",\n  "engines": {"node": ">=18.17"},\n  "scripts": {"start": "node src/index.js", '
    '"test": "mocha \'test/**/*.spec.js\'", "lint": "eslint src test", "migrate": "node scripts/migrate.js"},\n'
    '  "devDependencies": {"mocha": "^10.4.0", "chai": "^5.1.0", "eslint": "^9.2.0", "prettier": "^3.2.5"}\n}\n',
    "package-lock.json": '{"lockfileVersion": 3}\n',
    ".prettierrc.json": "{}\n",
    "src/index.js": "require('./lib/queue')\n",
    "src/lib/queue.js": "const MAX_ATTEMPTS = 5\n\nclass JobQueue {\n  enqueue(job) { return job }\n}\n\nmodule.exports = { JobQueue, MAX_ATTEMPTS }\n",
    "src/lib/retry.js": "function withBackoff(fn) { return fn }\nmodule.exports = { withBackoff }\n",
    "scripts/migrate.js": "",
    "test/queue.spec.js": "",
    "test/retry.spec.js": "",
    "migrations/001_jobs.sql": "",
    "migrations/002_attempts.sql": "",
    "migrations/003_dlq.sql": "",
}
BEACON_MEMORY = {
    "memory/notes.md": """# Notes

## 2026-07-03 - Setup
Install deps with npm (`npm ci` in CI). Tests are mocha + chai: `npm test`. Node 18.17+ is required;
Node 16 used to work but not anymore.

## 2026-08-14 - Queue
`JobQueue` in `src/lib/queue.js` retries up to `MAX_ATTEMPTS` times using `withBackoff()`.
`enqueueMany()` batches jobs. The dead-letter logic is in `src/lib/dlq.js`.
There are 3 migrations in migrations/ and test/ has 4 spec files.

## 2026-09-30 - Tooling
Lint with `npm run lint`; `npm run typecheck` runs tsc. Prettier config is `.prettierrc.json` and we format with prettier.
yarn is not used here. See https://mochajs.org for the test API.
""",
}
BEACON_TRUTH = {
    ("notes.md#1", "tool", "npm"): "pass",
    ("notes.md#1", "tool", "mocha"): "pass",
    ("notes.md#1", "script", "test"): "pass",
    ("notes.md#1", "version", "node>=18.17"): "pass",
    ("notes.md#1", "version", "node16"): "ok-absent",
    ("notes.md#2", "identifier", "JobQueue"): "pass",
    ("notes.md#2", "path", "src/lib/queue.js"): "pass",
    ("notes.md#2", "identifier", "MAX_ATTEMPTS"): "pass",
    ("notes.md#2", "identifier", "withBackoff"): "pass",
    ("notes.md#2", "identifier", "enqueueMany"): "fail",
    ("notes.md#2", "path", "src/lib/dlq.js"): "fail",
    ("notes.md#2", "count", "migrations/"): "pass",
    ("notes.md#2", "count", "test/"): "fail",
    ("notes.md#3", "script", "lint"): "pass",
    ("notes.md#3", "script", "typecheck"): "fail",
    ("notes.md#3", "path", ".prettierrc.json"): "pass",
    ("notes.md#3", "tool", "prettier"): "pass",
    ("notes.md#3", "tool", "npm"): "pass",
    ("notes.md#3", "url", "https://mochajs.org"): "unknown",
}


LUMEN_FILES = {
    "package.json": '{\n  "name": "lumen",\n  "scripts": {"dev": "bun --watch src/server.ts", "test": "bun test", '
    '"lint": "biome check .", "format": "biome format --write ."},\n'
    '  "devDependencies": {"@biomejs/biome": "1.8.3", "typescript": "^5.5.0"},\n'
    '  "dependencies": {"zod": "^3.23.0", "pg": "^8.12.0"}\n}\n',
    "bun.lockb": "binary lockfile\n",
    "biome.json": '{"formatter": {"enabled": true}}\n',
    "tsconfig.json": "{}\n",
    "src/server.ts": "export const DEFAULT_PORT = 3000\n\nexport function startServer(port = DEFAULT_PORT) {\n  return port\n}\n",
    "src/errors.ts": "export class HttpError extends Error {}\n",
    "src/db/client.ts": "export function getClient() {\n  return null\n}\n",
    "src/routes/users.ts": "",
    "src/routes/posts.ts": "",
    "src/routes/health.ts": "",
    "test/server.test.ts": "",
}
LUMEN_MEMORY = {
    "CLAUDE.md": """# CLAUDE.md

## Commands
- `bun install` — install deps (never npm or yarn).
- `bun test` runs the tests; `bun run lint` is the Biome lint; `bun run typecheck` runs tsc.
- `bun run dev` starts the server on `DEFAULT_PORT`.

## Architecture
- Entry: `src/server.ts` (`startServer()`).
- DB access only through `getClient()` in `src/db/client.ts`; never import `pg` directly.
- Routes: src/routes/ has 4 route files (users, posts, health, admin).
- The old Express adapter (`src/adapters/express.ts`) was deleted in v2.
- Formatting: Biome, not Prettier.
- See @docs/architecture.md for the request lifecycle.

## Style
- Validate input with `zod` schemas; prefer `async/await` over raw promises.
- Errors are thrown as `HttpError`; 错误处理在 `src/errors.ts`，`src/middleware/` 目录下有 2 个中间件。
""",
}
LUMEN_TRUTH = {
    ("CLAUDE.md", "tool", "bun"): "pass",
    ("CLAUDE.md", "script", "test"): "pass",
    ("CLAUDE.md", "script", "lint"): "pass",
    ("CLAUDE.md", "script", "typecheck"): "fail",
    ("CLAUDE.md", "script", "dev"): "pass",
    ("CLAUDE.md", "identifier", "DEFAULT_PORT"): "pass",
    ("CLAUDE.md", "path", "src/server.ts"): "pass",
    ("CLAUDE.md", "identifier", "startServer"): "pass",
    ("CLAUDE.md", "identifier", "getClient"): "pass",
    ("CLAUDE.md", "path", "src/db/client.ts"): "pass",
    ("CLAUDE.md", "count", "src/routes/"): "fail",
    ("CLAUDE.md", "tool", "biome"): "pass",
    ("CLAUDE.md", "path", "docs/architecture.md"): "fail",
    ("CLAUDE.md", "path", "async/await"): "ok-absent",
    ("CLAUDE.md", "identifier", "HttpError"): "pass",
    ("CLAUDE.md", "path", "src/errors.ts"): "pass",
    ("CLAUDE.md", "count", "src/middleware/"): "fail",
}


MINGJING_FILES = {
    "pyproject.toml": '[project]\nname = "mingjing"\nrequires-python = ">=3.10"\n\n[tool.pdm]\ndistribution = false\n\n'
    '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
    "pdm.lock": "# pdm lock\n",
    ".python-version": "3.10.14\n",
    "Makefile": "install:\n\tpdm install\n\ntest:\n\tpdm run pytest -q\n\nweb:\n\tcd web && npm run build\n",
    "app/__init__.py": "",
    "app/main.py": "def create_app():\n    return None\n",
    "app/core/cache.py": "CACHE_TTL = 300\n\n\nclass LruCache:\n    pass\n",
    "app/api/v1/__init__.py": "",
    "app/api/v1/users.py": "",
    "app/api/v1/orders.py": "",
    "app/api/v1/items.py": "",
    "scripts/backup.sh": "",
    "scripts/restore.sh": "",
    "docs/setup.md": "",
    "docs/api.md": "",
    "docs/faq.md": "",
    "tests/test_main.py": "",
    "web/package.json": '{"name": "mingjing-web", "scripts": {"dev": "vite", "build": "vite build"}}\n',
    "web/package-lock.json": '{"lockfileVersion": 3}\n',
    "web/src/main.ts": "console.log('hi')\n",
}
MINGJING_MEMORY = {
    "memory/notes.md": """# 笔记

## 2026-09-01 - 环境
- 依赖管理用 pdm（`pdm install`），不用 poetry。
- Python 版本是 3.10；Python 3.9 不再支持。
- 测试：`pdm run pytest -q`。`make web` 构建前端，`make deploy` 发布到服务器。

## 2026-09-20 - 代码
- 入口是 `app/main.py` 的 `create_app()`。
- 缓存 TTL 由 `CACHE_TTL` 控制，默认 300 秒；`LruCache` 类在 `cache.py`。
- `app/api/v1/` 下共有 4 个文件。`RateLimiter` 已经移除。
- scripts/ 目录里有 3 个脚本，docs/ 下有 3 篇文档。

## 2026-10-05 - Frontend
The frontend lives in `web/` and uses npm (`web/package-lock.json`). Build it with `npm run build` inside web/.
The entry is `web/src/main.ts` and routes are declared in `web/src/router.ts`. Node 20 is pinned in `web/.nvmrc`.
""",
}
MINGJING_TRUTH = {
    ("notes.md#1", "tool", "pdm"): "pass",
    ("notes.md#1", "version", "python3.10"): "pass",
    ("notes.md#1", "version", "python3.9"): "ok-absent",
    ("notes.md#1", "tool", "pytest"): "pass",
    ("notes.md#1", "script", "web"): "pass",
    ("notes.md#1", "script", "deploy"): "fail",
    ("notes.md#2", "path", "app/main.py"): "pass",
    ("notes.md#2", "identifier", "create_app"): "pass",
    ("notes.md#2", "identifier", "CACHE_TTL"): "pass",
    ("notes.md#2", "identifier", "LruCache"): "pass",
    ("notes.md#2", "path", "cache.py"): "pass",
    ("notes.md#2", "count", "app/api/v1/"): "pass",
    ("notes.md#2", "count", "scripts/"): "fail",
    ("notes.md#2", "count", "docs/"): "pass",
    ("notes.md#3", "path", "web/"): "pass",
    ("notes.md#3", "tool", "npm"): "pass",
    ("notes.md#3", "path", "web/package-lock.json"): "pass",
    ("notes.md#3", "script", "build"): "pass",
    ("notes.md#3", "path", "web/src/main.ts"): "pass",
    ("notes.md#3", "path", "web/src/router.ts"): "fail",
    ("notes.md#3", "version", "node20"): "unknown",
    ("notes.md#3", "path", "web/.nvmrc"): "fail",
}


KESTREL_FILES = {
    ".tool-versions": "python 3.12.4\nnodejs 20.11.0\n",
    "pyproject.toml": '[project]\nname = "kestrel"\nrequires-python = ">=3.12"\n\n[project.scripts]\nkestrel = "kestrel.cli:app"\n\n'
    '[tool.hatch.envs.default.scripts]\ntest = "pytest {args}"\ncov = "pytest --cov"\n\n'
    '[tool.ruff.format]\nquote-style = "double"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
    "src/kestrel/__init__.py": "",
    "src/kestrel/cli.py": "import argparse\n\n\ndef app():\n    parser = argparse.ArgumentParser()\n"
    "    parser.add_argument('--force')\n    parser.add_argument('--verbose')\n",
    "src/kestrel/sync/__init__.py": "",
    "src/kestrel/sync/engine.py": "class SyncEngine:\n    def run_once(self):\n        pass\n",
    **{f"data/samples/sample_{i:02d}.csv": "a,b\n" for i in range(25)},
    "tests/test_engine.py": "",
}
KESTREL_MEMORY = {
    "MEMORY.md": "# Long-term memory\n\n- kestrel syncs folders; see daily logs in memory/.\n",
    "memory/2026-10-01.md": """# 2026-10-01

- Set up the env with hatch; run tests via `hatch run test` and coverage via `hatch run cov`.
- `hatch run lint` is the lint entry point.
- The CLI takes `--force` to overwrite and `--dry-run` to preview.
- Sync logic: `SyncEngine.run_once()` in `src/kestrel/sync/engine.py` (see `engine.py:2`).
- `SyncEngine.run_forever()` loops with a sleep.
""",
    "memory/2026-10-15.md": """# 2026-10-15

- Python 3.12 is pinned in `.tool-versions`; Node 18 is pinned there too for the docs site.
- There are over 20 sample files in data/samples/, and about 30 samples under data/samples/ once the import finishes.
- Formatter: ruff (`ruff format`). We dropped black in September.
- The old `src/kestrel/watch.py` module is gone.
""",
}
KESTREL_TRUTH = {
    ("memory/2026-10-01.md", "script", "test"): "pass",
    ("memory/2026-10-01.md", "script", "cov"): "pass",
    ("memory/2026-10-01.md", "script", "lint"): "fail",
    ("memory/2026-10-01.md", "identifier", "--force"): "pass",
    ("memory/2026-10-01.md", "identifier", "--dry-run"): "fail",
    ("memory/2026-10-01.md", "identifier", "run_once"): "pass",
    ("memory/2026-10-01.md", "path", "src/kestrel/sync/engine.py"): "pass",
    ("memory/2026-10-01.md", "path", "engine.py"): "pass",
    ("memory/2026-10-01.md", "identifier", "run_forever"): "fail",
    ("memory/2026-10-15.md", "version", "python3.12"): "pass",
    ("memory/2026-10-15.md", "path", ".tool-versions"): "pass",
    ("memory/2026-10-15.md", "version", "node18"): "fail",
    ("memory/2026-10-15.md", "count", "data/samples/> 20"): "pass",
    ("memory/2026-10-15.md", "count", "data/samples/~ 30"): "fail",
    ("memory/2026-10-15.md", "tool", "ruff"): "pass",
}


PROJECTS = {
    "harbor": (HARBOR_FILES, HARBOR_MEMORY, HARBOR_TRUTH, ".claude/memory"),
    "beacon": (BEACON_FILES, BEACON_MEMORY, BEACON_TRUTH, "memory/notes.md"),
    "lumen": (LUMEN_FILES, LUMEN_MEMORY, LUMEN_TRUTH, "CLAUDE.md"),
    "mingjing": (MINGJING_FILES, MINGJING_MEMORY, MINGJING_TRUTH, "memory/notes.md"),
    "kestrel": (KESTREL_FILES, KESTREL_MEMORY, KESTREL_TRUTH, "."),
}

EXPLANATIONS = [
    ("harbor", ("testing.md", "count", "bookings/templates/bookings/"), "ls finds 2"),
    ("harbor", ("django.md", "script", "shell"), "Makefile has no shell target"),
    ("harbor", ("django.md", "path", "harbor/settings/production.py"), "ls finds no such path"),
    ("beacon", ("notes.md#2", "count", "test/"), "memory says 4 files under test/; ls finds 2"),
    ("beacon", ("notes.md#3", "script", "typecheck"), 'package.json has no "typecheck" script'),
    ("lumen", ("CLAUDE.md", "path", "docs/architecture.md"), "ls finds no such path"),
    ("lumen", ("CLAUDE.md", "count", "src/middleware/"), "ls finds no such directory"),
    ("mingjing", ("notes.md#2", "count", "scripts/"), "ls finds 2"),
    ("mingjing", ("notes.md#1", "script", "deploy"), "Makefile has no deploy target"),
    (
        "kestrel",
        ("memory/2026-10-15.md", "count", "data/samples/~ 30"),
        "memory says about 30 entries under data/samples/; ls finds 25",
    ),
    ("kestrel", ("memory/2026-10-15.md", "version", "node18"), ".tool-versions pins 20.11.0"),
]


@pytest.mark.parametrize("name", sorted(PROJECTS))
def test_true_claims_pass_false_claims_fail(tmp_path: Path, name: str) -> None:
    assert_verdicts_match_truth(tmp_path, name, PROJECTS[name])


@pytest.mark.parametrize(("name", "key", "phrase"), EXPLANATIONS)
def test_failures_explain_what_the_project_shows(
    tmp_path: Path, name: str, key: tuple[str, str, str], phrase: str
) -> None:
    assert_failure_explained(tmp_path, name, PROJECTS[name], key, phrase)
