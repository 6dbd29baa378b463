"""`curator tui [PATH]`: open the memory browser."""

from __future__ import annotations

from pathlib import Path

import click

from curator import formats
from curator.cli.common import now_option, parse_now
from curator.formats.detection import plan_path


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option("--format", "format_name", default=None, help="Force a format instead of detecting it.")
@click.option("--project", type=click.Path(path_type=Path, file_okay=False), help="The project the memory is about.")
@now_option
def tui(
    path: Path | None = None,
    format_name: str | None = None,
    project: Path | None = None,
    now_text: str | None = None,
) -> None:
    """Open the memory at PATH (default: discovered from the current directory) in the TUI.

    When discovery finds several stores, a picker asks which one to open.
    """
    try:
        from curator.tui.app import run_app  # deferred: textual loads only when the TUI opens
    except ImportError:
        raise click.ClickException("the TUI is not available in this build; use `curator scan`") from None
    now = parse_now(now_text)
    if path is not None:
        if not path.exists():
            raise click.UsageError(f"{path}: no such file or directory")
        if format_name is None and plan_path(path, Path.home()) is None:
            raise click.UsageError(
                f"{path}: no agent memory found (looked for a Claude Code store, notes.md, an OpenClaw workspace "
                "and instruction files); pass --format to force a reader"
            )
        run_app(path, format_name=format_name, project=project, now=now)
        return
    candidates = formats.discover(Path.cwd())
    if not candidates:
        from curator.sync.projects import store_paths

        if store_paths(Path.home()):
            run_app(None, format_name=format_name, project=project, now=now, projects_home=Path.home())
            return
        raise click.UsageError(
            f"no agent memory found for {Path.cwd()} (looked for a Claude Code store, CLAUDE.md and "
            "friends, memory/notes.md and an OpenClaw workspace); pass a PATH"
        )
    if len(candidates) == 1:
        run_app(candidates[0].path, format_name=format_name, project=project, now=now)
        return
    run_app(None, format_name=format_name, project=project, now=now, candidates=candidates)


def register(group: click.Group) -> None:
    """Add `tui` to the group."""
    group.add_command(tui)
