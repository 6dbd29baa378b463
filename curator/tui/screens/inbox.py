"""The review inbox: what the agent changed since the last review, by session, with approve and revert."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Footer, Static, Tree

from curator.inbox.changes import changes_since
from curator.inbox.store_git import InboxError
from curator.ops import inbox as ops_inbox
from curator.textsafe import visible
from curator.tui.base import CuratorScreen
from curator.tui.commands import INBOX_ACTIONS, bindings
from curator.tui.screens.confirm import ConfirmModal

KIND_GLYPH = {"added": "+", "edited": "~", "deleted": "-", "renamed": "→", "expired": "⌫", "restored": "↺"}
KIND_STYLE = {
    "added": "green",
    "edited": "yellow",
    "deleted": "bold red",
    "renamed": "cyan",
    "expired": "dim",
    "restored": "cyan",
}


def change_label(change: Any) -> Text:
    """`~ edited  blog_cadence.md  ↩ revert` — literal text, never markup."""
    label = Text.assemble(
        (f"{KIND_GLYPH.get(change.kind, '?')} {change.kind:<8} ", KIND_STYLE.get(change.kind, "")),
        visible(change.path),
    )
    if change.old_path and change.old_path != change.path:
        label.append(visible(f"  (was {change.old_path})"), style="dim")
    if change.decision == "revert":
        label.append("  ↩ revert", style="bold magenta")
    elif change.decision == "approve":
        label.append("  ✓ approved", style="green")
    return label


def diff_text(diff: str) -> Text:
    """A unified diff coloured by line, shown literally."""
    shown = Text()
    for line in diff.splitlines():
        style = (
            "green"
            if line.startswith("+")
            else "red"
            if line.startswith("-")
            else "cyan"
            if line.startswith("@@")
            else ""
        )
        shown.append(visible(line) + "\n", style=style)
    return shown or Text("(no textual difference)", style="dim")


class InboxScreen(CuratorScreen):
    """Every entry changed since the last review, grouped by the session that changed it."""

    CSS_PATH = "inbox.tcss"
    BINDINGS = bindings(INBOX_ACTIONS)
    ACTION_SPECS = INBOX_ACTIONS

    class ChangesLoaded(Message):
        """The inbox was computed (or could not be)."""

        def __init__(self, inbox: Any, error: str | None) -> None:
            super().__init__()
            self.inbox = inbox
            self.error = error

    class ReviewFinished(Message):
        """The review commit was written and the marker moved (or the finish was refused)."""

        def __init__(self, outcome: Any, error: str | None) -> None:
            super().__init__()
            self.outcome = outcome
            self.error = error

    def __init__(self) -> None:
        super().__init__()
        self.inbox: Any = None
        self.busy = False

    def compose(self) -> ComposeResult:
        yield Static("Loading the changes since the last review…", id="inbox-header")
        with Horizontal(id="inbox-body"):
            tree: Tree[Any] = Tree("changes", id="inbox-tree")
            tree.show_root = False
            yield tree
            with VerticalScroll(id="inbox-diff-scroll"):
                yield Static(id="inbox-diff")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#inbox-tree", Tree).focus()
        self.reload_changes()

    def session_changed(self) -> None:
        if self.is_mounted and self.curator.session.stage == "ready" and not self.busy:
            self.reload_changes()

    def reload_changes(self) -> None:
        store = self.curator.session.store
        if store is not None:
            self._load(store)

    @work(thread=True, exclusive=True, exit_on_error=False, group="inbox", description="_load")
    def _load(self, store: Any) -> None:
        try:
            inbox, error = changes_since(store, include_approved=True), None
        except InboxError as exc:
            inbox, error = None, str(exc)
        except Exception as exc:
            inbox, error = None, str(exc) or type(exc).__name__
        self.post_message(self.ChangesLoaded(inbox, error))

    @on(ChangesLoaded)
    def _changes_loaded(self, message: ChangesLoaded) -> None:
        header = self.query_one("#inbox-header", Static)
        tree = self.query_one("#inbox-tree", Tree)
        if message.error is not None:
            header.update(Text(f"No inbox: {message.error}", style="yellow"))
            tree.clear()
            return
        self.inbox = message.inbox
        remembered = self.current_change
        tree.clear()
        for group in self.inbox.groups:
            when = f" · {group.when:%m-%d %H:%M}" if group.when else ""
            node = tree.root.add(
                Text(f"{group.label}{when}  ({len(group.changes)})", style="bold"), data=group, expand=True
            )
            for change in group.changes:
                node.add_leaf(change_label(change), data=change)
        self._update_header()
        deleted = next((change for change in self.inbox.changes if change.kind == "deleted"), None)
        if remembered is not None:
            self._select_path(remembered.path)
        elif deleted is not None:
            self._select_path(deleted.path)
        self._show_diff()

    def _update_header(self) -> None:
        inbox = self.inbox
        changes = inbox.changes
        pending = sum(1 for change in changes if change.decision == "revert")
        approved = sum(1 for change in changes if change.decision == "approve")
        undecided = len(changes) - pending - approved
        header = Text.assemble(
            ("Changes since ", "dim"),
            (inbox.base_label, "bold"),
            f"  ·  {len(changes)} change(s) in {len(inbox.groups)} session(s)  ·  ",
            (f"{approved} approved", "green"),
            "  ",
            (f"{pending} to revert", "magenta"),
            "  ",
            f"{undecided} undecided",
        )
        if not changes:
            header = Text.assemble(
                ("Nothing changed since ", "dim"), (inbox.base_label, "bold"), ("  ·  f records the review", "dim")
            )
        self.query_one("#inbox-header", Static).update(header)

    def _select_path(self, path: str) -> None:
        tree = self.query_one("#inbox-tree", Tree)
        for line in range(tree.last_line + 1):
            node = tree.get_node_at_line(line)
            if node is not None and getattr(node.data, "path", None) == path:
                tree.move_cursor(node)
                return

    @property
    def current_node(self) -> Any:
        return self.query_one("#inbox-tree", Tree).cursor_node

    @property
    def current_change(self) -> Any:
        node = self.current_node
        data = node.data if node is not None else None
        return data if data is not None and hasattr(data, "kind") else None

    def _selected_changes(self) -> list[Any]:
        """The change under the cursor, or every change of the session under the cursor."""
        node = self.current_node
        if node is None or node.data is None:
            return []
        return list(node.data.changes) if hasattr(node.data, "changes") else [node.data]

    @on(Tree.NodeHighlighted, "#inbox-tree")
    def _highlighted(self, _event: Tree.NodeHighlighted) -> None:
        self._show_diff()

    def _show_diff(self) -> None:
        view = self.query_one("#inbox-diff", Static)
        change = self.current_change
        if change is None:
            node = self.current_node
            if node is not None and hasattr(node.data, "changes"):
                view.update(
                    Text(
                        f"{node.data.label}: {len(node.data.changes)} change(s)\nA approves and R reverts the whole session.",
                        style="dim",
                    )
                )
            else:
                view.update(Text("Nothing selected.", style="dim"))
            return
        view.update(diff_text(change.diff()))

    # --- decisions ------------------------------------------------------------------------------

    def _decide(self, changes: list[Any], decision: str) -> None:
        store = self.curator.session.store
        if not changes or store is None:
            self.curator.say("Select a change or a session first.", severity="warning")
            return
        try:
            ops_inbox.decide(store, changes, decision)
        except Exception as exc:
            self.curator.say(f"Nothing was recorded: {exc}", severity="error")
            return
        for change in changes:
            change.decision = "" if decision == "undecided" else decision
        self._relabel()
        self._update_header()
        self._advance()

    def _relabel(self) -> None:
        tree = self.query_one("#inbox-tree", Tree)
        for group_node in tree.root.children:
            for leaf in group_node.children:
                leaf.set_label(change_label(leaf.data))

    def _advance(self) -> None:
        tree = self.query_one("#inbox-tree", Tree)
        if tree.cursor_line < tree.last_line:
            tree.cursor_line += 1

    def action_approve(self) -> None:
        self._decide([self.current_change] if self.current_change else [], "approve")

    def action_revert(self) -> None:
        self._decide([self.current_change] if self.current_change else [], "revert")

    def action_approve_session(self) -> None:
        self._decide(self._selected_changes() or self._group_of_cursor(), "approve")

    def action_revert_session(self) -> None:
        self._decide(self._selected_changes() if self.current_change is None else self._group_of_cursor(), "revert")

    def action_undecide(self) -> None:
        self._decide([self.current_change] if self.current_change else [], "undecided")

    def _group_of_cursor(self) -> list[Any]:
        node = self.current_node
        if node is None:
            return []
        parent = node.parent if self.current_change is not None else node
        return list(parent.data.changes) if parent is not None and hasattr(parent.data, "changes") else []

    def _open_in_main(self, then: str) -> None:
        change = self.current_change
        if change is None or change.after is None:
            self.curator.say("Select a change whose entry still exists.", severity="warning")
            return
        main = self.curator.main_screen
        self.app.pop_screen()
        if main is not None and main.query_one("#entries").select_entry(change.path):
            main.call_after_refresh(main.run_action, then)
        else:
            self.curator.say(f"{change.path} is not in the table (archived entries show with A).", severity="warning")

    def action_edit(self) -> None:
        self._open_in_main("edit")

    def action_history(self) -> None:
        self._open_in_main("show_tab('history')")

    def action_finish(self) -> None:
        if self.inbox is None or self.busy:
            return
        changes = self.inbox.changes
        reverts = [change for change in changes if change.decision == "revert"]
        undecided = [change for change in changes if change.decision not in ("revert", "approve")]
        body = f"{len(reverts)} change(s) are reverted and {len(changes) - len(reverts)} approved, in one commit; the review marker moves to it."
        if undecided:
            body += f"\n{len(undecided)} undecided change(s) count as approved."

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.busy = True
                self._finish(self.curator.session.store, self.curator.session.now, len(self.curator.session.findings))

        self.app.push_screen(ConfirmModal("Finish the review?", body, "Finish"), answered)

    @work(thread=True, exclusive=True, exit_on_error=False, group="inbox-finish", description="_finish")
    def _finish(self, store: Any, now: Any, findings: int) -> None:
        try:
            outcome, error = ops_inbox.finish_review(store, now=now, findings=findings), None
        except Exception as exc:
            outcome, error = None, str(exc) or type(exc).__name__
        self.post_message(self.ReviewFinished(outcome, error))

    @on(ReviewFinished)
    def _review_finished(self, message: ReviewFinished) -> None:
        self.busy = False
        if message.error is not None:
            self.curator.say(f"The review was not recorded: {message.error}", severity="error", timeout=10)
            self.reload_changes()
            return
        outcome = message.outcome
        commit = f"\ncommit {outcome.commit[:7]}" if outcome.commit else ""
        self.curator.say(f"{outcome.message}{commit}", timeout=12)
        self.curator.reload()
        self.app.pop_screen()

    def action_close(self) -> None:
        self.app.pop_screen()
