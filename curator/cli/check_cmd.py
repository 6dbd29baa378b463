"""`curator check`: test what memory claims against the live project with safe ls/grep probes."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

import click

from curator import formats, secrets
from curator.checks import CheckOutcome, run_checks
from curator.cli.common import echo, now_option, parse_now, resolve_store_path
from curator.model import Store
from curator.report import project_line
from curator.scan import load_store, utcnow
from curator.textsafe import visible

OUTPUT_LINES_ON_FAIL = 3


def _summary(outcome: CheckOutcome) -> dict[str, int]:
    counts = {"claims": 0, "pass": 0, "fail": 0, "unknown": 0}
    for results in outcome.results.values():
        for result in results:
            counts["claims"] += 1
            counts[result.verdict] += 1
    return counts


def render_json(store: Store, outcome: CheckOutcome, now: datetime) -> str:
    """The check report as one JSON object (entries with their checks, and check-failed findings)."""
    payload = {
        "version": 1,
        "generated": now.isoformat(),
        "store": {"path": str(store.root), "format": store.format},
        "project": str(outcome.project) if outcome.project else None,
        "project_how": store.project_how,
        "entries": [
            {"id": entry_id, "checks": [result.to_json() for result in results]}
            for entry_id, results in outcome.results.items()
        ],
        "findings": [finding.to_json() for finding in outcome.findings],
        "summary": _summary(outcome),
    }
    return json.dumps(payload, ensure_ascii=False, indent=2)


def render_text(store: Store, outcome: CheckOutcome) -> str:
    """Per entry: verdict, claim kind and text, the command that ran, and the one-line explanation."""
    lines = [f"curator check: {store.root} ({store.format}) against {project_line(store)}", ""]
    for entry_id, results in outcome.results.items():
        if not results:
            continue
        lines.append(entry_id)
        for result in results:
            lines.append(f"  {result.verdict.upper():7} {result.claim.kind:10} {result.claim.text}")
            if result.probe is not None and result.probe.argv:
                lines.append(f"          $ {result.probe.command}")
            lines.append(f"          {result.explanation}")
            if result.verdict == "fail" and result.probe is not None and result.probe.output.strip():
                shown = result.probe.output.strip().splitlines()
                lines += [f"          │ {line}" for line in shown[:OUTPUT_LINES_ON_FAIL]]
                if len(shown) > OUTPUT_LINES_ON_FAIL:
                    lines.append(f"          │ … {len(shown) - OUTPUT_LINES_ON_FAIL} more lines")
        lines.append("")
    counts = _summary(outcome)
    lines.append(
        f"{counts['claims']} claims in {len(outcome.results)} entries: {counts['pass']} pass, "
        f"{counts['fail']} fail, {counts['unknown']} unknown ({outcome.probes_run} probes, "
        f"{outcome.wall_s:.2f} s)"
    )
    return "\n".join(lines) + "\n"


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option(
    "--project",
    type=click.Path(path_type=Path, file_okay=False),
    help="The project the memory is about (default: found as `curator scan` finds it).",
)
@click.option("--entry", "entry_ids", multiple=True, metavar="ID", help="Check only this entry (repeatable).")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--store-format",
    type=click.Choice(list(formats.FORMATS)),
    default=None,
    help="Read PATH as this memory format instead of detecting it.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.1),
    default=5.0,
    show_default=True,
    help="Seconds before a probe is killed.",
)
@now_option
def check(
    path: Path | None,
    project: Path | None,
    entry_ids: tuple[str, ...],
    output_format: str,
    store_format: str | None,
    timeout: float,
    now_text: str | None,
) -> None:
    """Test what the memory at PATH claims (paths, names, counts, scripts, tools, versions) against the project.

    Every probe is a real ls/grep/git process run without a shell, confined to the
    project root. Exit status: 1 when any check fails, 0 otherwise, 2 for usage errors.
    """
    now = parse_now(now_text) or utcnow()
    store_path = resolve_store_path(path)
    if project is not None and not project.is_dir():
        raise click.UsageError(f"--project {project}: not a directory")
    from curator.cli.progress import StageProgress

    with StageProgress(3, enabled=None if output_format != "json" else False) as progress:
        try:
            store = load_store(store_path, format_name=store_format, project=project, progress=progress.stage)
        except formats.DetectError as error:
            raise click.UsageError(str(error)) from None
        unknown_ids = [entry_id for entry_id in entry_ids if store.find(entry_id) is None]
        if unknown_ids:
            known = ", ".join(entry.id for entry in store.entries[:10])
            raise click.UsageError(visible(f"no entry {', '.join(unknown_ids)} in {store.root} (entries: {known} ...)"))
        root = project or store.project
        progress.stage("probing claims", len(entry_ids) or len(store.entries))
        outcome = run_checks(store, timeout=timeout, entry_ids=list(entry_ids) or None, project=root)
    known_secrets = secrets.masker_for(store)
    if output_format == "json":
        click.echo(secrets.mask_text(render_json(store, outcome, now), known_secrets, filename="output.json"))
    else:
        echo(secrets.mask_text(render_text(store, outcome), known_secrets), nl=False)
    sys.exit(1 if outcome.findings else 0)


def register(group: click.Group) -> None:
    """Add `check` to the group."""
    group.add_command(check)
