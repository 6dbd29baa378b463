"""`curator history ID`: the commits that touched one entry, with its own diff at each."""

from __future__ import annotations

import difflib
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import click

from curator import formats, history, secrets
from curator.cli.common import echo, now_option, parse_now, resolve_store_path, store_option
from curator.model import Entry, Store
from curator.textsafe import visible

OUTPUT_FORMATS = ("text", "json")


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _day(moment: datetime | None) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%d") if moment is not None else "-"


def close_ids(store: Store, entry_id: str, limit: int = 5) -> list[str]:
    """Entry ids that look like `entry_id`: similar spellings first, then ids containing it."""
    known = [entry.id for entry in (*store.entries, *store.context)]
    similar = difflib.get_close_matches(entry_id, known, n=limit, cutoff=0.5)
    containing = [known_id for known_id in known if entry_id.lower() in known_id.lower() and known_id not in similar]
    return (similar + containing)[:limit]


def find_entry(store: Store, entry_id: str) -> Entry:
    """The entry with this id (or the archived entry it became), or a usage error that suggests close ids."""
    from curator.ops import archived_entry

    entry = store.find(entry_id) or archived_entry(store, entry_id)
    if entry is not None:
        return entry
    suggestions = close_ids(store, entry_id)
    hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else "; `curator scan --entries` lists the ids"
    raise click.UsageError(visible(f"no entry {entry_id!r} in {store.root}{hint}"))


def _where(entry: Entry) -> str:
    if entry.line is not None:
        last = entry.line_end if entry.line_end is not None else entry.line
        lines = f"line {entry.line}" if last == entry.line else f"lines {entry.line}-{last}"
        return f"{entry.kind}, {lines} of {entry.path}"
    return f"{entry.kind}, {entry.path}"


def history_json(
    store: Store, entry: Entry, changes: list[history.Change], now: datetime, diff: bool
) -> dict[str, Any]:
    """The JSON object `curator history --format json` prints."""
    rendered = []
    for change in changes:
        item: dict[str, Any] = {
            "sha": change.sha,
            "short_sha": change.short_sha,
            "date": _iso(change.date),
            "author": change.author,
            "subject": change.subject,
            "uncommitted": change.uncommitted,
        }
        if diff:
            item["diff"] = change.diff
        rendered.append(item)
    return {
        "id": entry.id,
        "path": entry.path,
        "line": entry.line,
        "line_end": entry.line_end,
        "created": _iso(entry.created),
        "modified": _iso(entry.modified),
        "age_days": entry.age_days(now),
        "commits": entry.commits,
        "authors": list(entry.authors),
        "uncommitted": entry.uncommitted,
        "date_source": entry.date_source,
        "history_source": store.history_source,
        "changes": rendered,
    }


def history_text(store: Store, entry: Entry, changes: list[history.Change], now: datetime, diff: bool) -> str:
    """The human-readable history of one entry."""
    age = entry.age_days(now)
    lines = [
        f"{entry.id}  ({_where(entry)}{', archived' if entry.status == 'expired' else ''})",
        f"created {_day(entry.created)}  modified {_day(entry.modified)}  "
        f"age {'-' if age is None else f'{age:g} d'}  commits {entry.commits}  "
        f"dates from {entry.date_source}{'  (uncommitted edits)' if entry.uncommitted else ''}",
    ]
    if not changes:
        lines.append(f"no git history for this entry (history: {store.history_source})")
    author_width = max((len(change.author) for change in changes), default=0)
    for change in changes:
        lines.append(
            f"{_day(change.date)}  {change.short_sha:<8}  {change.author:<{author_width}}  {change.subject}".rstrip()
        )
        if diff and change.diff:
            lines.extend(f"    {diff_line}" for diff_line in change.diff.rstrip("\n").split("\n"))
            lines.append("")
    return "\n".join(lines) + "\n"


@click.command("history")
@click.argument("entry_id", metavar="ID")
@store_option
@now_option
@click.option("--format", "output_format", type=click.Choice(OUTPUT_FORMATS), default="text", show_default=True)
@click.option("--diff/--no-diff", "show_diff", default=False, help="Show the entry's own diff at each commit.")
def history_command(
    entry_id: str, store_path: Path | None, now_text: str | None, output_format: str, show_diff: bool
) -> None:
    """Show the commits that touched entry ID, newest first.

    ID is an entry id as `curator scan` prints it: `blog_cadence.md`, `notes.md#3`,
    `CLAUDE.md:L12`. For a section or rule, the commits and diffs are those of its own
    lines only (git log -L); uncommitted edits come first as `worktree`.
    """
    from curator.scan import load_store  # deferred: `curator --help` and `--version` need no store machinery

    now = parse_now(now_text) or datetime.now(timezone.utc)
    path = resolve_store_path(store_path)
    try:
        store = load_store(path)
    except formats.DetectError as error:
        raise click.UsageError(str(error)) from None
    entry = find_entry(store, entry_id)
    changes = secrets.masked_history(store, history.entry_history(store, entry.id))
    if output_format == "json":
        click.echo(json.dumps(history_json(store, entry, changes, now, show_diff), ensure_ascii=False, indent=2))
    else:
        echo(history_text(store, entry, changes, now, show_diff), nl=False)


def register(group: click.Group) -> None:
    """Add `history` to the group."""
    group.add_command(history_command)
