"""Items 5 and 7: no lost update under concurrency (real processes, a fixed seed), and a refused edit keeps its text."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from datetime import date
from pathlib import Path

import pytest

from curator import ops
from curator.ops import io as ops_io
from curator.scan import load_store
from tests.adversarial.hostile import claude_store, git, run_curator

SEED = 20261129
NOW = ("--now", "2026-11-29")


def _start(cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    full_env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]), **(env or {}))
    return subprocess.Popen(
        [sys.executable, "-m", "curator", *args],
        cwd=cwd,
        env=full_env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


@pytest.mark.parametrize("round_number", range(3))
def test_two_concurrent_expires_of_different_entries_both_land_in_separate_commits(
    tmp_path: Path, round_number: int
) -> None:
    rng = random.Random(SEED + round_number)
    project = tmp_path / "proj"
    root = claude_store(project)
    commits_before = int(git(project, "rev-list", "--count", "HEAD"))
    first = _start(project, "expire", "deploy_freeze.md", "--store", str(root), *NOW)
    time.sleep(rng.uniform(0, 0.2))
    second = _start(project, "expire", "blog_cadence.md", "--store", str(root), *NOW)
    outputs = [process.communicate(timeout=120) for process in (first, second)]
    assert [first.returncode, second.returncode] == [0, 0], outputs
    assert (root / ".archive" / "deploy_freeze.md").exists() and (root / ".archive" / "blog_cadence.md").exists()
    assert not (root / "deploy_freeze.md").exists() and not (root / "blog_cadence.md").exists()
    index = (root / "MEMORY.md").read_text()
    assert "deploy_freeze.md" not in index and "blog_cadence.md" not in index
    assert "cadence_again.md" in index
    assert int(git(project, "rev-list", "--count", "HEAD")) == commits_before + 2
    for revision in ("HEAD", "HEAD~1"):
        subject = git(project, "log", "-1", "--format=%s", revision)
        touched = git(project, "show", "--name-only", "--format=", revision).split()
        mine = "deploy_freeze.md" if "deploy_freeze" in subject else "blog_cadence.md"
        other = "blog_cadence.md" if mine == "deploy_freeze.md" else "deploy_freeze.md"
        assert sorted(touched) == sorted(f".claude/memory/{rel}" for rel in (mine, f".archive/{mine}", "MEMORY.md"))
        index_changes = [
            line
            for line in git(
                project, "show", "--format=", "-U0", revision, "--", ".claude/memory/MEMORY.md"
            ).splitlines()
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        ]
        assert len(index_changes) == 1 and f"({mine})" in index_changes[0] and other not in index_changes[0], (
            index_changes
        )
    assert git(project, "status", "--porcelain") == ""


EDITOR_SCRIPT = """#!/bin/sh
touch "$BARRIER/$$"
while [ "$(ls "$BARRIER" | wc -l)" -lt 2 ]; do sleep 0.02; done
printf '%s\\n' "$NEW_TEXT" > "$1"
"""


def test_a_same_entry_edit_race_refuses_one_side_and_keeps_its_text(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    editor = tmp_path / "editor.sh"
    editor.write_text(EDITOR_SCRIPT)
    editor.chmod(0o755)
    texts = {
        "A": "---\nname: blog-cadence\n---\nText typed by A.",
        "B": "---\nname: blog-cadence\n---\nText typed by B.",
    }
    processes = {
        side: _start(
            project,
            "edit",
            "blog_cadence.md",
            "--store",
            str(root),
            env={"VISUAL": str(editor), "BARRIER": str(barrier), "NEW_TEXT": text},
        )
        for side, text in texts.items()
    }
    outputs = {side: process.communicate(timeout=120) for side, process in processes.items()}
    codes = {side: process.returncode for side, process in processes.items()}
    assert sorted(codes.values()) == [0, 1], outputs
    winner = next(side for side, code in codes.items() if code == 0)
    loser = "B" if winner == "A" else "A"
    assert (root / "blog_cadence.md").read_text() == texts[winner] + "\n"
    stderr = outputs[loser][1]
    assert "changed on disk" in stderr and "kept in" in stderr, stderr
    draft = Path(stderr.split("kept in ", 1)[1].strip())
    assert draft.read_text() == texts[loser] + "\n"
    assert draft.parent == root / ".curator-drafts"


def test_a_write_that_lands_while_curator_writes_is_never_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An external append between curator's check and its rename (injected at the fsync of the temp file)."""
    root = claude_store(tmp_path / "proj")
    store = load_store(root)
    target = root / "blog_cadence.md"
    real_fsync = os.fsync
    appended: list[bool] = []

    def append_once(descriptor: int) -> None:
        real_fsync(descriptor)
        if not appended:
            appended.append(True)
            with open(target, "a", encoding="utf-8") as handle:
                handle.write("Appended by the agent mid-write.\n")

    monkeypatch.setattr(ops_io.os, "fsync", append_once)
    with pytest.raises(ops.OpError, match="changed on disk"):
        ops.review(store, "blog_cadence.md", on=date(2026, 11, 29))
    monkeypatch.undo()
    assert target.read_text().endswith("Appended by the agent mid-write.\n")
    assert "reviewed" not in target.read_text()


def test_an_external_appender_during_repeated_reviews_never_loses_a_line(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    root = claude_store(tmp_path / "proj")
    target = root / "blog_cadence.md"
    stop = threading.Event()
    written: list[str] = []
    gaps = [rng.uniform(0, 0.02) for _ in range(5000)]

    def appender() -> None:
        for number, gap in enumerate(gaps):
            if stop.is_set():
                return
            line = f"agent line {number}\n"
            with open(target, "a", encoding="utf-8") as handle:
                handle.write(line)
            written.append(line)
            time.sleep(gap)

    thread = threading.Thread(target=appender)
    thread.start()
    outcomes = {"done": 0, "refused": 0}
    try:
        for day in range(1, 41):
            try:
                ops.review(load_store(root), "blog_cadence.md", on=date(2026, 11, day % 28 + 1))
                outcomes["done"] += 1
            except ops.OpError:
                outcomes["refused"] += 1
    finally:
        stop.set()
        thread.join()
    text = target.read_text()
    missing = [line for line in written if line not in text]
    assert missing == [], f"{len(missing)} appended line(s) lost; outcomes {outcomes}"


def test_a_refused_cli_edit_prints_where_the_draft_is(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root = claude_store(project)
    editor = tmp_path / "editor.sh"
    # The editor saves the person's text, and meanwhile the agent rewrites the file.
    editor.write_text(
        f"#!/bin/sh\nprintf 'my careful rewrite\\n' > \"$1\"\necho 'agent text' >> '{root / 'blog_cadence.md'}'\n"
    )
    editor.chmod(0o755)
    env_run = subprocess.run(
        [sys.executable, "-m", "curator", "edit", "blog_cadence.md", "--store", str(root)],
        cwd=project,
        env=dict(os.environ, VISUAL=str(editor), PYTHONPATH=str(Path(__file__).resolve().parents[2])),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert env_run.returncode == 1, env_run.stderr
    assert "kept in" in env_run.stderr
    drafts = list((root / ".curator-drafts").iterdir())
    assert [draft.read_text() for draft in drafts] == ["my careful rewrite\n"]
    scanned = run_curator(project, "scan", str(root), "--format", "json", "--fail-on", "never", *NOW)
    assert ".curator-drafts" not in scanned.stdout
