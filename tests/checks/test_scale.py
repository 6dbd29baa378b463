"""Checks stay linear in the number of memory files: one exclude pattern, batched searches, no argv explosion."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.checks import run_checks
from curator.checks.listing import ListingCache
from curator.checks.memoryscope import MAX_EXCLUDES, MemoryScope
from curator.model import Entry, SourceFile, Store
from tests.support.gitrepo import commit_files, init_repo

MEMORY_FILES = 1500


def memory_at_project_root(root: Path, count: int) -> Store:
    """A project whose git root is also the memory store: `count` topic files beside the project's own files."""
    init_repo(root)
    files = {"src/app.py": "def load_config(path):\n    return path\n", "README.txt": "The app.\n"}
    bodies = {}
    for number in range(count):
        bodies[f"m{number:05d}.md"] = (
            f"Call `load_config()` first; `memory_only_{number}()` is ours.\n"
            if number % 2 == 0
            else "Nothing to probe here.\n"
        )
    files.update(bodies)
    commit_files(root, files, "project and memory", "2026-01-01T00:00:00+00:00")
    store = Store(root=root, format="claude-code", project=root)
    for rel, body in bodies.items():
        store.files[rel] = SourceFile(rel=rel, abspath=root / rel, raw=body.encode(), text=body)
        store.entries.append(Entry(id=rel, path=rel, body=body, text=body))
    return store


@pytest.fixture(scope="module")
def outcome(tmp_path_factory: pytest.TempPathFactory):
    store = memory_at_project_root(tmp_path_factory.mktemp("scale") / "repo", MEMORY_FILES)
    return store, run_checks(store)


def test_every_probe_has_a_short_argument_list(outcome) -> None:
    _, result = outcome
    commands = {check.probe.command for checks in result.results.values() for check in checks if check.probe}
    assert commands
    assert all(command.count(":(exclude") <= MAX_EXCLUDES for command in commands)
    assert not any(
        "Argument list too long" in (check.probe.output or "")
        for checks in result.results.values()
        for check in checks
        if check.probe
    )


def test_identifiers_are_searched_in_a_constant_number_of_processes(outcome) -> None:
    store, result = outcome
    claims = sum(len(checks) for checks in result.results.values())
    assert claims >= MEMORY_FILES
    assert result.probes_run <= 5


def test_verdicts_split_per_claim_from_the_batched_search(outcome) -> None:
    _, result = outcome
    first = {check.claim.subject: check for check in result.results["m00000.md"]}
    assert first["load_config"].verdict == "pass"
    assert "src/app.py:1" in first["load_config"].explanation
    assert first["memory_only_0"].verdict == "fail"
    other = {check.claim.subject: check for check in result.results["m01498.md"]}
    assert other["memory_only_1498"].verdict == "fail"
    assert "-e memory_only_1498" in other["memory_only_1498"].probe.command


def test_the_store_is_excluded_by_one_glob_not_one_pathspec_per_file(outcome) -> None:
    _, result = outcome
    command = result.results["m00000.md"][0].probe.command
    assert ":(exclude,glob)*.md" in command and "m00002.md" not in command


def test_a_directory_mixing_memory_and_project_files_is_filtered_not_globbed(tmp_path: Path) -> None:
    for name in ("a.md", "b.md", "README.md"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    scope = MemoryScope([], ["a.md", "b.md"], ListingCache(tmp_path))
    assert scope.excludes == [":(exclude)a.md", ":(exclude)b.md"]
    assert not scope.contains("README.md")


@pytest.mark.parametrize("count", [10, 100_000])
def test_memory_scope_is_compact_for_any_number_of_files(tmp_path: Path, count: int) -> None:
    files = [f"notes/n{number:06d}.md" for number in range(count)] + ["CLAUDE.md"]
    (tmp_path / "notes").mkdir()
    for name in files[:10]:
        (tmp_path / name).write_text("x", encoding="utf-8")
    (tmp_path / "CLAUDE.md").write_text("x", encoding="utf-8")
    (tmp_path / "README.md").write_text("x", encoding="utf-8")
    scope = MemoryScope([], files, ListingCache(tmp_path))
    assert len(scope.excludes) <= MAX_EXCLUDES
    assert ":(exclude)CLAUDE.md" in scope.excludes or not scope.excludes
    assert scope.contains("notes/n000003.md") and scope.contains("./CLAUDE.md")
    assert not scope.contains("README.md") and not scope.contains("src/notes/n000003.md")
