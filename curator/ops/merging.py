"""Merge N entries into one: a draft to edit, then the merge with archived sources and rewritten links."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath
from typing import Any

from curator.formats import frontmatter
from curator.model import Entry, Store
from curator.ops import archive as ops_archive
from curator.ops.core import (
    OpResult,
    entry_span,
    file_dir,
    find_entry,
    is_whole_file,
    refuse_instruction,
    run_plan,
    source_of,
    today,
)
from curator.ops.expiry import INDEX_NAME, index_text, plan_file_archive, plan_section_archive, write_archives
from curator.ops.io import OpError, Plan

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


@dataclass
class MergeDraft:
    """A proposed merge: result name and path, prefilled text, the index line it will get, the sources."""

    name: str
    path: str
    text: str
    index_line: str | None
    sources: list[str]
    kind: str = "file"
    notes: list[str] = field(default_factory=list)


def _newest(entries: list[Entry], store: Store) -> Entry:
    def stamp(entry: Entry) -> datetime:
        moment = entry.modified or entry.date
        if moment is None:
            source = store.files.get(entry.path)
            return datetime.fromtimestamp(source.mtime_ns / 1e9, timezone.utc) if source else _EPOCH
        return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)

    return max(entries, key=stamp)


def _sources(store: Store, entry_ids: list[str]) -> list[Entry]:
    unique_ids = list(dict.fromkeys(entry_ids))
    if len(unique_ids) < 2:
        raise OpError("merge needs at least two different entries")
    entries = [find_entry(store, entry_id) for entry_id in unique_ids]
    for entry in entries:
        refuse_instruction(store, entry, "merge")
        if entry.status != "active":
            raise OpError(f"{entry.id} is {entry.status}; only active entries can be merged")
        source_of(store, entry)
    kinds = {entry.kind for entry in entries}
    if len(kinds) > 1:
        raise OpError("merge entries of one kind: topic files with topic files, sections with sections")
    if kinds == {"section"} and len({entry.path for entry in entries}) > 1:
        raise OpError("sections can only be merged within one file")
    return entries


NAME_MAX_BYTES = 255
_PLAIN_NAME = re.compile(r"[^\W_][\w.-]*", re.UNICODE)


def result_rel(name: str | None, default: str) -> str:
    """The result file at the store root: `name` (with `.md` added), or the default itself."""
    if not name:
        return default
    cleaned = name.strip()
    file_name = cleaned if cleaned.endswith(".md") else f"{cleaned}.md"
    if not _PLAIN_NAME.fullmatch(cleaned) or ".." in cleaned:
        raise OpError(
            f"{name!r} is not a usable name for the merged entry: use letters, digits, '-', '_' and '.' "
            "(no spaces, slashes, brackets, parentheses or control characters), starting with a letter or digit"
        )
    if len(file_name.encode("utf-8")) > NAME_MAX_BYTES:
        raise OpError(
            f"{name!r} is too long for a file name ({len(file_name.encode('utf-8'))} bytes; at most {NAME_MAX_BYTES})"
        )
    return file_name


def _title_and_hook(text: str, fallback: str) -> tuple[str, str]:
    fields, _ = frontmatter.parse(text)
    metadata: dict[str, Any] = fields["metadata"] if isinstance(fields.get("metadata"), dict) else {}
    title = fields.get("name") or metadata.get("name") or fallback
    hook = fields.get("description") or metadata.get("description") or ""
    return ops_archive.one_line_text(str(title)), ops_archive.one_line_text(str(hook))


def merge_draft(store: Store, entry_ids: list[str], *, name: str | None = None) -> MergeDraft:
    """Prefill a merge: the newest source's frontmatter (or heading) over every source's body."""
    entries = _sources(store, entry_ids)
    newest = _newest(entries, store)
    ordered = [newest] + [entry for entry in entries if entry is not newest]
    bodies = [entry.body.strip("\r\n") for entry in ordered if entry.body.strip()]
    eol = store.files[newest.path].newline if newest.path in store.files else "\n"
    if is_whole_file(newest):
        head = newest.text[: len(newest.text) - len(newest.body)] if newest.text.endswith(newest.body) else ""
        path = result_rel(name, newest.path)
        lead = newest.body[: len(newest.body) - len(newest.body.lstrip("\r\n"))] if head and newest.body.strip() else ""
        text = head + lead + (eol + eol).join(bodies) + eol
        title, _hook = _title_and_hook(text, PurePosixPath(path).stem)
        index_line = result_index_line(store, newest, path, text) if store.format == "claude-code" else None
        return MergeDraft(title, path, text, index_line, [entry.id for entry in entries])
    heading = newest.text.split("\n", 1)[0].rstrip("\r")
    text = heading + eol + (eol + eol).join(body.strip("\r\n") for body in bodies) + eol
    first = min(entries, key=lambda entry: entry.span[0] if entry.span else 0)
    return MergeDraft(newest.name, first.id, text, None, [entry.id for entry in entries], kind="section")


def result_index_line(store: Store, newest: Entry, target: str, merged_text: str) -> str:
    """The merged entry's index line: the newest source's own line (pointed at `target`) unless its
    title or description was edited in the merged text, else one built from the merged frontmatter."""
    title, hook = _title_and_hook(merged_text, PurePosixPath(target).stem)
    fresh = ops_archive.index_line_for(title, target, hook)
    if store.index is None:
        return fresh
    old_title, old_hook = _title_and_hook(newest.text, PurePosixPath(newest.path).stem)
    if (title, hook) != (old_title, old_hook):
        return fresh
    for line in store.index.entries:
        if ops_archive.is_index_line_for(line.text, {newest.path}):
            return ops_archive.retarget_links(line.text, {newest.path: target}) if newest.path != target else line.text
    return fresh


def merge_reason(findings: list[Any], entry_ids: list[str]) -> str:
    """Why these entries are merged, from the conflict or duplicate finding that pairs them."""
    wanted = set(entry_ids)
    for rule, label in (("conflict", "resolve a conflict"), ("duplicate", "duplicates")):
        for finding in findings:
            if getattr(finding, "rule", None) == rule and len(wanted & set(finding.entries)) >= 2:
                return f"{label}: {ops_archive.one_line_text(finding.message)[:160]}"
    return "merged by hand"


def _wiki_names(entry: Entry) -> list[str]:
    names = [PurePosixPath(entry.path).stem]
    if entry.name and entry.name not in names:
        names.append(entry.name)
    return names


def rewrite_wiki_links(text: str, renames: dict[str, str]) -> str:
    """`[[old]]`, `[[old|alias]]`, `[[old#part]]` -> the new name."""
    if not renames:
        return text
    pattern = re.compile(
        r"\[\[(\s*)(" + "|".join(re.escape(old) for old in sorted(renames, key=len, reverse=True)) + r")(\s*)(?=[\]|#])"
    )
    return pattern.sub(lambda match: f"[[{match.group(1)}{renames[match.group(2)]}{match.group(3)}", text)


def merge(
    store: Store,
    entry_ids: list[str],
    *,
    name: str | None = None,
    text: str | None = None,
    reason: str | None = None,
    now: Any = None,
    session: Any = None,
) -> OpResult:
    """N entries become one; the sources are archived with `merged_into`, the index and `[[links]]` follow."""
    draft = merge_draft(store, entry_ids, name=name)
    entries = _sources(store, entry_ids)
    merged_text = text if text is not None else draft.text
    if not merged_text.strip():
        raise OpError("the merged text is empty; nothing would be left of the sources")
    day = today(now).isoformat()
    why = reason or "merged by hand"
    plan = Plan(file_dir(store))
    if draft.kind == "section":
        return _merge_sections(store, plan, entries, draft, merged_text, day, why, session)
    target = draft.path
    source_paths = {entry.path for entry in entries}
    if target not in source_paths and ((file_dir(store) / target).exists() or target in store.files):
        raise OpError(f"{target} already exists; pick another --name")
    index_now, index_raw = index_text(store)
    planned: set[str] = set()
    for entry in entries:
        visible = {"expired": day, "expired_reason": f"merged into {target}", "merged_into": target}
        _, index_now = plan_file_archive(store, plan, entry, visible, index_now, planned)
    newest_source = store.files[_newest(entries, store).path]
    plan.write(target, newest_source.encode(merged_text), store.files[target].raw if target in store.files else None)
    title, _hook = _title_and_hook(merged_text, PurePosixPath(target).stem)
    original_index, _ = index_text(store)
    if original_index is not None:
        new_line = result_index_line(store, _newest(entries, store), target, merged_text)
        new_index = ops_archive.replace_index_lines(original_index, sorted(source_paths), new_line)
        renames = _renames(entries, target, title)
        new_index = ops_archive.retarget_links(new_index, {path: target for path in source_paths if path != target})
        plan.write(INDEX_NAME, store.files[INDEX_NAME].encode(rewrite_wiki_links(new_index, renames)), index_raw)
    _rewrite_links_elsewhere(store, plan, entries, _renames(entries, target, title), skip={INDEX_NAME, target})
    what = f"merge {', '.join(entry.id for entry in entries)} into {target}"
    return run_plan(store, plan, what, why, session)


def _renames(entries: list[Entry], target: str, title: str) -> dict[str, str]:
    new_stem = PurePosixPath(target).stem
    renames: dict[str, str] = {}
    for entry in entries:
        stem = PurePosixPath(entry.path).stem
        if stem != new_stem:
            renames[stem] = new_stem
        if entry.name and entry.name != stem and entry.name != new_stem:
            renames[entry.name] = new_stem
    return renames


def _rewrite_links_elsewhere(
    store: Store, plan: Plan, sources: list[Entry], renames: dict[str, str], skip: set[str]
) -> None:
    source_paths = {entry.path for entry in sources}
    for entry in store.entries:
        if entry.status != "active" or not is_whole_file(entry) or entry.path in source_paths or entry.path in skip:
            continue
        file = store.files.get(entry.path)
        if file is None or file.text is None:
            continue
        rewritten = rewrite_wiki_links(file.text, renames)
        if rewritten != file.text:
            plan.write(entry.path, file.encode(rewritten), file.raw, Path(file.abspath))


def _merge_sections(
    store: Store,
    plan: Plan,
    entries: list[Entry],
    draft: MergeDraft,
    merged_text: str,
    day: str,
    why: str,
    session: Any,
) -> OpResult:
    source = source_of(store, entries[0])
    text = source.text or ""
    spans = sorted((entry_span(entry, source), entry) for entry in entries)
    archive_texts: dict[str, str] = {}
    for _, entry in spans:
        plan_section_archive(
            store,
            plan,
            entry,
            {"expired": day, "reason": f"merged into {draft.path}", "merged_into": draft.path},
            archive_texts,
        )
    write_archives(store, plan, archive_texts)
    pieces: list[str] = []
    cursor = 0
    for index, ((start, end), _) in enumerate(spans):
        pieces.append(text[cursor:start])
        if index == 0:
            original = text[start:end]
            trail = original[len(original.rstrip("\r\n")) :]
            if not trail and end < len(text):
                trail = source.newline
            pieces.append(merged_text.rstrip("\r\n") + trail)
        cursor = end
    pieces.append(text[cursor:])
    plan.write(entries[0].path, source.encode("".join(pieces)), source.raw, Path(source.abspath))
    what = f"merge {', '.join(entry.id for _, entry in spans)} into one section"
    return run_plan(store, plan, what, why, session)
