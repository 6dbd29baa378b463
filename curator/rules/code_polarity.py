"""Code names one entry always uses and another says to stop using: "always pass `--x`" vs "不要再带 `--x`",
"always goes through `spawn_blocking`" vs "never call spawn_blocking from handlers"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from curator import lazyre as re
from curator.rules.facts import StatementFacts
from curator.rules.polarity.negation import REFUSING, REFUSING_ZH, alternatives
from curator.scanmemo import joinable, joined, remembered

_FLAG = r"--[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+|--[a-z][a-z0-9]{3,}(?:=[\w.-]+)?(?![\w-])"
_CODE_NAME = re.compile(
    r"(?P<flag>" + _FLAG + r")"
    r"|`(?:[a-z][a-z0-9_.]*(?:::|\s{1,2}))?(?P<call>[a-z_][a-z0-9_]*)\("
    r"|(?:[a-z_][a-z0-9_]*::)*(?P<name>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:\(\))?"
)
_NEGATION = re.compile(
    r"(?:" + alternatives(REFUSING_ZH) + r")\s*(?:再|继续)?\s*\S{0,3}\s*$"
    r"|\b(?:" + alternatives(REFUSING) + r")\s+(?!(?:\w+\s+)?(?:need|have|bother)\b)(?:\w+\s+){0,3}$",
)
_REPLACED = re.compile(r"(?:\binstead of|\brather than|\bnot|\bthan|\bover|而不是|代替|替代|取代|替换)\s*$")
_STRONG = re.compile(
    r"\b(?:always|must|every time|each time|is required|are required|from now on|going forward)\b|总是|必须|一律|统一"
    r"|每次[^，。；]{0,8}?都|务必|一定要|(?:以后|今后)[^，。；]{0,20}?都"
)
_ANY_NEGATION = re.compile(
    r"\b(?:never|not|no|don'?t|avoid|stop|without|remove|drop|strip|disable|keep\s+\S+\s+out)\b"
    r"|不|别|禁止|没|去掉|删掉|移除|禁用|关掉"
)
_GAP = 32
_DIRECTIVE = re.compile(r"^(?:put|use|call|pass|add|run|import|load|enable)\s+`")


@dataclass(frozen=True)
class CodeStance:
    """One clause that always uses, or says to stop using, one code name."""

    polarity: str
    name: str
    statement: str


def stances(facts: list[StatementFacts]) -> list[CodeStance]:
    """The code names an entry's clauses always use ('pos') or reject ('neg'); a statement opening with an imperative
    before code ("Put `library(dplyr)` at the top") is as strong as "always"."""
    found: list[CodeStance] = []
    calls = {match.group("call") for fact in facts for match in _CODE_NAME.finditer(fact.text) if match.group("call")}
    bare = (
        re.compile(r"(?<![\w`:.-])(?P<call>" + "|".join(map(re.escape, sorted(calls))) + r")(?![\w(`])")
        if calls
        else None
    )
    for fact in facts:
        for index, clause in enumerate(fact.clauses):
            directive = index == 0 and bool(_DIRECTIVE.match(clause))
            named = list(_CODE_NAME.finditer(clause)) + (list(bare.finditer(clause)) if bare else [])
            for match in named:
                name = match.groupdict().get("flag") or match.groupdict().get("name") or match.group("call")
                before = clause[max(0, match.start() - _GAP) : match.start()].replace("`", " ")
                if _NEGATION.search(before):
                    found.append(CodeStance("neg", name, fact.text))
                elif (
                    (directive or _STRONG.search(clause))
                    and not _ANY_NEGATION.search(clause[: match.start()])
                    and not _REPLACED.search(before)
                ):
                    found.append(CodeStance("pos", name, fact.text))
    return found


def remembered_stances(facts: list[StatementFacts]) -> list[CodeStance]:
    """`stances(facts)`, or what the scan memo holds for the same statements."""
    texts = [fact.text for fact in facts]
    if not texts or not joinable(texts):
        return stances(facts)
    return remembered(
        "code-stances",
        joined(texts),
        lambda: stances(facts),
        lambda found: _encode(found, texts),
        lambda raw: _decode(raw, texts),
    )


def _encode(found: list[CodeStance], texts: list[str]) -> list[list[Any]]:
    position = {text: index for index, text in reversed(list(enumerate(texts)))}
    return [[stance.polarity, stance.name, position[stance.statement]] for stance in found]


def _decode(raw: Any, texts: list[str]) -> list[CodeStance]:
    if type(raw) is not list:
        raise TypeError("not a list of code stances")
    found: list[CodeStance] = []
    for item in raw:
        if type(item) is not list or len(item) != 3 or item[0] not in ("pos", "neg") or type(item[1]) is not str:
            raise TypeError("not a code stance")
        if type(item[2]) is not int or not 0 <= item[2] < len(texts):
            raise TypeError("not a code stance")
        found.append(CodeStance(item[0], item[1], texts[item[2]]))
    return found


def clashes(
    stances_by_owner: list[list[CodeStance]], allowed: Callable[[int, int], bool]
) -> list[tuple[int, int, CodeStance, CodeStance]]:
    """(negative owner, positive owner, its stance, the other's) for each code name used always in one entry and
    rejected in another."""
    positives: dict[str, list[tuple[int, CodeStance]]] = {}
    for owner, held in enumerate(stances_by_owner):
        for stance in held:
            if stance.polarity == "pos":
                positives.setdefault(stance.name, []).append((owner, stance))
    found: list[tuple[int, int, CodeStance, CodeStance]] = []
    seen: set[tuple[int, int]] = set()
    for owner, held in enumerate(stances_by_owner):
        for stance in held:
            if stance.polarity != "neg":
                continue
            for other, positive in positives.get(stance.name, []):
                if other == owner or (owner, other) in seen or not allowed(owner, other):
                    continue
                if any(held_stance.polarity == "pos" and held_stance.name == stance.name for held_stance in held):
                    continue
                seen.add((owner, other))
                found.append((owner, other, stance, positive))
    return found
