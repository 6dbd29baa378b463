"""derivable: memory that restates what the repo (lockfiles, manifests, configs) or an instruction file says."""

from __future__ import annotations

import re
from pathlib import Path

from curator.model import Finding
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Doc, Docs, quote
from curator.rules.project_facts import project_facts
from curator.rules.registry import Rule, RuleContext
from curator.rules.restated import restated_statements

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
        for fact in doc.facts:
            statement = fact.text
            for stance in fact.stances(table):
                if stance.polarity != "pos" or stance.command:
                    continue
                if stance.member in facts:
                    sources.setdefault(position, []).append(
                        {"says": statement, "fact": stance.member, "source": ", ".join(facts[stance.member])}
                    )
                elif (stance.group, stance.member) in context_stances:
                    where = context_stances[(stance.group, stance.member)]
                    sources.setdefault(position, []).append({"says": statement, "fact": stance.member, "source": where})
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
