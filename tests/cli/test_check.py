"""`curator check`: exit codes, text and JSON output, --entry, --project."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from tests.support.gitrepo import commit_files, init_repo

TOPIC = "---\nname: {name}\ndescription: d\ntype: project\n---\n\n{body}"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = init_repo(tmp_path / "app")
    files = {
        "package.json": json.dumps({"name": "app", "scripts": {"test": "vitest"}}),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "src/feed.ts": "export function buildFeed() {}\n",
        ".claude/memory/MEMORY.md": "- [Good](good.md) — true claims\n- [Bad](bad.md) — false claims\n",
        ".claude/memory/good.md": TOPIC.format(name="good", body="`buildFeed()` in `src/feed.ts`; run `pnpm test`.\n"),
        ".claude/memory/bad.md": TOPIC.format(name="bad", body="`renderFeed()` in `src/legacy.ts`.\n"),
    }
    commit_files(root, files, "app", "2026-01-01T00:00:00+00:00")
    return root


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_failing_claims_exit_1_and_show_command_and_explanation(project: Path) -> None:
    code, output = run("check", str(project / ".claude/memory"))
    assert code == 1
    assert "FAIL    identifier renderFeed()" in output
    assert "$ ls -d -- src/legacy.ts" in output
    assert "memory says src/legacy.ts exists; ls finds no such path" in output
    assert "PASS    path       src/feed.ts" in output
    assert "6 claims in 2 entries: 4 pass, 2 fail, 0 unknown" in output


def test_only_true_claims_exit_0(project: Path) -> None:
    code, output = run("check", str(project / ".claude/memory"), "--entry", "good.md")
    assert code == 0
    assert "bad.md" not in output and "good.md" in output


def test_json_output(project: Path) -> None:
    code, output = run("check", str(project / ".claude/memory"), "--format", "json", "--now", "2026-11-29T12:00:00Z")
    data = json.loads(output)
    assert code == 1 and data["generated"] == "2026-11-29T12:00:00+00:00"
    assert Path(data["project"]) == project
    bad = next(entry for entry in data["entries"] if entry["id"] == "bad.md")
    assert [(check["kind"], check["verdict"]) for check in bad["checks"]] == [("identifier", "fail"), ("path", "fail")]
    assert bad["checks"][1]["command"] == "ls -d -- src/legacy.ts" and bad["checks"][1]["exit_code"] == 2
    assert {finding["rule"] for finding in data["findings"]} == {"check-failed"}
    assert data["summary"] == {"claims": 6, "pass": 4, "fail": 2, "unknown": 0}


def test_project_override(project: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    (other / "src").mkdir(parents=True)
    (other / "src" / "legacy.ts").write_text("export function renderFeed() {}\n")
    code, output = run(
        "check", str(project / ".claude/memory"), "--project", str(other), "--entry", "bad.md", "--format", "json"
    )
    data = json.loads(output)
    assert code == 0 and Path(data["project"]) == other
    assert [check["verdict"] for check in data["entries"][0]["checks"]] == ["pass", "pass"]


@pytest.mark.parametrize(
    "args",
    [
        ("--entry", "nope.md"),
        ("--project", "/definitely/not/here"),
        ("--format", "yaml"),
        ("--timeout", "0"),
    ],
)
def test_usage_errors_exit_2(project: Path, args: tuple[str, ...]) -> None:
    code, _ = run("check", str(project / ".claude/memory"), *args)
    assert code == 2


def test_missing_store_path_exits_2(tmp_path: Path) -> None:
    code, output = run("check", str(tmp_path / "missing"))
    assert code == 2 and "no such file or directory" in output
