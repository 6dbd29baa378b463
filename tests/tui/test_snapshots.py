"""SVG snapshots of every screen on a small drifted store (fixed clock, fixed size, no cursor blink)."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.tui.app import CuratorApp
from tests.support.tui import fresh_store, wait_for, wait_ready

WIDE = (120, 40)


def freeze_cursors(app: CuratorApp) -> None:
    """Stop cursor blinking so the picture does not depend on when it is taken."""
    for screen in app.screen_stack:
        for widget in screen.query("Input, TextArea"):
            widget.cursor_blink = False


def prepare(*steps):
    """A run_before that waits for the staged load, then runs each step (a key, or a callable on the app)."""

    async def run_before(pilot) -> None:
        app = pilot.app
        await wait_ready(pilot, app)
        for step in steps:
            if callable(step):
                result = step(app)
                if result is not None and hasattr(result, "__await__"):
                    await result
            else:
                await pilot.press(step)
            await pilot.pause(0.1)
        await wait_for(pilot, lambda: not app.op_running and app.session.stage == "ready")
        history = app.screen.query("HistoryView")
        if history and app.screen.query_one("#detail-tabs").active == "history":
            await wait_for(pilot, lambda: bool(history.first().changes), message="history shown")
        freeze_cursors(app)
        await pilot.pause(0.2)

    return run_before


def jump(entry_id: str):
    return lambda app: app.screen.jump_to(entry_id)


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return fresh_store(tmp_path)


def test_main_screen(store: Path, now, snap_compare) -> None:
    """Summary bar (project/.claude/memory, 0 error / 4 warning / 3 info, claude-code, 6 entries, the
    always-loaded meters at 8/200 lines and 0.3/25 KB, a two-week sparkline of index lines and
    `never reviewed`), the table sorted worst first with ▲ flags on the four flagged entries and a
    `MEMORY.md (index)` row typed `index`, and the Content tab of the first row (Short-post cleanup)
    with its fields and frontmatter; compact footer with Help, Search, Edit, Merge, Expire, Conflicts,
    Review, Undo, Mark, Inbox, Quit."""
    assert snap_compare(CuratorApp(store, now=now, watch_disk=False), terminal_size=WIDE, run_before=prepare())


def test_main_screen_80x24(store: Path, now, snap_compare) -> None:
    """At 80×24 the table stacks above the detail tabs; the summary line ends with `6 entries` (no
    ellipsis), all seven rows (six entries and the index), the tab bar and the whole footer from `? Help`
    to `q Quit` stay visible."""
    assert snap_compare(CuratorApp(store, now=now, watch_disk=False), terminal_size=(80, 24), run_before=prepare())


def test_content_tab_literal_markup(store: Path, now, snap_compare) -> None:
    """Content tab of markup_note.md: the body shows `[bold]not bold[/]` and `[red]not red[/red]`
    as typed characters, not as styling."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare(jump("markup_note.md")))


def test_history_tab(store: Path, now, snap_compare) -> None:
    """History tab of blog_cadence_q4.md: one commit (`Q4 cadence`, 2026-09-30, Test Author) on the
    left and its diff on the right, the added lines starting with `+`."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare(jump("blog_cadence_q4.md"), "2"))


def test_findings_tab(store: Path, now, snap_compare) -> None:
    """Findings tab of blog_cadence_q4.md: the ▲ conflict with blog_cadence.md (4 vs 6 posts per week),
    the `↪ blog_cadence.md` jump line, and the finding's evidence below."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare(jump("blog_cadence_q4.md"), "3"))


def test_check_tab(store: Path, now, snap_compare) -> None:
    """Check tab of short_cleanup.md: a FAIL verdict for `58 old posts under posts/short/` (ls finds
    41), the exact command `$ ls -1 -- posts/short`, its exit code and first output lines, and the
    ad-hoc probe input at the bottom; the tab label reads `Check (1 ✖)`."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare(jump("short_cleanup.md"), "4"))


def test_merge_screen(store: Path, now, snap_compare) -> None:
    """Merge of blog_cadence.md + blog_cadence_q4.md: both sources side by side with their dates,
    the editable draft (newest frontmatter over both bodies) with its file name, and the index preview
    (two `-` lines for the sources, one `+` line for the result)."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(
        app,
        terminal_size=WIDE,
        run_before=prepare(jump("blog_cadence.md"), "space", jump("blog_cadence_q4.md"), "space", "m"),
    )


def test_conflicts_view(store: Path, now, snap_compare) -> None:
    """Conflicts view: `CONFLICT pair 1 of 1` with the message, blog_cadence.md (LEFT, older,
    2026-03-01) beside blog_cadence_q4.md (RIGHT, newer, 2026-09-30), the evidence line, and the
    footer keys Keep left, Keep right, Merge, Dismiss, Next, Prev, Back."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare("c"))


def test_review_mode(store: Path, now, snap_compare) -> None:
    """Review mode on its second entry (after one keep): header `Review 2/4` with counts `1 kept`,
    a progress bar a quarter full, the entry's content on the left, its findings and check results on
    the right, and the footer keys Keep, Edit, Expire, Merge, Snooze, Skip, Back, Finish."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare("R", "k"))


def test_expire_dialog(store: Path, now, snap_compare) -> None:
    """Expire dialog over the main screen for deploy_freeze.md: the reason prefilled from its
    expired-date finding and selected, an empty When showing the placeholder `now`, Expire and Cancel."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare(jump("deploy_freeze.md"), "x"))


def test_help_screen(store: Path, now, snap_compare) -> None:
    """Help: the title says `? or F1 opens this on every screen`, then the top of the scrolling key table
    (key, action, where): main-screen keys including `i` (inbox), `I` (index fixes), `T`, `P` (Prune view)
    and `w` (why this memory exists)."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare("question_mark"))


def test_index_row(tmp_path: Path, now, snap_compare) -> None:
    """The `MEMORY.md (index)` row selected with an ✖ flag, its Findings tab listing the dangling
    link to gone.md (line 9) and the orphan.md finding; the detail header counts them."""
    from tests.support.gitrepo import commit_files
    from tests.support.tui import MEMORY_DIR

    store = fresh_store(tmp_path)
    index = (store / "MEMORY.md").read_text() + "- [Gone](gone.md) — deleted by hand\n"
    orphan = (
        "---\nname: Orphan idea\ndescription: A memory the index forgot\ntype: project\n---\n\nKeep drafts short.\n"
    )
    commit_files(
        store.parents[1],
        {f"{MEMORY_DIR}/MEMORY.md": index, f"{MEMORY_DIR}/orphan.md": orphan},
        "more",
        "2026-10-01T10:00:00+00:00",
    )
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare(jump("MEMORY.md"), "3"))


def test_review_summary(store: Path, now, snap_compare) -> None:
    """Review's summary before the one commit: `review 2026-11-29 — 1 kept, 1 expired, 0 merged`,
    one line per decision (keep short_cleanup.md, expire blog_cadence.md with its reason) and
    Apply / Cancel buttons."""
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare("R", "k", "x", "enter", "enter", "escape"))
