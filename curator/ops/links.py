"""Links into an entry from the rest of the store (`[[name]]`, index lines), and removing them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from curator.model import INDEX_NAME, Entry, Store
from curator.ops import archive as ops_archive
from curator.ops.core import find_entry, is_archived
from curator.ops.io import Plan
from curator.rules.structure import name_key

_WIKI = re.compile(r"\[\[([^\[\]|#\n]+)(#[^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]")


@dataclass(frozen=True)
class InboundLink:
    """One link to an entry from elsewhere in the store: where it is, the line, and what it points at."""

    path: str
    line: int
    text: str
    target: str
    kind: str

    def label(self) -> str:
        return f"{self.path}:{self.line} {self.target}"


def link_names(entry: Entry) -> set[str]:
    """The `[[name]]` keys that mean this entry: its file stem and its `name:`."""
    names = {name_key(PurePosixPath(entry.path).stem)}
    if entry.kind == "file" and entry.name:
        names.add(name_key(entry.name))
    return names


def _live_files(store: Store, skip: set[str]) -> list[str]:
    paths = {entry.path for entry in store.entries if entry.origin == "store" and not is_archived(entry)}
    if store.index is not None:
        paths.add(store.index.path)
    return sorted(path for path in paths - skip if path in store.files and store.files[path].text is not None)


def inbound_links(store: Store, entry_ids: list[str]) -> list[InboundLink]:
    """Every `[[name]]` and index link in the live store that points at one of these entries."""
    entries = [find_entry(store, entry_id) for entry_id in entry_ids]
    names = set().union(*(link_names(entry) for entry in entries if entry.kind == "file")) if entries else set()
    own_files = {entry.path for entry in entries if entry.kind == "file"}
    found: list[InboundLink] = []
    for rel in _live_files(store, own_files):
        text = store.files[rel].text or ""
        if "[[" in text and names:
            for number, line in enumerate(text.splitlines(), start=1):
                for match in _WIKI.finditer(line):
                    if name_key(match.group(1)) in names:
                        found.append(InboundLink(rel, number, line.strip(), match.group(0), "wiki"))
    if store.index is not None and own_files:
        for index_line in store.index.entries:
            for target in index_line.targets:
                if not target.startswith("[[") and ops_archive.is_index_line_for(f"]({target})", own_files):
                    found.append(InboundLink(store.index.path, index_line.line, index_line.text, target, "index"))
    return sorted(set(found), key=lambda link: (link.path, link.line, link.target))


def unlink_wiki(text: str, names: set[str], new_name: str | None = None) -> str:
    """`[[name]]` -> `name`, `[[name|alias]]` -> `alias` for the given name keys (or, with `new_name`,
    `[[new_name]]` keeping `#part` and `|alias`); other links stay."""

    def replace(match: re.Match[str]) -> str:
        if name_key(match.group(1)) not in names:
            return match.group(0)
        if new_name is not None:
            alias = match.group(0)[len("[[") + len(match.group(1)) + len(match.group(2) or "") : -2]
            return f"[[{new_name}{match.group(2) or ''}{alias}]]"
        return (match.group(3) or match.group(1)).strip()

    return _WIKI.sub(replace, text)


def planned_text(store: Store, plan: Plan, rel: str) -> str | None:
    """The text `rel` will have after `plan` (its planned bytes, else what was loaded)."""
    source = store.files.get(rel)
    if source is None:
        return None
    for change in plan.changes:
        if change.rel == rel:
            return None if change.data is None else change.data.decode("utf-8-sig")
    return source.text


def plan_unlink(store: Store, plan: Plan, entries: list[Entry], skip: set[str], new_name: str | None = None) -> int:
    """Add to `plan`: every live file's `[[name]]` links to these entries made plain text (or pointed at
    `new_name`); returns how many."""
    names = set().union(*(link_names(entry) for entry in entries if entry.kind == "file")) if entries else set()
    if not names:
        return 0
    count = 0
    for rel in _live_files(store, skip | {entry.path for entry in entries if entry.kind == "file"}):
        text = planned_text(store, plan, rel)
        if text is None or "[[" not in text:
            continue
        rewritten = unlink_wiki(text, names, new_name)
        if rewritten != text:
            count += sum(1 for match in _WIKI.finditer(text) if name_key(match.group(1)) in names)
            source = store.files[rel]
            plan.write(rel, source.encode(rewritten), source.raw, Path(source.abspath))
    return count


__all__ = ["INDEX_NAME", "InboundLink", "inbound_links", "link_names", "plan_unlink", "unlink_wiki"]
