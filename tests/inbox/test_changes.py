"""The inbox core: changes since the review marker, grouped by session; decisions; the review commit."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.formats import detect
from curator.inbox.changes import changes_since
from curator.inbox.freshness import DELETED_RULE, review_state
from curator.inbox.marker import REVIEW_REF, last_review, repository_for, review_points
from curator.inbox.store_git import InboxError
from curator.ops import inbox as ops_inbox
from curator.ops.snapshot import snapshot
from curator.scan import run_scan
from tests.support.gitrepo import git
from tests.support.inbox import NEW_TOPIC, TOPICS, agent_sessions, index_text, reviewed_store, subjects


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return reviewed_store(tmp_path)


def test_a_fresh_review_leaves_an_empty_inbox_and_a_marker(store: Path) -> None:
    inbox = changes_since(detect(store))
    assert inbox.changes == []
    repository = repository_for(store)
    assert repository is not None
    mark = last_review(repository)
    assert mark is not None and mark.sha == git(store, "rev-parse", "HEAD").strip()
    assert "Curator-Review: done" in git(store, "log", "-1", "--format=%B")
    assert [point.sha for point in review_points(repository)] == [mark.sha]


def test_changes_are_grouped_by_the_session_that_made_them(store: Path) -> None:
    agent_sessions(store)
    inbox = changes_since(detect(store))
    assert [(group.key, sorted((c.kind, c.path) for c in group.changes)) for group in inbox.groups] == [
        ("session:11111111-aaaa-bbbb-cccc-000000000001", [("edited", "alpha.md")]),
        (
            "session:22222222-aaaa-bbbb-cccc-000000000002",
            [("added", "epsilon.md"), ("deleted", "beta.md"), ("deleted", "gamma.md")],
        ),
    ]
    edited = inbox.groups[0].changes[0]
    assert "+Alpha now holds 4 rules." in edited.diff()
    assert inbox.counts() == {"edited": 1, "added": 1, "deleted": 2}


def test_uncommitted_edits_form_their_own_group(store: Path) -> None:
    (store / "delta.md").write_text(TOPICS["delta.md"] + "More.\n", encoding="utf-8")
    (store / "new.md").write_text(NEW_TOPIC, encoding="utf-8")
    inbox = changes_since(detect(store))
    assert [group.key for group in inbox.groups] == ["worktree"]
    assert sorted((c.kind, c.path) for c in inbox.changes) == [("added", "new.md"), ("edited", "delta.md")]


def test_finish_review_reverts_deletions_byte_for_byte_in_one_commit(store: Path) -> None:
    original_beta = (store / "beta.md").read_bytes()
    agent_sessions(store)
    before = subjects(store)
    outcome = ops_inbox.finish_review(detect(store), revert=["beta.md", "gamma.md"])
    assert (store / "beta.md").read_bytes() == original_beta
    assert (store / "gamma.md").read_bytes() == TOPICS["gamma.md"].encode()
    assert len(subjects(store)) == len(before) + 1
    assert git(store, "rev-parse", REVIEW_REF).strip() == outcome.commit
    assert sorted(outcome.reverted) == ["beta.md", "gamma.md"]
    assert sorted(outcome.approved) == ["alpha.md", "epsilon.md"]
    assert changes_since(detect(store)).changes == []
    assert git(store, "status", "--porcelain") == ""


@pytest.mark.parametrize(
    ("change", "expected_kind"),
    [
        (lambda s: (s / "alpha.md").write_text("changed\n", encoding="utf-8"), "edited"),
        (lambda s: (s / "epsilon.md").write_text(NEW_TOPIC, encoding="utf-8"), "added"),
        (lambda s: (s / "delta.md").rename(s / "delta_renamed.md"), "renamed"),
    ],
)
def test_each_kind_of_change_reverts_to_the_reviewed_state(store: Path, change, expected_kind: str) -> None:
    tracked_before = {path.name: path.read_bytes() for path in store.glob("*.md")}
    change(store)
    snapshot(store, event="SessionEnd", session_id="s-1")
    [found] = changes_since(detect(store)).changes
    assert found.kind == expected_kind
    ops_inbox.finish_review(detect(store), revert=[found.entry_id])
    assert {path.name: path.read_bytes() for path in store.glob("*.md")} == tracked_before
    if expected_kind == "added":
        assert (store / ".archive" / "epsilon.md").is_file()


def test_approval_hides_a_change_until_the_entry_changes_again(store: Path) -> None:
    agent_sessions(store)
    memory = detect(store)
    alpha = next(change for change in changes_since(memory).changes if change.path == "alpha.md")
    ops_inbox.decide(memory, [alpha], "approve")
    assert "alpha.md" not in [change.path for change in changes_since(detect(store)).changes]
    assert changes_since(detect(store)).approved == 1
    (store / "alpha.md").write_text("edited once more\n", encoding="utf-8")
    assert "alpha.md" in [change.path for change in changes_since(detect(store)).changes]


def test_pending_revert_from_the_inbox_is_applied_when_the_review_finishes(store: Path) -> None:
    agent_sessions(store)
    memory = detect(store)
    epsilon = next(change for change in changes_since(memory).changes if change.path == "epsilon.md")
    ops_inbox.decide(memory, [epsilon], "revert")
    assert ops_inbox.pending_reverts(memory) == ["epsilon.md"]
    ops_inbox.finish_review(detect(store))
    assert not (store / "epsilon.md").exists() and (store / ".archive" / "epsilon.md").exists()


def test_since_a_revision_or_a_date(store: Path) -> None:
    first = git(store, "rev-list", "--max-parents=0", "HEAD").strip()
    agent_sessions(store)
    assert len(changes_since(detect(store), first).changes) == 4
    assert changes_since(detect(store), "2099-01-01").changes == []
    with pytest.raises(InboxError, match="no commit before"):
        changes_since(detect(store), "2000-01-01")
    with pytest.raises(InboxError, match="names no commit"):
        changes_since(detect(store), "no-such-branch")


def test_a_store_outside_git_has_no_inbox(tmp_path: Path) -> None:
    store = tmp_path / "memory"
    store.mkdir()
    (store / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (store / "a.md").write_text(TOPICS["alpha.md"], encoding="utf-8")
    with pytest.raises(InboxError, match="not in git"):
        changes_since(detect(store))
    assert review_state(detect(store)) is None


def test_scan_reports_deletions_and_freshness(store: Path) -> None:
    agent_sessions(store)
    result = run_scan(store)
    deleted = sorted(tuple(finding.entries) for finding in result.findings if finding.rule == DELETED_RULE)
    assert deleted == [("beta.md",), ("gamma.md",)]
    assert all(finding.severity == "warning" for finding in result.findings if finding.rule == DELETED_RULE)
    assert result.review.unreviewed == 4
    assert result.review.deleted == ["beta.md", "gamma.md"]


def test_always_loaded_lines_changed_counts_only_the_loaded_index(store: Path) -> None:
    names = list(TOPICS) + [f"extra{number}.md" for number in range(3)]
    (store / "MEMORY.md").write_text(index_text(names), encoding="utf-8")
    assert review_state(detect(store)).loaded_lines_changed == 3


def test_before_any_review_there_is_no_deleted_finding(tmp_path: Path) -> None:
    store = tmp_path / "memory"
    store.mkdir()
    for name, text in TOPICS.items():
        (store / name).write_text(text, encoding="utf-8")
    snapshot(store)
    (store / "beta.md").unlink()
    result = run_scan(store)
    assert not [finding for finding in result.findings if finding.rule == DELETED_RULE]
    assert result.review.reviewed_at is None and result.review.unreviewed == 1


def test_a_linked_topic_shows_its_bytes_only_when_the_link_stays_inside_the_store(store: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("---\nname: outside\n---\nA secret kept outside the store.\n", encoding="utf-8")
    (store / "leak.md").symlink_to(outside)
    (store / "twin.md").symlink_to(store / "delta.md")
    (store / "plain.md").write_text(NEW_TOPIC, encoding="utf-8")
    added = {change.path: change.after for change in changes_since(detect(store)).changes}
    assert added["leak.md"] is None
    assert added["twin.md"] == (store / "delta.md").read_bytes()
    assert added["plain.md"] == NEW_TOPIC.encode()


def test_the_base_bytes_of_every_changed_file_come_from_one_git_process(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (store / "with space.md").write_text(NEW_TOPIC, encoding="utf-8")
    git(store, "add", "-A")
    git(store, "commit", "-q", "-m", "a file with a space")
    base = git(store, "rev-parse", "HEAD").strip()
    originals = {name: (store / name).read_bytes() for name in ("alpha.md", "beta.md", "delta.md", "with space.md")}
    (store / "alpha.md").write_text("changed\n", encoding="utf-8")
    (store / "beta.md").unlink()
    (store / "delta.md").write_text(TOPICS["delta.md"] + "More.\n", encoding="utf-8")
    git(store, "add", "-A")
    git(store, "commit", "-q", "-m", "two edits and a deletion")
    (store / "with space.md").write_text(NEW_TOPIC + "Edited after the commit.\n", encoding="utf-8")
    from curator.history.git import Repository

    verbs: list[str] = []
    run = Repository.run

    def counted(self: Repository, *args: str, **options: object) -> bytes:
        verbs.append(args[0])
        return run(self, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(Repository, "run", counted)
    inbox = changes_since(detect(store), since=base)
    assert sorted((c.kind, c.path) for c in inbox.changes) == [
        ("deleted", "beta.md"),
        ("edited", "alpha.md"),
        ("edited", "delta.md"),
        ("edited", "with space.md"),
    ]
    assert {change.old_path or change.path: change.before for change in inbox.changes} == originals
    assert verbs.count("cat-file") == 1
