"""`curator tui [PATH]`: open the memory browser."""

from __future__ import annotations

from pathlib import Path

import click

from curator.cli.common import resolve_store_path


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option("--format", "format_name", default=None, help="Force a format instead of detecting it.")
@click.option("--project", type=click.Path(path_type=Path, file_okay=False), help="The project the memory is about.")
def tui(path: Path | None = None, format_name: str | None = None, project: Path | None = None) -> None:
    """Open the memory at PATH (default: discovered from the current directory) in the TUI."""
    store_path = resolve_store_path(path)
    try:
        from curator.tui.app import run_app
    except ImportError:
        raise click.ClickException("the TUI is not available in this build; use `curator scan`") from None
    run_app(store_path, format_name=format_name, project=project)


def register(group: click.Group) -> None:
    """Add `tui` to the group."""
    group.add_command(tui)
