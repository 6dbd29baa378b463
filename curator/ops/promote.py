"""Promote a reviewed memory to a team rule in the project's instruction file, and expire the memory."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from curator import lazyre as re
from curator.model import Entry, Store
from curator.ops.core import OpResult, find_entry, is_instruction, run_plan
from curator.ops.io import OpError, Plan, read_bytes_or_none

DEFAULT_HEADING = "Learned from memory"
ALLOWED_TARGETS = ("CLAUDE.md", "AGENTS.md")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^([-*+])\s+\S")


def target_path(project: Path, to: str) -> tuple[Path, str]:
    """The instruction file `to` inside `project` (CLAUDE.md, AGENTS.md or .claude/rules/NAME.md), realpath-checked."""
    rel = PurePosixPath(to)
    allowed = to in ALLOWED_TARGETS or (
        len(rel.parts) == 3
        and rel.parts[:2] == (".claude", "rules")
        and rel.suffix == ".md"
        and not rel.name.startswith(".")
    )
    if not allowed or ".." in rel.parts or rel.is_absolute():
        raise OpError(f"--to must be CLAUDE.md, AGENTS.md or .claude/rules/NAME.md, not {to!r}")
    root = Path(os.path.realpath(project))
    target = Path(os.path.realpath(root / rel))
    if not target.is_relative_to(root):
        raise OpError(f"{to} leads outside the project {root} (a symlink); refusing to write it")
    return target, rel.as_posix()


def rule_text(entry: Entry, bullet: str) -> str:
    """The memory's body as one bullet: the first line after the marker, the rest indented under it."""
    body = entry.body.strip() or entry.description.strip() or entry.name
    lines = [line.rstrip() for line in body.splitlines()]
    first, rest = lines[0], lines[1:]
    indented = [("  " + line) if line.strip() else "" for line in rest]
    return "\n".join([f"{bullet} {first}", *indented]).rstrip() + "\n"


def insert_rule(text: str, heading: str, rule: str) -> str:
    """`rule` appended at the end of the section `heading` (any level), or a new `## heading` section at the end."""
    lines = text.splitlines(keepends=True)
    newline = "\r\n" if any(line.endswith("\r\n") for line in lines) else "\n"
    rule = rule.replace("\n", newline)
    for index, line in enumerate(lines):
        match = _HEADING.match(line.rstrip("\r\n"))
        if not match or match.group(2).strip().lower() != heading.strip().lower():
            continue
        level = len(match.group(1))
        end = next(
            (
                later
                for later in range(index + 1, len(lines))
                if (other := _HEADING.match(lines[later].rstrip("\r\n"))) and len(other.group(1)) <= level
            ),
            len(lines),
        )
        last = end
        while last > index + 1 and not lines[last - 1].strip():
            last -= 1
        head = lines[:last]
        if not head[-1].endswith(("\n", "\r\n")):
            head[-1] += newline
        gap = "" if _BULLET.match(head[-1].strip()) else newline
        tail = "".join(lines[end:])
        return "".join(head) + gap + rule + (newline + tail if tail else "")
    body = text if not text or text.endswith(("\n", "\r\n")) else text + newline
    spacer = newline if body.strip() else ""
    return f"{body}{spacer}## {heading}{newline}{newline}{rule}"


def _bullet_style(text: str) -> str:
    for line in text.splitlines():
        match = _BULLET.match(line)
        if match:
            return match.group(1)
    return "-"


def promote(
    store: Store, entry_id: str, *, to: str, heading: str = DEFAULT_HEADING, session_message: str | None = None
) -> OpResult:
    """Write the memory as a rule under `heading` in the project's instruction file and expire it; one commit per repository."""
    from curator.ops.sessions import session as ops_session

    entry = find_entry(store, entry_id)
    if is_instruction(store, entry) or entry.origin == "project":
        raise OpError(f"{entry.id} is already an instruction rule")
    if not entry.is_active:
        raise OpError(f"{entry.id} is not active (restore it first)")
    if store.project is None:
        raise OpError("the store has no project, so there is no instruction file to promote to (pass --project)")
    target, rel = target_path(store.project, to)
    current = read_bytes_or_none(target)
    text = (current or b"").decode("utf-8-sig") if current is not None else ""
    new_text = insert_rule(text, heading, rule_text(entry, _bullet_style(text)))
    bom = current is not None and current.startswith(b"\xef\xbb\xbf")
    data = (b"\xef\xbb\xbf" if bom else b"") + new_text.encode("utf-8")
    what = f"promote {entry.id} to {rel} (## {heading})"
    with ops_session(store, session_message or what) as batch:
        plan = Plan(Path(os.path.realpath(store.project)))
        plan.write(rel, data, current, target)
        batch.run(lambda current_store, session=None: run_plan(current_store, plan, what, None, session))
        batch.expire(entry.id, reason=f"promoted to {rel} under “{heading}”")
    return OpResult(what, batch.commit, [rel, entry.path], batch.store, batch.notes)
