"""`curator changes`: what changed in memory since the last review, grouped by the session that did it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from curator.cli.common import echo, store_option


def inbox_json(inbox: Any, *, with_diff: bool) -> dict[str, Any]:
    """The inbox as plain data for `--format json`."""
    return {
        "base": inbox.base,
        "base_label": inbox.base_label,
        "reviewed_at": inbox.reviewed_at.isoformat() if inbox.reviewed_at else None,
        "approved": inbox.approved,
        "counts": inbox.counts(),
        "groups": [
            {
                "key": group.key,
                "label": group.label,
                "when": group.when.isoformat() if group.when else None,
                "commits": group.commits,
                "changes": [
                    {
                        "kind": change.kind,
                        "entry": change.entry_id,
                        "path": change.path,
                        "old_path": change.old_path,
                        "decision": change.decision or None,
                        **({"diff": change.diff()} if with_diff else {}),
                    }
                    for change in group.changes
                ],
            }
            for group in inbox.groups
        ],
    }


def safe_text(text: str) -> str:
    """Text fit for a terminal (MERGE-TODO: the shared sanitiser)."""
    return text


def render_text(inbox: Any, *, with_diff: bool) -> str:
    """The inbox as text: one block per session, one line per change (with its diff when asked)."""
    lines = [f"changes since {inbox.base_label}: {len(inbox.changes)}"]
    if inbox.approved:
        lines[0] += f" ({inbox.approved} approved, waiting for the review to finish)"
    for group in inbox.groups:
        when = f" · {group.when:%Y-%m-%d %H:%M}" if group.when else ""
        lines.append("")
        lines.append(safe_text(f"{group.label}{when}"))
        for change in group.changes:
            moved = f" (was {change.old_path})" if change.old_path and change.old_path != change.path else ""
            decided = f"  [{change.decision} pending]" if change.decision == "revert" else ""
            lines.append(safe_text(f"  {change.kind:<9} {change.path}{moved}{decided}"))
            if with_diff:
                lines.extend("    " + safe_text(line) for line in change.diff().splitlines())
    return "\n".join(lines)


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option("--since", default="review", show_default=True, metavar="review|DATE|REV", help="Base of the comparison.")
@click.option("--diff", "with_diff", is_flag=True, help="Show each change's diff.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--revert", "revert_ids", multiple=True, metavar="ID", help="Revert this change now (one commit for all)."
)
@store_option
def changes(
    path: Path | None,
    since: str,
    with_diff: bool,
    output_format: str,
    revert_ids: tuple[str, ...],
    store_path: Path | None,
) -> None:
    """List every entry added, edited, deleted, renamed or expired since the last review.

    Changes are grouped by the agent session (or snapshot) that made them; uncommitted edits come
    last. --revert ID puts an entry back as it was at the review (a deletion restored byte for
    byte, an addition expired) in one undoable commit. Finish a review with `curator review --done`.
    """
    from curator.cli.op_support import load
    from curator.inbox.changes import changes_since
    from curator.inbox.store_git import InboxError
    from curator.ops import inbox as ops_inbox
    from curator.ops.io import OpError

    store = load(store_path or path)
    try:
        inbox = changes_since(store, since)
        if revert_ids:
            wanted = set(revert_ids)
            chosen = [change for change in inbox.changes if change.entry_id in wanted or change.path in wanted]
            missing = wanted - {change.entry_id for change in chosen} - {change.path for change in chosen}
            if missing:
                raise OpError(f"no change since {inbox.base_label} for {', '.join(sorted(missing))}")
            result = ops_inbox.revert_changes(store, chosen)
            echo(result.message + (f" (commit {result.commit[:7]})" if result.commit else ""))
            return
    except (InboxError, OpError) as error:
        echo(f"curator: {error}", err=True)
        sys.exit(1)
    if output_format == "json":
        click.echo(json.dumps(inbox_json(inbox, with_diff=with_diff), ensure_ascii=False, indent=2))
    else:
        echo(render_text(inbox, with_diff=with_diff))


def register(group: click.Group) -> None:
    """Add the changes command to the group."""
    group.add_command(changes)
