"""The Check tab: claims, the exact probe commands, their output and verdicts; ad-hoc ls/grep."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from curator import checks, scan
from curator.checks.results import CheckResult
from curator.model import Store
from curator.scan import CheckStage
from curator.secrets import mask_text
from curator.textsafe import visible

VERDICT_STYLE = {"pass": "bold green", "fail": "bold red", "unknown": "bold yellow"}
OUTPUT_LINES = 8
ADHOC_OUTPUT_LINES = 500


class _WithOutput:
    """A probe seen with its full output instead of the excerpt."""

    def __init__(self, probe: Any, output: str) -> None:
        self.command = getattr(probe, "command", "")
        self.exit_code = getattr(probe, "exit_code", None)
        self.duration_s = getattr(probe, "duration_s", 0.0)
        self.output = output


def claim_text(claim: Any) -> str:
    """A claim's words, whatever shape the checks module gives it."""
    for attribute in ("text", "display", "subject"):
        value = getattr(claim, attribute, None)
        if isinstance(value, str) and value:
            return value
    return str(claim)


def format_duration(seconds: float) -> str:
    """Coarse on purpose: `<1 s` for the usual quick probe, else seconds with one decimal."""
    return "<1 s" if seconds < 1.0 else f"{seconds:.1f} s"


def probe_text(probe: Any, *, lines: int = OUTPUT_LINES) -> Text:
    """`$ command`, exit code, duration and the first lines of output."""
    shown = Text()
    if probe is None:
        return shown
    shown.append(visible(f"$ {mask_text(str(getattr(probe, 'command', '')))}\n"), style="bold")
    exit_code = getattr(probe, "exit_code", None)
    duration = getattr(probe, "duration_s", None) or 0.0
    outcome = f"exit {exit_code}" if exit_code is not None else "not run"
    shown.append(f"  {outcome} · {format_duration(duration)}\n", style="dim")
    output = (getattr(probe, "output", "") or "").rstrip("\n").splitlines()
    for line in mask_text("\n".join(output[:lines])).splitlines():
        shown.append(f"  │ {visible(line)}\n")
    if len(output) > lines:
        shown.append(f"  │ … {len(output) - lines} more lines\n", style="dim")
    return shown


def result_label(result: Any) -> Text:
    verdict = getattr(result, "verdict", "unknown")
    label = Text()
    label.append(f" {verdict.upper():7} ", style=f"reverse {VERDICT_STYLE.get(verdict, '')}")
    label.append(visible(f" {mask_text(claim_text(result.claim))}\n"))
    explanation = getattr(result, "explanation", "")
    if explanation:
        label.append(visible(f"  {mask_text(explanation)}\n"), style="italic")
    label.append_text(probe_text(getattr(result, "probe", None)))
    return label


class CheckView(Vertical):
    """Probe results for the selected entry, a rerun, and an input for an ad-hoc probe."""

    class ChecksFinished(Message):
        """Probes for one entry finished (or failed to run)."""

        def __init__(self, entry_id: str, outcome: CheckStage | None, error: str | None) -> None:
            super().__init__()
            self.entry_id = entry_id
            self.outcome = outcome
            self.error = error

    class AdhocFinished(Message):
        """An ad-hoc probe finished."""

        def __init__(self, command_line: str, probe: Any, error: str | None) -> None:
            super().__init__()
            self.command_line = command_line
            self.probe = probe
            self.error = error

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entry_id: str | None = None
        self.results: list[CheckResult] = []
        self.project: Path | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="check-status")
        yield OptionList(id="check-results")
        yield Input(
            placeholder=": ad-hoc probe in the project, e.g. ls posts/short or grep -rn -e TODO -- src",
            id="adhoc-input",
            compact=True,
        )
        with VerticalScroll(id="adhoc-output-scroll"):
            yield Static(id="adhoc-output")

    def show(self, entry_id: str | None, results: list[Any] | None, *, stage: str, project: Path | None) -> None:
        self.entry_id = entry_id
        self.project = project
        self.results = list(results or [])
        status = self.query_one("#check-status", Static)
        options = self.query_one(OptionList)
        options.clear_options()
        if results is None:
            waiting = stage in ("loading", "history", "usage", "rules", "checks")
            status.update(
                Text("probing claims…" if waiting else "Not checked yet: press p to probe.", style="italic dim")
            )
            return
        if not self.results:
            status.update(Text("No checkable claims in this entry.", style="dim"))
            return
        counts = {
            verdict: sum(1 for result in self.results if result.verdict == verdict)
            for verdict in ("pass", "fail", "unknown")
        }
        status.update(
            Text.assemble(
                (f"{len(self.results)} claim{'s' if len(self.results) != 1 else ''}  ", "bold"),
                (f"{counts['pass']} pass  ", "green"),
                (f"{counts['fail']} fail  ", "red"),
                (f"{counts['unknown']} unknown", "yellow"),
                ("\np rerun · F fix from evidence · : ls/grep", "dim"),
            )
        )
        options.add_options(Option(result_label(result), id=str(index)) for index, result in enumerate(self.results))
        options.highlighted = 0

    @property
    def selected(self) -> CheckResult | None:
        options = self.query_one(OptionList)
        if options.highlighted is None or options.highlighted >= len(self.results):
            return None
        return self.results[options.highlighted]

    def rerun(self, store: Store, entry_id: str) -> None:
        self.query_one("#check-status", Static).update(Text("probing claims…", style="italic"))
        self._run_checks(store, entry_id)

    @work(thread=True, exclusive=True, exit_on_error=False, group="entry-checks", description="_run_checks")
    def _run_checks(self, store: Store, entry_id: str) -> None:
        try:
            outcome, error = scan.check(store, entry_ids=[entry_id]), None
        except Exception as exc:
            outcome, error = None, f"{type(exc).__name__}: {exc}"
        self.post_message(self.ChecksFinished(entry_id, outcome, error))

    def focus_adhoc(self) -> None:
        self.query_one("#adhoc-input", Input).focus()

    @on(Input.Submitted, "#adhoc-input")
    def _submit_adhoc(self, event: Input.Submitted) -> None:
        command_line = event.value.strip()
        if not command_line:
            return
        if self.project is None:
            self.query_one("#adhoc-output", Static).update(Text("No project is known for this store.", style="yellow"))
            return
        self.query_one("#adhoc-output", Static).update(Text(f"running {command_line} …", style="italic"))
        self._run_adhoc(self.project, command_line)

    @work(thread=True, exclusive=True, exit_on_error=False, group="adhoc")
    def _run_adhoc(self, project: Path, command_line: str) -> None:
        try:
            probe, error = checks.run_adhoc(project, command_line), None
        except Exception as exc:
            probe, error = None, str(exc)
        self.post_message(self.AdhocFinished(command_line, probe, error))

    @on(AdhocFinished)
    def _show_adhoc(self, message: AdhocFinished) -> None:
        output = self.query_one("#adhoc-output", Static)
        if message.error:
            output.update(Text(visible(f"refused: {message.error}"), style="bold red"))
            return
        probe = message.probe
        adhoc = self.query_one("#adhoc-input", Input)
        ran = getattr(probe, "exit_code", None) is not None
        if ran and adhoc.value.strip() == message.command_line:
            adhoc.value = ""
        if self.screen.focused is None or self.screen.focused is adhoc:
            adhoc.focus()
        full_output = getattr(probe, "full_output", "") or ""
        if full_output:
            probe = _WithOutput(probe, full_output)
        output.update(probe_text(probe, lines=ADHOC_OUTPUT_LINES))
