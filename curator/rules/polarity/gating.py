"""One action told as automatic in one entry and as waiting for a person in another ("refunds are issued automatically"
vs "every refund sits in the finance queue until someone signs off", 自动合并 vs 要等 owner 人工 review 通过才能合)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from curator import lazyre as re
from curator.rules import embed
from curator.rules.facts import StatementFacts, statement_facts
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import subject_tokens
from curator.rules.polarity.negation import NOT_CLOSING_BIE
from curator.scanmemo import joinable, joined, remembered, split

_AUTOMATIC = re.compile(
    r"\bautomatic(?:ally)?\b|\bauto-?(?:merg|sync|deploy|approv|clos|publish|upload|renew|install|apply)\w*"
    r"|\bsilently\b|\bby (?:the |a |our )?[\w`-]*\s*(?:bot|worker|workflow|pipeline|cron(?: job)?)\b"
    r"|\bwithout (?:any )?(?:human|manual|anyone|a person|review|approval|sign-off)\b"
    r"|自动|静默|不用人[看管审]|无需人工|无需审[核批]|不用审[核批]|不需要审[核批]"
)
_GATED = re.compile(
    r"\b(?:until|only (?:when|after|once))\b[^.;]{0,60}?\b(?:approv|sign|review|click|press|confirm|accept)\w*"
    r"|\bwaits? (?:for|on)\b[^.;]{0,40}?\b(?:approv|sign|review|click|press|confirm|accept|maintainer|owner|human|someone)"
    r"|\bsits? in\b[^.;]{0,30}?\bqueue\b|\bmanual(?:ly)?\b|\bby hand\b"
    r"|\bauto-?\w*\s+(?:is|are)\s+(?:disabled|off|turned off)\b"
    r"|手动|人工|手工|不(?:会|做)?自动|等[^，。；]{0,24}?(?:审核|审批|批准|确认|同意|点)[^，。；]{0,12}?(?:才|后)|(?:点|按)[^，。；]{0,12}?才(?:会|能)?"
)
_BAN = re.compile(
    r"\b(?:never|don'?t|do not|must not|mustn'?t|should not|shouldn'?t|avoid)\b|不要|"
    + NOT_CLOSING_BIE
    + r"别|禁止|严禁|不准|不许|切勿|不得"
)
"""A ban ("不要手动修改 X") tells no practice: "don't do it by hand" agrees with "the pipeline does it automatically"."""
_NO_PERSON = re.compile(r"(?:不用|无需|不需要|不必)人工|\bwithout (?:any )?(?:manual|human)\b")
_HISTORY = re.compile(
    r"\b(?:used to|previously|formerly|until (?:last|20\d\d)|no longer|anymore)\b|以前|之前|原来|曾经|过去|不再"
)
_MARKERS = frozenset(
    concept(word)
    for word in """automatic automatically auto silently manual manually hand human approval approve approves approved
    review sign signs off until wait waits someone queue only when after once 自动 手动 人工 审核 审批 批准 确认""".split()
)
MIN_SHARED_CONCEPTS = 3
MIN_COSINE = 0.5
MAX_HOLDERS = 200


@dataclass(frozen=True)
class Told:
    """One statement of an entry that tells an action as automatic ("auto") or as waiting for a person ("gated")."""

    owner: int
    manner: str
    statement: str
    concepts: frozenset[str]
    scope: frozenset[str]


def _manner(text: str) -> str | None:
    """The one manner a statement tells ("auto" or "gated"), or None when it tells neither or both."""
    lowered = text.lower()
    if _HISTORY.search(lowered) or _BAN.search(lowered):
        return None
    unattended = _NO_PERSON.sub(" 自动 ", lowered)
    gated = _GATED.search(unattended)
    automatic = _AUTOMATIC.search(_GATED.sub(" ", unattended))
    if gated and not automatic:
        return "gated"
    if automatic and not gated:
        return "auto"
    return None


def _scope(text: str) -> frozenset[str]:
    """The scope of a statement outside the words that tell its manner: where a person approves ("在弹窗里点同意")
    is no part of the world the action is limited to."""
    lowered = _NO_PERSON.sub(" ", text.lower())
    return statement_facts(_AUTOMATIC.sub(" ", _GATED.sub(" ", lowered))).scope


def told(statements_by_owner: list[list[StatementFacts]]) -> list[Told]:
    """Every statement that tells an action as automatic or as waiting for a person, with its content concepts (a lone
    Chinese character, 由 or 戳 of 时间戳, names no thing)."""
    found: list[Told] = []
    for owner, facts in enumerate(statements_by_owner):
        texts = [fact.text for fact in facts]
        for manner, index, concepts, scope in _remembered_told(texts):
            found.append(Told(owner, manner, texts[index], concepts, scope))
    return found


ToldRow = tuple[str, int, frozenset[str], frozenset[str]]


def _remembered_told(texts: list[str]) -> list[ToldRow]:
    """`_entry_told(texts)`, or what the scan memo holds for the same statements: a pure function of one entry's
    statements, so an unchanged entry is one lookup."""
    if not texts or not joinable(texts):
        return _entry_told(texts)
    return remembered(
        "entry-told",
        joined(texts),
        lambda: _entry_told(texts),
        lambda rows: [
            [manner, index, joined(sorted(concepts)), joined(sorted(scope))] for manner, index, concepts, scope in rows
        ],
        lambda raw: _decode_told(raw, len(texts)),
        keep=lambda rows: all(joinable(concepts) and joinable(scope) for _, _, concepts, scope in rows),
    )


def _entry_told(texts: list[str]) -> list[ToldRow]:
    """(manner, statement position, content concepts, scope) of each statement of one entry that tells a manner."""
    rows: list[ToldRow] = []
    for index, text in enumerate(texts):
        manner = _manner(text)
        if manner is not None:
            concepts = frozenset(concept(word) for word in subject_tokens(text) if len(word) > 1) - _MARKERS
            rows.append((manner, index, concepts, _scope(text)))
    return rows


def _decode_told(raw: Any, statements: int) -> list[ToldRow]:
    if type(raw) is not list:
        raise TypeError("not a list of told statements")
    rows: list[ToldRow] = []
    for item in raw:
        if type(item) is not list or len(item) != 4 or item[0] not in ("auto", "gated"):
            raise TypeError("not a told statement")
        if type(item[1]) is not int or not 0 <= item[1] < statements:
            raise TypeError("not a statement position")
        rows.append((item[0], item[1], frozenset(split(item[2])), frozenset(split(item[3]))))
    return rows


def candidates(automatic: list[Told], gated: list[Told]) -> list[list[int]]:
    """For each automatic statement, the positions (ascending) of the gated statements of other entries that share a
    content concept with it; a concept more than MAX_HOLDERS statements hold proposes nothing, so pairing stays blocked."""
    holders: dict[str, list[int]] = {}
    for column, item in enumerate(gated):
        for word in item.concepts:
            holders.setdefault(word, []).append(column)
    held = Counter(word for item in automatic for word in item.concepts)
    found: list[list[int]] = []
    for item in automatic:
        columns: set[int] = set()
        for word in item.concepts:
            sharing = holders.get(word, [])
            if len(sharing) + held[word] <= MAX_HOLDERS:
                columns.update(sharing)
        found.append(sorted(column for column in columns if gated[column].owner != item.owner))
    return found


def clashes(
    statements_by_owner: list[list[StatementFacts]], allowed: Callable[[int, int], bool]
) -> list[tuple[Told, Told, float]]:
    """(automatic, gated, cosine) for statements of two entries that are each other's nearest of the other manner among
    those sharing a content concept, and share MIN_SHARED_CONCEPTS of them."""
    found = told(statements_by_owner)
    automatic = [item for item in found if item.manner == "auto"]
    gated = [item for item in found if item.manner == "gated"]
    if not automatic or not gated:
        return []
    proposed = candidates(automatic, gated)
    if not any(proposed):
        return []
    vectors = embed.encode_remembered([item.statement for item in automatic + gated])
    if vectors is None:
        return []
    automatic_vectors, gated_vectors = vectors[: len(automatic)], vectors[len(automatic) :]
    nearest_gated: dict[int, tuple[int, float]] = {}
    nearest_automatic: dict[int, tuple[float, int]] = {}
    for row, columns in enumerate(proposed):
        if not columns:
            continue
        cosines = (gated_vectors[columns] @ automatic_vectors[row]).tolist()
        best = max(range(len(columns)), key=cosines.__getitem__)
        nearest_gated[row] = (columns[best], cosines[best])
        for column, cosine in zip(columns, cosines):
            if cosine > nearest_automatic.get(column, (-2.0, -1))[0]:
                nearest_automatic[column] = (cosine, row)
    kept: list[tuple[Told, Told, float]] = []
    for row, (column, cosine) in nearest_gated.items():
        if cosine < MIN_COSINE or nearest_automatic[column][1] != row:
            continue
        left, right = automatic[row], gated[column]
        if len(left.concepts & right.concepts) >= MIN_SHARED_CONCEPTS and allowed(left.owner, right.owner):
            kept.append((left, right, cosine))
    return kept
