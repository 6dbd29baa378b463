"""`curator redact ID | --all`: replace detected secrets with `<redacted:TYPE>` in one undoable commit."""

from __future__ import annotations

from pathlib import Path

import click

from curator import ops
from curator.cli.common import echo, store_option
from curator.cli.op_support import EPILOG_SAFETY, locked_store, run_op
from curator.model import Store


@click.command("redact", epilog=EPILOG_SAFETY)
@click.argument("entry_id", metavar="ID", required=False)
@click.option("--all", "every", is_flag=True, help="Redact every secret `curator scan` finds in the store.")
@store_option
def redact_command(entry_id: str | None, every: bool, store_path: Path | None) -> None:
    """Replace the secrets in entry ID (or in the whole store with --all) with <redacted:TYPE>.

    Only the secret values change; every other byte stays as it was. The old value stays in
    git history and in the agent's transcripts: rotate it. curator never rewrites history.
    """
    from curator.ops.redact import STILL_EXPOSED, redact

    if bool(entry_id) == every:
        raise click.UsageError("give one entry ID, or --all")

    def redacted(store: Store) -> ops.OpResult:
        result = redact(store, entry_id, every=every)
        result.notes = [note for note in result.notes if note != STILL_EXPOSED]
        return result

    with locked_store(store_path) as store:
        run_op(lambda: redacted(store))
    echo(f"WARNING: {STILL_EXPOSED}.")


def register(group: click.Group) -> None:
    """Add `redact` to the group."""
    group.add_command(redact_command)
