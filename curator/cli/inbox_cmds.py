"""`curator snapshot`, `curator hook install|uninstall`, `curator changes`: watch what the agent writes."""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import click

from curator.cli.common import echo

SNAPSHOT_LOG_NAME = "snapshot.log"


def log_path() -> Path:
    """Where the snapshot hook writes its errors: `$XDG_STATE_HOME/curator/snapshot.log`."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "curator" / SNAPSHOT_LOG_NAME


def read_hook_payload() -> dict[str, Any]:
    """The JSON Claude Code passes a hook on stdin; {} when stdin is a terminal, empty or not JSON."""
    if sys.stdin is None or sys.stdin.isatty():
        return {}
    try:
        payload = json.loads(sys.stdin.read(1 << 20) or "{}")
    except ValueError:
        return {}
    return payload if isinstance(payload, dict) else {}


def hook_store(payload: dict[str, Any]) -> Path | None:
    """The memory folder of the session's project: next to its transcript, else discovered from its cwd."""
    transcript = payload.get("transcript_path")
    if isinstance(transcript, str) and transcript:
        candidate = Path(os.path.expanduser(transcript)).parent / "memory"
        if candidate.is_dir():
            return candidate
    cwd = payload.get("cwd")
    if isinstance(cwd, str) and cwd and Path(cwd).is_dir():
        from curator import formats  # deferred: the session hook must answer fast when no store is found

        found = formats.discover(Path(cwd))
        if found:
            return found[0].path
    return None


@click.command()
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option(
    "--hook", "from_hook", is_flag=True, help="Read Claude Code's hook JSON on stdin; never fail the session."
)
@click.option("--event", default=None, help="What triggered the snapshot (recorded in the commit).")
@click.option("--session", "session_id", default=None, help="The agent session id (recorded in the commit).")
def snapshot(path: Path | None, from_hook: bool, event: str | None, session_id: str | None) -> None:
    """Commit whatever changed in the store at PATH (git init first when it is in no repository).

    Silent on success. With --hook (as installed by `curator hook install`) it reads the hook's JSON
    on stdin, snapshots that session's memory, and always exits 0: errors go to
    ~/.local/state/curator/snapshot.log instead of the agent's session.
    """
    from curator.ops import hooks as ops_hooks
    from curator.ops import snapshot as ops_snapshot
    from curator.ops.git import GitError
    from curator.ops.io import OpError

    payload = read_hook_payload() if from_hook else {}
    event = event or (payload.get("hook_event_name") if isinstance(payload.get("hook_event_name"), str) else None)
    session_id = session_id or (payload.get("session_id") if isinstance(payload.get("session_id"), str) else None)
    try:
        target = path or (hook_store(payload) if from_hook else None)
        if target is None and not from_hook:
            from curator.cli.common import resolve_store_path

            target = resolve_store_path(None, announce=False)
        if target is None:
            raise OpError(f"no memory folder for this session (cwd {payload.get('cwd')!r})")
        result = ops_snapshot.snapshot(target, event=event, session_id=session_id)
    except Exception as error:
        if not from_hook:
            if not isinstance(error, (OpError, OSError, click.UsageError, GitError)):
                raise
            echo(f"curator: {error}", err=True)
            sys.exit(1)
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        try:
            ops_hooks.append_log(log_path(), f"{stamp} snapshot failed: {error}")
        except OSError:
            pass
        return
    for note in result.notes:
        if not from_hook:
            echo(f"note: {note}", err=True)
    _warn_about_secrets(result.directory, result.changed, from_hook)


def _warn_about_secrets(directory: Path, changed: list[str], from_hook: bool) -> None:
    """A secret the snapshot just committed is a warning in the hook's log (or on stderr); never a failure."""
    if not changed:
        return
    try:
        from curator.secrets.files import snapshot_warnings

        warnings = snapshot_warnings(directory, changed)
    except Exception as error:  # the hook must never fail the agent's session
        warnings = [f"warning: could not look for secrets ({type(error).__name__}: {error})"] if from_hook else []
    stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
    for line in warnings:
        if not from_hook:
            echo(line, err=True)
            continue
        from curator.ops import hooks as ops_hooks
        from curator.textsafe import visible

        try:
            ops_hooks.append_log(log_path(), f"{stamp} {visible(line)}")
        except OSError:
            pass


@click.group()
def hook() -> None:
    """Install or remove the Claude Code hook that snapshots memory at session end and before compaction."""


SCOPE_OPTION = click.option(
    "--scope",
    type=click.Choice(["user", "project"]),
    default="user",
    show_default=True,
    help="user: ~/.claude/settings.json; project: <project>/.claude/settings.json.",
)


def _settings(scope: str, project: Path | None) -> Path:
    from curator.formats.common import find_git_root
    from curator.ops import hooks as ops_hooks

    if scope == "project" and project is None:
        project = find_git_root(Path.cwd()) or Path.cwd()
    return ops_hooks.settings_path(scope, home=Path.home(), project=project)


@hook.command("install")
@SCOPE_OPTION
@click.option(
    "--project", type=click.Path(path_type=Path, file_okay=False), default=None, help="Project for --scope project."
)
def hook_install(scope: str, project: Path | None) -> None:
    """Add `curator snapshot --hook` to SessionEnd and PreCompact, next to the hooks already there."""
    from curator.ops import hooks as ops_hooks
    from curator.ops.io import OpError

    try:
        result = ops_hooks.install(_settings(scope, project))
    except OpError as error:
        raise click.ClickException(str(error)) from None
    echo(result.message)


@hook.command("uninstall")
@SCOPE_OPTION
@click.option(
    "--project", type=click.Path(path_type=Path, file_okay=False), default=None, help="Project for --scope project."
)
def hook_uninstall(scope: str, project: Path | None) -> None:
    """Remove curator's own hooks; every other hook stays as it was."""
    from curator.ops import hooks as ops_hooks
    from curator.ops.io import OpError

    try:
        result = ops_hooks.uninstall(_settings(scope, project))
    except OpError as error:
        raise click.ClickException(str(error)) from None
    echo(result.message)


def register(group: click.Group) -> None:
    """Add the snapshot and hook commands to the group."""
    group.add_command(snapshot)
    group.add_command(hook)
