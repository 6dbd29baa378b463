"""derivable: memory that restates what the repo (lockfiles, manifests, configs) or an instruction file says."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from curator.model import Finding
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Doc, Docs, quote
from curator.rules.project_facts import project_facts
from curator.rules.registry import Rule, RuleContext
from curator.rules.restated import restated_statements
from curator.scanmemo import joinable, joined, remembered

_LANGUAGE_CLAIM = re.compile(
    r"(?:\b(?:uses?|using|written in|with|in|is a|用|使用|基于|采用)\s*)(typescript|python|rust|golang|go)\b(?! ?(?:file|script|version|code|snippet))"
)
_LANGUAGE_FILES = {
    "typescript": ("tsconfig.json",),
    "python": ("pyproject.toml", "setup.py", "setup.cfg"),
    "rust": ("Cargo.toml",),
    "go": ("go.mod",),
    "golang": ("go.mod",),
}


def analyze(
    docs: Docs, table: ChoiceTable, project: Path | None, restated: list[tuple[int, int, float]]
) -> list[Finding]:
    """One finding per memory entry that restates the project or an instruction file."""
    facts = project_facts(project)
    languages = _languages(project)
    context_stances = _context_stances(docs, table)
    sources: dict[int, list[dict[str, str]]] = {}
    for position, doc in enumerate(docs.items):
        if doc.is_context:
            continue
        asserted = _asserted(doc, table)
        for index, statement in enumerate(doc.statements):
            for group, member in asserted.get(index, ()):
                if member in facts:
                    sources.setdefault(position, []).append(
                        {"says": statement, "fact": member, "source": ", ".join(facts[member])}
                    )
                elif (group, member) in context_stances:
                    where = context_stances[(group, member)]
                    sources.setdefault(position, []).append({"says": statement, "fact": member, "source": where})
            for match in _LANGUAGE_CLAIM.finditer(statement.lower()):
                if match.group(1) in languages:
                    sources.setdefault(position, []).append(
                        {"says": statement, "fact": match.group(1), "source": languages[match.group(1)]}
                    )
    for memory, rule, statement, score in restated_statements(docs):
        sources.setdefault(memory, []).append(
            {"says": statement, "fact": f"{score:.0f}% the same as the rule", "source": docs.items[rule].id}
        )
    for left, right, score in restated:
        memory, context = (left, right) if docs.items[right].is_context else (right, left)
        sources.setdefault(memory, []).append(
            {"says": docs.items[memory].prose, "fact": f"{score:.0f}% the same text", "source": docs.items[context].id}
        )
    return [_finding(docs.items[position], found) for position, found in sorted(sources.items())]


Asserted = dict[int, list[tuple[tuple[int, str | None], str]]]


def _asserted(doc: Doc, table: ChoiceTable) -> Asserted:
    """The (group, member) of each member a statement of the entry asserts (not as a command), by statement index, or
    what the scan memo holds for the same statements and table (one lookup per entry instead of one per statement)."""

    def read() -> Asserted:
        found: Asserted = {}
        for index, fact in enumerate(doc.facts):
            for stance in fact.stances(table):
                if stance.polarity == "pos" and not stance.command:
                    found.setdefault(index, []).append((stance.group, stance.member))
        return found

    statements = doc.statements
    if not statements or not joinable(statements):
        return read()
    return remembered(
        "entry-assertions",
        f"{table.digest}\0{joined(statements)}",
        read,
        _encode_asserted,
        lambda raw: _decode_asserted(raw, len(statements), len(table.sets)),
    )


def _encode_asserted(found: Asserted) -> list[list[Any]]:
    return [[index, set_index, scope, member] for index, items in found.items() for (set_index, scope), member in items]


def _decode_asserted(raw: Any, statements: int, sets: int) -> Asserted:
    if type(raw) is not list:
        raise TypeError("not a list of assertions")
    found: Asserted = {}
    for item in raw:
        if type(item) is not list or len(item) != 4:
            raise TypeError("not an assertion")
        index, set_index, scope, member = item
        if type(index) is not int or not 0 <= index < statements or type(set_index) is not int:
            raise TypeError("not an assertion")
        if not 0 <= set_index < sets or (scope is not None and type(scope) is not str) or type(member) is not str:
            raise TypeError("not an assertion")
        found.setdefault(index, []).append(((set_index, scope), member))
    return found


def _languages(project: Path | None) -> dict[str, str]:
    found: dict[str, str] = {}
    if project is None or not project.is_dir():
        return found
    for language, names in _LANGUAGE_FILES.items():
        present = [name for name in names if (project / name).is_file()]
        if present:
            found[language] = present[0]
    return found


def _context_stances(docs: Docs, table: ChoiceTable) -> dict[tuple[tuple[int, str | None], str], str]:
    found: dict[tuple[tuple[int, str | None], str], str] = {}
    for doc in docs.items:
        if doc.is_context:
            for fact in doc.facts:
                for stance in fact.stances(table):
                    if stance.polarity == "pos":
                        found.setdefault((stance.group, stance.member), doc.id)
    return found


def _finding(doc: Doc, found: list[dict[str, str]]) -> Finding:
    unique = list({(item["fact"], item["source"]): item for item in found}.values())
    first = unique[0]
    named = "; ".join(f"{item['fact']} — {item['source']}" for item in unique)
    return Finding(
        "derivable",
        "info",
        [doc.id],
        f"{doc.id} says {quote(first['says'])}, which the project already says ({named}); the files are the "
        "truth and a copy in memory only goes stale — drop it from memory.",
        {"restates": unique, "files": sorted({item["source"] for item in unique})},
    )


def _run(ctx: RuleContext) -> list[Finding]:
    return analyze(ctx.docs, ctx.choices, ctx.project, ctx.restated)


RULE = Rule(
    id="derivable",
    severity="info",
    summary="an entry the project or an instruction file already says",
    analyze=_run,
    order=60,
)
