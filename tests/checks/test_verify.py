"""Verdicts for every claim kind, probed against a real project in a real git repository."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from curator.checks import run_checks
from curator.model import Entry, SourceFile, Store
from tests.support.gitrepo import commit_files, init_repo

PACKAGE_JSON = json.dumps(
    {
        "name": "site",
        "packageManager": "pnpm@9.1.0",
        "engines": {"node": ">=20"},
        "scripts": {"build": "tsc", "test": "vitest run"},
        "devDependencies": {"vitest": "^2.0.0"},
    }
)
PYPROJECT = """[project]
name = "tool"
requires-python = ">=3.11"
dependencies = ["click"]

[project.scripts]
serve = "tool.web:main"

[tool.pytest.ini_options]
testpaths = ["tests"]

[tool.ruff.format]
quote-style = "double"
"""
MAKEFILE = "build test: deps\n\tpytest\n\nlint::\n\truff check .\n\nVERSION := 1\n"


def build_project(root: Path) -> Path:
    files: dict[str, str] = {
        "package.json": PACKAGE_JSON,
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "vitest.config.ts": "export default {}\n",
        ".nvmrc": "20\n",
        "pyproject.toml": PYPROJECT,
        "uv.lock": "version = 1\n",
        ".python-version": "3.12.4\n",
        "Makefile": MAKEFILE,
        "src/config.py": "MAX_PER_WEEK = 4\n\ndef load_config(path):\n    return path\n",
        "src/feed.ts": "export function buildFeed(posts: string[]) { return posts; }\n",
        "src/cli.py": "parser.add_argument('--help-me')\nparser.add_argument('--dry-run')\n",
        "docs/a.md": "a\n",
        "docs/b.md": "b\n",
        "docs/c.md": "c\n",
        "docs/d.png": "png\n",
        "docs/-rf.md": "a file whose name looks like an option\n",
        "tests/conftest.py": "\n",
        "packages/web/package.json": json.dumps({"name": "web", "scripts": {"dev": "vite"}}),
    }
    files.update({f"posts/short/p{number:02d}.md": "post\n" for number in range(41)})
    init_repo(root)
    commit_files(root, files, "project", "2026-01-01T00:00:00+00:00")
    return root


def make_store(project: Path, bodies: dict[str, str], fields: dict[str, dict] | None = None) -> Store:
    """A claude-code-like store under .claude/memory with one entry per body (files written for real)."""
    root = project / ".claude" / "memory"
    root.mkdir(parents=True, exist_ok=True)
    store = Store(root=root, format="claude-code", project=project)
    for entry_id, body in bodies.items():
        path = root / entry_id
        path.write_text(body, encoding="utf-8")
        store.files[entry_id] = SourceFile(rel=entry_id, abspath=path, raw=body.encode(), text=body)
        store.entries.append(
            Entry(id=entry_id, path=entry_id, body=body, text=body, fields=(fields or {}).get(entry_id, {}))
        )
    return store


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = build_project(tmp_path_factory.mktemp("checks") / "site")
    os.symlink("/etc", root / "leak")
    (root / ".claude" / "memory" / "sub").mkdir(parents=True)
    (root / ".claude" / "memory" / "sub" / "local.txt").write_text("beside the memory file\n")
    return root


def verdict_of(project: Path, body: str, **kwargs: object) -> tuple[str, str, str | None]:
    store = make_store(project, {"probe.md": body})
    results = run_checks(store, **kwargs).results["probe.md"]
    if len(results) > 1:
        results = [result for result in results if result.claim.source != "command" or result.claim.kind != "tool"]
    assert len(results) == 1, [result.claim for result in results]
    result = results[0]
    return result.verdict, result.explanation, result.probe.command if result.probe else None


CASES = [
    ("path exists", "Config lives in `src/config.py`.", "pass", "src/config.py exists"),
    ("path missing", "Helpers in `src/helpers.py`.", "fail", "ls finds no such path"),
    ("suffix match", "Edit `config.py`.", "pass", "found as src/config.py"),
    ("dir exists", "Posts go in `posts/short/`.", "pass", "exists"),
    ("option-like name", "Odd file `docs/-rf.md`.", "pass", "exists"),
    ("escape", "Read `../../etc/passwd`.", "unknown", "climbs out of the project root"),
    ("absolute", "Read `/etc/hosts`.", "unknown", "absolute path"),
    ("home", "Keys in `~/.ssh/config`.", "unknown", "home-directory path"),
    ("symlink out", "See `leak/passwd`.", "unknown", "outside the project root"),
    ("identifier found", "`load_config()` reads it.", "pass", "git grep finds load_config"),
    ("identifier renamed", "`loadSettings()` reads it.", "fail", "finds no loadSettings"),
    ("rename suggested", "`read_config()` reads it.", "fail", "closest is load_config at src/config.py:3"),
    ("constant", "Capped by `MAX_PER_WEEK`.", "pass", "src/config.py:1"),
    ("flag is data", "Pass `--dry-run` to preview.", "pass", "finds --dry-run"),
    ("flag missing", "Pass `--force` to skip.", "fail", "finds no --force"),
    (
        "count wrong",
        "58 old posts under posts/short/ to delete.",
        "fail",
        "memory says 58 entries under posts/short/; ls finds 41",
    ),
    ("count right", "41 posts under `posts/short/`.", "pass", "ls finds 41"),
    ("count zh", "posts/short/ 下还有 58 篇待删。", "fail", "ls finds 41"),
    ("count ext", "There are 4 markdown files in `docs/`.", "pass", "ls finds 4"),
    ("count files", "There are 5 files in `docs/`.", "pass", "memory says 5 files under docs/; ls finds 5"),
    ("count folders", "`src/` has 2 folders.", "fail", "memory says 2 directories under src/; ls finds 0"),
    (
        "count approx",
        "about 40 posts under posts/short/.",
        "pass",
        "memory says about 40 entries under posts/short/; ls finds 41",
    ),
    ("count over", "over 50 posts under posts/short/.", "fail", "memory says more than 50 entries"),
    ("count no dir", "12 posts under posts/gone/.", "fail", "no such directory"),
    ("pkg script", "Run `pnpm test`, please.", "pass", '"test": "vitest run"'),
    ("make target", "Run `make lint` first.", "pass", "Makefile defines target lint"),
    ("workspace script", "Run `pnpm dev` for the site.", "pass", '"dev" is a script of packages/web/package.json'),
    ("make multi", "Run `make test` first.", "pass", "defines target test"),
    ("make missing", "Run `make deploy` first.", "fail", "Makefile has no deploy target"),
    ("pyproject script", "Start with `uv run serve`.", "pass", "pyproject.toml defines serve"),
    ("tool pnpm", "This project uses pnpm.", "pass", "pnpm-lock.yaml"),
    ("tool npm", "Dependencies are installed with npm.", "fail", "pnpm-lock.yaml (pnpm)"),
    ("tool jest", "Tests run with jest.", "fail", "vitest"),
    ("tool vitest", "Tests run with vitest.", "pass", "vitest"),
    ("tool uv", "Python deps: use `uv`.", "pass", "uv.lock"),
    ("tool poetry", "Python deps are managed with poetry.", "fail", "uv.lock (uv)"),
    ("tool pytest", "Tests use pytest.", "pass", "conftest.py"),
    ("formatter", "Format Python with `black`.", "fail", "ruff format configured (ruff)"),
    ("node ok", "The site builds on Node 20.", "pass", ".nvmrc pins 20"),
    ("node wrong", "The site builds on Node 18.", "fail", ".nvmrc pins 20"),
    ("python pin", "We are on Python 3.12.", "pass", ".python-version pins 3.12.4"),
    ("python wrong", "We are on Python 3.10.", "fail", ".python-version pins 3.12.4"),
    ("url", "Docs: https://example.com/docs", "unknown", "not fetched"),
]


@pytest.mark.parametrize(("body", "verdict", "phrase"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_verdict(project: Path, body: str, verdict: str, phrase: str) -> None:
    got, explanation, _ = verdict_of(project, body)
    assert (got, phrase in explanation) == (verdict, True), explanation


def test_pnpm_script_missing_names_what_exists(project: Path) -> None:
    store = make_store(project, {"probe.md": "Always `pnpm lint` first."})
    results = {result.claim.kind: result for result in run_checks(store).results["probe.md"]}
    assert results["script"].verdict == "fail"
    assert 'package.json has no "lint" script (has: build, test)' in results["script"].explanation
    assert results["tool"].verdict == "pass"


def test_path_next_to_memory_file(project: Path) -> None:
    store = make_store(project, {"sub/note.md": "See `local.txt`."})
    [result] = run_checks(store).results["sub/note.md"]
    assert result.verdict == "pass"
    assert "next to the memory file" in result.explanation


def test_identifier_only_in_memory_does_not_pass(project: Path) -> None:
    store = make_store(project, {"a.md": "`onlyInMemoryHelper()` does it.", "b.md": "Also `onlyInMemoryHelper()`."})
    results = run_checks(store).results
    assert [result.verdict for result in results["a.md"] + results["b.md"]] == ["fail", "fail"]
    assert ":(exclude).claude/memory" in results["a.md"][0].probe.command


DECLARED = [
    ({"run": "ls posts/short", "expect": "count == 41"}, "pass", "printed 41 lines"),
    (
        {"run": "ls posts/short", "expect": "count == 58"},
        "fail",
        "memory expects count == 58; `ls posts/short` printed 41",
    ),
    ({"run": "grep -r -l MAX_PER_WEEK src", "expect": "contains src/config.py"}, "pass", "contains"),
    ({"run": "git grep -n renderFeed", "expect": "exit == 0"}, "fail", "exited 1"),
    ({"run": "wc -l src/config.py", "expect": "count == 4"}, "pass", "counted 4"),
    ("git ls-files -- posts/short", "pass", "exited 0"),
    ({"run": "ls posts; rm -rf /", "expect": "exit == 0"}, "unknown", "refused"),
    ({"run": "curl https://example.com", "expect": "exit == 0"}, "unknown", "'curl' is not an allowed probe"),
    ({"run": "cat ../../etc/passwd"}, "unknown", "climbs out"),
    ({"run": "ls posts", "expect": "vibes"}, "unknown", "cannot read expect"),
]


@pytest.mark.parametrize(("check", "verdict", "phrase"), DECLARED, ids=[str(case[0])[:40] for case in DECLARED])
def test_declared_checks(project: Path, check: object, verdict: str, phrase: str) -> None:
    store = make_store(project, {"d.md": "No prose claims here."}, fields={"d.md": {"checks": [check]}})
    [result] = run_checks(store).results["d.md"]
    assert (result.verdict, phrase in result.explanation) == (verdict, True), result.explanation


def test_failed_checks_become_findings_with_evidence(project: Path) -> None:
    store = make_store(project, {"x.md": "58 old posts under posts/short/; see `src/config.py`."})
    outcome = run_checks(store)
    [finding] = outcome.findings
    assert (finding.rule, finding.severity, finding.entries) == ("check-failed", "warning", ["x.md"])
    assert finding.message == "memory says 58 entries under posts/short/; ls finds 41"
    assert finding.evidence["command"] == "ls -1 -- posts/short"
    assert "p00.md" in finding.evidence["output"]


def test_result_json_carries_the_probe(project: Path) -> None:
    store = make_store(project, {"x.md": "Run `make deploy`."})
    [result] = run_checks(store).results["x.md"]
    data = json.loads(json.dumps(result.to_json()))
    assert data["kind"] == "script" and data["verdict"] == "fail" and data["claim"] == "make deploy"
    assert data["command"].startswith("grep -n -E -e ") and data["command"].endswith("-- Makefile")
    assert data["exit_code"] == 1 and isinstance(data["duration_s"], float) and data["output"] == ""


def test_entry_ids_limit_the_pass(project: Path) -> None:
    store = make_store(project, {"a.md": "`src/config.py`", "b.md": "`src/nope.py`"})
    outcome = run_checks(store, entry_ids=["b.md"])
    assert list(outcome.results) == ["b.md"]


def test_no_project_root_makes_every_claim_unknown(tmp_path: Path) -> None:
    store = Store(root=tmp_path / "nowhere", format="notes", project=None)
    store.entries.append(Entry(id="n#1", path="n", body="`src/config.py` and 58 posts under posts/short/"))
    outcome = run_checks(store)
    assert {result.verdict for result in outcome.results["n#1"]} == {"unknown"}
    assert outcome.findings == []


def test_project_outside_git_uses_grep_and_a_walk(tmp_path: Path) -> None:
    project = tmp_path / "plain"
    (project / "lib" / "deep").mkdir(parents=True)
    (project / "lib" / "deep" / "settings.py").write_text("def load_settings():\n    pass\n")
    store = make_store(project, {"p.md": "`settings.py` has `load_settings()`; `save_settings()` is there too."})
    results = {result.claim.subject: result for result in run_checks(store).results["p.md"]}
    assert results["settings.py"].verdict == "pass" and "lib/deep/settings.py" in results["settings.py"].explanation
    assert results["load_settings"].verdict == "pass"
    assert results["load_settings"].probe.argv[0] == "grep"
    assert results["save_settings"].verdict == "fail"


def test_makefile_with_includes_makes_a_missing_target_unknown(tmp_path: Path) -> None:
    project = tmp_path / "inc"
    project.mkdir()
    (project / "Makefile").write_text("include common.mk\n\nbuild:\n\ttrue\n")
    store = make_store(project, {"m.md": "Run `make release` and `make build`."})
    results = run_checks(store).results["m.md"]
    assert [(result.claim.subject, result.verdict) for result in results] == [("release", "unknown"), ("build", "pass")]
    assert "includes other makefiles" in results[0].explanation


def test_unreadable_manifests_give_unknown_not_errors(tmp_path: Path) -> None:
    project = tmp_path / "broken"
    project.mkdir()
    (project / "package.json").write_text("{not json")
    (project / "pyproject.toml").write_text("[project\nname=")
    (project / ".nvmrc").write_text("lts/iron\n")
    store = make_store(project, {"b.md": "Run `pnpm test`; we use Node 20 and `uv run serve`; tests run with jest."})
    verdicts = {
        (result.claim.kind, result.claim.subject): result.verdict for result in run_checks(store).results["b.md"]
    }
    assert verdicts == {
        ("tool", "pnpm"): "unknown",
        ("script", "test"): "unknown",
        ("version", "node"): "unknown",
        ("tool", "uv"): "unknown",
        ("script", "serve"): "unknown",
        ("tool", "jest"): "unknown",
    }


def test_claude_home_store_without_a_known_project_is_not_checked_against_its_git_root(tmp_path: Path) -> None:
    home_claude = init_repo(tmp_path / "home" / ".claude")
    store_root = home_claude / "projects" / "-work-app" / "memory"
    store_root.mkdir(parents=True)
    store = Store(root=store_root, format="claude-code", project=None)
    store.entries.append(Entry(id="a.md", path="a.md", body="`src/app.py` holds it."))
    [result] = run_checks(store).results["a.md"]
    assert result.verdict == "unknown" and "no project root known" in result.explanation
