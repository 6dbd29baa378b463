"""Merge two or more entries: sources side by side, an editable draft, the index change, confirm."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Static, TextArea

from curator import ops
from curator.model import Entry, Store
from curator.tui.commands import MERGE_ACTIONS, bindings
from curator.tui.review_decisions import inbound_wiki_labels
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.view import format_date
from curator.tui.widgets.content_view import shown_text


@dataclass
class MergePlan:
    """What the user confirmed: the merged entry's name and text."""

    ids: list[str]
    name: str
    text: str


@dataclass
class DraftView:
    """A merge draft as the screen needs it, whichever module produced it."""

    name: str
    text: str
    index_line: str
    error: str | None = None
    file_name: str = ""


def make_draft(store: Store, ids: list[str]) -> DraftView:
    """Ask ops for a merged draft; a refusal is shown in the screen instead of raising."""
    try:
        draft = ops.merge_draft(store, ids)
    except Exception as exc:
        return DraftView(name="", text="", index_line="", error=str(exc))
    file_name = draft.path if getattr(draft, "kind", "file") == "file" else ""
    return DraftView(name=draft.name, text=draft.text, index_line=draft.index_line or "", file_name=file_name)


def removed_index_lines(store: Store, entries: list[Entry]) -> list[str]:
    """The index lines that point at any of the sources (they go away)."""
    if store.index is None:
        return []
    paths = {entry.path for entry in entries} | {entry.id for entry in entries}
    return [line.text for line in store.index.entries if any(target in paths for target in line.targets)]


def source_header(entry: Entry) -> Text:
    return Text.assemble(
        (entry.id, "bold cyan"),
        (f"  {entry.type or '—'}  created {format_date(entry.created)}  modified {format_date(entry.modified)}", "dim"),
    )


class MergeScreen(Screen[MergePlan | None]):
    """Side-by-side sources above an editable draft and an index preview."""

    CSS_PATH = "merge.tcss"

    BINDINGS = bindings(MERGE_ACTIONS)
    ACTION_SPECS = MERGE_ACTIONS

    def __init__(self, store: Store, ids: list[str], *, text: str | None = None, name: str | None = None) -> None:
        super().__init__()
        self.store = store
        self.ids = ids
        self.sources = [entry for entry in (store.get(entry_id) for entry_id in ids) if entry is not None]
        self.draft = make_draft(store, ids)
        if text is not None and not self.draft.error:
            self.draft.text = text
            if name:
                self.draft.file_name = name if self.draft.file_name else ""
                self.draft.name = name

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(("Merge ", "bold"), (" + ".join(self.ids), "bold cyan")), id="merge-title")
        with Horizontal(id="merge-sources"):
            for entry in self.sources:
                with VerticalScroll(classes="merge-source"):
                    yield Static(source_header(entry))
                    yield Static(Text(shown_text(entry)[0]))
        with Horizontal(id="merge-bottom"):
            with Vertical(id="merge-draft-column"):
                with Horizontal(id="merge-name-row"):
                    yield Label("File " if self.draft.file_name else "Name ")
                    yield Input(self.draft.file_name or self.draft.name, id="merge-name")
                yield TextArea(self.draft.text, soft_wrap=True, show_line_numbers=False, id="merge-draft")
            with VerticalScroll(id="merge-preview"):
                yield Static(self._preview(), id="merge-index-preview")
        yield Footer()

    def _preview(self) -> Text:
        if self.draft.error:
            return Text(f"ops cannot draft this merge: {self.draft.error}", style="bold red")
        preview = Text("Index change\n", style="bold")
        for line in removed_index_lines(self.store, self.sources):
            preview.append(f"- {line}\n", style="red")
        if self.draft.index_line:
            preview.append(f"+ {self.draft.index_line}\n", style="green")
        links = inbound_wiki_labels(self.store, self.ids)
        if links:
            preview.append(f"\n{len(links)} link(s) to the sources are rewritten to the merged entry:\n", style="bold")
            for link in links:
                preview.append(f"  {link}\n")
        preview.append("\nSources move to the archive; [[links]] to them are rewritten.", style="dim")
        return preview

    def on_mount(self) -> None:
        self.query_one("#merge-draft", TextArea).focus()

    def unsaved_work(self) -> str:
        return f"the unconfirmed merge of {' + '.join(self.ids)}"

    def action_confirm(self) -> None:
        if self.draft.error:
            self.notify(self.draft.error, severity="error")
            return
        name = self.query_one("#merge-name", Input).value.strip()
        text = self.query_one("#merge-draft", TextArea).text
        if not name or not text.strip():
            self.notify("The merged entry needs a name and some text.", severity="warning")
            return
        body = Text(f"{len(self.sources)} entries become {name}; the sources move to the archive.\n\n")
        body.append_text(self._preview())

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.dismiss(MergePlan(ids=self.ids, name=name, text=text))

        self.app.push_screen(ConfirmModal(f"Merge into {name}?", body, "Merge"), answered)

    def action_cancel(self) -> None:
        self.dismiss(None)
