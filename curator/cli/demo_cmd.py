"""`curator demo`: build the demo project and open it."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import click

from curator.cli.common import now_option, parse_now
from curator.demo import DemoError, build_demo
from curator.demo_usage import write_demo_transcripts
from curator.scan import utcnow


@click.command()
@click.option(
    "--path",
    "target",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="Build the demo here (an empty or new directory; default: a fresh temporary directory).",
)
@now_option
@click.option("--tui/--no-tui", "open_tui", default=True, help="Open the TUI on the demo store after building it.")
def demo(target: Path | None, now_text: str | None, open_tui: bool) -> None:
    """Build a demo blog project whose agent memory has drifted, then open it.

    The demo holds a Claude Code store (.claude/memory), a tiny-agent notes.md and an
    OpenClaw workspace, all in git with back-dated commits, and at least one case of
    every rule. The same --now always builds the same demo.
    """
    now = parse_now(now_text) or utcnow()
    root = target or Path(tempfile.mkdtemp(prefix="curator-demo-"))
    try:
        paths = build_demo(root, now)
    except DemoError as error:
        raise click.UsageError(str(error)) from None
    click.echo(f"demo built in {paths.root}")
    click.echo(f"  project       {paths.project}")
    click.echo(f"  claude store  {paths.claude_store}")
    click.echo(f"  notes         {paths.notes}")
    click.echo(f"  openclaw      {paths.openclaw}")
    claude_dir = write_demo_transcripts(paths, now)
    click.echo(f"  transcripts   {claude_dir} (40 sessions of the demo agent)")
    if not open_tui:
        click.echo(
            f"next: curator {paths.claude_store}   or   curator scan {paths.claude_store} --claude-dir {claude_dir}"
        )
        return
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    run_app: Callable[..., None] | None
    try:
        from curator.tui.app import run_app  # deferred: textual loads only when the demo opens the TUI
    except ImportError:
        run_app = None
    if run_app is None or not interactive:
        from curator import report  # deferred with run_scan: only this fallback path prints a scan
        from curator.scan import run_scan

        if run_app is not None:
            click.echo("not a terminal: printing the scan instead of opening the TUI", err=True)
        click.echo(report.render_text(run_scan(paths.claude_store, now=now, claude_dir=claude_dir)), nl=False)
        return
    run_app(paths.claude_store, now=now, claude_dir=claude_dir)
    if sys.stdin.isatty() and sys.stdout.isatty():
        click.echo(f"the demo stays in {paths.root}: `curator {paths.claude_store}` opens it again")


def register(group: click.Group) -> None:
    """Add `demo` to the group."""
    group.add_command(demo)
