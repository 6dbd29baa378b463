"""How the command line opens the TUI: bare `curator`, `curator PATH`, `curator tui PATH`, the picker."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import curator.tui.app as app_module
from curator.cli import main
from tests.support.tui import fresh_store


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """Record what the CLI asks the TUI to open instead of taking over the terminal."""
    calls: list[dict] = []

    def record(store_path, format_name=None, project=None, *, now=None, candidates=None) -> None:
        calls.append(
            {"path": store_path, "format": format_name, "project": project, "now": now, "candidates": candidates}
        )

    monkeypatch.setattr(app_module, "run_app", record)
    return calls


@pytest.mark.parametrize("argv_prefix", [[], ["tui"]])
def test_a_path_opens_that_store(tmp_path: Path, opened: list[dict], argv_prefix: list[str]) -> None:
    store = fresh_store(tmp_path)
    result = CliRunner().invoke(main, [*argv_prefix, str(store), "--now", "2026-11-29T12:00:00Z"])
    assert result.exit_code == 0, result.output
    assert opened[0]["path"] == store and opened[0]["candidates"] is None
    assert opened[0]["now"].isoformat() == "2026-11-29T12:00:00+00:00"


def test_a_missing_path_is_a_usage_error(tmp_path: Path, opened: list[dict]) -> None:
    result = CliRunner().invoke(main, ["tui", str(tmp_path / "nowhere")])
    assert result.exit_code == 2 and "no such file" in result.output
    assert opened == []


def test_bare_curator_with_several_stores_opens_the_picker(
    tmp_path: Path, opened: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = fresh_store(tmp_path)
    project = store.parents[1]
    (project / "CLAUDE.md").write_text("# Rules\n\n- Use pnpm.\n")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(main, [])
    assert result.exit_code == 0, result.output
    assert opened[0]["path"] is None
    formats_found = {candidate.format for candidate in opened[0]["candidates"]}
    assert {"claude-code", "instructions"} <= formats_found


def test_bare_curator_with_one_store_opens_it(
    tmp_path: Path, opened: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "solo"
    project.mkdir()
    (project / "CLAUDE.md").write_text("# Rules\n\n- Use pnpm.\n")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(main, [])
    assert result.exit_code == 0, result.output
    assert opened[0]["candidates"] is None and Path(opened[0]["path"]).resolve() == project.resolve()


def test_bare_curator_with_nothing_found_says_so(
    tmp_path: Path, opened: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.chdir(empty)
    result = CliRunner().invoke(main, [])
    assert result.exit_code == 2 and "no agent memory found" in result.output
    assert opened == []


def test_bare_curator_takes_the_tui_options(
    tmp_path: Path, opened: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "solo"
    project.mkdir()
    (project / "CLAUDE.md").write_text("# Rules\n\n- Use pnpm.\n")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(main, ["--now", "2026-11-29T12:00:00Z"])
    assert result.exit_code == 0, result.output
    assert opened[0]["now"].isoformat() == "2026-11-29T12:00:00+00:00"


@pytest.mark.parametrize("group_option", ["--help", "--version"])
def test_group_options_still_belong_to_the_group(opened: list[dict], group_option: str) -> None:
    result = CliRunner().invoke(main, [group_option])
    assert result.exit_code == 0
    assert opened == []
