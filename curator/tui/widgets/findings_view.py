"""The Findings tab: the entry's findings with their evidence; enter jumps to the other entry."""

from __future__ import annotations

import json

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from curator.model import Finding
from curator.textsafe import visible
from curator.tui.view import SEVERITY_GLYPH, SEVERITY_STYLE


def finding_label(finding: Finding, entry_id: str) -> Text:
    label = Text()
    label.append(f"{SEVERITY_GLYPH.get(finding.severity, '?')} ", style=SEVERITY_STYLE.get(finding.severity, ""))
    label.append(f"{finding.rule}", style="bold")
    label.append(f"  {visible(finding.message)}")
    others = [other for other in finding.entries if other != entry_id]
    if others:
        label.append(visible(f"\n  ↪ {', '.join(others)}"), style="magenta")
    return label


def _flatten(prefix: str, value: object, lines: list[tuple[str, str]]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), inner, lines)
    elif isinstance(value, (list, tuple)) and value and all(isinstance(item, (dict, list)) for item in value):
        for index, inner in enumerate(value):
            _flatten(f"{prefix}[{index}]", inner, lines)
    else:
        shown = (
            ", ".join(map(str, value))
            if isinstance(value, (list, tuple))
            else json.dumps(value, ensure_ascii=False, default=str).strip('"')
        )
        lines.append((prefix, shown))


def evidence_text(evidence: dict) -> Text:
    """Evidence as `key: value` lines (nested keys dotted), literal."""
    if not evidence:
        return Text("No further evidence.", style="dim")
    lines: list[tuple[str, str]] = []
    _flatten("", evidence, lines)
    shown = Text()
    for key, value in lines:
        shown.append(f"{key}: ", style="bold cyan")
        shown.append(f"{visible(value)}\n")
    return shown


class FindingsView(Vertical):
    """Findings of the selected entry."""

    class JumpRequested(Message):
        """The user asked to open another entry named by a finding."""

        def __init__(self, entry_id: str) -> None:
            super().__init__()
            self.entry_id = entry_id

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entry_id: str | None = None
        self.findings: list[Finding] = []

    def compose(self) -> ComposeResult:
        yield Static(
            Text("enter jumps to the other entry · d dismisses (suppression) · m merges the pair"), id="findings-hint"
        )
        yield OptionList(id="findings-list")
        with VerticalScroll(id="findings-evidence-scroll"):
            yield Static(id="findings-evidence")

    def show(self, entry_id: str | None, findings: list[Finding]) -> None:
        self.entry_id = entry_id
        self.findings = findings
        options = self.query_one(OptionList)
        options.clear_options()
        evidence = self.query_one("#findings-evidence", Static)
        if not findings:
            evidence.update(Text("No findings for this entry.", style="dim"))
            return
        options.add_options(
            Option(finding_label(finding, entry_id or ""), id=str(index)) for index, finding in enumerate(findings)
        )
        options.highlighted = 0

    @property
    def selected(self) -> Finding | None:
        options = self.query_one(OptionList)
        if options.highlighted is None or options.highlighted >= len(self.findings):
            return self.findings[0] if self.findings else None
        return self.findings[options.highlighted]

    @on(OptionList.OptionHighlighted, "#findings-list")
    def _show_evidence(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        if index >= len(self.findings):
            return
        finding = self.findings[index]
        self.query_one("#findings-evidence", Static).update(evidence_text(finding.evidence))

    @on(OptionList.OptionSelected, "#findings-list")
    def _jump(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        if index >= len(self.findings):
            return
        finding = self.findings[index]
        others = [other for other in finding.entries if other != self.entry_id]
        if others:
            self.post_message(self.JumpRequested(others[0]))
