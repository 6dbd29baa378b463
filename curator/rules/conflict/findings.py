"""A conflict finding from the clashes of one pair: the message, the evidence and which side is wrong."""

from __future__ import annotations

from curator.model import Finding
from curator.rules.conflict.clash import Clash
from curator.rules.docs import Doc, Docs, order, quote, supersede_clause


def assemble_finding(docs: Docs, left: int, right: int, found: list[Clash]) -> Finding:
    older, newer = order(docs.items[left], docs.items[right])
    lead = next((clash for clash in found if "project" in clash.detail), found[0])
    says = {docs.items[position].id: text for position, text in lead.says.items()}
    what = {
        "number": "disagree on a version" if lead.detail.get("unit") == "version" else "disagree on a number",
        "choice": f"choose different tools for one job ({lead.detail.get('job')})",
        "polarity": "say opposite things about the same action"
        if lead.detail.get("job") == "same action"
        else f"disagree on the {lead.detail.get('job')}",
    }[lead.kind]
    verdict, superseded = _verdict(older, newer, lead)
    exception = lead.detail.get("scoped_exception")
    if isinstance(exception, dict) and "project" not in lead.detail:
        message = (
            f"{older.id} says {quote(says[older.id])}; {newer.id} says {quote(says[newer.id])} — a scoped exception: "
            f"{exception['entry']} narrows {exception['general']} to {exception['scope']} and they {what} there. "
            "Say the exception in the general rule, or drop one."
        )
        superseded = None
    else:
        message = (
            f"{older.id} says {quote(says[older.id])}; {newer.id} says {quote(says[newer.id])} — they {what}; {verdict}"
        )
    evidence: dict[str, object] = {
        "kind": lead.kind,
        "older": {"entry": older.id, "date": older.day(), "says": says[older.id]},
        "newer": {"entry": newer.id, "date": newer.day(), "says": says[newer.id]},
        **lead.detail,
    }
    if superseded is not None:
        evidence["superseded"] = superseded
    if len(found) > 1:
        evidence["also"] = [{"kind": clash.kind, **clash.detail} for clash in found if clash is not lead]
    return Finding("conflict", "warning", [older.id, newer.id], message, evidence)


def _verdict(older: Doc, newer: Doc, lead: Clash) -> tuple[str, dict[str, str] | None]:
    """Which side is wrong and why: the live project first, then instruction over memory, then dates."""
    decided = lead.detail.get("project")
    if isinstance(decided, dict):
        wrong, right = decided["wrong"], decided["right"]
        sources = ", ".join(decided["sources"])
        message = (
            f"the project decides: {sources} say {decided['fact']}, so {wrong} is wrong whatever its date "
            f"and {right} stands. Fix or expire {wrong}."
        )
        return message, {"entry": wrong, "by": right, "because": f"project: {sources}"}
    if older.is_context != newer.is_context:
        instruction, memory = (older, newer) if older.is_context else (newer, older)
        message = (
            f"{instruction.id} is an instruction file, which outranks memory: {memory.id} is wrong unless "
            f"the instruction is outdated. Fix or expire {memory.id}, or edit {instruction.id}."
        )
        return message, {"entry": memory.id, "by": instruction.id, "because": "instruction file outranks memory"}
    clause = supersede_clause(older, newer)
    superseded = (
        {"entry": older.id, "by": newer.id, "because": "date"} if clause.startswith(f"{newer.id} (newer") else None
    )
    return f"{clause}. Keep one, or edit the other.", superseded
