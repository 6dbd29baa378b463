"""Checks that do not pass by accident: code only, no strings or URLs, third-party flags, option files, negation scope,
prose runner and version claims, fixes that keep the claim's form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from curator.checks import extract_claims, run_checks
from curator.model import Entry, SourceFile, Store
from curator.ops.fix import evidence_edit, fix_values
from tests.support.gitrepo import commit_files, init_repo

FILES = {
    "src/feed.ts": (
        'export function buildFeed() {\n  const label = "renderFeed";\n'
        '  return fetch("https://example.com/api/renderFeed");\n}\nexport const realHelper = () => 1;\n'
    ),
    "CHANGELOG.md": "- 1.2: removed legacyHelper()\n",
    "docs/guide.md": "Call docOnlyThing() to start.\n",
    "vendor/other/.claude/memory/x.md": "otherMemoryFn() is used\n",
    "deploy/compose.yml": "services: {}\n",
    "config/eslint.json": "{}\n",
    "package.json": json.dumps(
        {
            "name": "p",
            "scripts": {"test": "vitest run"},
            "devDependencies": {"vitest": "1"},
            "engines": {"node": ">=20"},
        }
    ),
    "vitest.config.ts": "export default {}\n",
    ".python-version": "3.12\n",
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = init_repo(tmp_path_factory.mktemp("checks") / "proj")
    commit_files(root, FILES, "project", "2026-01-01T00:00:00+00:00")
    return root


def _store(project: Path, body: str) -> Store:
    memory = project.parent / "memory"
    store = Store(root=memory, format="claude-code", project=project)
    entry = Entry(id="probe.md", path="probe.md", kind="file", text=body, body=body)
    store.entries.append(entry)
    store.files["probe.md"] = SourceFile(rel="probe.md", abspath=str(memory / "probe.md"), raw=body.encode(), text=body)
    return store


def _results(project: Path, body: str) -> list:
    return run_checks(_store(project, body)).results.get("probe.md", [])


CASES = [
    # an identifier passes only where code defines or uses it
    ("code use", "`realHelper()` returns one.", "realHelper()", "pass", "in the project's code"),
    ("changelog only", "`legacyHelper()` handles retries.", "legacyHelper()", "unknown", "only in docs, changelogs"),
    ("docs only", "Start with `docOnlyThing()`.", "docOnlyThing()", "unknown", "only in docs"),
    ("other memory only", "Use `otherMemoryFn()` for that.", "otherMemoryFn()", "unknown", "other memory"),
    # a renamed function is not satisfied by its old name inside a string or URL
    ("string and url only", "`renderFeed()` builds the feed.", "renderFeed()", "fail", "only inside a string or URL"),
    # a file given to an option is a path claim
    ("-f FILE", "Bring it up with `docker compose -f deploy/compose.yml up`.", "deploy/compose.yml", "pass", "exists"),
    ("--config FILE", "Lint with `eslint --config config/eslint.json src`.", "config/eslint.json", "pass", "exists"),
    (
        "--config=FILE missing",
        "Lint with `eslint --config=config/old.json src`.",
        "config/old.json",
        "fail",
        "no such path",
    ),
    # a negation drops only its own clause
    (
        "but after no longer",
        "We no longer call `oldThing()` but `realHelper()` does the work.",
        "realHelper()",
        "pass",
        "",
    ),
    ("而是 after 不再", "不再使用 `oldThing()` 而是 `realHelper()`。", "realHelper()", "pass", ""),
    (
        "though after removed",
        "`oldThing()` was removed, though `src/feed.ts` still exports it.",
        "src/feed.ts",
        "pass",
        "",
    ),
    # prose claims about the test runner and the language version
    ("runs on", "The suite runs on jest.", "jest", "fail", "as the test runner"),
    ("switched to", "We switched the test runner to mocha.", "mocha", "fail", "vitest"),
    ("lowercase node with a cue", "It needs node 18.", "node 18", "fail", "requires >=20"),
    ("node or later", "Requires node 18 or later.", "node 18 or later", "fail", "requires >=20"),
    ("python version", "The project targets Python 3.9.", "Python 3.9", "fail", "pins 3.12"),
]


@pytest.mark.parametrize(("body", "text", "verdict", "phrase"), [case[1:] for case in CASES], ids=[c[0] for c in CASES])
def test_verdicts(project: Path, body: str, text: str, verdict: str, phrase: str) -> None:
    found = {result.claim.text: result for result in _results(project, body)}
    assert text in found, list(found)
    assert found[text].verdict == verdict and phrase in found[text].explanation, found[text].explanation


@pytest.mark.parametrize(
    ("body", "absent"),
    [
        ("Pass `--no-verify` to git only in emergencies.", "--no-verify"),
        ("Run docker with `--rm` so containers go away.", "--rm"),
        ("We no longer call `oldThing()` but `realHelper()` does the work.", "oldThing()"),
        ("Use `realHelper()` instead of `oldThing()`.", "oldThing()"),
        ("Remove it with `rm -f build/out.log`.", "build/out.log"),
    ],
)
def test_claims_that_are_not_the_projects(project: Path, body: str, absent: str) -> None:
    entry = Entry(id="probe.md", path="probe.md", kind="file", text=body, body=body)
    assert absent not in [claim.text for claim in extract_claims(entry, project)]


def test_a_flag_with_no_other_program_is_still_checked(project: Path) -> None:
    found = {result.claim.text: result for result in _results(project, "Pass `--force-rebuild` to skip the cache.")}
    assert found["--force-rebuild"].verdict == "fail"


def test_fix_from_evidence_keeps_the_claims_form(project: Path) -> None:
    result = next(r for r in _results(project, "`renderFeed()` builds the feed.") if r.claim.text == "renderFeed()")
    assert result.observed == "buildFeed"
    assert evidence_edit(result) == ("renderFeed()", "buildFeed()")


def test_the_offered_fix_keeps_the_claims_form_too(project: Path) -> None:
    body = "`renderFeed()` builds the feed."
    result = next(r for r in _results(project, body) if r.claim.text == "renderFeed()")
    assert fix_values(result, body) == ("renderFeed()", "buildFeed()")
