"""Reversible text transforms for archiving: frontmatter stamps, index lines, archived sections."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from curator import lazyre as re

META_KEY = "curator_archive"
SECTION_MARKER = "<!-- curator-archive "
_LINE = re.compile(r"[^\n]*\n|[^\n]+$")
_LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def split_lines(text: str) -> list[str]:
    """Lines with their endings kept; only `\\n` ends a line, so joining gives the text back."""
    return _LINE.findall(text)


def newline_of(text: str) -> str:
    first = text.find("\n")
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


def _strip_eol(line: str) -> str:
    return line.rstrip("\r\n")


def frontmatter_bounds(lines: list[str]) -> tuple[int, int] | None:
    """(opening, closing) line indexes of a leading `---` frontmatter block, or None."""
    if not lines or _strip_eol(lines[0]).rstrip() != "---":
        return None
    for position in range(1, len(lines)):
        if _strip_eol(lines[position]).rstrip() in ("---", "..."):
            return (0, position)
    return None


def yaml_scalar(value: Any) -> str:
    """A one-line YAML value (JSON is valid YAML flow syntax)."""
    return json.dumps(value, ensure_ascii=False)


def stamp_archived(text: str, visible: dict[str, Any], meta: dict[str, Any]) -> str:
    """Add `visible` fields and the restore metadata as one block at the end of the frontmatter."""
    eol = newline_of(text)
    lines = split_lines(text)
    bounds = frontmatter_bounds(lines)
    block_lines = [f"{key}: {value if key in ('expired',) else yaml_scalar(value)}" for key, value in visible.items()]
    meta = dict(meta, lines=len(block_lines) + 1, added_frontmatter=bounds is None)
    block_lines.append(f"{META_KEY}: {yaml_scalar(meta)}")
    block = "".join(line + eol for line in block_lines)
    if bounds is None:
        return f"---{eol}{block}---{eol}{text}"
    closing = bounds[1]
    return "".join(lines[:closing]) + block + "".join(lines[closing:])


def read_archive_meta(text: str) -> dict[str, Any] | None:
    """The restore metadata an archived file carries, or None when it has none."""
    lines = split_lines(text)
    bounds = frontmatter_bounds(lines)
    if bounds is None:
        return None
    prefix = f"{META_KEY}: "
    for position in range(1, bounds[1]):
        line = _strip_eol(lines[position])
        if line.startswith(prefix):
            try:
                meta = json.loads(line[len(prefix) :])
            except json.JSONDecodeError:
                return None
            if isinstance(meta, dict):
                meta["_line"] = position
                return meta
    return None


def unstamp_archived(text: str) -> str | None:
    """The text as it was before `stamp_archived`, or None when the stamp is not intact."""
    meta = read_archive_meta(text)
    if meta is None:
        return None
    lines = split_lines(text)
    closing = frontmatter_bounds(lines)[1]  # type: ignore[index]
    meta_line = meta["_line"]
    count = int(meta.get("lines", 1))
    if meta_line != closing - 1 or count > meta_line:
        return None
    if meta.get("added_frontmatter"):
        if count != closing - 1:
            return None
        return "".join(lines[closing + 1 :])
    return "".join(lines[: meta_line + 1 - count]) + "".join(lines[closing:])


def link_targets(line: str) -> list[str]:
    """Markdown link targets on a line, normalised (no `./`, no `#anchor`, %-escapes decoded)."""
    targets = []
    for raw in _LINK_TARGET.findall(line):
        target = unquote(raw.split("#", 1)[0])
        while target.startswith("./"):
            target = target[2:]
        if target:
            targets.append(target)
    return targets


def is_index_line_for(line: str, rels: set[str]) -> bool:
    """True when the line links to some of `rels` and to no other markdown file."""
    markdown_targets = [target for target in link_targets(line) if target.endswith(".md")]
    return bool(markdown_targets) and all(target in rels for target in markdown_targets)


def retarget_links(text: str, renames: dict[str, str]) -> str:
    """Point `](old.md)` links at the new file."""
    for old, new in renames.items():
        text = re.sub(r"\]\(\s*(?:\./)?" + re.escape(old) + r"(?=[\s)#])", "](" + new, text)
    return text


def remove_index_lines(index_text: str, rel: str) -> tuple[str, list[dict[str, Any]]]:
    """Drop every index line linking only to `rel`; return the new text and records to put them back."""
    lines = split_lines(index_text)
    records: list[dict[str, Any]] = []
    for position in range(len(lines) - 1, -1, -1):
        if not is_index_line_for(lines[position], {rel}):
            continue
        removed = lines[position]
        after = _strip_eol(lines[position - 1]) if position > 0 else None
        if not removed.endswith("\n") and position > 0:
            previous = lines[position - 1]
            ending = previous[len(_strip_eol(previous)) :]
            lines[position - 1] = _strip_eol(previous)
            records.append({"line": position + 1, "text": ending + removed, "tail": True})
        else:
            records.append({"line": position + 1, "text": removed, "after": after})
        del lines[position]
    records.reverse()
    return "".join(lines), records


def _anchored(lines: list[str], position: int, after: str | None) -> int:
    """The recorded position, or just below the line it used to follow when the file changed since."""
    if after is None or (0 < position <= len(lines) and _strip_eol(lines[position - 1]) == after):
        return position
    matches = [number + 1 for number, line in enumerate(lines) if _strip_eol(line) == after]
    return min(matches, key=lambda match: abs(match - position)) if matches else position


def restore_index_lines(index_text: str, records: list[dict[str, Any]]) -> str:
    """Put removed index lines back where they were (after the same neighbour, else clamped)."""
    text = index_text
    for record in records:
        line_text = str(record.get("text", ""))
        lines = split_lines(text)
        position = min(max(0, int(record.get("line", len(lines) + 1)) - 1), len(lines))
        position = _anchored(lines, position, record.get("after"))
        if record.get("tail") and position >= len(lines):
            text = text + line_text
            continue
        if record.get("tail"):
            line_text = line_text.lstrip("\r\n") + newline_of(text)
        if position >= len(lines):
            if lines and not lines[-1].endswith("\n"):
                lines[-1] += newline_of(text)
            lines.append(line_text)
        else:
            lines.insert(position, line_text)
        text = "".join(lines)
    return text


def index_line_for(title: str, rel: str, hook: str) -> str:
    """A Claude Code index line: `- [Title](file.md) — hook`."""
    label = re.sub(r"([\\\[\]])", r"\\\1", one_line_text(title))
    line = f"- [{label}]({rel})"
    return f"{line} — {hook}" if hook else line


def replace_index_lines(index_text: str, rels: list[str], new_line: str) -> str:
    """Put `new_line` where the first line linking to any of `rels` was; drop the others."""
    eol = newline_of(index_text)
    lines = split_lines(index_text)
    kept: list[str] = []
    placed = False
    for line in lines:
        if is_index_line_for(line, set(rels)):
            if not placed:
                ending = line[len(_strip_eol(line)) :]
                kept.append(new_line + ending)
                placed = True
            continue
        kept.append(line)
    if not placed:
        if kept and not kept[-1].endswith("\n"):
            kept[-1] += eol
        kept.append(new_line + eol)
    elif kept and not kept[-1].endswith("\n") and lines and lines[-1].endswith("\n"):
        kept[-1] += eol
    return "".join(kept)


@dataclass
class ArchivedSection:
    """One section record inside a `<name>.archive.md` file."""

    start: int
    end: int
    line: int
    meta: dict[str, Any]
    original: str


def archive_section_record(section_text: str, meta: dict[str, Any], eol: str) -> str:
    """The section with a restore marker after its heading line, ready to append to an archive."""
    lines = split_lines(section_text)
    heading = lines[0] if lines else ""
    heading_has_eol = heading.endswith("\n")
    ends_open = len(lines) > 1 and not section_text.endswith("\n")
    meta = dict(meta, heading_eol=heading_has_eol, added_eol=eol if ends_open else "")
    marker = f"{SECTION_MARKER}{json.dumps(meta, ensure_ascii=False)} -->"
    record = (heading if heading_has_eol else heading + eol) + marker + eol + "".join(lines[1:])
    return record + eol if ends_open else record


def append_to_archive(archive_text: str, record: str, eol: str) -> str:
    if archive_text and not archive_text.endswith("\n"):
        archive_text += eol
    if record and not record.endswith("\n"):
        record += eol
    return archive_text + record


def parse_section_archive(archive_text: str) -> list[ArchivedSection]:
    """Every curator record in a section archive, with its char range and original section text."""
    lines = split_lines(archive_text)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    marker_positions = [
        position for position, line in enumerate(lines) if position > 0 and line.startswith(SECTION_MARKER)
    ]
    records: list[ArchivedSection] = []
    for number, marker_position in enumerate(marker_positions):
        start_line = marker_position - 1
        end_line = marker_positions[number + 1] - 1 if number + 1 < len(marker_positions) else len(lines)
        marker_line = _strip_eol(lines[marker_position])
        try:
            meta = json.loads(marker_line[len(SECTION_MARKER) :].rsplit(" -->", 1)[0])
        except json.JSONDecodeError:
            continue
        heading = lines[start_line]
        if not meta.get("heading_eol", True):
            heading = _strip_eol(heading)
        body = "".join(lines[marker_position + 1 : end_line])
        original = heading + body
        if meta.get("added_eol") and original.endswith("\n"):
            original = original[: -len(meta["added_eol"])]
        records.append(ArchivedSection(offsets[start_line], offsets[end_line], start_line + 1, meta, original))
    return records


def insert_section(text: str, section_text: str, line: int) -> str:
    """Insert a section at 1-based `line`, moved down to the next section boundary when the file changed since."""
    lines = split_lines(text)
    position = max(0, line - 1)
    marker = section_text.split(None, 1)[0] if section_text.strip() else ""
    while marker and position < len(lines) and lines[position].split(None, 1)[:1] != [marker]:
        position += 1
    if position >= len(lines):
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += newline_of(text)
        return "".join(lines) + section_text
    if not section_text.endswith("\n"):
        section_text += newline_of(text)
    lines.insert(position, section_text)
    return "".join(lines)


def one_line_text(text: str) -> str:
    """Collapse whitespace so a value fits on one index line."""
    return " ".join(text.split())
