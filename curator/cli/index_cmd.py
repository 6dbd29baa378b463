"""`curator index add|drop|shorten|promote`: fix MEMORY.md from the command line, one commit each."""

from __future__ import annotations

from pathlib import Path

import click

from curator import ops
from curator.cli.common import store_option
from curator.cli.op_support import EPILOG_SAFETY, locked_store, run_op


@click.group()
def index() -> None:
    """Fix the MEMORY.md index of a Claude Code store.

    LINE is a line number of MEMORY.md or the id of the entry the line links to.

    \b
    Examples:
      curator index add orphan_note.md
      curator index drop 14
      curator index shorten deploy_freeze.md --hook "no deploys until the launch"
      curator index promote blog_cadence.md
    """


@index.command(epilog=EPILOG_SAFETY)
@click.argument("entry_id", metavar="ID")
@click.option(
    "--line", "line_text", default=None, help="The whole index line (default: `- [name](file.md) — description`)."
)
@store_option
def add(entry_id: str, line_text: str | None, store_path: Path | None) -> None:
    """Link orphan entry ID from MEMORY.md (after the last loaded link line)."""
    with locked_store(store_path) as store:
        run_op(lambda: ops.index_add(store, entry_id, line=line_text))


@index.command(epilog=EPILOG_SAFETY)
@click.argument("line", metavar="LINE")
@click.option("--reason", default=None, help="Why, for the commit message (default: a dangling link).")
@store_option
def drop(line: str, reason: str | None, store_path: Path | None) -> None:
    """Remove index line LINE (for example a link to a file that no longer exists)."""
    with locked_store(store_path) as store:
        run_op(lambda: ops.index_drop(store, line, reason=reason))


@index.command(epilog=EPILOG_SAFETY)
@click.argument("line", metavar="LINE")
@click.option(
    "--hook", default=None, help="The new hook text (default: the old hook cut at a word to fit 150 characters)."
)
@store_option
def shorten(line: str, hook: str | None, store_path: Path | None) -> None:
    """Shorten the hook of index line LINE; the link stays."""
    with locked_store(store_path) as store:
        run_op(lambda: ops.index_shorten(store, line, hook=hook))


@index.command(epilog=EPILOG_SAFETY)
@click.argument("line", metavar="LINE")
@store_option
def promote(line: str, store_path: Path | None) -> None:
    """Move index line LINE from past the 200-line/25 KB cut to just after the last loaded link."""
    with locked_store(store_path) as store:
        run_op(lambda: ops.index_promote(store, line))


def register(group: click.Group) -> None:
    """Add the index group to the CLI."""
    group.add_command(index)
