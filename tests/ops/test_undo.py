"""Multi-step undo and redo: walk back through curator's commits one at a time, forward again, never a toggle."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator import ops
from curator.cli import main
from curator.scan import load_store
from tests.support.gitrepo import commit_files
from tests.support.ops_stores import DAY1, claude_store, head_subject, snapshot, status

TODAY = date(2026, 11, 29)


def _three_ops(project: Path) -> tuple[Path, list[dict[str, bytes]]]:
    """A store, then review, expire and edit as three curator commits; the snapshot before each and after the last."""
    root = claude_store(project)
    states = [snapshot(project)]
    result = ops.review(load_store(root), "blog_cadence.md", on=TODAY)
    states.append(snapshot(project))
    result = ops.expire(result.store, "deploy_freeze.md", reason="passed", now=TODAY)
    states.append(snapshot(project))
    ops.edit(
        result.store,
        "cadence_again.md",
        text="---\nname: cadence-again\ndescription: d\ntype: feedback\n---\nAt most 5.\n",
    )
    states.append(snapshot(project))
    return root, states


def test_undo_walks_back_one_op_at_a_time_and_redo_walks_forward(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root, states = _three_ops(project)
    for expected in reversed(states[:-1]):
        ops.undo(load_store(root))
        assert snapshot(project) == expected
        assert status(project) == ""
    with pytest.raises(ops.OpError, match="not a curator commit"):
        ops.undo(load_store(root))
    assert snapshot(project) == states[0]
    for expected in states[1:]:
        ops.redo(load_store(root))
        assert snapshot(project) == expected
    assert head_subject(project).startswith("curator: redo edit cadence_again.md")
    with pytest.raises(ops.OpError, match="no undo since the last change"):
        ops.redo(load_store(root))


def test_a_new_op_after_undo_ends_the_redo_stack_and_undo_continues_past_it(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root, states = _three_ops(project)
    ops.undo(load_store(root))
    ops.undo(load_store(root))
    assert ops.next_redo(load_store(root)).subject.startswith("undo expire deploy_freeze.md")
    ops.review(load_store(root), "cadence_again.md", on=TODAY)
    assert "no undo since the last change" in (ops.next_redo(load_store(root)).blocked or "")
    ops.undo(load_store(root))
    assert snapshot(project) == states[1]
    step = ops.next_undo(load_store(root))
    assert step.subject.startswith("review blog_cadence.md") and step.blocked is None
    ops.undo(load_store(root))
    assert snapshot(project) == states[0]


@pytest.mark.parametrize(
    ("setup", "action", "expected"),
    [
        ("ops", "undo", "edit cadence_again.md"),
        ("ops", "redo", "no undo since the last change"),
        ("undone", "redo", "undo edit cadence_again.md"),
        ("undone", "undo", "expire deploy_freeze.md"),
        ("foreign", "undo", "is not a curator commit"),
        ("dirty", "undo", "edit cadence_again.md"),
    ],
)
def test_next_step_says_what_it_would_revert_and_writes_nothing(
    tmp_path: Path, setup: str, action: str, expected: str
) -> None:
    project = tmp_path / "proj"
    root, _ = _three_ops(project)
    if setup == "undone":
        ops.undo(load_store(root))
    elif setup == "foreign":
        commit_files(project, {"notes.txt": "mine\n"}, "my own work", DAY1)
    elif setup == "dirty":
        (root / "blog_cadence.md").write_text("unsaved\n", encoding="utf-8")
    before = snapshot(project)
    step = (ops.next_undo if action == "undo" else ops.next_redo)(load_store(root))
    assert expected in (step.blocked or step.subject)
    assert snapshot(project) == before


def test_cli_undo_dry_run_redo_and_expire_due_dry_run(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    root, states = _three_ops(project)
    runner = CliRunner()
    dry = runner.invoke(main, ["undo", "--dry-run", "--store", str(root)])
    assert dry.exit_code == 0 and dry.output.startswith("would undo ") and "edit cadence_again.md" in dry.output
    assert snapshot(project) == states[-1]
    assert runner.invoke(main, ["undo", "--store", str(root)]).exit_code == 0
    assert runner.invoke(main, ["undo", "--store", str(root)]).exit_code == 0
    assert snapshot(project) == states[1]
    redone = runner.invoke(main, ["redo", "--store", str(root)])
    assert redone.exit_code == 0 and "redo expire deploy_freeze.md" in redone.output
    assert snapshot(project) == states[2]
    ops.expire(load_store(root), "blog_cadence.md", reason="later", at=date(2026, 12, 1), now=TODAY)
    scheduled = snapshot(project)
    before_due = runner.invoke(main, ["expire", "--due", "--dry-run", "--now", "2026-11-30", "--store", str(root)])
    assert before_due.exit_code == 0 and "no scheduled expiry is due on 2026-11-30" in before_due.output
    due = runner.invoke(main, ["expire", "--due", "--dry-run", "--now", "2026-12-02", "--store", str(root)])
    assert due.exit_code == 0 and "blog_cadence.md  expires 2026-12-01" in due.output and "(later)" in due.output
    assert snapshot(project) == scheduled
    assert runner.invoke(main, ["expire", "--dry-run", "--store", str(root)]).exit_code == 2
