"""Edit an entry in place: its text, body or fields; review stamps; dismissing a finding into `.curator.toml`."""

from __future__ import annotations

import json
import re
import tomllib
from datetime import date
from pathlib import Path
from typing import Any

from curator.config import CONFIG_NAME
from curator.formats import frontmatter
from curator.model import Entry, Finding, Store
from curator.ops.core import (
    _ACTIVE_SESSION,
    OpResult,
    entry_span,
    expected_bytes,
    file_dir,
    find_entry,
    is_archived,
    is_whole_file,
    one_line,
    run_plan,
    source_of,
)
from curator.ops.eol import keep_line_endings
from curator.ops.io import OpError, Plan

_META_COMMENT = re.compile(r"<!--(?!\s*curator-archive)(.*?)-->", re.DOTALL)


def stamp_comment(entry_text: str, key: str, value: str, kind: str) -> str:
    """Set `key: value` in the entry's metadata comment (`<!-- type: note | key: value -->`), adding one if needed."""
    stamp = f"<!-- {key}: {value} -->"
    meta = _META_COMMENT.search(entry_text)
    if meta is not None and re.search(r"(?:^|[|\n])\s*[A-Za-z_][\w-]*\s*:", meta.group(1)):
        inner = meta.group(1)
        pair = re.compile(r"((?:^|[|\n])\s*" + re.escape(key) + r"\s*:\s*)([^|\n]*?)(\s*(?=[|\n]|$))")
        if pair.search(inner):
            inner = pair.sub(lambda match: match.group(1) + value + match.group(3), inner, count=1)
        else:
            stripped = inner.rstrip()
            inner = f"{stripped} | {key}: {value}{inner[len(stripped) :]}"
        return entry_text[: meta.start(1)] + inner + entry_text[meta.end(1) :]
    if kind == "section":
        first_break = entry_text.find("\n")
        eol = "\r\n" if first_break > 0 and entry_text[first_break - 1] == "\r" else "\n"
        if first_break < 0:
            return entry_text + eol + stamp
        return entry_text[: first_break + 1] + stamp + eol + entry_text[first_break + 1 :]
    content = entry_text.rstrip()
    return content + " " + stamp + entry_text[len(content) :]


def _with_fields(entry: Entry, entry_text: str, fields: dict[str, Any]) -> str:
    if is_whole_file(entry):
        if frontmatter.unclosed(entry_text):
            raise OpError(f"{entry.id}: its frontmatter is never closed with ---; fix the text before setting fields")
        return frontmatter.set_fields(entry_text, fields)
    for key, value in fields.items():
        if value is None:
            entry_text = re.sub(
                r"[ \t]*<!--\s*" + re.escape(key) + r"\s*:\s*[^>|]*?-->(\r?\n)?", "", entry_text, count=1
            )
        else:
            entry_text = stamp_comment(entry_text, key, str(value), entry.kind)
    return entry_text


def _replace_body(entry: Entry, entry_text: str, body: str) -> str:
    if entry.body and entry_text.endswith(entry.body):
        return entry_text[: len(entry_text) - len(entry.body)] + body
    if is_whole_file(entry):
        block = frontmatter.split(entry_text)
        return (entry_text[: block.body_start] if block else "") + body
    return body


def _edit_plan(store: Store, entry: Entry, new_entry_text: str) -> Plan:
    source = source_of(store, entry)
    start, end = entry_span(entry, source)
    text = source.text or ""
    plan = Plan(file_dir(store))
    plan.write(entry.path, source.encode(text[:start] + new_entry_text + text[end:]), source.raw, Path(source.abspath))
    return plan


def _session_arg(session: Any) -> Any:
    return session if session is not None else _ACTIVE_SESSION.get()


def edit(
    store: Store,
    entry_id: str,
    *,
    text: str | None = None,
    body: str | None = None,
    fields: dict[str, Any] | None = None,
    reason: str | None = None,
    what: str | None = None,
    session: Any = None,
) -> OpResult:
    """Replace an entry's whole text, or its body, and/or set frontmatter fields (None removes one)."""
    entry = find_entry(store, entry_id)
    if is_archived(entry):
        raise OpError(f"{entry.id} is archived; restore it before editing")
    source = source_of(store, entry)
    start, end = entry_span(entry, source)
    new_entry_text = (source.text or "")[start:end]
    if text is not None:
        new_entry_text = keep_line_endings(new_entry_text, text)
    elif body is not None:
        new_entry_text = _replace_body(entry, new_entry_text, keep_line_endings(entry.body, body))
    if fields:
        new_entry_text = _with_fields(entry, new_entry_text, fields)
    if (
        entry.kind == "section"
        and new_entry_text
        and not new_entry_text.endswith("\n")
        and end < len(source.text or "")
    ):
        new_entry_text += source.newline
    return run_plan(
        store, _edit_plan(store, entry, new_entry_text), what or f"edit {entry.id}", reason, _session_arg(session)
    )


def review(store: Store, entry_id: str, *, on: date, session: Any = None) -> OpResult:
    """Stamp `reviewed: DATE` on an entry a person confirmed as still true."""
    stamp = on.isoformat()
    return edit(
        store,
        entry_id,
        fields={"reviewed": stamp},
        what=f"review {entry_id}",
        reason=f"confirmed still true on {stamp}",
        session=session,
    )


def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def dismiss(store: Store, finding: Finding, *, reason: str, session: Any = None) -> OpResult:
    """Append an `[[ignore]]` table for this finding to `.curator.toml` at the store root."""
    if not one_line(reason):
        raise OpError("dismissing a finding needs a reason (it is written next to the suppression)")
    config_path = file_dir(store) / CONFIG_NAME
    current = expected_bytes(store, CONFIG_NAME)
    current_text = (current or b"").decode("utf-8", "replace")
    try:
        tomllib.loads(current_text)
    except tomllib.TOMLDecodeError as error:
        raise OpError(f"{CONFIG_NAME} is not valid TOML ({error}); fix it before dismissing findings") from None
    eol = "\r\n" if "\r\n" in current_text else "\n"
    entries = ", ".join(_toml_string(entry_id) for entry_id in finding.entries)
    table = (
        eol.join(
            [
                "[[ignore]]",
                f"rule = {_toml_string(finding.rule)}",
                f"entries = [{entries}]",
                f"reason = {_toml_string(one_line(reason))}",
            ]
        )
        + eol
    )
    separator = "" if not current_text else (eol if current_text.endswith("\n") else eol + eol)
    new_text = current_text + separator + table
    tomllib.loads(new_text)
    plan = Plan(file_dir(store))
    plan.write(CONFIG_NAME, new_text.encode("utf-8"), current, config_path)
    what = f"dismiss {finding.rule} on {', '.join(finding.entries)}"
    return run_plan(store, plan, what, reason, _session_arg(session))
