"""`curator sync`, `curator merge-index` (git's merge driver), `curator promote`: memory beyond one machine."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from curator.cli.common import resolve_store_path, store_option


@contextmanager
def reported_failures() -> Iterator[None]:
    """A store that cannot be read is a usage error (exit 2); a refused op prints why and exits 1."""
    from curator import formats
    from curator.ops.io import OpError

    try:
        yield
    except formats.DetectError as error:
        raise click.UsageError(str(error)) from None
    except OpError as error:
        click.echo(f"curator: {error}", err=True)
        sys.exit(1)


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option("--init", "init_url", default=None, metavar="URL", help="Name the git remote to sync through (once).")
@click.option(
    "--project",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="The project the memory is about (its identity names the branch).",
)
def sync(path: Path | None, init_url: str | None, project: Path | None) -> None:
    """Push and pull the memory store through a git remote, one branch per project identity.

    `curator sync --init URL` names the remote once (any git remote: a private repository, a bare
    repository on a shared drive) and installs a merge driver that unions MEMORY.md index lines.
    Then `curator sync` fetches, snapshots local changes, merges (conflicting topic files are kept
    side by side as NAME.sync-conflict-SHA.md and show in the conflicts view) and pushes.
    """
    from curator import formats
    from curator.ops.sync import init_sync
    from curator.ops.sync import sync as run_sync
    from curator.sync.identity import project_identity

    store_path = resolve_store_path(path)
    with reported_failures():
        store = formats.detect(store_path, project=project)
    directory = store.root if store.root.is_dir() else store.root.parent
    with reported_failures():
        if init_url:
            identity = project_identity(store.project or directory)
            assert identity is not None
            result = init_sync(directory, init_url, identity)
            click.echo(f"sync set up: branch {result.branch}")
            for note in result.notes:
                click.echo(f"  {note}")
            return
        result = run_sync(directory)
    click.echo(result.message)
    for note in result.notes:
        click.echo(f"note: {note}")


@click.command("merge-index", hidden=True)
@click.argument("base", type=click.Path(path_type=Path))
@click.argument("ours", type=click.Path(path_type=Path))
@click.argument("theirs", type=click.Path(path_type=Path))
def merge_index_cmd(base: Path, ours: Path, theirs: Path) -> None:
    """Git merge driver for MEMORY.md (writes the union into OURS)."""
    from curator.ops.io import atomic_write
    from curator.sync.index_merge import merge_index

    def read(path: Path) -> str:
        try:
            return path.read_bytes().decode("utf-8", "surrogateescape")
        except OSError:
            return ""

    merged = merge_index(read(base), read(ours), read(theirs))
    atomic_write(ours, merged.encode("utf-8", "surrogateescape"))


@click.command()
@click.argument("entry_id", metavar="ID")
@click.option(
    "--to", "to", required=True, metavar="FILE", help="CLAUDE.md, AGENTS.md or .claude/rules/NAME.md in the project."
)
@click.option(
    "--heading",
    default="Learned from memory",
    show_default=True,
    help="The section the rule goes under (created when missing).",
)
@click.option(
    "--project",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="The project (default: the store's).",
)
@store_option
def promote(entry_id: str, to: str, heading: str, project: Path | None, store_path: Path | None) -> None:
    """Turn a reviewed memory into a team rule: append it to the project's instruction file and expire it.

    The rule goes under HEADING in the file's own bullet style; the memory moves to the archive with
    a pointer to the rule. One commit per repository touched; `curator undo` reverts the memory side
    and `curator undo --store FILE` the instruction side when they live in different repositories.
    """
    from curator.ops.promote import promote as run_promote
    from curator.scan import load_store

    path = resolve_store_path(store_path)
    with reported_failures():
        result = run_promote(load_store(path, project=project), entry_id, to=to, heading=heading)
    click.echo(result.message + (f" (commit {result.commit[:7]})" if result.commit else ""))
    for note in result.notes:
        click.echo(f"note: {note}")


@click.command("export")
@click.option(
    "--to",
    "to",
    required=True,
    type=click.Choice(["claude-code", "notes", "openclaw", "agents-md"]),
    help="The format to write.",
)
@click.argument("directory", type=click.Path(path_type=Path, file_okay=False))
@store_option
def export_cmd(to: str, directory: Path, store_path: Path | None) -> None:
    """Write the store's active entries into DIRECTORY as a store of another format (text, dates and types kept)."""
    from curator.ops.convert import export_store
    from curator.scan import load_store

    with reported_failures():
        written = export_store(load_store(resolve_store_path(store_path)), to, directory)
    click.echo(f"exported to {directory} ({to}): {', '.join(written)}")


@click.command("import")
@click.argument("source", type=click.Path(path_type=Path, exists=True))
@click.option(
    "--from",
    "source_format",
    type=click.Choice(["claude-code", "notes", "openclaw", "instructions"]),
    default=None,
    help="Read SOURCE as this format.",
)
@click.option(
    "--store",
    "store_path",
    type=click.Path(path_type=Path),
    default=None,
    help="The store to add to (default: discovered).",
)
def import_cmd(source: Path, source_format: str | None, store_path: Path | None) -> None:
    """Add the entries of the store at SOURCE (any format) to this store, in this store's format; one commit."""
    from curator.ops.convert import import_entries
    from curator.scan import load_store

    with reported_failures():
        origin = load_store(source, format_name=source_format)
        result = import_entries(load_store(resolve_store_path(store_path)), origin)
    click.echo(result.message + (f" (commit {result.commit[:7]})" if result.commit else ""))


@click.command()
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--also",
    "extra",
    multiple=True,
    type=click.Path(path_type=Path, exists=True),
    help="Another store to list (a notes.md, a workspace).",
)
@click.option(
    "--archive-orphans",
    is_flag=True,
    help="Move the memory of projects whose checkout is gone to ~/.claude/projects/.curator-archive/.",
)
def projects(output_format: str, extra: tuple[Path, ...], archive_orphans: bool) -> None:
    """Every memory store on this machine: project (or "missing"), entries, index lines, findings, last review."""
    import json

    from curator.ops.io import OpError
    from curator.ops.projects import archive_orphan
    from curator.scan import utcnow
    from curator.sync.projects import list_projects

    home = Path.home()
    rows = list_projects(home, utcnow(), list(extra))
    if archive_orphans:
        claude_projects = home / ".claude" / "projects"
        for row in rows:
            if row.missing and row.format == "claude-code" and row.store.parent.parent == claude_projects:
                try:
                    click.echo(f"archived {row.store.parent.name} -> {archive_orphan(home, row.store)}")
                except OpError as error:
                    click.echo(f"curator: {error}", err=True)
        rows = list_projects(home, utcnow(), list(extra))
    if output_format == "json":
        click.echo(json.dumps([row.to_json() for row in rows], ensure_ascii=False, indent=2))
        return
    if not rows:
        click.echo(f"no memory stores found under {home}")
        return
    click.echo(
        f"{'project':<44} {'entries':>7} {'index':>9} {'err':>4} {'warn':>4} {'info':>4}  {'reviewed':<10} {'unrev':>5}"
    )
    for row in rows:
        name = str(row.project) if row.project is not None else row.store.parent.name
        label = ("(missing) " if row.missing else "") + (
            name if len(name) <= 34 or not row.missing else "…" + name[-33:]
        )
        label = label if len(label) <= 44 else "…" + label[-43:]
        index = f"{row.index_lines}/200" if row.index_lines is not None else "-"
        reviewed = f"{row.reviewed_at:%Y-%m-%d}" if row.reviewed_at else "never"
        unreviewed = "-" if row.unreviewed is None else str(row.unreviewed)
        counts = [str(row.findings.get(level, 0)) for level in ("error", "warning", "info")]
        click.echo(
            f"{label:<44} {row.entries:>7} {index:>9} {counts[0]:>4} {counts[1]:>4} {counts[2]:>4}  {reviewed:<10} {unreviewed:>5}"
        )
        if row.project is not None:
            click.echo(f"  project {row.project}")
        click.echo(f"  store   {row.store}" + (f"  ({row.error})" if row.error else ""))


def register(group: click.Group) -> None:
    """Add the sync commands to the group."""
    group.add_command(projects)
    group.add_command(export_cmd)
    group.add_command(import_cmd)
    group.add_command(sync)
    group.add_command(merge_index_cmd)
    group.add_command(promote)
