"""Plain statements that describe doing what a negated action forbids ("直接在 prod 上手动执行 delete")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from curator import lazyre as re
from curator.rules.polarity.action import _CJK_UNIT, _UNIT, HISTORY, Action, _action
from curator.rules.text import STOPWORDS

_LOCATIVE_LEAD = re.compile(r"^\s*(?:在[^，,。]{1,12}?(?:上|里|中)\s*|(?:on|in) [\w-]+(?: [\w-]+)?,?\s+)")
_PRACTICE_LEAD = re.compile(
    r"^\s*(?:if|when|whenever|unless|because|since|why|who|what|which|how|otherwise|so that|如果|假如|要是|因为|为了|否则|万一|以免)"
)
_PRACTICE_GUARDED = re.compile(
    r"(?:不|别|没|禁止|防止|阻止|避免|拦|\bnever|\bnot|n't|\bno|\bblock\w*|\bprevent\w*|\bstop\w*|\btr(?:y|ies|ied)(?: to)?"
    r"|\battempt\w*(?: to)?|\bavoid\w*|\binstead of|\brather than|\bif|\bwhen|\bunless|\bwithout)\W*(?:\w+\W*)?$"
)
_QUESTION = re.compile(r"[?？]\s*$")
MIN_PRACTICE_CHARS = 8
MIN_CJK_PRACTICE_UNITS = 4
MAX_PRACTICES = 400
_DETERMINERS = re.compile(r"^(?:the|a|an|our|any|all|your)\s+")
_PREPOSITION = re.compile(r"^(?:to|on|in|into|onto|from|with|at|for|by|off|out|over|up|down|directly|straight)\b")
_INSTRUMENT_TAIL = re.compile(r"^(?P<act>.+?)\s+(?:from|via|through|with|using)\s+(?P<tool>[a-z][\w.-]*)$")
_PASSIVE_GAP = r"\s+(?:are|is|get|gets|got|were|was|will be)\s+(?!never\b|not\b|no\b)(?:[a-z]+\s+)?"


def _practice(negated: str) -> str:
    """The verb phrase of a negated action without its leading place ("在生产库上手动执行 delete" → "手动执行 delete")."""
    tail = _LOCATIVE_LEAD.sub("", negated).strip(" .。")
    units = [unit for unit in _UNIT.findall(tail) if unit not in STOPWORDS]
    cjk = sum(1 for unit in units if _CJK_UNIT.match(unit))
    enough = len(tail) >= MIN_PRACTICE_CHARS or cjk >= MIN_CJK_PRACTICE_UNITS
    return tail if enough and len(units) >= 2 else ""


def _inflected(tail: str) -> str:
    """A pattern for a verb phrase whose leading English verb may be inflected ("edit invoices" → "edits invoices")."""
    verb = re.match(r"[a-z][a-z-]*[a-z]\b", tail)
    if verb is None:
        return re.escape(tail)
    return re.escape(verb.group(0)) + r"(?:s|es|ed|d|ing)?" + re.escape(tail[verb.end() :])


def _variants(tail: str) -> list[tuple[str, str]]:
    """(pattern, word the clause must also hold) for each way a statement may describe doing `tail`.

    The phrase itself; its passive ("cache the API responses" → "API responses are cached"); and, for an
    action forbidden from a tool ("restart the database from CI"), the bare action beside that tool's name.
    """
    found = [(_inflected(tail), "")]
    verb = re.match(r"([a-z][a-z-]*[a-z])\s+(.+)$", tail)
    if verb is None:
        return found
    obj = _DETERMINERS.sub("", verb.group(2))
    if not _PREPOSITION.match(obj) and 1 <= len(obj.split()) <= 4 and obj.isascii():
        stem_form = verb.group(1)[:-1] if verb.group(1).endswith("e") else verb.group(1)
        past = re.escape(stem_form) + f"(?:{re.escape(stem_form[-1])})?ed"
        found.append((re.escape(obj) + _PASSIVE_GAP + past, ""))
    instrument = _INSTRUMENT_TAIL.match(tail)
    if instrument and len(instrument.group("act").split()) >= 2 and instrument.group("tool") not in STOPWORDS:
        found.append((_inflected(instrument.group("act")), instrument.group("tool")))
    return found


def practice_tails(found: list[Action]) -> dict[str, list[int]]:
    """The verb phrase each negated action of `found` names as a practice, and the positions of the actions naming it."""
    practices: dict[str, list[int]] = {}
    for position, action in enumerate(found):
        if action.polarity == "neg":
            tail = _practice(action.practice)
            if tail:
                practices.setdefault(tail, []).append(position)
    return practices


def practice_reader(
    owners: list[int], found: list[Action], practices: dict[str, list[int]]
) -> Callable[[int, str, str], list[tuple[str, Action]]] | None:
    """A reader of the actions a plain clause describes doing that a negated action forbids ("直接在 prod 上手动执行 delete"),
    or None when no negated action of `found` names a practice (or too many do).

    A memory often records a practice rather than an order: the forbidden verb phrase (inflected, passive,
    or beside the tool it was forbidden from) in a clause that is neither negated, conditional nor a reason
    contradicts the rule. The reader is given each clause that negates nothing, as (owner, statement, clause), and
    gives each action with the part of the clause it was read from. `practices` is `practice_tails(found)`.
    """
    if not practices or len(practices) > MAX_PRACTICES:
        return None
    variants = [(source, tail, needed) for tail in practices for source, needed in _variants(tail)]
    variants.sort(key=lambda variant: len(variant[0]), reverse=True)
    pattern = re.compile("|".join(f"(?P<p{index}>{source})" for index, (source, _, _) in enumerate(variants)))
    negative_owners = owners[: len(found)]

    def read(owner: int, statement: str, lowered: str) -> list[tuple[str, Action]]:
        described_here: list[tuple[str, Action]] = []
        if _PRACTICE_LEAD.match(lowered) or HISTORY.search(lowered) or _QUESTION.search(statement):
            return described_here
        for match in pattern.finditer(lowered):
            if _PRACTICE_GUARDED.search(lowered[max(0, match.start() - 30) : match.start()]):
                continue
            _, tail, needed = variants[int((match.lastgroup or "p0")[1:])]
            if needed and not re.search(r"\b" + re.escape(needed) + r"\b", lowered):
                continue
            described = _action("pos", lowered[match.start() :], statement)
            if described is not None and any(negative_owners[negative] != owner for negative in practices[tail]):
                described_here.append((lowered[match.start() :], replace(described, practice=tail)))
        return described_here

    return read
