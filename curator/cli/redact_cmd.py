"""`curator redact ID | --all`: replace detected secrets with `<redacted:TYPE>` in one undoable commit."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from curator import ops
from curator.cli.common import store_option
from curator.cli.ops_cmds import EPILOG_SAFETY, load, report


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
    store = load(store_path)
    try:
        result = redact(store, entry_id, every=every)
    except ops.UnknownEntry as error:
        click.echo(f"curator: {error}", err=True)
        sys.exit(2)
    except ops.OpError as error:
        click.echo(f"curator: {error}", err=True)
        sys.exit(1)
    result.notes = [note for note in result.notes if note != STILL_EXPOSED]
    report(result)
    click.echo(f"WARNING: {STILL_EXPOSED}.")


def register(group: click.Group) -> None:
    """Add `redact` to the group."""
    group.add_command(redact_command)
