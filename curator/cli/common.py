"""Options and helpers shared by every CLI command."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import click

from curator.textsafe import visible


def parse_now(value: str | None) -> datetime | None:
    """Parse an ISO-8601 moment (a date alone means midnight UTC); naive times are UTC."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise click.BadParameter(f"{value!r} is not an ISO-8601 date or time", param_hint="--now") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def resolve_store_path(path: Path | None, *, announce: bool = True) -> Path:
    """Return `path`, or discover the memory of the current directory and say which was picked."""
    if path is not None:
        if not path.exists():
            raise click.UsageError(f"{path}: no such file or directory")
        return path
    from curator import formats  # the readers load only when discovery runs (snapshot --hook never needs them)

    candidates = formats.discover(Path.cwd())
    if not candidates:
        raise click.UsageError(
            f"no agent memory found for {Path.cwd()} (looked for a Claude Code store, CLAUDE.md and "
            "friends, memory/notes.md and an OpenClaw workspace); pass a PATH"
        )
    chosen = candidates[0]
    if announce:
        others = "".join(f"\n  also found: {c.path} ({c.format})" for c in candidates[1:])
        echo(f"curator: using {chosen.path} ({chosen.format}, {chosen.reason}){others}", err=True)
    return chosen.path


def store_option(function):
    """The `--store PATH` option every op takes."""
    return click.option(
        "--store",
        "store_path",
        type=click.Path(path_type=Path),
        default=None,
        help="The memory store (default: discovered from the current directory).",
    )(function)


def now_option(function):
    """The `--now ISO` option that pins the clock for reproducible output."""
    return click.option("--now", "now_text", default=None, metavar="ISO", help="Pretend it is this moment (ISO-8601).")(
        function
    )


def echo(text: str, **kwargs: Any) -> None:
    """click.echo for text built from memory, git or file names: control characters shown visibly."""
    click.echo(visible(text), **kwargs)
