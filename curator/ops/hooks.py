"""Install or remove curator's snapshot hook in a Claude Code `settings.json`, keeping every other hook."""

from __future__ import annotations

import json
import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from curator.ops.io import OpError, atomic_write, read_bytes_or_none

HOOK_EVENTS = ("SessionEnd", "PreCompact")
HOOK_MARKER = "curator snapshot --hook"
HOOK_TIMEOUT_SECONDS = 30


@dataclass
class HookResult:
    """What install or uninstall did to one settings file."""

    settings: Path
    changed: bool
    message: str


def settings_path(scope: str, *, home: Path, project: Path | None) -> Path:
    """`~/.claude/settings.json` for the user scope, `<project>/.claude/settings.json` for the project scope."""
    if scope == "user":
        return home / ".claude" / "settings.json"
    if scope == "project":
        if project is None:
            raise OpError("no project found for --scope project; run it inside the project or pass --project")
        return project / ".claude" / "settings.json"
    raise OpError(f"unknown scope {scope!r} (user or project)")


def hook_command() -> str:
    """The command the hook runs: this Python running curator, so it works without curator on PATH."""
    return f"{shlex.quote(sys.executable)} -m curator snapshot --hook"


def is_curator_hook(hook: Any) -> bool:
    return isinstance(hook, dict) and HOOK_MARKER in str(hook.get("command", ""))


def _load(path: Path) -> tuple[dict[str, Any], bytes | None]:
    raw = read_bytes_or_none(path)
    if raw is None or not raw.strip():
        return {}, raw
    try:
        settings = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as error:
        raise OpError(f"{path} is not valid JSON ({error}); fix it first — curator left it untouched") from None
    if not isinstance(settings, dict):
        raise OpError(f"{path} does not hold a JSON object; curator left it untouched")
    hooks = settings.get("hooks", {})
    if not isinstance(hooks, dict) or any(not isinstance(groups, list) for groups in hooks.values()):
        raise OpError(f"{path}: 'hooks' is not in Claude Code's shape; curator left it untouched")
    return settings, raw


def _write(path: Path, settings: dict[str, Any], previous: bytes | None) -> None:
    target = Path(os.path.realpath(path))
    if previous is None:
        target.parent.mkdir(parents=True, exist_ok=True)
    if read_bytes_or_none(target) != previous:
        raise OpError(f"{path} changed while curator was editing it; try again")
    atomic_write(target, (json.dumps(settings, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def install(path: Path, command: str | None = None) -> HookResult:
    """Add curator's snapshot hook to SessionEnd and PreCompact, next to the hooks already there."""
    settings, raw = _load(path)
    hooks = settings.setdefault("hooks", {})
    entry = {"type": "command", "command": command or hook_command(), "timeout": HOOK_TIMEOUT_SECONDS}
    added: list[str] = []
    for event in HOOK_EVENTS:
        groups = hooks.setdefault(event, [])
        present = any(
            isinstance(group, dict) and any(is_curator_hook(hook) for hook in group.get("hooks", []) or [])
            for group in groups
        )
        if not present:
            groups.append({"hooks": [dict(entry)]})
            added.append(event)
    if not added:
        return HookResult(path, False, f"curator's snapshot hook is already in {path}")
    _write(path, settings, raw)
    return HookResult(path, True, f"added curator's snapshot hook to {', '.join(added)} in {path}")


def uninstall(path: Path) -> HookResult:
    """Remove only curator's own hooks; a group curator emptied goes, every other hook stays as it was."""
    settings, raw = _load(path)
    hooks = settings.get("hooks")
    removed = 0
    if isinstance(hooks, dict):
        for event in list(hooks):
            kept_groups = []
            emptied = False
            for group in hooks[event]:
                inner = group.get("hooks") if isinstance(group, dict) else None
                if isinstance(inner, list) and any(is_curator_hook(hook) for hook in inner):
                    remaining = [hook for hook in inner if not is_curator_hook(hook)]
                    removed += len(inner) - len(remaining)
                    emptied = True
                    if not remaining:
                        continue
                    group = {**group, "hooks": remaining}
                kept_groups.append(group)
            if kept_groups or not emptied:
                hooks[event] = kept_groups
            else:
                del hooks[event]
        if not hooks and removed:
            del settings["hooks"]
    if not removed:
        return HookResult(path, False, f"no curator hook in {path}")
    _write(path, settings, raw)
    return HookResult(path, True, f"removed {removed} curator hook(s) from {path}")


def append_log(path: Path, line: str) -> None:
    """Append one line to curator's own log (the snapshot hook reports its errors there, never to the agent)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(path, flags, 0o600)
    try:
        os.write(descriptor, (line.rstrip("\n") + "\n").encode("utf-8", "replace"))
    finally:
        os.close(descriptor)
