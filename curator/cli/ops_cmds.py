"""`curator edit/expire/merge/restore/review/undo/redo/track`: change memory safely from the command line."""

from __future__ import annotations

import sys
from datetime import date, datetime
from pathlib import Path

import click

from curator import ops
from curator.cli.common import echo, now_option, parse_now, resolve_store_path, store_option
from curator.cli.op_support import EPILOG_SAFETY, edit_text, load, locked_store, parse_day, run_op
from curator.model import Store
from curator.ops.core import today
from curator.ops.expiry import scheduled_day
from curator.vcs import GitError


@click.command(epilog=EPILOG_SAFETY)
@click.argument("entry_id", metavar="ID")
@click.option(
    "--text-file",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="Take the new text from this file instead of opening $EDITOR.",
)
@click.option("--reason", default=None, help="Why, for the commit message.")
@store_option
def edit(entry_id: str, text_file: Path | None, reason: str | None, store_path: Path | None) -> None:
    """Edit entry ID (e.g. blog_cadence.md, notes.md#3) in $EDITOR and save it safely.

    The entry's text is copied to a temp file and opened in $VISUAL or $EDITOR;
    saving unchanged text changes nothing.
    """
    store = load(store_path)
    try:
        entry = ops.find_entry(store, entry_id)
    except ops.UnknownEntry as error:
        echo(f"curator: {error}", err=True)
        sys.exit(2)
    source = store.files.get(entry.path) or store.context_files.get(entry.path)
    current = (
        source.text[slice(*(entry.span or (0, len(source.text))))] if source and source.text is not None else entry.text
    )
    if text_file is not None:
        new_text = text_file.read_bytes().decode("utf-8", "replace")
    else:
        new_text = edit_text(current, Path(entry.path).suffix or ".md")
    if new_text == current:
        echo(f"{entry.id}: no change")
        return
    if text_file is not None:
        run_op(lambda: ops.edit(store, entry.id, text=new_text, reason=reason))
    else:
        run_op(lambda: ops.edit_keeping_draft(store, entry.id, new_text, reason=reason))


@click.command(epilog=EPILOG_SAFETY)
@click.argument("entry_id", metavar="[ID]", required=False)
@click.option("--reason", default=None, help="Why it expires (kept in the archive and the commit message).")
@click.option(
    "--at", "at_text", default=None, metavar="DATE", help="Expire on this date instead of now: writes `expires: DATE`."
)
@click.option(
    "--due",
    is_flag=True,
    help="Apply every scheduled expiry that is due (no ID); entries reviewed on or after their expiry stay.",
)
@click.option("--dry-run", is_flag=True, help="With --due: list what is due and change nothing.")
@click.option(
    "--unlink",
    is_flag=True,
    help="Also turn [[links]] to the entry elsewhere in the store into plain text (same commit).",
)
@click.option(
    "--relink-to",
    "relink_to",
    default=None,
    metavar="ID",
    help="Point [[links]] to the entry at entry ID instead (same commit).",
)
@now_option
@store_option
def expire(
    entry_id: str | None,
    reason: str | None,
    at_text: str | None,
    due: bool,
    dry_run: bool,
    unlink: bool,
    relink_to: str | None,
    now_text: str | None,
    store_path: Path | None,
) -> None:
    """Move entry ID out of what the agent loads, into the archive.

    Topic files move to .archive/ (with expired and expired_reason in their
    frontmatter) and lose their MEMORY.md line; sections move to
    <name>.archive.md. With --at DATE in the future the entry is only
    scheduled (`expires: DATE`); `curator expire --due` applies due ones.
    `curator restore ID` brings an entry back.

    \b
    Examples:
      curator expire deploy_freeze.md --reason "deadline 2026-04-15 passed"
      curator expire notes.md#3 --at 2026-12-31 --reason "only during the launch"
      curator expire --due --dry-run
    """
    moment = parse_now(now_text)
    day = today(moment)
    if dry_run and not due:
        raise click.UsageError("--dry-run goes with --due")
    if due:
        if entry_id is not None or at_text is not None:
            raise click.UsageError("--due takes no ID and no --at")
        if dry_run:
            print_due(load(store_path), day)
            return
        with locked_store(store_path) as store:
            run_op(lambda: ops.expire_due(store, now=day))
        return
    if entry_id is None:
        raise click.UsageError("give an entry ID, or --due")
    at = parse_day(at_text, "--at")
    why = reason or (f"scheduled for {at.isoformat()}" if at and at > day else "expired by hand")
    with locked_store(store_path) as store:
        warn_inbound(store, [entry_id], "relink" if relink_to else "unlink" if unlink else "keep")
        run_op(lambda: ops.expire(store, entry_id, reason=why, at=at, now=day, unlink=unlink, relink_to=relink_to))


def warn_inbound(store: Store, entry_ids: list[str], mode: str) -> None:
    """Say on stderr which links point at the entries and what happens to them."""
    try:
        links = ops.inbound_links(store, entry_ids)
    except ops.OpError:
        return
    wiki = [link for link in links if link.kind == "wiki"]
    if not wiki:
        return
    fate = {
        "keep": "left as they are (they will dangle; --unlink makes them plain text, --relink-to ID points them elsewhere)",
        "unlink": "made plain text",
        "relink": "pointed at the entry you named",
        "rewrite": "rewritten to the merged entry",
    }[mode]
    echo(f"curator: {len(wiki)} link(s) point here, {fate}:", err=True)
    for link in wiki:
        echo(f"  {link.label()}", err=True)


@click.command(epilog=EPILOG_SAFETY)
@click.argument("entry_ids", metavar="ID ID...", nargs=-1, required=True)
@click.option(
    "--name",
    default=None,
    help="File name of the result (default: the newest source's file); `name:` and the index hook stay.",
)
@click.option(
    "--text-file",
    type=click.Path(path_type=Path, dir_okay=False, exists=True),
    help="The merged text (default: the newest source's frontmatter over every body).",
)
@click.option("--edit", "open_editor", is_flag=True, help="Open the prefilled merged text in $EDITOR first.")
@click.option("--reason", default=None, help="Why, for the commit message.")
@now_option
@store_option
def merge(
    entry_ids: tuple[str, ...],
    name: str | None,
    text_file: Path | None,
    open_editor: bool,
    reason: str | None,
    now_text: str | None,
    store_path: Path | None,
) -> None:
    """Merge two or more entries into one.

    The sources are archived (with merged_into), MEMORY.md gets one line for the
    result in place of theirs, and [[links]] to the old names are rewritten.
    Undo with `curator undo`, or bring one source back with `curator restore`.

    \b
    Examples:
      curator merge blog_cadence.md cadence_again.md --name blog_cadence
      curator merge notes.md#2 notes.md#5 --edit
    """
    moment = parse_now(now_text)
    text: str | None = None
    if text_file is not None:
        text = text_file.read_bytes().decode("utf-8", "replace")
    if open_editor and text is None:
        store = load(store_path)
        try:
            draft = ops.merge_draft(store, list(entry_ids), name=name)
        except ops.OpError as error:
            echo(f"curator: {error}", err=True)
            sys.exit(2 if isinstance(error, ops.UnknownEntry) else 1)
        text = edit_text(draft.text)
    with locked_store(store_path) as store:
        if reason is None:
            reason = merge_reason_for(store, list(entry_ids), moment)
        warn_inbound(store, list(entry_ids), "rewrite")
        run_op(lambda: ops.merge(store, list(entry_ids), name=name, text=text, reason=reason, now=today(moment)))


def merge_reason_for(store: Store, entry_ids: list[str], moment: datetime | None) -> str:
    """The commit reason for a merge: the conflict or duplicate finding that pairs the entries."""
    from curator.scan import analyze_store

    return ops.merge_reason(analyze_store(store, now=moment).findings, entry_ids)


@click.command(epilog=EPILOG_SAFETY)
@click.argument("entry_id", metavar="ID")
@store_option
def restore(entry_id: str, store_path: Path | None) -> None:
    """Bring an expired or merged entry back (archive id like .archive/x.md, or the original id)."""
    with locked_store(store_path) as store:
        run_op(lambda: ops.restore(store, entry_id))


@click.command(epilog=EPILOG_SAFETY)
@click.argument("entry_id", metavar="[ID]", required=False)
@click.option(
    "--done", is_flag=True, help="Finish the review of what changed since the last one (see `curator changes`)."
)
@click.option("--revert", "revert_ids", multiple=True, metavar="ID", help="With --done: revert this change first.")
@now_option
@store_option
def review(
    entry_id: str | None, done: bool, revert_ids: tuple[str, ...], now_text: str | None, store_path: Path | None
) -> None:
    """Stamp `reviewed: DATE` on entry ID, or finish a review with --done.

    --done approves every change since the last review (except those reverted with --revert or in
    the TUI inbox), records one review commit and moves refs/curator/reviewed to it.
    """
    if done == (entry_id is not None):
        raise click.UsageError("give an entry ID to stamp it reviewed, or --done to finish a review")
    if revert_ids and not done:
        raise click.UsageError("--revert goes with --done")
    moment = parse_now(now_text)
    if done:
        store = load(store_path)
        from curator.inbox.store_git import InboxError
        from curator.ops import inbox as ops_inbox
        from curator.scan import analyze_store

        try:
            findings = len(analyze_store(store, now=moment).findings)
            outcome = ops_inbox.finish_review(store, revert=list(revert_ids), now=moment, findings=findings)
        except (InboxError, ops.OpError, GitError) as error:
            echo(f"curator: {error}", err=True)
            sys.exit(1)
        echo(f"{outcome.headline} (commit {outcome.commit[:7] if outcome.commit else 'none'})")
        if outcome.delta:
            echo(outcome.delta)
        for note in outcome.notes:
            echo(f"note: {note}")
        return
    assert entry_id is not None
    with locked_store(store_path) as locked:
        run_op(lambda: ops.review(locked, entry_id, on=today(moment)))


def print_due(store: Store, day: date) -> None:
    """The entries `expire --due` would archive on `day`, one per line (nothing is written)."""
    due = ops.due_entries(store, now=day)
    if not due:
        echo(f"no scheduled expiry is due on {day.isoformat()} (dry run)")
        return
    echo(f"{len(due)} entr{'y' if len(due) == 1 else 'ies'} due on {day.isoformat()} (dry run, nothing changed):")
    for entry in due:
        reason = entry.fields.get("expires_reason")
        echo(f"  {entry.id}  expires {scheduled_day(entry)}" + (f"  ({reason})" if reason else ""))


def step_command(action: str, store_path: Path | None, dry_run: bool) -> None:
    """Run `undo` or `redo`, or with dry_run say what it would revert."""
    if dry_run:
        step = (ops.next_undo if action == "undo" else ops.next_redo)(load(store_path))
        echo(f"would {step.describe()}" if not step.blocked else step.describe())
        sys.exit(1 if step.blocked else 0)
    with locked_store(store_path) as store:
        run_op(lambda: ops.undo(store) if action == "undo" else ops.redo(store))


UNDO_EPILOG = (
    "Refuses when the next commit back is not curator's, or a file it touched changed again or has "
    "uncommitted changes. The undo/redo stack lives in commit trailers (Curator-Undo, Curator-Redo)."
)


@click.command(epilog=UNDO_EPILOG)
@click.option("--dry-run", is_flag=True, help="Say which commit the next undo would revert; change nothing.")
@store_option
def undo(dry_run: bool, store_path: Path | None) -> None:
    """Revert curator's newest op not yet undone, with a new commit (history is kept).

    Repeat to walk further back through curator's commits, one at a time;
    `curator redo` re-applies what was undone until a new op is made.
    """
    step_command("undo", store_path, dry_run)


@click.command(epilog=UNDO_EPILOG)
@click.option("--dry-run", is_flag=True, help="Say which undo the next redo would re-apply; change nothing.")
@store_option
def redo(dry_run: bool, store_path: Path | None) -> None:
    """Re-apply the newest undo not yet redone, with a new commit."""
    step_command("redo", store_path, dry_run)


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
def track(path: Path | None) -> None:
    """Put the store at PATH under git: `git init` when it is in no repo, then commit its files."""
    store_path = resolve_store_path(path)
    run_op(lambda: ops.track(store_path))


def register(group: click.Group) -> None:
    """Add the op commands to the group."""
    for command in (edit, expire, merge, restore, review, undo, redo, track):
        group.add_command(command)
