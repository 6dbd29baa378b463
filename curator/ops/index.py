"""Index (MEMORY.md) ops: add an orphan, drop a line, shorten a hook, promote a line above the cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

from curator import lazyre as re
from curator.model import INDEX_LINE_MAX_CHARS, INDEX_NAME, Entry, IndexLine, Store
from curator.ops import archive as ops_archive
from curator.ops.core import OpResult, expected_bytes, file_dir, find_entry, is_archived, run_plan
from curator.ops.io import OpError, Plan
from curator.rules.structure import name_key

_LINK_PREFIX = re.compile(r"^(\s*(?:[-*+]\s+)?\[[^\]]*\]\([^)]*\))")
_HOOK_SEPARATOR = re.compile(r"^\s*(?:—|–|-|:)\s*")


def _require_index_store(store: Store) -> None:
    if store.format != "claude-code":
        raise OpError(f"index ops need a Claude Code store with {INDEX_NAME}; this store is {store.format}")


def _index_lines(store: Store) -> tuple[list[str], bytes | None]:
    source = store.files.get(INDEX_NAME)
    if source is None:
        return [], expected_bytes(store, INDEX_NAME)
    if source.text is None:
        raise OpError(f"{INDEX_NAME} could not be read as text, so curator will not change it")
    return ops_archive.split_lines(source.text), source.raw


def _eol(lines: list[str]) -> str:
    return ops_archive.newline_of("".join(lines)) if lines else "\n"


def _encode(store: Store, text: str) -> bytes:
    source = store.files.get(INDEX_NAME)
    return source.encode(text) if source is not None else text.encode("utf-8")


def _write_index(store: Store, lines: list[str], raw: bytes | None, what: str, reason: str, session: Any) -> OpResult:
    plan = Plan(file_dir(store))
    source = store.files.get(INDEX_NAME)
    plan.write(INDEX_NAME, _encode(store, "".join(lines)), raw, Path(source.abspath) if source else None)
    return run_plan(store, plan, what, reason, session)


def line_for_entry(store: Store, entry: Entry) -> IndexLine | None:
    """The first index line that links to the entry's file, or None."""
    if store.index is None:
        return None
    names = {name_key(Path(entry.path).stem), name_key(entry.name)} if entry.name else {name_key(Path(entry.path).stem)}
    for line in store.index.entries:
        for target in line.targets:
            if target.startswith("[[") and target.endswith("]]"):
                if name_key(target[2:-2].split("|")[0].split("#")[0]) in names:
                    return line
            elif ops_archive.is_index_line_for(f"]({target})", {entry.path}):
                return line
    return None


def resolve_line(store: Store, ref: str | int) -> int:
    """A 1-based index line number from a number or an entry id whose index line it is."""
    _require_index_store(store)
    if store.index is None:
        raise OpError(f"this store has no {INDEX_NAME}")
    if isinstance(ref, int) or str(ref).strip().isdigit():
        number = int(ref)
        if not any(line.line == number for line in store.index.entries):
            raise OpError(f"{INDEX_NAME} has no non-blank line {number}")
        return number
    entry = find_entry(store, str(ref))
    found = line_for_entry(store, entry)
    if found is None:
        raise OpError(f"no line of {INDEX_NAME} links to {entry.path}")
    return found.line


def hook_line(entry: Entry, max_chars: int = INDEX_LINE_MAX_CHARS) -> str:
    """`- [Title](file.md) — hook`, the hook taken from the description and cut to fit `max_chars`."""
    title = re.sub(r"([\[\]])", r"\\\1", ops_archive.one_line_text(entry.name or Path(entry.path).stem))
    hook = ops_archive.one_line_text(entry.description)
    target = quote(entry.path, safe="/")
    prefix = ops_archive.index_line_for(title, target, "")
    return prefix + (" — " + cut_words(hook, max_chars - len(prefix) - 3) if hook else "")


def cut_words(text: str, limit: int) -> str:
    """`text` cut at a word boundary to at most `limit` characters, ending with `…` when cut."""
    if len(text) <= limit:
        return text
    if limit <= 1:
        return "…"[: max(limit, 0)]
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space > limit // 2:
        head = head[:space]
    return head.rstrip(" ,;:—-") + "…"


def _insert_position(store: Store, lines: list[str]) -> int:
    """Just after the last index link line the agent still loads (or after the last line)."""
    index = store.index
    if index is None:
        return len(lines)
    cut = index.loaded_lines if index.overflows else len(lines) + 1
    linked = [line.line for line in index.entries if line.targets and line.line < max(cut, 1)]
    if linked:
        return max(linked)
    return min(len(lines), cut) if index.overflows else len(lines)


def _place(lines: list[str], position: int, new_line: str, eol: str) -> list[str]:
    lines = list(lines)
    if position > 0 and position <= len(lines) and not lines[position - 1].endswith("\n"):
        lines[position - 1] += eol
    lines.insert(position, new_line + eol)
    return lines


def index_add(store: Store, entry_id: str, *, line: str | None = None, session: Any = None) -> OpResult:
    """Link an entry no index line points to: `- [Title](file.md) — hook` from its description."""
    _require_index_store(store)
    entry = find_entry(store, entry_id)
    if entry.kind != "file" or entry.origin != "store" or is_archived(entry):
        raise OpError(f"{entry.id} is not a live topic file, so it gets no index line")
    if line_for_entry(store, entry) is not None:
        raise OpError(f"{INDEX_NAME} already links to {entry.path}")
    new_line = ops_archive.one_line_text(line) if line else hook_line(entry)
    lines, raw = _index_lines(store)
    eol = _eol(lines)
    if not lines:
        lines = [f"# Memory{eol}", eol]
    lines = _place(lines, _insert_position(store, lines), new_line, eol)
    return _write_index(store, lines, raw, f"index: add {entry.path}", "it was an orphan the agent never saw", session)


def _line_text(lines: list[str], number: int) -> str:
    if not 1 <= number <= len(lines):
        raise OpError(f"{INDEX_NAME} has no line {number}")
    return lines[number - 1].rstrip("\r\n")


def index_drop(store: Store, ref: str | int, *, reason: str | None = None, session: Any = None) -> OpResult:
    """Remove one index line (a dangling link, or a line the person no longer wants)."""
    number = resolve_line(store, ref)
    lines, raw = _index_lines(store)
    removed = _line_text(lines, number)
    if not lines[number - 1].endswith("\n") and number > 1:
        lines[number - 2] = lines[number - 2].rstrip("\r\n")
    del lines[number - 1]
    why = reason or "its link leads nowhere"
    return _write_index(
        store, lines, raw, f"index: drop line {number} ({cut_words(removed.strip(), 60)})", why, session
    )


def split_hook(text: str) -> tuple[str, str]:
    """(`- [Title](file.md)`, hook) of an index line; the prefix is empty when the line has no leading link."""
    match = _LINK_PREFIX.match(text)
    if match is None:
        return "", text.strip()
    return match.group(1), _HOOK_SEPARATOR.sub("", text[match.end() :], count=1).strip()


def index_shorten(
    store: Store, ref: str | int, *, hook: str | None = None, max_chars: int = INDEX_LINE_MAX_CHARS, session: Any = None
) -> OpResult:
    """Replace a line's hook (or cut it at a word to fit `max_chars`); the link itself stays."""
    number = resolve_line(store, ref)
    lines, raw = _index_lines(store)
    text = _line_text(lines, number)
    prefix, old_hook = split_hook(text)
    if not prefix:
        raise OpError(f"{INDEX_NAME} line {number} does not start with a link; edit it by hand")
    room = max_chars - len(prefix) - 3
    new_hook = ops_archive.one_line_text(hook) if hook is not None else cut_words(old_hook, room)
    if hook is None and room < 1:
        raise OpError(
            f"the link on {INDEX_NAME} line {number} alone is {len(prefix)} characters; rename the title by hand"
        )
    new_text = prefix + (f" — {new_hook}" if new_hook else "")
    ending = lines[number - 1][len(lines[number - 1].rstrip("\r\n")) :]
    lines[number - 1] = new_text + ending
    return _write_index(
        store, lines, raw, f"index: shorten line {number}", f"{len(text)} -> {len(new_text)} characters", session
    )


def index_promote(store: Store, ref: str | int, *, session: Any = None) -> OpResult:
    """Move a line the agent never loads (past the cut) up, after the last loaded link line."""
    number = resolve_line(store, ref)
    index = store.index
    assert index is not None
    if number <= index.loaded_lines:
        raise OpError(f"{INDEX_NAME} line {number} is already loaded (the cut is after line {index.loaded_lines})")
    lines, raw = _index_lines(store)
    text = _line_text(lines, number)
    eol = _eol(lines)
    if not lines[number - 1].endswith("\n") and number > 1:
        lines[number - 2] = lines[number - 2].rstrip("\r\n")
    del lines[number - 1]
    position = _insert_position(store, lines)
    lines = _place(lines, min(position, index.loaded_lines - 1), text, eol)
    if lines and not lines[-1].endswith("\n") and raw is not None and raw.endswith(b"\n"):
        lines[-1] += eol
    return _write_index(
        store,
        lines,
        raw,
        f"index: move line {number} above the cut",
        f"the agent only loads the first {index.loaded_lines} lines",
        session,
    )


def index_write(store: Store, text: str, *, reason: str | None = None, session: Any = None) -> OpResult:
    """Replace the whole index text (an edit of MEMORY.md made in the TUI or $EDITOR)."""
    _require_index_store(store)
    lines, raw = _index_lines(store)
    if raw is None and not text.strip():
        raise OpError(f"the new {INDEX_NAME} is empty")
    return _write_index(store, ops_archive.split_lines(text), raw, f"edit {INDEX_NAME}", reason or "", session)
