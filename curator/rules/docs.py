"""The entries the drift rules read, prepared once: prose, statements and when each was written."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone

from curator import lazyre as re
from curator.model import Entry, Store
from curator.rules.facts import StatementFacts, statement_facts
from curator.rules.facts.code_lines import setting_lines
from curator.rules.facts.quantities import Quantity
from curator.rules.lazy import cached
from curator.rules.text import prose, snippet, statements
from curator.scanmemo import joinable, joined, remembered, split

JOURNAL_KINDS = frozenset({"daily"})
_CONTINUES = re.compile(r"[;；]\s*$")


def _bare(quantity: Quantity) -> bool:
    """A quantity whose own clause names nothing it counts ("keep at most 3 per run")."""
    return not any(quantity.sequence)


@dataclass
class Doc:
    """One active entry (memory or instruction-file context) with its prose split into statements."""

    entry: Entry
    is_context: bool

    @cached
    def prose(self) -> str:
        return prose(self.entry)

    @cached
    def statements(self) -> list[str]:
        text = self.prose
        return remembered("statements", text, lambda: statements(text), joined, split, keep=joinable)

    @cached
    def facts(self) -> list[StatementFacts]:
        """The facts of each statement, shared with every rule."""
        return [statement_facts(statement) for statement in self.statements]

    @cached
    def quantities(self) -> list[Quantity]:
        """The quantities of every statement; a bare one after a ';' reads the statement before it as its subject."""
        found: list[Quantity] = []
        statements, facts = self.statements, self.facts
        for index, fact in enumerate(facts):
            own = fact.quantities
            if index and _CONTINUES.search(statements[index - 1]) and any(_bare(quantity) for quantity in own):
                before = {(quantity.unit, quantity.low, quantity.high) for quantity in facts[index - 1].quantities}
                joined = statement_facts(f"{statements[index - 1]} {statements[index]}").quantities
                own = [quantity for quantity in joined if (quantity.unit, quantity.low, quantity.high) not in before]
            found.extend(own)
        return found

    @cached
    def code_facts(self) -> list[StatementFacts]:
        """The facts of the setting lines in the entry's fenced code blocks (read by `conflict` only)."""
        return [statement_facts(line) for line in setting_lines(self.entry.body or self.entry.text or "")]

    @property
    def id(self) -> str:
        return self.entry.id

    @property
    def moment(self) -> datetime | None:
        """When the entry was last changed (or reviewed), falling back to its written date."""
        return _aware(self.entry.last_touched or self.entry.date or self.entry.created)

    @property
    def written(self) -> datetime | None:
        """When the entry's words were first written: its section date, creation, or last change."""
        return _aware(self.entry.date or self.entry.created or self.entry.modified)

    @property
    def stated_at(self) -> datetime | None:
        """When the entry's current words were stated: its own date when it was never changed or reviewed after first commit.

        A dated notes section committed in bulk later still speaks as of its heading date.
        """
        entry = self.entry
        written, created, modified = _aware(entry.date), _aware(entry.created), _aware(entry.modified)
        if written and created and modified and created == modified and entry.reviewed is None:
            return min(written, modified)
        return self.moment

    def day(self) -> str:
        moment = self.moment
        return moment.date().isoformat() if moment else "date unknown"


@dataclass
class Docs:
    """Memory entries first, then instruction-file entries, all active."""

    items: list[Doc] = field(default_factory=list)

    @classmethod
    def from_store(cls, store: Store) -> Docs:
        memory = [
            Doc(entry, False)
            for entry in store.entries
            if entry.is_active and entry.kind != "index" and entry.kind not in JOURNAL_KINDS
        ]
        context = [Doc(entry, True) for entry in store.context if entry.is_active]
        return cls(memory + context)

    @property
    def memory(self) -> list[Doc]:
        return [doc for doc in self.items if not doc.is_context]


def _aware(moment: datetime | None) -> datetime | None:
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=timezone.utc)
    return moment


def order(left: Doc, right: Doc) -> tuple[Doc, Doc]:
    """(older, newer) by last change; ties and unknown dates keep the given order."""
    if left.moment and right.moment and right.moment < left.moment:
        return right, left
    if left.moment and left.moment == right.moment and _stated_before(right, left):
        return right, left
    if left.moment is None and right.moment is not None:
        return left, right
    if right.moment is None and left.moment is not None:
        return right, left
    return left, right


def _stated_before(first: Doc, second: Doc) -> bool:
    """Whether `first` was stated strictly earlier than `second` (both dates known)."""
    return bool(first.stated_at and second.stated_at and first.stated_at < second.stated_at)


def supersede_clause(older: Doc, newer: Doc) -> str:
    """'b.md (newer, 2026-10-02) supersedes a.md (2026-03-01)' or a note that the order is unknown."""
    if older.moment and newer.moment and newer.moment > older.moment:
        return f"{newer.id} (newer, {newer.day()}) supersedes {older.id} ({older.day()})"
    older_said, newer_said = older.stated_at, newer.stated_at
    if older.moment and older.moment == newer.moment and older_said and newer_said and older_said < newer_said:
        return (
            f"{newer.id} (newer, written {newer_said.date().isoformat()}) supersedes {older.id} "
            f"(written {older_said.date().isoformat()})"
        )
    return f"which is current is unknown ({older.id}: {older.day()}, {newer.id}: {newer.day()})"


def quote(text: str, limit: int = 90) -> str:
    return f"“{snippet(text, limit)}”"
