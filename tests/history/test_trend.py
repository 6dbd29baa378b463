"""`curator trend`: the series from a scripted git history matches hand-computed values at each point."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.charts import age_buckets, sparkline
from curator.cli import main
from curator.cli.progress import StageProgress
from curator.formats import detect
from curator.history.trend import TrendError, store_trend
from tests.support.gitrepo import commit_files, git, init_repo


def topic(name: str, kind: str, body: str = "Body.") -> str:
    return f"---\nname: {name}\ndescription: {name} topic\ntype: {kind}\n---\n\n{body}\n"


def index(count: int) -> str:
    return "".join(f"- [T{number}](t{number}.md) — hook {number}\n" for number in range(count))


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """Week 1: 2 entries. Week 2: 5 entries, index past the cut. Week 3: a review. Week 4: 2 expired, index pruned."""
    repo = init_repo(tmp_path / "memory")
    commit_files(
        repo,
        {"t0.md": topic("t0", "user"), "t1.md": topic("t1", "project"), "MEMORY.md": index(2)},
        "first",
        "2026-11-02T10:00:00+00:00",
    )
    commit_files(
        repo,
        {
            "t2.md": topic("t2", "project"),
            "t3.md": topic("t3", "feedback"),
            "t4.md": topic("t4", "project"),
            "MEMORY.md": index(5) + "".join(f"- note line {number}\n" for number in range(205)),
        },
        "agent grew the index",
        "2026-11-09T10:00:00+00:00",
    )
    git(
        repo,
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        "curator: review 2026-11-16\n\nCurator-Review: done",
        date="2026-11-16T10:00:00+00:00",
    )
    (repo / ".archive").mkdir()
    git(repo, "mv", "t3.md", ".archive/t3.md")
    git(repo, "mv", "t4.md", ".archive/t4.md")
    commit_files(repo, {"MEMORY.md": index(3)}, "curator: expire t3.md, t4.md", "2026-11-23T10:00:00+00:00")
    return repo


def test_weekly_series_matches_the_scripted_history(store: Path) -> None:
    points = store_trend(detect(store), every="week").points
    summary = [
        (
            point.date.date().isoformat(),
            point.active,
            point.archived,
            point.index_lines,
            point.loaded_lines,
            point.review,
            point.by_type,
        )
        for point in points
    ]
    assert summary == [
        ("2026-11-02", 2, 0, 2, 2, False, {"project": 1, "user": 1}),
        ("2026-11-09", 5, 0, 210, 200, False, {"feedback": 1, "project": 3, "user": 1}),
        ("2026-11-16", 5, 0, 210, 200, True, {"feedback": 1, "project": 3, "user": 1}),
        ("2026-11-23", 3, 2, 3, 3, False, {"project": 2, "user": 1}),
    ]
    assert [point.median_age_days for point in points] == [0.0, 0.0, 7.0, 21.0]
    sizes = {path.name: len(path.read_bytes()) for path in store.rglob("*.md") if ".git" not in path.parts}
    assert points[-1].total_bytes == sum(sizes.values())


def test_every_commit_and_since(store: Path) -> None:
    assert len(store_trend(detect(store), every="commit").points) == 4
    from datetime import datetime, timezone

    later = store_trend(detect(store), every="commit", since=datetime(2026, 11, 10, tzinfo=timezone.utc)).points
    assert [point.date.day for point in later] == [16, 23]


def test_cli_json_and_text(store: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["trend", str(store), "--format", "json", "--every", "commit"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [point["always_loaded"]["lines"] for point in data["points"]] == [2, 210, 210, 3]
    assert data["points"][1]["always_loaded"]["limit_lines"] == 200
    assert [point["review"] for point in data["points"]] == [False, False, True, False]
    text = runner.invoke(main, ["trend", str(store)])
    assert text.exit_code == 0 and "always-loaded index lines (cut at 200" in text.output
    assert "\x1b[" not in text.output and "review" in text.output.splitlines()[-2]


def test_a_store_outside_git_has_no_trend(tmp_path: Path) -> None:
    store = tmp_path / "memory"
    store.mkdir()
    (store / "MEMORY.md").write_text(index(1), encoding="utf-8")
    (store / "t0.md").write_text(topic("t0", "user"), encoding="utf-8")
    with pytest.raises(TrendError, match="not in git"):
        store_trend(detect(store))
    result = CliRunner().invoke(main, ["trend", str(store)])
    assert result.exit_code == 1 and "not in git" in result.output


def test_markdown_scan_starts_with_the_trend_since_the_last_review(store: Path) -> None:
    result = CliRunner().invoke(main, ["scan", str(store), "--format", "markdown", "--now", "2026-11-30"])
    lines = result.output.splitlines()
    assert lines[2] == "index 210 → 3 lines since last review (2026-11-16)"


@pytest.mark.parametrize(
    ("values", "expected"),
    [([0, 100, 200], "▁▄█"), ([5, 5], "▁▁"), ([], "")],
)
def test_sparkline(values: list[float], expected: str) -> None:
    assert sparkline(values) == expected


def test_age_buckets() -> None:
    assert age_buckets({"project": [3, 40, 400], "user": [200]}) == {
        "project": [1, 1, 0, 0, 1],
        "user": [0, 0, 0, 1, 0],
    }


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("curator.cli.progress.DELAY_SECONDS", 0.0)
    terminal = FakeTerminal()
    with StageProgress(3, stream=terminal) as progress:
        progress.stage("reading git history", 1200)
        import time

        time.sleep(0.3)
    assert "[1/3] reading git history · 1,200 entries" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r\x1b[2K")
    piped = io.StringIO()
    with StageProgress(3, stream=piped) as progress:
        progress.stage("reading", 1)
    assert piped.getvalue() == ""
