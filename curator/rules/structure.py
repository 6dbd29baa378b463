"""Format-level rules: invalid fields, index overflow, long index lines, dangling links, orphans."""

from __future__ import annotations

import bisect
import posixpath
import re
from pathlib import Path
from typing import Any

from curator.model import (
    ARCHIVE_DIR,
    INDEX_LINE_MAX_CHARS,
    INDEX_MAX_BYTES,
    INDEX_MAX_LINES,
    MEMORY_TYPES,
    Entry,
    Finding,
    IndexInfo,
    Store,
)

ARCHIVE_PREFIX = f"{ARCHIVE_DIR}/"
_NAME_SEPARATORS = re.compile(r"[\s_\-]+")
PAST_CUT_LIMIT = 500


def name_key(name: str) -> str:
    """How `[[name]]` links are matched: case, `_`/space/`-` and a `.md` suffix do not matter."""
    name = name.strip()
    if name.lower().endswith(".md"):
        name = name[:-3]
    return _NAME_SEPARATORS.sub("-", name.lower())


def _topics(store: Store) -> list[Entry]:
    return [entry for entry in store.entries if entry.kind == "file" and entry.origin == "store"]


def _live_topic(entry: Entry) -> bool:
    return entry.status == "active" and not entry.path.startswith(ARCHIVE_PREFIX)


class Resolver:
    """Finds the entry an index target or `[[name]]` points to, with one dictionary lookup."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.by_path: dict[str, Entry] = {}
        self.by_name: dict[str, Entry] = {}
        self.archived_by_name: dict[str, Entry] = {}
        self.line_cache: dict[tuple[str, ...], list[str]] = {}
        index_path = store.index.path if store.index else None
        self.index_sections = sorted(
            (entry.line, entry.line_end or entry.line, entry.id)
            for entry in store.entries
            if entry.kind == "section" and entry.path == index_path and entry.line is not None
        )
        for entry in _topics(store):
            self.by_path.setdefault(entry.path, entry)
            table = self.by_name if _live_topic(entry) or entry.status == "unreadable" else self.archived_by_name
            table.setdefault(name_key(Path(entry.path).stem), entry)
            if entry.fields.get("name"):
                table.setdefault(name_key(str(entry.fields["name"])), entry)

    def path_target(self, target: str, base: str = "") -> tuple[str, Entry | None, bool]:
        """(normalised path, entry or None, exists on disk) for a markdown link target."""
        folder = posixpath.dirname(base) if "/" in base else ""
        joined = posixpath.normpath(posixpath.join(folder, target) if folder else target)
        entry = self.by_path.get(joined)
        if entry is not None:
            return joined, entry, True
        if joined in self.store.files:
            return joined, None, True
        candidate = Path(target) if Path(target).is_absolute() else self.store.root / joined
        try:
            exists = candidate.exists()
        except OSError:
            exists = False
        return joined, None, exists

    def section_at(self, line: int) -> list[str]:
        """The id of the index section entry holding `line`, as a one-item list (empty when none)."""
        position = bisect.bisect_right(self.index_sections, (line, float("inf"), "")) - 1
        if position >= 0 and self.index_sections[position][0] <= line <= self.index_sections[position][1]:
            return [self.index_sections[position][2]]
        return []

    def name_target(self, name: str) -> Entry | None:
        """The live entry a `[[name]]` link means, by file stem or frontmatter name."""
        return self.by_name.get(name_key(name))


def invalid_fields(store: Store) -> list[Finding]:
    """Claude Code topic files whose frontmatter lacks name/description or has an unknown type."""
    if store.format != "claude-code":
        return []
    findings = []
    for entry in _topics(store):
        if not _live_topic(entry):
            continue
        problems = _field_problems(entry.fields)
        if not problems:
            continue
        message = (
            f"{entry.path}: {'; '.join(problems)}. Fix the frontmatter so the agent can tell what this memory "
            "is and when to load it (name, one-line description, type user|feedback|project|reference)."
        )
        evidence = {
            "problems": problems,
            "type": _type_value(entry.fields),
            "name": entry.fields.get("name"),
            "description": entry.fields.get("description"),
        }
        findings.append(Finding("invalid-field", "warning", [entry.id], message, evidence))
    return findings


def _type_value(fields: dict[str, Any]) -> Any:
    if "type" in fields:
        return fields["type"]
    metadata = fields.get("metadata")
    return metadata.get("type") if isinstance(metadata, dict) else None


def _field_problems(fields: dict[str, Any]) -> list[str]:
    if not fields:
        return ["has no frontmatter (no name, description or type)"]
    metadata: dict[str, Any] = fields["metadata"] if isinstance(fields.get("metadata"), dict) else {}
    problems = []
    for key in ("name", "description"):
        value = fields.get(key, metadata.get(key))
        if value is None and key not in fields and key not in metadata:
            problems.append(f"`{key}:` is missing")
        elif value is None or not str(value).strip():
            problems.append(f"`{key}:` is empty")
    memory_type = _type_value(fields)
    pinned = fields.get("pinned") is True or metadata.get("pinned") is True
    if memory_type is None or memory_type == "":
        if not pinned:
            problems.append("`type:` is missing (expected user, feedback, project or reference)")
    elif str(memory_type).strip() not in MEMORY_TYPES:
        problems.append(f"`type: {memory_type}` is not one of user, feedback, project, reference")
    return problems


def _line_entries(resolver: Resolver, index: IndexInfo, targets: list[str]) -> list[str]:
    """Ids of the entries an index line links to (memoised per target list)."""
    key = tuple(targets)
    cached = resolver.line_cache.get(key)
    if cached is not None:
        return list(cached)
    ids: list[str] = []
    for target in targets:
        if target.startswith("[[") and target.endswith("]]"):
            entry = resolver.name_target(target[2:-2])
        else:
            entry = resolver.path_target(target, index.path)[1]
        if entry is not None and entry.id not in ids:
            ids.append(entry.id)
    resolver.line_cache[key] = ids
    return list(ids)


def index_overflow(store: Store, resolver: Resolver) -> list[Finding]:
    """MEMORY.md longer than what the agent loads: name every line and memory past the cut."""
    index = store.index
    if (
        index is None
        or store.format not in ("claude-code", "openclaw")
        or not index.overflows
        and index.bytes <= INDEX_MAX_BYTES
    ):
        return []
    cut = index.loaded_lines
    before_ids = {
        entry_id
        for line in index.entries
        if line.line <= cut
        for entry_id in _line_entries(resolver, index, line.targets)
    }
    before_targets = {target for line in index.entries if line.line <= cut for target in line.targets}
    past_lines = []
    past_ids: dict[str, None] = {}
    past_targets: dict[str, None] = {}
    for line in index.entries:
        if line.line <= cut:
            continue
        ids = _line_entries(resolver, index, line.targets)
        past_lines.append(
            {
                "line": line.line,
                "text": line.text,
                "bytes": len(line.text.encode("utf-8")),
                "targets": list(line.targets),
                "entries": ids,
            }
        )
        past_ids.update((entry_id, None) for entry_id in ids if entry_id not in before_ids)
        past_targets.update((target, None) for target in line.targets if target not in before_targets)
    for entry in store.entries:
        if entry.kind == "section" and entry.path == index.path and (entry.line or 0) > cut:
            past_ids.setdefault(entry.id, None)
    past_ids_list, past_targets_list = list(past_ids), list(past_targets)
    cut_by = "200-line" if cut >= INDEX_MAX_LINES else "25 KB"
    size_kb = index.bytes / 1024
    named = ", ".join(past_targets_list[:5]) + (f" and {len(past_targets) - 5} more" if len(past_targets) > 5 else "")
    message = (
        f"{index.path} has {index.lines} lines ({size_kb:.1f} KB); only the first {cut} lines are loaded "
        f"(the {cut_by} limit), so {len(past_lines)} non-blank line(s) past line {cut} are invisible to the agent"
        + (f", including the links to {named}" if past_targets else "")
        + ". Move important lines above the cut, shorten hooks, or merge and expire entries."
    )
    evidence = {
        "path": index.path,
        "lines": index.lines,
        "bytes": index.bytes,
        "loaded_lines": index.loaded_lines,
        "loaded_bytes": index.loaded_bytes,
        "max_lines": INDEX_MAX_LINES,
        "max_bytes": INDEX_MAX_BYTES,
        "cut_by": cut_by,
        "past_cut": past_lines[:PAST_CUT_LIMIT],
        "past_cut_total": len(past_lines),
        "entries_past_cut": past_ids_list,
        "targets_past_cut": past_targets_list,
    }
    return [Finding("index-overflow", "error", past_ids_list, message, evidence)]


def long_index_lines(store: Store, resolver: Resolver) -> list[Finding]:
    """Index lines over 150 characters: hooks should be one short line."""
    index = store.index
    if index is None or store.format != "claude-code":
        return []
    findings = []
    for line in index.entries:
        length = len(line.text)
        if length <= INDEX_LINE_MAX_CHARS:
            continue
        message = (
            f"{index.path} line {line.line} is {length} characters (over {INDEX_LINE_MAX_CHARS}); "
            "shorten its hook to one line and keep the detail in the topic file."
        )
        evidence = {"path": index.path, "line": line.line, "chars": length, "text": line.text}
        findings.append(
            Finding("index-line-too-long", "info", _line_entries(resolver, index, line.targets), message, evidence)
        )
    return findings


def dangling_links(store: Store, resolver: Resolver) -> list[Finding]:
    """Index links and `[[name]]` links that resolve to nothing."""
    if store.format != "claude-code":
        return []
    findings = []
    index = store.index
    if index is not None:
        for line in index.entries:
            for target in line.targets:
                if target.startswith("[[") and target.endswith("]]"):
                    name = target[2:-2]
                    if resolver.name_target(name) is None:
                        archived = resolver.archived_by_name.get(name_key(name))
                        findings.append(
                            _dangling(index.path, line.line, target, resolver.section_at(line.line), archived)
                        )
                    continue
                path, entry, exists = resolver.path_target(target, index.path)
                if entry is None and not exists:
                    archived = resolver.by_path.get(f"{ARCHIVE_PREFIX}{path}")
                    findings.append(_dangling(index.path, line.line, target, resolver.section_at(line.line), archived))
    for entry in store.entries:
        if entry.status != "active" or entry.origin != "store" or entry.path.startswith(ARCHIVE_PREFIX):
            continue
        for name in entry.links:
            if resolver.name_target(name) is None:
                archived = resolver.archived_by_name.get(name_key(name))
                findings.append(_dangling(entry.path, _link_line(entry, name), f"[[{name}]]", [entry.id], archived))
    return findings


def _link_line(entry: Entry, name: str) -> int | None:
    position = entry.text.find(f"[[{name}")
    if position < 0:
        return entry.line
    return entry.text.count("\n", 0, position) + (entry.line or 1)


def _dangling(source: str, line: int | None, target: str, entries: list[str], archived: Entry | None) -> Finding:
    where = f"{source} line {line}" if line else source
    if archived is not None:
        reason = f"which was archived as {archived.path}; restore it or drop the link"
        entries = entries + [archived.id]
    elif target.startswith("[["):
        reason = "but no memory has that file name or `name:`; fix the link or remove it"
    else:
        reason = "which does not exist; fix the link or remove the line"
    message = f"{where} links to {target}, {reason}."
    evidence = {"source": source, "line": line, "target": target}
    return Finding("dangling-link", "error", entries, message, evidence)


def orphans(store: Store, resolver: Resolver) -> list[Finding]:
    """Topic files no index line points to: the agent never learns they exist."""
    if store.format != "claude-code":
        return []
    live = [entry for entry in _topics(store) if _live_topic(entry)]
    if not live:
        return []
    index = store.index
    if index is None:
        if store.load_files is not None:
            return []
        names = ", ".join(entry.path for entry in live[:5]) + (f" and {len(live) - 5} more" if len(live) > 5 else "")
        message = (
            f"there is no MEMORY.md index, so the agent never sees the {len(live)} topic file(s) of this store "
            f"({names}). Create MEMORY.md with one `- [Title](file.md) — hook` line per memory."
        )
        return [Finding("orphan", "warning", [entry.id for entry in live], message, {"index": None})]
    linked: set[str] = set()
    for line in index.entries:
        for entry_id in _line_entries(resolver, index, line.targets):
            linked.add(entry_id)
    findings = []
    for entry in live:
        if entry.id in linked:
            continue
        message = (
            f"{entry.path} is not linked from {index.path}, so the agent never sees it. Add a "
            f"`- [{entry.name}]({entry.path}) — hook` line to {index.path}, or expire it if it is no longer needed."
        )
        findings.append(Finding("orphan", "warning", [entry.id], message, {"index": index.path}))
    return findings


def analyze(store: Store) -> list[Finding]:
    """Index overflow, long index lines, dangling links, orphans and invalid fields."""
    resolver = Resolver(store)
    return [
        *invalid_fields(store),
        *index_overflow(store, resolver),
        *long_index_lines(store, resolver),
        *dangling_links(store, resolver),
        *orphans(store, resolver),
    ]
