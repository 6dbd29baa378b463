"""Move entries between memory formats without losing text, dates or types (pure: texts in, texts out)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from curator import lazyre as re
from curator.model import MEMORY_TYPES, Entry, Store

EXPORT_FORMATS = ("claude-code", "notes", "openclaw", "agents-md")
TYPE_HEADINGS = {"user": "User", "feedback": "Feedback", "project": "Project", "reference": "Reference", None: "Notes"}
_META_COMMENT = re.compile(r"[ \t]*<!--(?!\s*curator-archive).*?-->[ \t]*(\r?\n)?", re.DOTALL)
_BULLET = re.compile(r"^[-*+]\s+")
_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class Portable:
    """One entry reduced to what every format can carry."""

    name: str
    description: str
    type: str | None
    created: datetime | None
    modified: datetime | None
    content: str


def _content(entry: Entry) -> str:
    text = entry.body if entry.kind != "rule" else entry.text
    text = _META_COMMENT.sub(lambda match: match.group(1) or "", text)
    if entry.kind == "rule":
        lines = text.strip().splitlines()
        if lines:
            lines[0] = _BULLET.sub("", lines[0])
            lines = [lines[0], *(line[2:] if line.startswith("  ") else line for line in lines[1:])]
        text = "\n".join(lines)
    return text.strip()


def _type_of(entry: Entry) -> str | None:
    if entry.type in MEMORY_TYPES:
        return entry.type
    declared = str(entry.fields.get("type") or "").strip().lower()
    if declared in MEMORY_TYPES:
        return declared
    section = str(entry.fields.get("section") or "").strip().lower()
    return next((kind for kind, heading in TYPE_HEADINGS.items() if kind and heading.lower() == section), None)


def portable_entries(store: Store) -> list[Portable]:
    """The store's active entries (the index itself excluded), as format-free records."""
    index_path = store.index.path if store.index else None
    portables = []
    for entry in store.entries:
        if not entry.is_active or (entry.path == index_path and entry.kind == "file"):
            continue
        content = _content(entry)
        if not content:
            continue
        name = entry.name or content.splitlines()[0][:60]
        portables.append(Portable(name, entry.description, _type_of(entry), entry.created, entry.modified, content))
    return portables


def _iso(moment: datetime | None) -> str:
    return moment.isoformat() if moment else ""


def _meta(portable: Portable) -> str:
    parts = [f"type: {portable.type}"] if portable.type else []
    if portable.created:
        parts.append(f"created: {_iso(portable.created)}")
    if portable.modified:
        parts.append(f"updated: {_iso(portable.modified)}")
    return f"<!-- {' | '.join(parts)} -->" if parts else ""


def _yaml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def slug(name: str, taken: set[str]) -> str:
    """A file name for `name` that is not in `taken`."""
    base = _SLUG.sub("_", name.lower()).strip("_")[:60] or "memory"
    candidate, number = f"{base}.md", 2
    while candidate in taken:
        candidate, number = f"{base}_{number}.md", number + 1
    taken.add(candidate)
    return candidate


def topic_file(portable: Portable) -> str:
    lines = [
        "---",
        f"name: {_yaml_string(portable.name)}",
        f"description: {_yaml_string(portable.description or portable.name)}",
    ]
    if portable.type:
        lines.append(f"type: {portable.type}")
    if portable.created:
        lines.append(f"created: {_iso(portable.created)}")
    if portable.modified:
        lines.append(f"updated: {_iso(portable.modified)}")
    return "\n".join([*lines, "---", "", portable.content, ""])


def section(portable: Portable, *, dated: bool) -> str:
    stamp = portable.created or portable.modified
    title = portable.name.replace("\n", " ")
    heading = f"## {stamp:%Y-%m-%d} - {title}" if dated and stamp else f"## {title}"
    meta = _meta(portable)
    return "\n".join([heading, *([meta] if meta else []), "", portable.content, "", ""])


def rule(portable: Portable) -> str:
    lines = portable.content.splitlines()
    meta = _meta(portable)
    first = f"- {lines[0]}" + (f" {meta}" if meta else "")
    return "\n".join([first, *(f"  {line}" if line.strip() else "" for line in lines[1:])]) + "\n"


def render(format_name: str, portables: list[Portable], existing: dict[str, str], taken: set[str]) -> dict[str, str]:
    """The files (relative path -> full new text) that add `portables` to a store of `format_name`."""
    if format_name == "claude-code":
        files: dict[str, str] = {}
        index = existing.get("MEMORY.md", "")
        for portable in portables:
            name = slug(portable.name, taken)
            files[name] = topic_file(portable)
            hook = (portable.description or portable.content.splitlines()[0]).replace("\n", " ")[:120]
            link_title = portable.name.replace("]", ")").replace("\n", " ")
            index += ("" if not index or index.endswith("\n") else "\n") + f"- [{link_title}]({name}) — {hook}\n"
        files["MEMORY.md"] = index
        return files
    if format_name == "notes":
        rel = next((path for path in existing if path.endswith(".md")), "notes.md")
        text = existing.get(rel, "# Notes\n\n")
        text += ("" if text.endswith("\n\n") else "\n") + "".join(
            section(portable, dated=True) for portable in portables
        )
        return {rel: text}
    if format_name == "openclaw":
        text = existing.get("MEMORY.md", "# Memory\n\n")
        text += ("" if text.endswith("\n\n") else "\n") + "".join(
            section(portable, dated=False) for portable in portables
        )
        return {"MEMORY.md": text}
    if format_name == "agents-md":
        text = existing.get("AGENTS.md", "# Agent notes\n")
        for kind, heading in TYPE_HEADINGS.items():
            members = [portable for portable in portables if portable.type == kind]
            if members:
                text += f"\n## {heading}\n\n" + "".join(rule(portable) for portable in members)
        return {"AGENTS.md": text}
    raise ValueError(f"unknown format {format_name!r}; one of {', '.join(EXPORT_FORMATS)}")
