"""The one table of user actions: bindings, footer labels, help entries and palette commands."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider


@dataclass(frozen=True)
class ActionSpec:
    """One action: its key, the screen method it runs, its footer label and its help line."""

    id: str
    key: str
    action: str
    label: str
    help: str
    where: str
    show: bool = True
    palette: bool = True
    priority: bool = False

    def binding(self) -> Binding:
        return Binding(
            self.key,
            self.action,
            self.label,
            show=self.show,
            id=self.id,
            priority=self.priority,
            key_display=FOOTER_KEY_DISPLAY.get(self.key),
        )


FOOTER_KEY_DISPLAY = {"space": "␣"}

MAIN = "main screen"
REVIEW = "review mode"
CONFLICTS = "conflicts view"
PRUNE = "prune view"
MERGE = "merge screen"
EDITOR = "editor"
INBOX = "inbox"
TRENDS = "trends view"
EVERYWHERE = "everywhere"

MAIN_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("main-help", "question_mark", "app.help", "Help", "Show every key", MAIN, palette=False),
    ActionSpec("search", "slash", "search", "Search", "Fuzzy-search names, descriptions and bodies", MAIN, show=False),
    ActionSpec("edit", "e", "edit", "Edit", "Edit the entry in place, frontmatter included", MAIN),
    ActionSpec(
        "edit-external",
        "E",
        "edit_external",
        "$EDITOR",
        "Edit the entry in $EDITOR (saved through ops)",
        MAIN,
        show=False,
    ),
    ActionSpec("merge", "m", "merge", "Merge", "Merge the marked entries (or this one and its partner)", MAIN),
    ActionSpec("expire", "x", "expire", "Expire", "Expire the entry to the archive (reason; now or a date)", MAIN),
    ActionSpec("restore", "X", "restore", "Restore", "Restore an expired entry from the archive", MAIN, show=False),
    ActionSpec("review-stamp", "v", "review_stamp", "Reviewed", "Stamp the entry as reviewed today", MAIN, show=False),
    ActionSpec(
        "promote", "plus", "promote", "Promote", "Promote the entry to a rule in CLAUDE.md/AGENTS.md", MAIN, show=False
    ),
    ActionSpec(
        "dismiss", "d", "dismiss_finding", "Dismiss", "Dismiss a finding (writes a suppression)", MAIN, show=False
    ),
    ActionSpec(
        "index-fix",
        "I",
        "index_fix",
        "Index fix",
        "Index fixes: add orphan, drop dead link, shorten, move up",
        MAIN,
        show=False,
    ),
    ActionSpec("conflicts", "c", "conflicts", "Conflicts", "Resolve conflicts and duplicates side by side", MAIN),
    ActionSpec("review", "R", "review", "Review", "Weekly review: walk flagged entries, worst first", MAIN),
    ActionSpec("undo", "u", "undo", "Undo", "Revert the last curator commit", MAIN),
    ActionSpec("mark", "space", "mark", "Mark", "Mark or unmark for merge (the cursor stays)", MAIN),
    ActionSpec("inbox", "i", "inbox", "Inbox", "What the agent changed since the last review", MAIN),
    ActionSpec("trends", "T", "trends", "Trends", "Charts of memory over time", MAIN, show=False),
    ActionSpec(
        "prune", "P", "prune", "Prune", "Prune view: entries the agent never reads, worst first", MAIN, show=False
    ),
    ActionSpec(
        "why",
        "w",
        "show_tab('history')",
        "Why?",
        "Why this memory exists: the sessions that wrote it",
        MAIN,
        show=False,
    ),
    ActionSpec("rerun-checks", "p", "rerun_checks", "Probe", "Re-run the live checks for the entry", MAIN, show=False),
    ActionSpec(
        "adhoc-probe", "colon", "adhoc_probe", "ls/grep", "Run an ad-hoc ls or grep in the project", MAIN, show=False
    ),
    ActionSpec(
        "fix-claim", "F", "fix_claim", "Fix claim", "Update the entry from a failed check's evidence", MAIN, show=False
    ),
    ActionSpec(
        "type-filter", "t", "cycle_type", "Type", "Filter by type (cycles user/feedback/project/...)", MAIN, show=False
    ),
    ActionSpec("flagged-filter", "f", "toggle_flagged", "Flagged", "Show only flagged entries", MAIN, show=False),
    ActionSpec(
        "archived-filter", "A", "toggle_archived", "Archived", "Show expired (archived) entries", MAIN, show=False
    ),
    ActionSpec("sort", "s", "cycle_sort", "Sort", "Sort by the next column (S reverses)", MAIN, show=False),
    ActionSpec("sort-reverse", "S", "reverse_sort", "Reverse", "Reverse the sort order", MAIN, show=False),
    ActionSpec(
        "rescan", "ctrl+r", "rescan", "Rescan", "Reload the store and re-run history, rules, checks", MAIN, show=False
    ),
    ActionSpec("tab-content", "1", "show_tab('content')", "Content", "Show the Content tab", MAIN, show=False),
    ActionSpec("tab-history", "2", "show_tab('history')", "History", "Show the History tab", MAIN, show=False),
    ActionSpec("tab-findings", "3", "show_tab('findings')", "Findings", "Show the Findings tab", MAIN, show=False),
    ActionSpec("tab-check", "4", "show_tab('check')", "Check", "Show the Check tab", MAIN, show=False),
    ActionSpec("next-flagged", "n", "next_flagged", "Next flagged", "Jump to the next flagged entry", MAIN, show=False),
)

SECRET_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "reveal-secrets",
        "r",
        "toggle_secrets",
        "Reveal",
        "Reveal or hide the entry's secrets in the Content tab (masked by default)",
        MAIN,
        show=False,
    ),
    ActionSpec(
        "redact",
        "D",
        "redact",
        "Redact",
        "Replace the entry's secrets with <redacted:TYPE> (one commit; rotate them too)",
        MAIN,
        show=False,
    ),
)

APP_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "help", "question_mark", "help", "Help", "Show every key, on every screen (F1 inside text fields)", EVERYWHERE
    ),
    ActionSpec(
        "help-f1",
        "f1",
        "help",
        "Help",
        "Show every key, even while typing in a text field",
        EVERYWHERE,
        show=False,
        palette=False,
        priority=True,
    ),
    ActionSpec("quit", "q", "quit", "Quit", "Quit curator", EVERYWHERE),
    ActionSpec("quit-ctrl", "ctrl+q", "quit", "Quit", "Quit curator", EVERYWHERE, show=False, palette=False),
)

REVIEW_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "review-keep", "k", "keep", "Keep", "Keep: stamp as reviewed (a past expires: asks to extend or clear)", REVIEW
    ),
    ActionSpec("review-edit", "e", "edit", "Edit", "Edit the entry, then count it as kept", REVIEW),
    ActionSpec("review-expire", "x", "expire", "Expire", "Expire the entry (reason from its finding)", REVIEW),
    ActionSpec("review-merge", "m", "merge", "Merge", "Merge with the suggested partner", REVIEW),
    ActionSpec(
        "review-snooze", "z", "snooze", "Snooze", "Keep, and ask again in N weeks (review skips it until then)", REVIEW
    ),
    ActionSpec(
        "review-fix-claim",
        "F",
        "fix_claim",
        "Fix claim",
        "Update the entry from a failed check's evidence (a decision)",
        REVIEW,
        show=False,
    ),
    ActionSpec(
        "review-index-fix",
        "I",
        "index_fix",
        "Index fix",
        "Fix the index line this finding points at (a decision)",
        REVIEW,
        show=False,
    ),
    ActionSpec("review-skip", "s", "skip", "Skip", "Skip without a decision", REVIEW),
    ActionSpec(
        "review-back", "b", "back", "Back", "Go back one entry and undo its decision (an edit stays as a draft)", REVIEW
    ),
    ActionSpec("review-finish", "escape", "finish", "Finish", "End the review: summary, then one commit", REVIEW),
)

INBOX_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("inbox-approve", "a", "approve", "Approve", "Approve the change", INBOX),
    ActionSpec("inbox-revert", "r", "revert", "Revert", "Revert the change when the review finishes", INBOX),
    ActionSpec(
        "inbox-approve-session", "A", "approve_session", "Approve all", "Approve every change of the session", INBOX
    ),
    ActionSpec(
        "inbox-revert-session", "R", "revert_session", "Revert all", "Revert every change of the session", INBOX
    ),
    ActionSpec("inbox-undecide", "z", "undecide", "Undecide", "Clear the decision on the change", INBOX, show=False),
    ActionSpec("inbox-edit", "e", "edit", "Edit", "Edit the changed entry", INBOX),
    ActionSpec("inbox-history", "h", "history", "History", "Open the entry's history", INBOX, show=False),
    ActionSpec(
        "inbox-finish",
        "f",
        "finish",
        "Finish",
        "Apply reverts, approve the rest, move the review marker (one commit)",
        INBOX,
    ),
    ActionSpec("inbox-close", "escape", "close", "Back", "Back to the main screen", INBOX),
)

TRENDS_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("trends-every", "w", "cycle_every", "Step", "One point per week, day or commit", TRENDS),
    ActionSpec("trends-close", "escape", "close", "Back", "Back to the main screen", TRENDS),
)

CONFLICT_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("conflict-keep-left", "h", "keep_left", "Keep left", "Keep left, expire right", CONFLICTS),
    ActionSpec("conflict-keep-right", "l", "keep_right", "Keep right", "Keep right, expire left", CONFLICTS),
    ActionSpec("conflict-merge", "m", "merge", "Merge", "Merge the pair", CONFLICTS),
    ActionSpec("conflict-dismiss", "d", "dismiss_finding", "Dismiss", "Dismiss the finding (suppression)", CONFLICTS),
    ActionSpec("conflict-next", "n", "next", "Next", "Next pair", CONFLICTS),
    ActionSpec("conflict-prev", "p", "previous", "Prev", "Previous pair", CONFLICTS),
    ActionSpec("conflict-close", "escape", "close", "Back", "Back to the main screen", CONFLICTS),
)

PRUNE_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("prune-expire", "x", "expire", "Expire", "Expire the candidate to the archive", PRUNE),
    ActionSpec("prune-open", "enter", "open", "Open", "Show the entry on the main screen", PRUNE),
    ActionSpec("prune-close", "escape", "close", "Back", "Back to the main screen", PRUNE),
)

MERGE_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "merge-confirm", "ctrl+s", "confirm", "Merge", "Write the merged entry (asks to confirm)", MERGE, priority=True
    ),
    ActionSpec("merge-cancel", "escape", "cancel", "Cancel", "Leave without merging", MERGE, priority=True),
)

EDITOR_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("editor-save", "ctrl+s", "save", "Save", "Save the entry (one commit)", EDITOR, priority=True),
    ActionSpec(
        "editor-cancel", "escape", "cancel", "Cancel", "Leave without saving (asks if changed)", EDITOR, priority=True
    ),
)

ALL_ACTIONS: tuple[tuple[str, tuple[ActionSpec, ...]], ...] = (
    (MAIN, MAIN_ACTIONS),
    (MAIN, SECRET_ACTIONS),
    (REVIEW, REVIEW_ACTIONS),
    (INBOX, INBOX_ACTIONS),
    (TRENDS, TRENDS_ACTIONS),
    (CONFLICTS, CONFLICT_ACTIONS),
    (PRUNE, PRUNE_ACTIONS),
    (MERGE, MERGE_ACTIONS),
    (EDITOR, EDITOR_ACTIONS),
    (EVERYWHERE, APP_ACTIONS),
)

KEY_DISPLAY = {"slash": "/", "space": "space", "colon": ":", "question_mark": "?", "escape": "esc", "plus": "+"}


def key_label(key: str) -> str:
    """How a key is written in the help screen and README."""
    return KEY_DISPLAY.get(key, key.replace("ctrl+", "ctrl+"))


def bindings(specs: tuple[ActionSpec, ...]) -> list[BindingType]:
    """The Textual bindings for these actions."""
    return [spec.binding() for spec in specs]


class CuratorCommands(Provider):
    """Palette commands for every action of the current screen and the app."""

    def _specs(self) -> list[ActionSpec]:
        screen_specs = getattr(self.screen, "ACTION_SPECS", ())
        return [spec for spec in (*screen_specs, *APP_ACTIONS) if spec.palette]

    def _runner(self, spec: ActionSpec):
        target = self.screen if spec.where != EVERYWHERE else self.app
        return partial(self.app.call_later, target.run_action, spec.action)

    def _title(self, spec: ActionSpec) -> str:
        return f"{spec.label} ({key_label(spec.key)})"

    async def discover(self) -> Hits:
        for spec in self._specs():
            yield DiscoveryHit(self._title(spec), self._runner(spec), help=spec.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for spec in self._specs():
            text = f"{self._title(spec)} {spec.help}"
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(self._title(spec)), self._runner(spec), help=spec.help)
