"""The form that turns a failed check into a replacement: old text, new text, reason."""

from __future__ import annotations

from rich.text import Text

from curator import ops
from curator.checks.results import CheckResult
from curator.model import Entry
from curator.tui.screens.prompt import PromptModal
from curator.tui.widgets.check_view import claim_text, probe_text


def fix_claim_prompt(entry: Entry, result: CheckResult, ok_label: str = "Update") -> PromptModal:
    """A prompt prefilled with the claim's words and the value the project shows instead."""
    claim = claim_text(result.claim)
    old_value, new_value = ops.fix_values(result, entry.body)
    explanation = Text.assemble(("Claim: ", "bold"), (claim, ""), ("\n", ""))
    if result.explanation:
        explanation.append(f"{result.explanation}\n", style="italic")
    explanation.append_text(probe_text(result.probe))
    fields = [
        ("old", "Text in the entry", old_value),
        ("new", "Replace with (what the project shows)", new_value),
        (
            "reason",
            "Reason (goes into the commit)",
            f"checked against the project: {result.probe.command if result.probe else ''}",
        ),
    ]
    return PromptModal("Update memory from evidence", fields, explanation=explanation, ok_label=ok_label)
