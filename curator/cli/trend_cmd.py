"""`curator trend`: how memory changed over time, from its git history, as charts or a JSON series."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import click

from curator.cli.common import echo, parse_now, resolve_store_path


def render_table(trend, *, rows: int = 12) -> list[str]:
    """The last points as a table: date, entries, index lines against the cut, size, median age."""
    lines = [
        f"{'date':<10} {'commit':<8} {'active':>6} {'archived':>8} {'index':>9} {'KB':>7} {'tokens':>7} {'age d':>6}"
    ]
    for point in trend.points[-rows:]:
        age = f"{point.median_age_days:.0f}" if point.median_age_days is not None else "-"
        mark = "  review" if point.review else ""
        lines.append(
            f"{point.date:%Y-%m-%d} {point.commit[:7]:<8} {point.active:>6} {point.archived:>8} "
            f"{point.index_lines:>4}/200 {point.total_bytes / 1024:>7.1f} {point.total_tokens:>7} {age:>6}{mark}"
        )
    return lines


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option("--since", "since_text", default=None, metavar="DATE", help="Only points from this date on.")
@click.option(
    "--every",
    type=click.Choice(["day", "week", "commit"]),
    default="week",
    show_default=True,
    help="One point per day, week or commit.",
)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def trend(path: Path | None, since_text: str | None, every: str, output_format: str) -> None:
    """Chart the store over its git history: always-loaded lines against the cut, entries, size, age.

    Reads git objects only (one `git log` pass and one `git cat-file --batch`); nothing is
    checked out. Review points (commits with `Curator-Review:`) are marked.
    """
    from curator import formats
    from curator.history.trend import TrendError, store_trend

    store_path = resolve_store_path(path)
    since = parse_now(since_text) if since_text else None
    try:
        store = formats.detect(store_path)
        series = store_trend(store, every=every, since=since)
    except formats.DetectError as error:
        raise click.UsageError(str(error)) from None
    except TrendError as error:
        echo(f"curator: {error}", err=True)
        sys.exit(1)
    if output_format == "json":
        data = {
            "store": str(store.root),
            "format": store.format,
            "every": every,
            "points": [point.to_json() for point in series.points],
        }
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    if not series.points:
        click.echo("no history to chart yet")
        return
    from curator.charts import trend_charts

    width = min(100, shutil.get_terminal_size((80, 24)).columns - 2)
    color = sys.stdout.isatty()
    for chart in trend_charts(series, width=width, height=12, color=color):
        click.echo(chart)
        click.echo("")
    click.echo("\n".join(render_table(series)))


def register(group: click.Group) -> None:
    """Add `trend` to the group."""
    group.add_command(trend)
