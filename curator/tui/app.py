"""The curator Textual app: loads the store in stages, runs ops in workers, watches the disk."""

from __future__ import annotations

import gc
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from textual import on, work
from textual.app import App
from textual.message import Message
from textual.reactive import reactive

from curator import scan
from curator.history.trend import store_trend
from curator.model import Store
from curator.offload import MIN_ENTRIES, AnalysisProcess, analyze_path, check_path
from curator.ops import OpResult
from curator.scan import CheckStage, ScanResult
from curator.textsafe import visible
from curator.tui.commands import APP_ACTIONS, CuratorCommands, bindings
from curator.tui.loading import first_read
from curator.tui.screens.confirm import ConfirmModal
from curator.tui.screens.help import HelpScreen
from curator.tui.screens.inbox import InboxScreen
from curator.tui.screens.main import MainScreen
from curator.tui.screens.picker import StorePicker
from curator.tui.session import Session, carry_history, disk_signature

DISK_POLL_SECONDS = 2.0
FILES_PER_POLL_TICK = 2000
FIRST_PAINT_WAIT_SECONDS = 2.0
UI_SWITCH_INTERVAL_SECONDS = 0.001
"""How long a key waits at most for the GIL while a worker thread computes (Python's default is 5 ms)."""


@dataclass
class OpOutcome:
    """What an op returned, reduced to what the UI shows."""

    message: str
    commit: str | None
    notes: list[str] = field(default_factory=list)
    unchanged: bool = False


def commit_note(outcome: OpOutcome) -> str:
    """The notification text for a finished op: its message, commit, and what ops noted on the way."""
    if outcome.unchanged:
        text = f"{outcome.message}\n(nothing to write, so no commit)"
    elif outcome.commit:
        text = f"{outcome.message}\ncommit {outcome.commit[:7]}"
    else:
        text = f"{outcome.message}\n(not committed: the store is not in git)"
    return "\n".join([text, *outcome.notes])


class CuratorApp(App[None]):
    """Browse and curate one memory store."""

    CSS_PATH = ["app.tcss"]
    TITLE = "curator"
    BINDINGS = bindings(APP_ACTIONS)
    COMMANDS = App.COMMANDS | {CuratorCommands}
    ENABLE_COMMAND_PALETTE = True

    session_revision: reactive[int] = reactive(0, init=False)
    """Bumped whenever the session changes; screens watch it to redraw."""

    class StoreLoaded(Message):
        """The raw store was read from disk (formats only: the table can paint)."""

        def __init__(self, generation: int, store: Store | None, error: str | None, *, partial: bool = False) -> None:
            super().__init__()
            self.generation = generation
            self.store = store
            self.error = error
            self.partial = partial

    class HistoryLoaded(Message):
        """Git history was added to the store's entries (and the files' stamps were taken)."""

        def __init__(self, generation: int, error: str | None, signature: tuple) -> None:
            super().__init__()
            self.generation = generation
            self.error = error
            self.signature = signature

    class UsageLoaded(Message):
        """Session transcripts were read: which entries the agent used and who wrote them."""

        def __init__(self, generation: int) -> None:
            super().__init__()
            self.generation = generation

    class FindingsLoaded(Message):
        """The rules ran (`outcome` also holds the store's review state; no checks yet)."""

        def __init__(self, generation: int, outcome: ScanResult | None, error: str | None) -> None:
            super().__init__()
            self.generation = generation
            self.outcome = outcome
            self.error = error

    class ChecksFinished(Message):
        """Live probes ran for every entry."""

        def __init__(self, generation: int, stage: CheckStage | None, error: str | None) -> None:
            super().__init__()
            self.generation = generation
            self.stage = stage
            self.error = error

    class TrendLoaded(Message):
        """The store's weekly trend was read from git (for the summary's sparkline)."""

        def __init__(self, generation: int, trend: Any) -> None:
            super().__init__()
            self.generation = generation
            self.trend = trend

    class OpFinished(Message):
        """An op wrote (or refused to write); `store` is the store it reloaded, `signature` its files' stamps."""

        def __init__(
            self,
            outcome: OpOutcome | None,
            error: str | None,
            after: Callable[[], None] | None,
            store: Store | None = None,
            signature: tuple = (),
            on_error: Callable[[str], None] | None = None,
        ) -> None:
            super().__init__()
            self.outcome = outcome
            self.error = error
            self.after = after
            self.store = store
            self.signature = signature
            self.on_error = on_error

    class DiskChecked(Message):
        """The store's files were stat-ed; `signature` says what they look like now."""

        def __init__(self, generation: int, signature: tuple) -> None:
            super().__init__()
            self.generation = generation
            self.signature = signature

    def __init__(
        self,
        store_path: Path | None,
        *,
        format_name: str | None = None,
        project: Path | None = None,
        now: datetime | None = None,
        candidates: list[Any] | None = None,
        run_checks: bool = True,
        watch_disk: bool = True,
        analysis_in_process: bool | None = None,
        projects_home: Path | None = None,
        claude_dir: Path | None = None,
    ) -> None:
        super().__init__()
        self.analysis_in_process = analysis_in_process
        self.analysis_process = AnalysisProcess()
        self.projects_home = projects_home
        self.claude_dir = claude_dir
        self.session = Session(
            store_path=Path(store_path) if store_path else Path.cwd(),
            format_name=format_name,
            project=Path(project) if project else None,
            fixed_now=now,
        )
        self.candidates = candidates or []
        self.run_checks_on_load = run_checks
        self.watch_disk = watch_disk
        self.generation = 0
        self.op_running = False
        self._poll_ticks = 0
        self._first_painted = threading.Event()
        self._preloaded: Future | None = None
        self._switch_interval = sys.getswitchinterval()
        if store_path is not None and not self.candidates:
            self._preloaded = self._start_preload()

    def _start_preload(self) -> Future:
        """Read the raw store while Textual builds the screen: a big store's first page, else all of it."""
        session = self.session
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="curator-preload")
        future = pool.submit(first_read, session.store_path, session.format_name, session.project)
        pool.shutdown(wait=False)
        return future

    def on_mount(self) -> None:
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(UI_SWITCH_INTERVAL_SECONDS)
        if self.projects_home is not None:
            from curator.tui.screens.projects import ProjectsScreen

            self.push_screen(ProjectsScreen(self.projects_home, self.session.now), self._picked)
            return
        if self.candidates and len(self.candidates) > 1:
            self.push_screen(StorePicker(self.candidates), self._picked)
            return
        self._open_main()

    def _picked(self, path: Path | None) -> None:
        if path is None:
            self.exit()
            return
        self.session.store_path = path
        self._open_main()

    def _open_main(self) -> None:
        self.push_screen(MainScreen())
        self.reload()
        if self.watch_disk:
            self.set_interval(DISK_POLL_SECONDS, self._poll_disk)

    @property
    def main_screen(self):
        return next((screen for screen in self.screen_stack if isinstance(screen, MainScreen)), None)

    def say(self, message: str, *, severity: str = "information", timeout: float | None = None) -> None:
        """Notify with literal text (paths and memory text may contain brackets)."""
        self.notify(visible(message), severity=severity, timeout=timeout, markup=False)  # type: ignore[arg-type]

    def _session_changed(self) -> None:
        """Tell the screens; what the session holds is frozen out of the cyclic collector's full passes.

        Such a pass walks every object of a big store (0.4 s at 10k entries) while keys wait.
        """
        if not self.is_running:
            return
        self.session_revision += 1
        if self.session.stage != "loading":
            self.call_after_refresh(gc.freeze)

    # --- the staged load: store, then history, then rules, then checks -----------------------

    def reload(self) -> None:
        """Read the store again from disk and re-run history, rules and checks after first paint."""
        gc.unfreeze()
        self.generation += 1
        self.session.stage = "loading"
        self._session_changed()
        self._load_store(self.generation, self.session.store_path, self.session.format_name, self.session.project)

    @work(thread=True, exclusive=True, exit_on_error=False, group="load")
    def _load_store(self, generation: int, path: Path, format_name: str | None, project: Path | None) -> None:
        preloaded, self._preloaded = self._preloaded, None
        try:
            if preloaded is not None and generation == 1:
                store, partial = preloaded.result()
                if partial:
                    self.post_message(self.StoreLoaded(generation, store, None, partial=True))
                    self._first_painted.wait(timeout=FIRST_PAINT_WAIT_SECONDS)
                    store = scan.load(path, format_name=format_name, project=project)
            else:
                store = scan.load(path, format_name=format_name, project=project)
            error = None
        except Exception as exc:
            store, error = None, str(exc) or type(exc).__name__
        self.post_message(self.StoreLoaded(generation, store, error))

    @on(StoreLoaded)
    def _store_loaded(self, message: StoreLoaded) -> None:
        if message.generation != self.generation:
            return
        if message.store is None:
            self.session.error = message.error
            self.session.stage = "ready"
            self._session_changed()
            self.say(f"Cannot open {self.session.store_path}: {message.error}", severity="error", timeout=10)
            return
        self.session.error = None
        if not message.partial:
            carry_history(self.session.store, message.store)
        self.session.store = message.store
        self.session.partial = message.partial
        if self._offloaded(message.store):
            self.analysis_process.warm()
        if message.partial:
            self._session_changed()
            self.call_after_refresh(self._first_painted.set)
            return
        self.session.stage = "history"
        self._session_changed()
        self.call_after_refresh(self._annotate, message.generation, message.store)

    @work(thread=True, exclusive=True, exit_on_error=False, group="history", description="_annotate")
    def _annotate(self, generation: int, store: Store) -> None:
        signature = disk_signature(store)
        try:
            scan.annotate(store)
            error = None
        except Exception as exc:
            error = str(exc) or type(exc).__name__
        self.post_message(self.HistoryLoaded(generation, error, signature))

    @on(HistoryLoaded)
    def _history_loaded(self, message: HistoryLoaded) -> None:
        if message.generation != self.generation or self.session.store is None:
            return
        self.session.disk_signature = message.signature
        if message.error:
            self.say(f"git history unavailable: {message.error}", severity="warning")
        self.session.stage = "usage"
        self._session_changed()
        self._read_usage(message.generation, self.session.store, self.session.now)

    @work(thread=True, exclusive=True, exit_on_error=False, group="usage", description="_read_usage")
    def _read_usage(self, generation: int, store: Store, now: datetime) -> None:
        scan.load_usage(store, now=now, claude_dir=self.claude_dir)
        self.post_message(self.UsageLoaded(generation))

    @on(UsageLoaded)
    def _usage_loaded(self, message: UsageLoaded) -> None:
        if message.generation != self.generation or self.session.store is None:
            return
        self.session.stage = "rules"
        self._session_changed()
        self._analyze(message.generation, self.session.store, self.session.now)
        self._load_trend(message.generation, self.session.store)

    @work(thread=True, exclusive=True, exit_on_error=False, group="trend", description="_load_trend")
    def _load_trend(self, generation: int, store: Store) -> None:
        try:
            trend = store_trend(store, every="week")
        except Exception:
            trend = None
        self.post_message(self.TrendLoaded(generation, trend))

    @on(TrendLoaded)
    def _trend_loaded(self, message: TrendLoaded) -> None:
        if message.generation == self.generation:
            self.session.trend = message.trend
            main = self.main_screen
            if main is not None and main.is_mounted:
                main.refresh_summary()

    def _offloaded(self, store: Store) -> bool:
        """Big stores are analysed in a child process; small ones finish faster in a thread than a child starts."""
        return self.analysis_in_process if self.analysis_in_process is not None else len(store.entries) >= MIN_ENTRIES

    @work(thread=True, exclusive=True, exit_on_error=False, group="rules", description="_analyze")
    def _analyze(self, generation: int, store: Store, now: datetime) -> None:
        session = self.session
        try:
            if self._offloaded(store):
                findings, suppressed, review = self.analysis_process.submit(
                    analyze_path, session.store_path, session.format_name, session.project, now, store.usage
                ).result()
                outcome = ScanResult(store=store, findings=findings, now=now, suppressed=suppressed, review=review)
            else:
                outcome = scan.analyze_store(store, now=now, cache=True)
            error = None
        except Exception as exc:
            outcome, error = None, str(exc) or type(exc).__name__
        self.post_message(self.FindingsLoaded(generation, outcome, error))

    @on(FindingsLoaded)
    def _findings_loaded(self, message: FindingsLoaded) -> None:
        if message.generation != self.generation or self.session.store is None:
            return
        if message.outcome is None:
            self.say(f"rules failed: {message.error}", severity="error")
        else:
            self.session.rule_findings = list(message.outcome.findings)
            self.session.review = message.outcome.review
            self._offer_inbox()
        if self.run_checks_on_load and self.session.store.project is not None:
            self.session.stage = "checks"
            self._session_changed()
            self._check(message.generation, self.session.store)
            return
        self.session.stage = "ready"
        self._session_changed()

    def _offer_inbox(self) -> None:
        """Land on the inbox once, when memory changed since a review the person finished."""
        review = self.session.review
        if self.session.inbox_offered or review is None or review.reviewed_at is None or not review.unreviewed:
            return
        self.session.inbox_offered = True
        if not isinstance(self.screen, InboxScreen):
            self.push_screen(InboxScreen())

    @work(thread=True, exclusive=True, exit_on_error=False, group="checks", description="_check")
    def _check(self, generation: int, store: Store) -> None:
        session = self.session
        try:
            if self._offloaded(store):
                stage = self.analysis_process.submit(
                    check_path, session.store_path, session.format_name, session.project
                ).result()
            else:
                stage = scan.check(store)
            error = None
        except Exception as exc:
            stage, error = None, str(exc) or type(exc).__name__
        self.post_message(self.ChecksFinished(generation, stage, error))

    @on(ChecksFinished)
    def _checks_finished(self, message: ChecksFinished) -> None:
        if message.generation != self.generation:
            return
        if message.stage is None:
            self.say(f"checks failed to run: {message.error}", severity="warning")
        else:
            self.session.check_results = dict(message.stage.results)
            self.session.check_findings = list(message.stage.findings)
        self.session.stage = "ready"
        self._session_changed()

    def replace_entry_checks(self, entry_id: str, stage: CheckStage) -> None:
        """Swap in fresh probe results (and their findings) for one entry."""
        self.session.check_results[entry_id] = list(stage.results.get(entry_id, []))
        kept = [finding for finding in self.session.check_findings if entry_id not in finding.entries]
        self.session.check_findings = kept + list(stage.findings)
        self._session_changed()

    def adopt(self, store: Store, signature: tuple) -> None:
        """Take a store an op already re-read (with history) and run the rules and checks on it: no second read."""
        gc.unfreeze()
        self.generation += 1
        self._forget_history()
        self.session.store = store
        self.session.partial = False
        self.session.error = None
        self.session.stage = "rules"
        self._session_changed()
        self.post_message(self.HistoryLoaded(self.generation, None, signature))

    # --- ops ---------------------------------------------------------------------------------

    def run_op(
        self,
        operation: Callable[[Store], OpResult],
        *,
        after: Callable[[], None] | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        """Run one ops call on the current store in a worker, then notify and adopt the store it re-read (`on_error` gets a refusal)."""
        store = self.session.store
        if store is None:
            self.say("No store is open.", severity="warning")
            return
        if self.op_running:
            self.say("Another change is still being written; try again in a moment.", severity="warning")
            return
        if self.session.partial or self.session.stage == "loading":
            self.say("Still reading the store; try again in a moment.", severity="warning")
            return
        self.op_running = True
        self._run_op(operation, store, after, on_error)

    @work(thread=True, exclusive=False, exit_on_error=False, group="ops", description="_run_op")
    def _run_op(
        self,
        operation: Callable[[Store], OpResult],
        store: Store,
        after: Callable[[], None] | None,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        fresh: Store | None = None
        signature: tuple = ()
        try:
            result = operation(store)
            fresh = result.store
            signature = disk_signature(fresh)
            outcome = OpOutcome(
                message=result.message,
                commit=result.commit,
                notes=list(result.notes),
                unchanged=result.changed == [],
            )
            error = None
        except Exception as exc:
            outcome, error = None, str(exc) or type(exc).__name__
        self.post_message(self.OpFinished(outcome, error, after, fresh, signature, on_error))

    @on(OpFinished)
    def _op_finished(self, message: OpFinished) -> None:
        self.op_running = False
        if message.error is not None:
            self.say(
                f"Nothing was written: {message.error}\nReloading the store from disk.", severity="error", timeout=10
            )
        else:
            assert message.outcome is not None
            self.say(commit_note(message.outcome), timeout=8)
        if message.store is not None and message.error is None:
            if not message.outcome or not message.outcome.unchanged:
                self.adopt(message.store, message.signature)
        else:
            self._forget_history()
            self.reload()
        if message.after is not None and message.error is None:
            message.after()
        if message.on_error is not None and message.error is not None:
            message.on_error(message.error)

    def _forget_history(self) -> None:
        main = self.main_screen
        if main is not None:
            main.forget_history()

    # --- watching the disk -------------------------------------------------------------------

    def _poll_disk(self) -> None:
        store = self.session.store
        if self.session.stage != "ready" or self.op_running or store is None:
            return
        self._poll_ticks += 1
        if self._poll_ticks % max(1, len(store.files) // FILES_PER_POLL_TICK + 1):
            return
        self._stat_files(self.generation, store)

    @work(thread=True, exclusive=True, exit_on_error=False, group="poll", description="_stat_files")
    def _stat_files(self, generation: int, store: Store) -> None:
        self.post_message(self.DiskChecked(generation, disk_signature(store)))

    @on(DiskChecked)
    def _disk_checked(self, message: DiskChecked) -> None:
        if message.generation != self.generation or self.op_running:
            return
        if message.signature != self.session.disk_signature:
            self.say("The store changed on disk: reloaded.", severity="warning")
            self.reload()

    def on_unmount(self) -> None:
        sys.setswitchinterval(self._switch_interval)
        gc.unfreeze()
        self.analysis_process.close()

    # --- app-wide actions --------------------------------------------------------------------

    def unsaved_work(self) -> list[str]:
        """What quitting now would throw away: open edits, an unconfirmed merge, review decisions."""
        pending = [screen.unsaved_work() for screen in self.screen_stack if hasattr(screen, "unsaved_work")]
        if self.op_running:
            pending.append("a change that is still being written")
        return [item for item in pending if item]

    async def action_quit(self) -> None:
        pending = self.unsaved_work()
        if not pending:
            self.exit()
            return

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.exit()

        body = "Quitting now discards:\n" + "\n".join(f"  • {item}" for item in pending)
        self.push_screen(ConfirmModal("Quit without saving?", body, "Quit"), answered)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())


def print_scan_instead(path: Path, format_name: str | None, project: Path | None, now: datetime | None) -> None:
    """What `curator PATH` does when stdin or stdout is not a terminal: the text scan, not a TUI that waits for keys."""
    from curator import report
    from curator.scan import run_scan

    sys.stderr.write("curator: not a terminal: printing the scan instead of opening the TUI\n")
    sys.stdout.write(report.render_text(run_scan(path, format_name=format_name, project=project, now=now)))
    sys.stdout.flush()


def run_app(
    store_path: Path | None,
    format_name: str | None = None,
    project: Path | None = None,
    *,
    now: datetime | None = None,
    candidates: list[Any] | None = None,
    projects_home: Path | None = None,
    claude_dir: Path | None = None,
) -> None:
    """Open the TUI on `store_path` (or a picker over `candidates`, or every store under `projects_home`);
    without a terminal, print the scan instead."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        target = store_path if store_path is not None else Path(candidates[0].path) if candidates else Path.cwd()
        print_scan_instead(target, format_name, project, now)
        return
    CuratorApp(
        store_path,
        format_name=format_name,
        project=project,
        now=now,
        candidates=candidates,
        projects_home=projects_home,
        claude_dir=claude_dir,
    ).run()
