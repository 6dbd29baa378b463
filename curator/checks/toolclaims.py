"""Tool and library claims read from prose: "uses pnpm", "用 ruff format", "lint with flake8", "CLI framework is
urfave/cli" — a name counts only after a use or role cue."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from curator import lazyre as re
from curator.checks.results import Claim
from curator.checks.vocab import (
    LIBRARIES,
    LINTING_TOOLS,
    PROSE_TOOLS,
    TOOL_ALIASES,
    TOOLS,
    WORDLIKE_LIBRARIES,
)
from curator.model import Entry


def _claim(text: str, subject: str, entry: Entry, span: tuple[int, int], category: str, extra: dict[str, Any]) -> Claim:
    return Claim("tool", text, subject, subject, entry.id, span, source="prose", category=category, extra=extra)


_TOOL_WORD = re.compile(
    r"(?<![A-Za-z0-9_\-./@])(" + "|".join(sorted(TOOLS, key=len, reverse=True)) + r")(?![A-Za-z0-9_\-@]|\.\w)",
    re.IGNORECASE,
)
_USE_CUE = re.compile(
    r"(?:\buse[sd]?|\busing|\bwith|\bvia|\bruns?\s+(?:on|under)|\b(?:switch|migrat|mov|chang)\w*\s+(?:[\w-]+\s+){0,3}to|\btests?\s+(?:are|is)(?:\s+written\s+(?:in|with))?|\bprefer[s]?|\brun(?:s)?|\b(?:managed|done|handled|enforced|checked|linted) by|用|使用|采用|改用|换成|跑)\s*(?:the\s+)?$"
    r"|(?:package manager|test runner|test framework|formatter|formatting|包管理器?|测试框架|测试|格式化工具?)"
    r"\s*(?:is|:|：|是|为|用)?\s*$",
    re.IGNORECASE,
)


_ROLE_CUE = {
    "formatter": re.compile(
        r"(?:\bformat\w*\s+(?:\w+\s+){0,2}(?:with|using|via|by)|\bformatter\s*(?:is|:)?|格式化\s*(?:用|使用)?"
        r"|格式化工具\s*(?:是|用)?)\s*$",
        re.IGNORECASE,
    ),
    "package manager": re.compile(
        r"(?:\binstall\w*\s+(?:\w+\s+){0,2}(?:with|using|via)|\bpackage manager\s*(?:is|:)?"
        r"|包管理器?\s*(?:是|用)?|装依赖\s*用)\s*$",
        re.IGNORECASE,
    ),
    "test runner": re.compile(
        r"(?:\btest (?:runner|framework)\s*(?:is|is now|:|to)?|测试框架\s*(?:是|用|改成|换成)?)\s*$", re.IGNORECASE
    ),
    "linter": re.compile(
        r"(?:\blint\w*\s+(?:\w+\s+){0,2}(?:with|using|via|by)|\blinter\s*(?:is|:)?|\blinting\s*(?:is|:)?"
        r"|(?:lint|代码检查|静态检查)\s*(?:用|使用)?)\s*$",
        re.IGNORECASE,
    ),
    "monorepo tool": re.compile(
        r"(?:\b(?:use[sd]?|using|with|via|on|monorepo\s+(?:tool\s+)?(?:is|:|uses?|runs\s+on)|build\s+system\s+is)"
        r"|用|使用|采用)\s*$",
        re.IGNORECASE,
    ),
}
_LINT_AFTER = re.compile(r"^\s*(?:lint(?:s|ing)?\b|check\b|(?:做|来)?(?:代码)?检查)", re.IGNORECASE)


_ROLE_AFTER_WORD = {
    "linter": _LINT_AFTER,
    "formatter": re.compile(r"^\s*(?:format(?:s|ting)?\b(?!\s*(?:string|spec|version|of|=))|格式化)", re.IGNORECASE),
}
_ROLE_AFTER = re.compile(
    r"^\s*(?:as|is)\s+(?:the\s+|its\s+|our\s+)?(?:package manager|test runner|test framework|formatter|monorepo tool)"
    r"|^\s*(?:作为|是|做)\s*(?:包管理器?|测试框架|测试运行器|格式化工具?)",
    re.IGNORECASE,
)


COMMAND_ONLY_TOOLS = {"turbo"}
MIXED_CASE_TOOLS = {"ESLint", "PyLint"}
"""Tool names that mean something else in prose (Hotwire's Turbo): claimed only from a command or their long name."""


def prose_tools(masked: str, entry: Entry, taken: Container[int]) -> list[Claim]:
    """Package managers, test runners, formatters, linters and monorepo tools named after a use or role cue."""
    claims = []
    for match in _TOOL_WORD.finditer(masked):
        if match.start() in taken:
            continue
        name = match.group(1).lower()
        written = match.group(1)
        if name != written and written != written.capitalize() and written not in MIXED_CASE_TOOLS:
            continue
        if name in COMMAND_ONLY_TOOLS:
            continue
        before = masked[max(0, match.start() - 40) : match.start()]
        after = masked[match.end() : match.end() + 40]
        category, ecosystem = TOOLS[name]
        if name in LINTING_TOOLS and _lints(before, after):
            category, ecosystem = "linter", LINTING_TOOLS[name]
        cue = _USE_CUE if name in PROSE_TOOLS else _ROLE_CUE[category]
        role_after = _ROLE_AFTER_WORD.get(category)
        if not cue.search(before) and not _ROLE_AFTER.search(after) and not (role_after and role_after.search(after)):
            continue
        claims.append(
            _claim(
                written,
                TOOL_ALIASES.get(name, name),
                entry,
                match.span(1),
                category,
                {"ecosystem": ecosystem, "context": _sentence_words(masked, match.start())},
            )
        )
    return claims


def _lints(before: str, after: str) -> bool:
    """Whether a sentence names a formatter that lints too as the linter ("lint with ruff", "ruff lints")."""
    return bool(_ROLE_CUE["linter"].search(before) or _LINT_AFTER.search(after))


def _sentence_words(masked: str, start: int) -> list[str]:
    """The lower-cased words of the sentence before `start` ("API tests use jest" -> api, tests, use)."""
    left = max(masked.rfind(mark, 0, start) for mark in (". ", "。", "\n", ";", "；")) + 1
    return re.findall(r"[a-z0-9][a-z0-9_-]*", masked[max(left, start - 80) : start].lower())[-12:]


_LIBRARY_WORD = re.compile(
    r"(?<![\w\-./@])(" + "|".join(re.escape(name) for name in sorted(LIBRARIES, key=len, reverse=True)) + r")"
    r"(?![\w\-]|[/.]\w)",
    re.IGNORECASE,
)
_LIBRARY_CUE = re.compile(
    r"(?:\buse[sd]?|\busing|\bvia|\b(?:built|based|runs?|written|made|implemented)\s+(?:on|with|in)|\bon top of|\bpowered by"
    r"|\b(?:framework|library|lib|router|logger|logging|orm|runtime|queue|parser|parsing)\s*(?:is|:|=)"
    r"|\b(?:switched|moved|migrated)\s+to|(?<!不)(?:用|使用|采用|基于|改用|是))\s*(?:the\s+)?[`*_]*$",
    re.IGNORECASE,
)
_WORDLIKE_END = re.compile(
    r"^[`*_]*(?:\s*$|\s*[.,;:!?)。，；：！？、]|\s+(?:for|as|to|in|and|on|v?\d)\b|\s*(?:框架|做|来|作为|写|实现))",
    re.IGNORECASE,
)


def prose_libraries(masked: str, entry: Entry) -> list[Claim]:
    """Libraries named right after a use cue ("CLI framework is urfave/cli", "日志用 zap"): one per role."""
    claims = []
    for match in _LIBRARY_WORD.finditer(masked):
        written = match.group(1)
        name = written.lower()
        if (
            written.isupper()
            and len(written) > 1
            or not _LIBRARY_CUE.search(masked[max(0, match.start() - 40) : match.start()])
        ):
            continue
        if name in WORDLIKE_LIBRARIES and (
            written not in (name, name.capitalize()) or not _WORDLIKE_END.search(masked[match.end() : match.end() + 12])
        ):
            continue
        role, ecosystem, packages = LIBRARIES[name]
        claims.append(_claim(written, name, entry, match.span(1), role, {"ecosystem": ecosystem, "library": packages}))
    return claims
