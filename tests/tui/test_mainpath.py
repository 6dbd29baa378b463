"""Pilot tests of the main path: the index row and its fixes, links an op breaks, and review's keep semantics."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, RadioButton, RadioSet, Static, TextArea

from curator.formats import frontmatter
from curator.tui.app import CuratorApp
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.edit import EditScreen
from curator.tui.screens.expire import ExpireModal
from curator.tui.screens.index_fix import IndexFixModal
from curator.tui.screens.keep_expired import KeepExpiredModal
from curator.tui.screens.main import MainScreen
from curator.tui.screens.prompt import PromptModal
from curator.tui.screens.review import ReviewScreen
from curator.tui.widgets.entry_table import EntryTable
from tests.support.gitrepo import commit_files
from tests.support.tui import (
    MEMORY_DIR,
    TITLES,
    TOPICS,
    fresh_store,
    git_subjects,
    screen_text,
    wait_for,
    wait_for_commit,
    wait_ready,
)

SIZES = [(80, 24), (120, 40)]
ORPHAN = "---\nname: Orphan idea\ndescription: A memory the index forgot\ntype: project\n---\n\nKeep drafts short.\n"
LINKER = "---\nname: Cadence notes\ndescription: Links to the cadence rule\ntype: feedback\n---\n\nSee [[blog_cadence]] before planning.\n"


def _index(extra: list[str]) -> str:
    lines = ["# Memory", ""] + [
        f"- [{TITLES[name]}]({name}) — {TITLES[name].lower()}" for name in [*TOPICS, "blog_cadence_q4.md"]
    ]
    return "\n".join(lines + extra) + "\n"


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """The TUI test store plus an orphan, a dangling index line and a `[[link]]` to blog_cadence."""
    root = fresh_store(tmp_path)
    index = _index(["- [Cadence notes](cadence_notes.md) — links", "- [Gone](gone.md) — this file was deleted by hand"])
    commit_files(
        root.parents[1],
        {f"{MEMORY_DIR}/orphan.md": ORPHAN, f"{MEMORY_DIR}/cadence_notes.md": LINKER, f"{MEMORY_DIR}/MEMORY.md": index},
        "more memory",
        "2026-10-01T10:00:00+00:00",
    )
    return root


def table_ids(app: CuratorApp) -> list[str]:
    table = app.screen.query_one(EntryTable)
    return [table.coordinate_to_cell_key((row, 0)).row_key.value for row in range(table.row_count)]


def notifications(app: CuratorApp) -> list[str]:
    return [notification.message for notification in app._notifications]


@pytest.mark.parametrize("size", SIZES)
async def test_the_index_is_a_row_with_its_findings_and_i_drops_a_dangling_line(
    store: Path, now: datetime, size
) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=size) as pilot:
        await wait_ready(pilot, app)
        assert "MEMORY.md" in table_ids(app)
        app.screen.jump_to("MEMORY.md")
        await pilot.pause(0.1)
        assert app.screen.current_entry.kind == "index"
        rules = {finding.rule for finding in app.screen._entry_findings("MEMORY.md")}
        assert {"dangling-link", "orphan"} <= rules
        before = len(git_subjects(store))
        await pilot.press("I")
        assert isinstance(app.screen, IndexFixModal)
        labels = [fix.label for fix in app.screen.fixes]
        assert any(label.startswith("drop line 10") for label in labels), labels
        assert any(label.startswith("add orphan.md") for label in labels), labels
        app.screen.query_one(OptionList).highlighted = next(
            n for n, label in enumerate(labels) if label.startswith("drop line 10")
        )
        await pilot.press("enter")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].startswith("curator: index: drop line 10")
        assert "gone.md" not in (store / "MEMORY.md").read_text()
        assert not [
            f for f in app.session.findings if f.rule == "dangling-link" and f.evidence.get("target") == "gone.md"
        ]


async def test_i_on_an_orphan_adds_it_to_the_index_and_e_edits_the_index(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("orphan.md")
        await pilot.pause(0.1)
        before = len(git_subjects(store))
        await pilot.press("I")
        assert isinstance(app.screen, IndexFixModal) and [fix.op for fix in app.screen.fixes] == ["add"]
        await pilot.press("enter")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0] == "curator: index: add orphan.md — it was an orphan the agent never saw"
        assert "- [Orphan idea](orphan.md) — A memory the index forgot" in (store / "MEMORY.md").read_text()
        app.screen.jump_to("MEMORY.md")
        await pilot.pause(0.1)
        await pilot.press("e")
        assert isinstance(app.screen, EditScreen)
        area = app.screen.query_one(TextArea)
        area.text = area.text.replace("# Memory", "# Memory of the blog")
        before = len(git_subjects(store))
        await pilot.press("ctrl+s")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0] == "curator: edit MEMORY.md"
        assert (store / "MEMORY.md").read_text().startswith("# Memory of the blog\n")
        await pilot.press("x")
        assert any("is the index, not a memory" in message for message in notifications(app))
        assert isinstance(app.screen, MainScreen)


@pytest.mark.parametrize("size", SIZES)
async def test_expire_lists_inbound_links_and_unlinks_them_in_the_same_commit(store: Path, now: datetime, size) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=size) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("blog_cadence.md")
        await pilot.pause(0.1)
        before = len(git_subjects(store))
        await pilot.press("x")
        assert isinstance(app.screen, ExpireModal)
        assert app.screen.links == ["cadence_notes.md:7 [[blog_cadence]]"]
        assert app.screen.partner == "blog_cadence_q4.md"
        assert app.screen.query_one(RadioSet).pressed_button.id == "links-relink"
        if size == (80, 24):
            app.screen.query_one("#links-unlink", RadioButton).value = True
        await pilot.press("enter", "enter")
        subjects = await wait_for_commit(pilot, app, store, before)
        notes = (store / "cadence_notes.md").read_text()
        if size == (80, 24):
            assert "unlinking 1 link" in subjects[0] and "See blog_cadence before planning." in notes
        else:
            assert (
                "pointing 1 link at blog_cadence_q4.md" in subjects[0]
                and "See [[blog_cadence_q4]] before planning." in notes
            )
        changed = set(git_subjects_paths(store))
        assert {"MEMORY.md", "blog_cadence.md", ".archive/blog_cadence.md", "cadence_notes.md"} == changed


def git_subjects_paths(store: Path) -> list[str]:
    from tests.support.gitrepo import git

    return [line for line in git(store, "show", "--name-only", "--format=", "--relative", "HEAD").split()]


async def _review_to(pilot, app: CuratorApp, entry_id: str) -> ReviewScreen:
    await pilot.press("R")
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), message="review")
    review = app.screen
    assert entry_id in review.queue, review.queue
    while review.current_entry is not None and review.current_entry.id != entry_id:
        await pilot.press("s")
    return review


async def test_review_summary_counts_links_and_findings_of_expired_entries_disappear(
    store: Path, now: datetime
) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        review = await _review_to(pilot, app, "blog_cadence.md")
        await pilot.press("x")
        assert isinstance(app.screen, ExpireModal)
        app.screen.query_one("#links-keep", RadioButton).value = True
        await pilot.click("#expire-ok")
        await wait_for(pilot, lambda: app.screen is review, message="back in review")
        review.position = review.queue.index("blog_cadence_q4.md")
        review._show()
        findings_text = str(review.query_one("#review-findings", Static).render())
        assert "resolved by entries this review expires or merges" in findings_text
        assert "conflict" not in findings_text.lower().split("finding(s) resolved")[0]
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmModal)
        body = app.screen.body.plain
        assert "links: 1 to expired entries left dangling" in body


async def test_keep_with_a_past_expiry_asks_and_snooze_rests_the_entry(tmp_path: Path, now: datetime) -> None:
    store = fresh_store(tmp_path)
    expiring = TOPICS["deploy_freeze.md"].replace("type: project\n", "type: project\nexpires: 2026-06-01\n")
    commit_files(store.parents[1], {f"{MEMORY_DIR}/deploy_freeze.md": expiring}, "expiry", "2026-05-01T10:00:00+00:00")
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        before = len(git_subjects(store))
        review = await _review_to(pilot, app, "deploy_freeze.md")
        await pilot.press("k")
        assert isinstance(app.screen, KeepExpiredModal)
        await pilot.click("#keep-clear")
        await wait_for(pilot, lambda: app.screen is review, message="back in review")
        assert review.decisions["deploy_freeze.md"].expires == "clear"
        await pilot.press("b")
        assert review.current_entry.id == "deploy_freeze.md"
        await pilot.press("z")
        assert isinstance(app.screen, PromptModal)
        assert app.screen.query_one("#prompt-weeks", Input).value == "4"
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is review, message="back in review")
        assert review.decisions["deploy_freeze.md"].kind == "snooze"
        await pilot.press("escape")
        await pilot.press("y")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0] == "curator: review 2026-11-29 — 0 kept, 0 expired, 0 merged, 1 snoozed"
        fields, _ = frontmatter.parse((store / "deploy_freeze.md").read_text())
        assert (str(fields["reviewed"]), str(fields["review_after"])) == ("2026-11-29", "2026-12-27")
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen), message="review again")
        assert "deploy_freeze.md" not in app.screen.queue
        assert app.screen.resting == {"deploy_freeze.md": "snoozed until 2026-12-27"}


async def test_keep_extends_a_past_expiry_and_expire_due_then_spares_it(tmp_path: Path, now: datetime) -> None:
    from curator import ops
    from curator.scan import load_store

    store = fresh_store(tmp_path)
    expiring = TOPICS["deploy_freeze.md"].replace("type: project\n", "type: project\nexpires: 2026-06-01\n")
    commit_files(store.parents[1], {f"{MEMORY_DIR}/deploy_freeze.md": expiring}, "expiry", "2026-05-01T10:00:00+00:00")
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        before = len(git_subjects(store))
        review = await _review_to(pilot, app, "deploy_freeze.md")
        await pilot.press("k")
        assert isinstance(app.screen, KeepExpiredModal)
        app.screen.query_one("#keep-expires", Input).value = "2027-03-01"
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is review, message="back in review")
        await pilot.press("escape", "y")
        await wait_for_commit(pilot, app, store, before)
    fields, _ = frontmatter.parse((store / "deploy_freeze.md").read_text())
    assert (str(fields["expires"]), str(fields["reviewed"])) == ("2027-03-01", "2026-11-29")
    result = ops.expire_due(load_store(store), now=datetime(2027, 3, 2).date())
    assert not (store / "deploy_freeze.md").exists() and result.changed
    assert (store / ".archive/deploy_freeze.md").exists()


async def test_fix_from_evidence_works_in_review(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        before = len(git_subjects(store))
        review = await _review_to(pilot, app, "short_cleanup.md")
        await pilot.press("F")
        assert isinstance(app.screen, PromptModal)
        assert app.screen.query_one("#prompt-new", Input).value.startswith("41")
        await pilot.click("#prompt-ok")
        await wait_for(pilot, lambda: app.screen is review, message="back in review")
        assert review.decisions["short_cleanup.md"].kind == "fix"
        await pilot.press("escape", "y")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].startswith("curator: review 2026-11-29 — 1 kept")
        text = (store / "short_cleanup.md").read_text()
        assert "41 old posts" in text and "reviewed: 2026-11-29" in text and "verified: 2026-11-29" in text


async def test_back_keeps_an_edit_as_a_draft_and_e_reopens_it(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        review = await _review_to(pilot, app, "blog_cadence.md")
        await pilot.press("e")
        assert isinstance(app.screen, EditScreen)
        assert "review decision" in screen_text(app) and "one commit" not in screen_text(app)
        area = app.screen.query_one(TextArea)
        area.text = area.text.replace("at most 4", "at most 5")
        edited = area.text
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen is review, message="back in review")
        await pilot.press("b")
        assert review.current_entry.id == "blog_cadence.md" and "blog_cadence.md" not in review.decisions
        assert review.drafts == {"blog_cadence.md": edited}
        assert "kept as a draft" in screen_text(app)
        await pilot.press("k")
        assert "blog_cadence.md" in review.set_aside
        await pilot.press("b")
        assert review.drafts == {"blog_cadence.md": edited}
        await pilot.press("e")
        assert isinstance(app.screen, EditScreen) and app.screen.query_one(TextArea).text == edited


async def test_review_decisions_survive_a_crash_through_the_journal(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        review = await _review_to(pilot, app, "blog_cadence.md")
        await pilot.press("k")
        assert review.decisions["blog_cadence.md"].kind == "keep"
        app.exit()
    journals = list((store.parents[1] / ".git" / "curator").glob("review-*.json"))
    assert len(journals) == 1 and "blog_cadence.md" in journals[0].read_text()
    before = len(git_subjects(store))
    again = CuratorApp(store, now=now, watch_disk=False)
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, again)
        await wait_for(
            pilot,
            lambda: any("R offers to resume it" in message for message in notifications(again)),
            message="offer on start",
        )
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(again.screen, ConfirmModal), message="resume offer")
        assert "keep    blog_cadence.md" in again.screen.body.plain
        await pilot.press("y")
        review = again.screen
        assert isinstance(review, ReviewScreen) and review.decisions["blog_cadence.md"].kind == "keep"
        await pilot.press("escape", "y")
        subjects = await wait_for_commit(pilot, again, store, before)
        assert subjects[0].startswith("curator: review 2026-11-29 — 1 kept")
    assert "reviewed: 2026-11-29" in (store / "blog_cadence.md").read_text()
    assert not list((store.parents[1] / ".git" / "curator").glob("review-*.json"))


async def test_merge_screen_lists_the_links_it_rewrites_and_the_commit_says_conflict(
    store: Path, now: datetime
) -> None:
    from curator.tui.screens.confirm import ConfirmModal
    from curator.tui.screens.merge import MergeScreen

    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("blog_cadence.md")
        await pilot.pause(0.1)
        before = len(git_subjects(store))
        await pilot.press("m")
        assert isinstance(app.screen, MergeScreen)
        preview = str(app.screen.query_one("#merge-index-preview").render())
        assert "1 link(s) to the sources are rewritten" in preview and "cadence_notes.md:7 [[blog_cadence]]" in preview
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert " — resolve a conflict: " in subjects[0]
        merged = app.screen.query_one(EntryTable)
        assert merged is not None
        assert "[[blog_cadence_q4]]" in (store / "cadence_notes.md").read_text()
        assert "name: Blog cadence for Q4" in (store / "blog_cadence_q4.md").read_text()


async def test_an_index_fix_in_review_lands_in_the_one_review_commit(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_ready(pilot, app)
        before = len(git_subjects(store))
        review = await _review_to(pilot, app, "MEMORY.md")
        await pilot.press("x")
        assert any("is the index" in message for message in notifications(app))
        await pilot.press("I")
        assert isinstance(app.screen, IndexFixModal)
        labels = [fix.label for fix in app.screen.fixes]
        app.screen.query_one(OptionList).highlighted = next(
            n for n, label in enumerate(labels) if label.startswith("drop line 10")
        )
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is review or isinstance(app.screen, ConfirmModal), message="decided")
        assert review.decisions["MEMORY.md"].op == "drop"
        if app.screen is review:
            await pilot.press("escape")
        assert isinstance(app.screen, ConfirmModal) and "index   MEMORY.md — drop line 10" in app.screen.body.plain
        await pilot.press("y")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert len(subjects) == before + 1 and subjects[0].endswith("1 index fix")
        assert "gone.md" not in (store / "MEMORY.md").read_text()


async def test_d_dismisses_a_finding_of_the_index_row(store: Path, now: datetime) -> None:
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("MEMORY.md")
        await pilot.pause(0.1)
        before = len(git_subjects(store))
        await pilot.press("d")
        assert isinstance(app.screen, PromptModal)
        await pilot.press(*"kept on purpose", "enter")
        subjects = await wait_for_commit(pilot, app, store, before)
        assert subjects[0].startswith("curator: dismiss ")
        assert "kept on purpose" in (store / ".curator.toml").read_text()


async def test_back_over_a_merge_keeps_its_edited_draft(store: Path, now: datetime) -> None:
    from curator.tui.screens.merge import MergeScreen

    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_ready(pilot, app)
        review = await _review_to(pilot, app, "blog_cadence.md")
        await pilot.press("m")
        assert isinstance(app.screen, MergeScreen)
        draft = app.screen.query_one("#merge-draft", TextArea)
        draft.text = draft.text + "\nA line typed in the merge draft.\n"
        typed = draft.text
        await pilot.press("ctrl+s", "y")
        await wait_for(pilot, lambda: app.screen is review, message="back in review")
        assert review.decisions["blog_cadence.md"].kind == "merge"
        while review.current_entry is None or review.current_entry.id != "blog_cadence.md":
            await pilot.press("b")
        assert "blog_cadence.md" not in review.decisions
        assert any("m reopens it with your draft" in message for message in notifications(app))
        await pilot.press("m")
        assert isinstance(app.screen, MergeScreen) and app.screen.query_one("#merge-draft", TextArea).text == typed
