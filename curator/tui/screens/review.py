"""Review mode: walk the flagged entries worst first, decide on each, apply all as ONE commit."""

from __future__ import annotations

from datetime import datetime

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Footer, ProgressBar, Static

from curator.model import Entry, Store
from curator.ops import Decision, apply_decisions, review_message
from curator.ops import inbox as ops_inbox
from curator.tui.base import CuratorScreen
from curator.tui.commands import REVIEW_ACTIONS, bindings
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.edit import EditScreen
from curator.tui.screens.expire import ExpireChoice, ExpireModal
from curator.tui.screens.merge import MergePlan, MergeScreen
from curator.tui.session import disk_signature
from curator.tui.view import default_expire_reason, review_queue, suggested_partner
from curator.tui.widgets.check_view import result_label
from curator.tui.widgets.content_view import entry_renderable
from curator.tui.widgets.findings_view import finding_label


class ReviewScreen(CuratorScreen):
    """One flagged entry at a time, with its findings and check results."""

    CSS_PATH = "review.tcss"

    BINDINGS = bindings(REVIEW_ACTIONS)
    ACTION_SPECS = REVIEW_ACTIONS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    class ReviewApplied(Message):
        """The session's decisions were written (one commit)."""

        def __init__(
            self, message: str, commit: str | None, refusals: list[str], error: str | None, delta: str = "",
            store: Store | None = None, signature: tuple = (),
        ) -> None:
            super().__init__()
            self.message = message
            self.commit = commit
            self.refusals = refusals
            self.error = error
            self.delta = delta
            self.store = store
            self.signature = signature

    def __init__(self) -> None:
        super().__init__()
        session = self.curator.session
        entries = session.store.entries if session.store else []
        self.queue: list[str] = [entry.id for entry in review_queue(entries, session.findings, session.now)]
        self.position = 0
        self.decisions: dict[str, Decision] = {}
        self.applying = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="review-top"):
            yield Static(id="review-header")
            yield ProgressBar(total=max(1, len(self.queue)), show_eta=False, id="review-progress")
        with Horizontal(id="review-body"):
            with VerticalScroll(id="review-entry"):
                yield Static(id="review-entry-body")
            with Vertical(id="review-side"):
                with VerticalScroll(id="review-findings-scroll"):
                    yield Static(id="review-findings")
                with VerticalScroll(id="review-checks-scroll"):
                    yield Static(id="review-checks")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.watch(self.app, "session_revision", self.session_changed, init=False)
        if not self.queue:
            self.curator.say("Nothing is flagged: no review needed.")
        self._show()

    def session_changed(self) -> None:
        if self.is_mounted:
            self._show()

    @property
    def current_entry(self) -> Entry | None:
        store = self.curator.session.store
        if store is None or self.position >= len(self.queue):
            return None
        return store.get(self.queue[self.position])

    def unsaved_work(self) -> str:
        acting = [decision for decision in self.decisions.values() if decision.kind != "skip"]
        if not acting or self.applying:
            return ""
        return f"{len(acting)} review decision{'s' if len(acting) != 1 else ''} not yet written"

    def _counts(self) -> Text:
        kinds = [decision.kind for decision in self.decisions.values()]
        return Text.assemble(
            (f"{sum(k in ('keep', 'edit') for k in kinds)} kept ", "green"),
            (f"{kinds.count('expire')} expired ", "red"),
            (f"{kinds.count('merge')} merged ", "magenta"),
            (f"{kinds.count('skip')} skipped", "dim"),
        )

    def _show(self) -> None:
        session = self.curator.session
        self.query_one("#review-progress", ProgressBar).update(progress=self.position)
        entry = self.current_entry
        header = self.query_one("#review-header", Static)
        if entry is None:
            header.update(Text.assemble(("Review finished  ", "bold"), self._counts(), ("   esc applies", "dim")))
            self.query_one("#review-entry-body", Static).update(Text("All flagged entries seen.", style="bold"))
            self.query_one("#review-findings", Static).update("")
            self.query_one("#review-checks", Static).update("")
            return
        decided = self.decisions.get(entry.id)
        header.update(
            Text.assemble(
                ("Review ", "bold"),
                (f"{self.position + 1}/{len(self.queue)} ", "bold cyan"),
                (entry.id, "bold"),
                (f"  [{decided.kind}]" if decided else "", "italic"),
                ("   ", ""),
                self._counts(),
            )
        )
        self.query_one("#review-entry-body", Static).update(entry_renderable(entry, session.now))
        entry_findings = session.findings_by_entry().get(entry.id, [])
        findings_text = Text("Findings\n", style="bold")
        for finding in entry_findings:
            findings_text.append_text(finding_label(finding, entry.id))
            findings_text.append("\n")
        partner = suggested_partner(entry.id, session.findings)
        if partner and session.store is not None and session.store.get(partner) is not None:
            findings_text.append(f"\nm merges with {partner}", style="magenta")
        self.query_one("#review-findings", Static).update(findings_text)
        results = session.check_results.get(entry.id)
        if results is None:
            checks: Text | Group = Text("Checks: not run" if session.stage == "ready" else "Checks: probing…", style="dim")
        elif not results:
            checks = Text("Checks: no checkable claims", style="dim")
        else:
            checks = Group(Text("Checks", style="bold"), *(result_label(result) for result in results))
        self.query_one("#review-checks", Static).update(checks)
        self.query_one("#review-entry", VerticalScroll).scroll_home(animate=False)

    def _decide(self, decision: Decision) -> None:
        entry = self.current_entry
        if entry is None:
            return
        self.decisions[entry.id] = decision
        self._advance()

    def _advance(self) -> None:
        self.position += 1
        while self.position < len(self.queue) and self.current_entry is None:
            self.position += 1
        self._show()
        if self.position >= len(self.queue):
            self.action_finish()

    def action_keep(self) -> None:
        self._decide(Decision("keep"))

    def action_skip(self) -> None:
        self._decide(Decision("skip"))

    def action_back(self) -> None:
        if self.position == 0:
            return
        self.position -= 1
        decision = self.decisions.pop(self.queue[self.position], None)
        if decision is not None and decision.kind == "merge" and decision.partner:
            self.queue.insert(self.position + 1, decision.partner) if decision.partner not in self.queue else None
        self._show()

    def action_edit(self) -> None:
        entry = self.current_entry
        if entry is None:
            return
        def saved(new_text: str | None) -> None:
            if new_text is not None:
                self._decide(Decision("edit", text=new_text))

        self.app.push_screen(EditScreen(entry), saved)

    def action_expire(self) -> None:
        entry = self.current_entry
        if entry is None:
            return
        reason = default_expire_reason(self.curator.session.findings_by_entry().get(entry.id, []))

        def chosen(choice: ExpireChoice | None) -> None:
            if choice is not None:
                self._decide(Decision("expire", reason=choice.reason, at=choice.at))

        self.app.push_screen(ExpireModal(entry.id, reason or "reviewed: no longer true"), chosen)

    def action_merge(self) -> None:
        entry = self.current_entry
        if entry is None:
            return
        partner = suggested_partner(entry.id, self.curator.session.findings)
        store = self.curator.session.store
        if partner is None or partner in self.decisions or store is None or store.get(partner) is None:
            self.curator.say("No merge partner for this entry (no open conflict or duplicate).", severity="warning")
            return
        def confirmed(plan: MergePlan | None) -> None:
            if plan is None:
                return
            if partner in self.queue[self.position + 1:]:
                self.queue.remove(partner)
            self._decide(Decision("merge", partner=partner, name=plan.name, text=plan.text))

        store = self.session.store
        if store is not None:
            self.app.push_screen(MergeScreen(store, [entry.id, partner]), confirmed)

    def action_finish(self) -> None:
        if self.applying:
            return
        acting = {entry_id: d for entry_id, d in self.decisions.items() if d.kind != "skip"}
        if not acting:
            self.curator.say("Review ended: nothing to write.")
            self.dismiss(None)
            return
        day = self.curator.session.now.date().isoformat()
        message = review_message(day, acting)
        body = Text(f"{message}\n\nEverything is written as ONE commit:\n", style="")
        for entry_id, decision in acting.items():
            extra = f" with {decision.partner}" if decision.partner else (f" — {decision.reason}" if decision.reason else "")
            body.append(f"  {decision.kind:7} {entry_id}{extra}\n")

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.applying = True
                self.curator.op_running = True
                self._apply(self.curator.session.store, acting, message, self.curator.session.now, len(self.curator.session.findings))

        self.app.push_screen(ConfirmModal("Apply the review?", body, "Apply"), answered)

    @work(thread=True, exclusive=True, exit_on_error=False, group="review")
    def _apply(self, store: Store, decisions: dict[str, Decision], message: str, now: datetime, findings: int) -> None:
        delta = ""
        fresh: Store | None = None
        signature: tuple = ()
        try:
            commit, refusals, fresh = apply_decisions(store, decisions, f"{message}\n\n{ops_inbox.review_trailers(findings)}", now)
            commit, delta = ops_inbox.record_review(fresh, commit, message=message, findings=findings)
            signature = disk_signature(fresh)
            error = None
        except Exception as exc:
            commit, refusals, error = None, [], str(exc) or type(exc).__name__
        self.post_message(self.ReviewApplied(message, commit, refusals, error, delta, fresh, signature))

    @on(ReviewApplied)
    def _applied(self, message: ReviewApplied) -> None:
        self.applying = False
        self.curator.op_running = False
        if message.error:
            self.curator.say(f"The review could not be written: {message.error}", severity="error", timeout=10)
        else:
            note = f"curator: {message.message}\n" + (f"commit {message.commit[:7]}" if message.commit else "(not committed: no git)")
            if message.delta:
                note += f"\n{message.delta}"
            if message.refusals:
                note += "\nrefused: " + "; ".join(message.refusals)
            self.curator.say(note, severity="warning" if message.refusals else "information", timeout=10)
        if message.store is not None:
            self.curator.adopt(message.store, message.signature)
        else:
            self.curator.reload()
        self.dismiss(None)
