"""Expire (now or scheduled), apply due expiries, and restore archived entries."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from curator.formats import archive_stamps
from curator.formats.source import read_source
from curator.model import ARCHIVE_DIR, INDEX_NAME, Entry, SourceFile, Store
from curator.ops import archive as ops_archive
from curator.ops.core import (
    _ACTIVE_SESSION,
    Batch,
    OpResult,
    UnknownEntry,
    entry_span,
    expected_bytes,
    file_dir,
    find_entry,
    is_archived,
    is_whole_file,
    refuse_instruction,
    run_plan,
    source_of,
    today,
)
from curator.ops.editing import edit
from curator.ops.io import OpError, Plan
from curator.ops.links import plan_unlink


def archive_rel_for(store: Store, rel: str, planned: set[str] | None = None) -> str:
    """`.archive/<rel>`, or `.archive/<stem>.N.md` when that name is taken."""
    base = PurePosixPath(ARCHIVE_DIR) / rel
    candidate = base.as_posix()
    number = 2
    taken = planned or set()
    while candidate in taken or (file_dir(store) / candidate).exists() or candidate in store.files:
        candidate = base.with_name(f"{base.stem}.{number}{base.suffix}").as_posix()
        number += 1
    return candidate


def section_archive_rel(store: Store, rel: str) -> str:
    """`notes.md` -> `notes.archive.md` next to it; in a Claude Code store under `.archive/` (never a live topic)."""
    path = PurePosixPath(rel)
    archived = path.with_name(f"{path.stem}.archive{path.suffix or '.md'}")
    if store.format == "claude-code":
        archived = PurePosixPath(ARCHIVE_DIR) / archived
    return archived.as_posix()


def index_text(store: Store) -> tuple[str | None, bytes | None]:
    """The MEMORY.md index text and raw bytes when the store has one."""
    if store.format != "claude-code":
        return None, None
    source = store.files.get(INDEX_NAME)
    if source is None or source.text is None:
        return None, expected_bytes(store, INDEX_NAME)
    return source.text, source.raw


def plan_file_archive(
    store: Store, plan: Plan, entry: Entry, visible: dict[str, Any], index_now: str | None, planned: set[str]
) -> tuple[str, str | None]:
    """Add to `plan`: the archived copy (stamped), the removal of the file; return archive rel and new index text."""
    source = source_of(store, entry)
    records: list[dict[str, Any]] = []
    if index_now is not None:
        index_now, records = ops_archive.remove_index_lines(index_now, entry.path)
    archive_rel = archive_rel_for(store, entry.path, planned)
    planned.add(archive_rel)
    meta = {"from": entry.path, "index": records}
    archived = ops_archive.stamp_archived(source.text or "", visible, meta)
    plan.write(archive_rel, source.encode(archived), None)
    plan.delete(entry.path, source.raw, Path(source.abspath))
    return archive_rel, index_now


def plan_section_archive(
    store: Store, plan: Plan, entry: Entry, meta: dict[str, Any], archive_texts: dict[str, str]
) -> str:
    """Append the section (with restore metadata) to `<name>.archive.md`; return the archive rel."""
    source = source_of(store, entry)
    start, _ = entry_span(entry, source)
    text = source.text or ""
    line = entry.line or text.count("\n", 0, start) + 1
    archive_rel = section_archive_rel(store, entry.path)
    if archive_rel not in archive_texts:
        raw = expected_bytes(store, archive_rel)
        archive_texts[archive_rel] = raw.decode("utf-8-sig") if raw else ""
    record = ops_archive.archive_section_record(
        text[slice(*entry_span(entry, source))],
        {"from": entry.path, "id": entry.id, "line": line, **meta},
        source.newline,
    )
    archive_texts[archive_rel] = ops_archive.append_to_archive(archive_texts[archive_rel], record, source.newline)
    return archive_rel


def write_archives(store: Store, plan: Plan, archive_texts: dict[str, str]) -> None:
    for archive_rel, archive_text in archive_texts.items():
        plan.write(archive_rel, archive_text.encode("utf-8"), expected_bytes(store, archive_rel))


def expire(
    store: Store,
    entry_id: str,
    *,
    reason: str,
    at: date | None = None,
    now: date | datetime | None = None,
    unlink: bool = False,
    relink_to: str | None = None,
    session: Any = None,
) -> OpResult:
    """Move an entry out of what the agent loads now, or schedule it with `expires: DATE` when `at` is later.

    With `unlink`, `[[name]]` links to it elsewhere in the store become plain text in the same commit;
    with `relink_to` (an entry id) they point at that entry instead.
    """
    entry = find_entry(store, entry_id)
    refuse_instruction(store, entry, "expire")
    if is_archived(entry):
        raise OpError(f"{entry.id} is already archived")
    day = today(now)
    why = reason.strip() or "expired by hand"
    if at is not None and at > day:
        return edit(
            store,
            entry_id,
            fields={"expires": at.isoformat(), "expires_reason": why},
            what=f"schedule expiry of {entry.id} on {at.isoformat()}",
            reason=why,
            session=session,
        )
    plan = Plan(file_dir(store))
    if is_whole_file(entry):
        index_now, index_raw = index_text(store)
        archive_rel, new_index = plan_file_archive(
            store, plan, entry, {"expired": day.isoformat(), "expired_reason": why}, index_now, set()
        )
        if index_now is not None and new_index is not None:
            plan.write(INDEX_NAME, store.files[INDEX_NAME].encode(new_index), index_raw)
        what = f"expire {entry.id}"
    else:
        source = source_of(store, entry)
        start, end = entry_span(entry, source)
        text = source.text or ""
        archive_texts: dict[str, str] = {}
        archive_rel = plan_section_archive(
            store, plan, entry, {"expired": day.isoformat(), "reason": why}, archive_texts
        )
        write_archives(store, plan, archive_texts)
        plan.write(entry.path, source.encode(text[:start] + text[end:]), source.raw, Path(source.abspath))
        what = f"expire {entry.id} ({entry.name})" if entry.name else f"expire {entry.id}"
    if unlink or relink_to:
        new_name = None
        if relink_to:
            partner = find_entry(store, relink_to)
            if partner.kind != "file" or is_archived(partner) or partner.id == entry.id:
                raise OpError(f"{relink_to} is not another live topic file, so links cannot point at it")
            new_name = PurePosixPath(partner.path).stem
        changed_links = plan_unlink(store, plan, [entry], set(), new_name)
        if changed_links:
            verb = (
                f"pointing {changed_links} link{'s' if changed_links != 1 else ''} at {relink_to}"
                if new_name
                else (f"unlinking {changed_links} link{'s' if changed_links != 1 else ''}")
            )
            what += f", {verb}"
    result = run_plan(store, plan, what, why, session)
    result.message = f"{result.message} -> {archive_rel}"
    return result


def scheduled_day(entry: Entry) -> date | None:
    """The day an entry is scheduled to expire (`expires` field or the reader's parsed date)."""
    if entry.expires is not None:
        return entry.expires.date()
    value = entry.fields.get("expires")
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()[:10])
        except ValueError:
            return None
    return None


def kept_after_expiry(entry: Entry) -> bool:
    """True when a person reviewed the entry on or after its `expires:` day (they kept it)."""
    scheduled = scheduled_day(entry)
    return scheduled is not None and entry.reviewed is not None and entry.reviewed.date() >= scheduled


def is_due(entry: Entry, day: date) -> bool:
    """A live store entry whose scheduled expiry is on or before `day` and that nobody kept since."""
    scheduled = scheduled_day(entry)
    return (
        entry.is_active
        and entry.origin == "store"
        and scheduled is not None
        and scheduled <= day
        and not kept_after_expiry(entry)
    )


def due_entries(store: Store, *, now: date | datetime) -> list[Entry]:
    """The entries `expire --due` would archive on `now` (never writes)."""
    day = today(now)
    return [entry for entry in store.entries if is_due(entry, day)]


def expire_due(store: Store, *, now: date | datetime) -> OpResult:
    """Apply every scheduled expiry (`expires:` on or before `now`) in one commit."""
    day = today(now)
    due = due_entries(store, now=day)
    if not due:
        return OpResult("no scheduled expiry is due", None, [], store)
    due.sort(key=lambda entry: (entry.path, -(entry.line or 0)))
    names = ", ".join(entry.id for entry in due)
    outer = _ACTIVE_SESSION.get()
    batch = outer or Batch(store, f"curator: expire {len(due)} due entr{'y' if len(due) == 1 else 'ies'} ({names})")
    changed: list[str] = []
    current = store
    if outer is None:
        batch.__enter__()
    try:
        for entry in due:
            reason = str(entry.fields.get("expires_reason") or f"scheduled expiry {scheduled_day(entry)} reached")
            result = expire(current, entry.id, reason=reason, now=day, session=batch)
            current = result.store
            changed += result.changed
    finally:
        if outer is None:
            batch.store = current
            batch.__exit__(None, None, None)
            current = batch.store
    notes = [] if outer else batch.notes
    return OpResult(
        f"expired {len(due)} due entr{'y' if len(due) == 1 else 'ies'}: {names}", batch.commit, changed, current, notes
    )


def _section_records(store: Store, rel: str) -> list[ops_archive.ArchivedSection]:
    source = store.files.get(rel)
    if source is None or source.text is None:
        return []
    return ops_archive.parse_section_archive(source.text)


def _record_of_entry(store: Store, archived: Entry) -> ops_archive.ArchivedSection | None:
    """The archive record an archived section entry stands for (by position; the only one for a whole file)."""
    records = _section_records(store, archived.path)
    start = archived.span[0] if archived.span else None
    for record in records:
        if archived.kind != "file" and (
            record.start == start or (archived.line is not None and record.line == archived.line)
        ):
            return record
    return records[0] if len(records) == 1 else None


def _load_unread_archives(store: Store) -> bool:
    """Add archive files the format's reader does not load (`.archive/`, `*.archive.md`) to `store`; True when any."""
    base = file_dir(store)
    wanted: set[str] = set()
    archive_dir = base / ARCHIVE_DIR
    if archive_dir.is_dir():
        wanted |= {path.relative_to(base).as_posix() for path in archive_dir.rglob("*.md") if path.is_file()}
    for entry in store.entries:
        if entry.kind == "section":
            wanted.add(section_archive_rel(store, entry.path))
    added = False
    for rel in sorted(wanted - set(store.files)):
        if not (base / rel).is_file():
            continue
        source = read_source(base, rel)
        if not isinstance(source, SourceFile) or source.text is None:
            continue
        store.files[rel] = source
        store.entries.append(Entry(id=rel, path=rel, kind="file", status="expired", text=source.text, body=source.text))
        added = True
    return added


def _archived_for(store: Store, entry_id: str) -> tuple[Entry, ops_archive.ArchivedSection | None]:
    """The archived entry to restore (and its section record) for an archive id or an original id."""
    entry = store.get(entry_id)
    if entry is not None and is_archived(entry):
        if entry.path.endswith(".archive.md"):
            record = _record_of_entry(store, entry)
            if record is None:
                raise OpError(f"{entry.id} holds several archived sections; restore one by its original id")
            return entry, record
        return entry, None
    candidates: dict[tuple[str, int], tuple[Entry, ops_archive.ArchivedSection | None]] = {}
    for archived in store.entries:
        if not is_archived(archived):
            continue
        if archived.path.endswith(".archive.md"):
            for record in _section_records(store, archived.path):
                if record.meta.get("id") == entry_id:
                    candidates[(archived.path, record.start)] = (archived, record)
            continue
        meta = ops_archive.read_archive_meta(archived.text)
        if meta and meta.get("from") == entry_id:
            candidates[(archived.path, 0)] = (archived, None)
    if candidates:
        return candidates[max(candidates)]
    if _load_unread_archives(store):
        return _archived_for(store, entry_id)
    if entry is not None:
        raise OpError(f"{entry.id} is not archived; only expired or merged entries can be restored")
    find_entry(store, entry_id)
    raise UnknownEntry(entry_id, [])


def archived_entry(store: Store, entry_id: str) -> Entry | None:
    """The archived entry that `entry_id` names (its archive id, or its id before expire or merge), or None."""
    try:
        return _archived_for(store, entry_id)[0]
    except OpError:
        return None


def restore(store: Store, entry_id: str, *, session: Any = None) -> OpResult:
    """Bring an archived entry back to where it was (accepts the archive id or the original id)."""
    archived, record = _archived_for(store, entry_id)
    plan = Plan(file_dir(store))
    if archived.status == "unreadable":
        raise OpError(f"{archived.id}: {archived.fields.get('reason') or 'its archive stamp cannot be trusted'}")
    stamp = record.meta if record is not None else ops_archive.read_archive_meta(source_of(store, archived).text or "")
    untrusted = archive_stamps.stamp_problem(stamp) if stamp is not None else None
    if untrusted:
        raise OpError(f"{archived.id}: {untrusted}; restore refuses it and writes nothing")
    if record is None:
        source = source_of(store, archived)
        meta = ops_archive.read_archive_meta(source.text or "")
        original = ops_archive.unstamp_archived(source.text or "")
        if meta is None or original is None:
            raise OpError(f"{archived.id} has no intact curator archive stamp; move it back by hand")
        target = str(meta.get("from") or "")
        if not target or (file_dir(store) / target).exists():
            raise OpError(f"{target or '?'} exists again; rename or merge it before restoring {archived.id}")
        plan.write(target, source.encode(original), None)
        records = meta.get("index") or []
        if records:
            index_now, index_raw = index_text(store)
            restored = ops_archive.restore_index_lines(index_now or "", records)
            index_source = store.files.get(INDEX_NAME)
            data = index_source.encode(restored) if index_source else restored.encode("utf-8")
            plan.write(INDEX_NAME, data, index_raw)
        plan.delete(archived.path, source.raw, Path(source.abspath))
    else:
        target = str(record.meta.get("from") or "")
        archive_source = source_of(store, archived)
        target_raw = expected_bytes(store, target)
        target_source = store.files.get(target)
        target_text = (
            target_source.text
            if target_source and target_source.text is not None
            else (target_raw or b"").decode("utf-8-sig")
        )
        restored = ops_archive.insert_section(target_text, record.original, int(record.meta.get("line", 1 << 30)))
        plan.write(target, target_source.encode(restored) if target_source else restored.encode("utf-8"), target_raw)
        archive_text = archive_source.text or ""
        remaining = archive_text[: record.start] + archive_text[record.end :]
        if remaining.strip():
            plan.write(
                archived.path, archive_source.encode(remaining), archive_source.raw, Path(archive_source.abspath)
            )
        else:
            plan.delete(archived.path, archive_source.raw, Path(archive_source.abspath))
    restored_id = str(record.meta.get("id") or target) if record is not None else target
    return run_plan(store, plan, f"restore {restored_id} from {archived.path}", None, session)
