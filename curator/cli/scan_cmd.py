"""`curator scan`: print the report for a memory store."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import cast

import click

from curator import formats, report
from curator.cli.common import now_option, parse_now, resolve_store_path
from curator.model import SEVERITY_RANK, Severity
from curator.scan import run_scan

FAIL_LEVELS = ("info", "warning", "error", "unreviewed", "never")
OUTPUT_FORMATS = ("text", "json", "markdown")


def exit_status(worst_severity: Severity | None, fail_on: str) -> int:
    """0 when no finding is at or above `fail_on`, else 1; `never` always gives 0."""
    if fail_on == "never" or worst_severity is None:
        return 0
    return 1 if SEVERITY_RANK[worst_severity] >= SEVERITY_RANK[cast(Severity, fail_on)] else 0


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option("--project", type=click.Path(path_type=Path, file_okay=False), help="The project the memory is about.")
@click.option(
    "--format",
    "output_format",
    type=click.Choice([*OUTPUT_FORMATS, *formats.FORMATS]),
    default="text",
    show_default=True,
    help="Report format (text, json, markdown); a memory format name instead forces how PATH is read.",
)
@click.option(
    "--store-format",
    "store_format",
    type=click.Choice(list(formats.FORMATS)),
    default=None,
    help="Read PATH as this memory format instead of detecting it.",
)
@now_option
@click.option(
    "--fail-on",
    type=click.Choice(FAIL_LEVELS),
    default="error",
    show_default=True,
    help="Exit 1 when a finding is at or above this severity (unreviewed: when memory changed since the last review).",
)
@click.option("--check", is_flag=True, help="Also test each entry's claims against the live project.")
@click.option("--timeout", type=float, default=5.0, show_default=True, help="Seconds per live probe (with --check).")
@click.option(
    "--cache/--no-cache",
    "use_cache",
    default=True,
    show_default=True,
    help="Reuse the conflict and duplicate analysis of unchanged memory (kept in .git/curator or ~/.cache).",
)
@click.option("--entries/--no-entries", "show_entries", default=False, help="List every entry in the text report.")
@click.option(
    "--usage/--no-usage",
    "read_usage",
    default=True,
    show_default=True,
    help="Read Claude Code session transcripts for per-entry reads and provenance.",
)
@click.option(
    "--claude-dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="Claude Code's config directory holding projects/ (default: $CLAUDE_CONFIG_DIR or ~/.claude).",
)
def scan(
    path: Path | None,
    project: Path | None,
    output_format: str,
    store_format: str | None,
    now_text: str | None,
    fail_on: str,
    check: bool,
    timeout: float,
    show_entries: bool,
    use_cache: bool,
    read_usage: bool,
    claude_dir: Path | None,
) -> None:
    """Report drift in the memory at PATH (default: the memory of the current directory).

    Exit status: 0 when no finding is at or above --fail-on, 1 when one is,
    2 for usage errors or an unreadable path.
    """
    now = parse_now(now_text)
    if output_format in formats.FORMATS:
        if store_format is not None and store_format != output_format:
            raise click.UsageError(f"--format {output_format} and --store-format {store_format} disagree")
        store_format, output_format = output_format, "text"
    store_path = resolve_store_path(path)
    if project is not None and not project.is_dir():
        raise click.UsageError(f"--project {project}: not a directory")
    from curator.cli.progress import StageProgress  # deferred: only a scan run needs the progress line

    try:
        stages = (4 if check else 3) + (1 if read_usage else 0)
        with StageProgress(stages, enabled=None if output_format != "json" else False) as progress:
            result = run_scan(
                store_path,
                format_name=store_format,
                project=project,
                now=now,
                check=check,
                timeout=timeout,
                progress=progress.stage,
                cache=use_cache,
                usage=read_usage,
                claude_dir=claude_dir,
            )
    except formats.DetectError as error:
        raise click.UsageError(str(error)) from None
    if output_format == "json":
        for piece in report.iter_json(result):
            sys.stdout.write(piece)
        sys.stdout.write("\n")
        sys.stdout.flush()
    elif output_format == "markdown":
        from curator.inbox.delta import since_last_review  # deferred: only the markdown report reads the delta

        delta = since_last_review(result.store, findings_now=len(result.findings))
        result.trend_line = delta.one_line() if delta is not None else ""
        click.echo(report.render_markdown(result), nl=False)
    else:
        click.echo(report.render_text(result, show_entries=show_entries), nl=False)
    if fail_on == "unreviewed":
        sys.exit(1 if result.review is not None and result.review.unreviewed else 0)
    sys.exit(exit_status(result.worst_severity(), fail_on))


def register(group: click.Group) -> None:
    """Add `scan` to the group."""
    group.add_command(scan)
