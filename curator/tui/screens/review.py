"""Review mode: walk the flagged entries worst first, decide on each, apply all as ONE commit."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Footer, ProgressBar, Static

from curator import config, ops
from curator.model import Entry, Store
from curator.ops import Decision, apply_decisions, review_message
from curator.ops import inbox as ops_inbox
from curator.ops.decisions import KEPT_KINDS
from curator.tui.commands import REVIEW_ACTIONS, bindings
from curator.tui.index_row import IndexFix, index_fixes, is_index
from curator.tui.review_decisions import (
    decision_detail,
    inbound_wiki_labels,
    link_summary,
    open_findings,
)
from curator.tui.review_journal import ReviewJournal
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.edit import EditScreen
from curator.tui.screens.expire import ExpireChoice, ExpireModal
from curator.tui.screens.fix_claim import fix_claim_prompt
from curator.tui.screens.index_fix import IndexFixModal
from curator.tui.screens.merge import MergePlan, MergeScreen
from curator.tui.session import disk_signature
from curator.tui.view import default_expire_reason, review_queue, suggested_partner
from curator.tui.widgets.check_view import result_label
from curator.tui.widgets.content_view import entry_renderable
from curator.tui.widgets.findings_view import finding_label


class ReviewScreen(ReviewJournal):
    """One flagged entry at a time, with its findings and check results."""

    CSS_PATH = "review.tcss"

    BINDINGS = bindings(REVIEW_ACTIONS)
    ACTION_SPECS = REVIEW_ACTIONS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    class ReviewApplied(Message):
        """The session's decisions were written (one commit)."""

        def __init__(
            self,
            message: str,
            commit: str | None,
            refusals: list[str],
            error: str | None,
            delta: str = "",
            store: Store | None = None,
            signature: tuple = (),
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
        from curator.ops.review_state import journal_path, resting_reason

        session = self.curator.session
        store = session.store
        self.settings = config.load(store)[0] if store is not None else config.Config()
        flagged = review_queue(session.table_entries, session.findings, session.now)
        self.resting = {
            entry.id: reason
            for entry in flagged
            if (reason := resting_reason(entry, session.now, self.settings.skip_reviewed_days)) is not None
        }
        self.queue: list[str] = [entry.id for entry in flagged if entry.id not in self.resting]
        self.position = 0
        self.decisions: dict[str, Decision] = {}
        self.drafts: dict[str, str] = {}
        self.set_aside: dict[str, str] = {}
        self.merge_drafts: dict[str, Decision] = {}
        self.applying = False
        self.journal: Path | None = journal_path(store) if store is not None else None

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
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.watch(self.app, "session_revision", self.session_changed, init=False)
        if not self.queue:
            resting = (
                f" ({len(self.resting)} flagged entr{'y rests' if len(self.resting) == 1 else 'ies rest'}: reviewed or snoozed recently)"
                if self.resting
                else ""
            )
            self.curator.say(f"Nothing is flagged: no review needed{resting}.")
        self._show()
        self._offer_journal()

    def session_changed(self) -> None:
        if self.is_mounted:
            self._show()

    # --- showing one entry ---------------------------------------------------------------------

    @property
    def current_entry(self) -> Entry | None:
        if self.position >= len(self.queue):
            return None
        return self.curator.session.entry(self.queue[self.position])

    def unsaved_work(self) -> str:
        acting = [decision for decision in self.decisions.values() if decision.kind != "skip"]
        if not acting or self.applying:
            return ""
        return f"{len(acting)} review decision{'s' if len(acting) != 1 else ''} not yet written"

    def _counts(self) -> Text:
        kinds = [decision.kind for decision in self.decisions.values()]
        counts = Text.assemble(
            (f"{sum(k in KEPT_KINDS for k in kinds)} kept ", "green"),
            (f"{kinds.count('expire')} expired ", "red"),
            (f"{kinds.count('merge')} merged ", "magenta"),
            (f"{kinds.count('skip')} skipped", "dim"),
        )
        if kinds.count("snooze"):
            counts.append(f" {kinds.count('snooze')} snoozed", "cyan")
        if self.resting:
            counts.append(f"  ({len(self.resting)} resting)", "dim")
        return counts

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
        body = entry_renderable(entry, session.now)
        if entry.id in self.drafts and decided is None:
            note = Text("Your edit is kept as a draft: e reopens it, k/x/s decide without it.\n\n", style="bold yellow")
            body = Group(note, body)
        self.query_one("#review-entry-body", Static).update(body)
        all_findings = session.findings_by_entry().get(entry.id, [])
        entry_findings = open_findings(all_findings, entry.id, self.decisions)
        findings_text = Text("Findings\n", style="bold")
        for finding in entry_findings:
            findings_text.append_text(finding_label(finding, entry.id))
            findings_text.append("\n")
        hidden = len(all_findings) - len(entry_findings)
        if hidden:
            findings_text.append(
                f"{hidden} finding(s) resolved by entries this review expires or merges\n", style="dim"
            )
        partner = suggested_partner(entry.id, entry_findings)
        if partner and session.store is not None and session.store.get(partner) is not None:
            findings_text.append(f"\nm merges with {partner}", style="magenta")
        if index_fixes(session.store, entry_findings, entry):
            findings_text.append("\nI fixes the index", style="magenta")
        self.query_one("#review-findings", Static).update(findings_text)
        results = session.check_results.get(entry.id)
        if results is None:
            checks: Text | Group = Text(
                "Checks: not run" if session.stage == "ready" else "Checks: probing…", style="dim"
            )
        elif not results:
            checks = Text("Checks: no checkable claims", style="dim")
        else:
            checks = Group(Text("Checks", style="bold"), *(result_label(result) for result in results))
        self.query_one("#review-checks", Static).update(checks)
        self.query_one("#review-entry", VerticalScroll).scroll_home(animate=False)

    # --- deciding ------------------------------------------------------------------------------

    def _decide(self, decision: Decision) -> None:
        entry = self.current_entry
        if entry is None:
            return
        self.decisions[entry.id] = decision
        draft = self.drafts.pop(entry.id, None)
        if draft is not None and decision.kind == "skip":
            self.drafts[entry.id] = draft
        elif draft is not None and decision.kind != "edit":
            self.curator.say(
                f"Your edit draft of {entry.id} was set aside: you chose {decision.kind} instead (b goes back to it)."
            )
            self.set_aside[entry.id] = draft
        self._advance()

    def _advance(self) -> None:
        self.position += 1
        while self.position < len(self.queue) and self.current_entry is None:
            self.position += 1
        self._save_journal()
        self._show()
        if self.position >= len(self.queue):
            self.action_finish()

    def _not_for_index(self, entry: Entry, what: str) -> bool:
        if is_index(entry):
            self.curator.say(
                f"{entry.id} is the index: {what} does not apply (I fixes it, e edits it, s skips).", severity="warning"
            )
            return True
        return False

    def action_keep(self) -> None:
        entry = self.current_entry
        if entry is None:
            return
        if is_index(entry):
            self._decide(Decision("skip"))
            return
        from curator.ops.review_state import expired_but_active

        day = self.curator.session.now.date()
        if not expired_but_active(entry, day):
            self._decide(Decision("keep"))
            return
        from curator.tui.screens.keep_expired import KeepExpiredModal

        def chosen(expires: str | None) -> None:
            if expires is not None:
                self._decide(Decision("keep", expires=expires))

        default = (day + timedelta(weeks=self.settings.snooze_weeks * 3)).isoformat()
        self.app.push_screen(KeepExpiredModal(entry, default), chosen)

    def action_snooze(self) -> None:
        entry = self.current_entry
        if entry is None or self._not_for_index(entry, "snooze"):
            return
        from curator.tui.screens.prompt import PromptModal

        def answered(values: dict[str, str] | None) -> None:
            if values is None:
                return
            try:
                weeks = int(values["weeks"].strip())
            except ValueError:
                weeks = 0
            if weeks < 1:
                self.curator.say("Snooze needs a whole number of weeks (1 or more).", severity="warning")
                return
            self._decide(Decision("snooze", weeks=weeks))

        explanation = Text("Stamps reviewed today and review_after; review leaves the entry alone until then.")
        fields = [("weeks", "Ask again in how many weeks?", str(self.settings.snooze_weeks))]
        self.app.push_screen(
            PromptModal(f"Snooze {entry.id}", fields, explanation=explanation, ok_label="Snooze"), answered
        )

    def action_skip(self) -> None:
        self._decide(Decision("skip"))

    def action_back(self) -> None:
        if self.position == 0:
            return
        self.position -= 1
        entry_id = self.queue[self.position]
        decision = self.decisions.pop(entry_id, None)
        if decision is not None and decision.kind == "merge" and decision.partner:
            self.queue.insert(self.position + 1, decision.partner) if decision.partner not in self.queue else None
            self.merge_drafts[entry_id] = decision
            self.curator.say(
                f"Back on {entry_id}: the merge with {decision.partner} is undone; m reopens it with your draft."
            )
        draft = (
            decision.text if decision is not None and decision.kind == "edit" else self.set_aside.pop(entry_id, None)
        )
        if draft is not None:
            self.drafts[entry_id] = draft
            self.curator.say(f"Back on {entry_id}: your edit is kept as a draft (e reopens it).")
        self._save_journal()
        self._show()

    def action_edit(self) -> None:
        entry = self.current_entry
        if entry is None:
            return

        def saved(new_text: str | None) -> None:
            if new_text is None:
                return
            if is_index(entry):
                self.curator.say(
                    "The index is edited on the main screen (one commit of its own); in review, I fixes it.",
                    severity="warning",
                )
                return
            self._decide(Decision("edit", text=new_text))

        if is_index(entry):
            self.curator.say("In review, I fixes the index; e on the main screen edits it.", severity="warning")
            return
        self.app.push_screen(EditScreen(entry, text=self.drafts.get(entry.id), in_review=True), saved)

    def action_expire(self) -> None:
        entry = self.current_entry
        if entry is None or self._not_for_index(entry, "expire"):
            return
        reason = default_expire_reason(self.curator.session.findings_by_entry().get(entry.id, []))

        def chosen(choice: ExpireChoice | None) -> None:
            if choice is not None:
                self._decide(
                    Decision(
                        "expire",
                        reason=choice.reason,
                        at=choice.at,
                        unlink=choice.unlink,
                        partner_link=choice.relink_to,
                    )
                )

        session = self.curator.session
        partner = suggested_partner(
            entry.id, open_findings(session.findings_by_entry().get(entry.id, []), entry.id, self.decisions)
        )
        other = session.store.get(partner) if session.store is not None and partner else None
        live_partner = partner if other is not None and other.kind == "file" and partner not in self.decisions else None
        links = inbound_wiki_labels(session.store, [entry.id])
        self.app.push_screen(ExpireModal(entry.id, reason or "reviewed: no longer true", links, live_partner), chosen)

    def action_merge(self) -> None:
        entry = self.current_entry
        if entry is None or self._not_for_index(entry, "merge"):
            return
        session = self.curator.session
        partner = suggested_partner(
            entry.id, open_findings(session.findings_by_entry().get(entry.id, []), entry.id, self.decisions)
        )
        store = session.store
        if partner is None or partner in self.decisions or store is None or store.get(partner) is None:
            self.curator.say("No merge partner for this entry (no open conflict or duplicate).", severity="warning")
            return

        def confirmed(plan: MergePlan | None) -> None:
            if plan is None:
                return
            if partner in self.queue[self.position + 1 :]:
                self.queue.remove(partner)
            reason = ops.merge_reason(session.findings, [entry.id, partner])
            self._decide(Decision("merge", partner=partner, name=plan.name, text=plan.text, reason=reason))

        kept = self.merge_drafts.get(entry.id)
        if kept is not None and kept.partner == partner:
            self.app.push_screen(MergeScreen(store, [entry.id, partner], text=kept.text, name=kept.name), confirmed)
            return
        self.app.push_screen(MergeScreen(store, [entry.id, partner]), confirmed)

    def action_fix_claim(self) -> None:
        entry = self.current_entry
        if entry is None or self._not_for_index(entry, "fix from evidence"):
            return
        failing = [
            result
            for result in self.curator.session.check_results.get(entry.id) or []
            if getattr(result, "verdict", "") == "fail"
        ]
        if not failing:
            self.curator.say("No failed check to update from.", severity="warning")
            return

        def answered(values: dict[str, str] | None) -> None:
            if values is not None:
                self._decide(Decision("fix", old=values["old"], new=values["new"], reason=values["reason"]))

        self.app.push_screen(fix_claim_prompt(entry, failing[0], ok_label="Decide"), answered)

    def action_index_fix(self) -> None:
        entry = self.current_entry
        if entry is None:
            return
        session = self.curator.session
        fixes = index_fixes(
            session.store, open_findings(session.findings_by_entry().get(entry.id, []), entry.id, self.decisions), entry
        )
        if not fixes:
            self.curator.say("No index fix applies to this entry.", severity="warning")
            return

        def chosen(fix: IndexFix | None) -> None:
            if fix is not None:
                self._decide(Decision("index", op=fix.op, ref=fix.ref, reason=fix.label))

        self.app.push_screen(IndexFixModal(fixes), chosen)

    # --- finishing -----------------------------------------------------------------------------

    def action_finish(self) -> None:
        if self.applying:
            return
        acting = {entry_id: d for entry_id, d in self.decisions.items() if d.kind != "skip"}
        if not acting:
            self.curator.say("Review ended: nothing to write.")
            self._clear_journal()
            self.dismiss(None)
            return
        session = self.curator.session
        day = session.now.date().isoformat()
        message = review_message(day, acting)
        body = Text(f"{message}\n\nEverything is written as ONE commit:\n", style="")
        for entry_id, decision in acting.items():
            body.append(f"  {decision.kind:7} {entry_id}{decision_detail(decision)}\n")
        links = link_summary(session.store, acting)
        if links:
            body.append(f"\n{links}\n", style="yellow")
        if self.drafts:
            body.append(
                f"\n{len(self.drafts)} edit draft(s) without a decision are not written: {', '.join(self.drafts)}\n",
                style="bold yellow",
            )

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.applying = True
                self.curator.op_running = True
                self._apply(session.store, acting, message, session.now, len(session.findings))

        self.app.push_screen(ConfirmModal("Apply the review?", body, "Apply"), answered)

    @work(thread=True, exclusive=True, exit_on_error=False, group="review", description="_apply")
    def _apply(self, store: Store, decisions: dict[str, Decision], message: str, now: datetime, findings: int) -> None:
        delta = ""
        fresh: Store | None = None
        signature: tuple = ()
        try:
            commit, refusals, fresh = apply_decisions(
                store, decisions, f"{message}\n\n{ops_inbox.review_trailers(findings)}", now
            )
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
            self.curator.say(
                f"The review could not be written: {message.error}\nYour decisions stay in the journal.",
                severity="error",
                timeout=10,
            )
        else:
            self._clear_journal()
            note = f"curator: {message.message}\n" + (
                f"commit {message.commit[:7]}" if message.commit else "(not committed: no git)"
            )
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
