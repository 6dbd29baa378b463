"""Imperatives with opposite polarity on the same action: "Always squash-merge PRs" vs "Never squash-merge PRs"."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rapidfuzz import fuzz

from curator.rules import pairing
from curator.rules.text import CJK_CHAR, STOPWORDS, tokens

ACTION_SIMILARITY = 90.0
MIN_ACTION_TOKENS = 2
_CLAUSES = re.compile(
    r"[,，;；。!?！？:：]|\s[—–-]\s|\.\s"
    r"|\s(?=(?:so|so that|because|since|as|unless|when|while|which|to keep|to avoid|in order to|otherwise)\b)"
    r"|(?=因为|所以|以便|否则|这样|以免)"
)
_NEGATED = re.compile(
    r"^\s*(?:please\s+)?(?:never|don'?t|do not|must not|mustn'?t|should not|shouldn'?t|avoid|stop|no longer"
    r"|不要|别再|别|禁止|不准|不许|不能|切勿|千万别|永远不要|不再)\s*"
)
_MODAL = re.compile(
    r"^\s*(?:please\s+)?(?:always|must|should|do|make sure to|remember to|be sure to|一定要|必须|务必|总是|记得|要|请)\s+|^\s*(?:一定要|必须|务必|总是|记得|请)"
)


@dataclass(frozen=True)
class Action:
    """One imperative clause: what it tells the agent to do (or not), normalised for comparison."""

    polarity: str
    text: str
    statement: str


MAX_POSITIVE_CHARS = 90


def collect(statements_by_owner: list[list[str]]) -> tuple[list[int], list[Action]]:
    """Negated imperatives, then the short positive clauses that start with the same two words as one of them."""
    owners: list[int] = []
    found: list[Action] = []
    keys: set[tuple[str, ...]] = set()
    for owner, statement, lowered in _clauses(statements_by_owner):
        negated = _NEGATED.match(lowered)
        if negated:
            action = _action("neg", lowered[negated.end() :], statement)
            if action:
                owners.append(owner)
                found.append(action)
                keys.add(_key(lowered[negated.end() :]))
    if not found:
        return owners, found
    for owner, statement, lowered in _clauses(statements_by_owner):
        if len(lowered) <= MAX_POSITIVE_CHARS and not _NEGATED.match(lowered):
            core = _MODAL.sub("", lowered, count=1)
            if _key(core) in keys:
                action = _action("pos", core, statement)
                if action:
                    owners.append(owner)
                    found.append(action)
    return owners, found


def _clauses(statements_by_owner: list[list[str]]) -> Iterator[tuple[int, str, str]]:
    """(owner, statement, lower-cased clause) for every clause of every statement."""
    for owner, statements in enumerate(statements_by_owner):
        for statement in statements:
            for clause in _CLAUSES.split(statement):
                lowered = clause.strip().lower()
                if lowered:
                    yield owner, statement, lowered


_UNIT = re.compile(r"[a-z][a-z0-9_'-]{2,}|[" + CJK_CHAR + "]")
_CJK_FILLER = frozenset("在的了里中把被和与也就都要去来上下")


def _key(core: str) -> tuple[str, ...]:
    """The first two content words (or CJK characters) of an action: mirrored imperatives share them."""
    units = [unit for unit in _UNIT.findall(core) if unit not in STOPWORDS and unit not in _CJK_FILLER]
    return tuple(units[:2])


def _action(polarity: str, core: str, statement: str) -> Action | None:
    words = [token for token in tokens(core) if token != "#"]
    return Action(polarity, " ".join(words), statement) if len(words) >= MIN_ACTION_TOKENS else None


def clashes(
    owners: list[int], found: list[Action], allowed: Callable[[int, int], bool]
) -> list[tuple[int, int, Action, Action, float]]:
    """Pairs of actions from different entries, opposite in polarity and nearly the same in wording."""
    if not found:
        return []
    vocabulary: dict[str, int] = {}
    pairs = pairing.candidate_pairs(
        [tuple({vocabulary.setdefault(word, len(vocabulary)) for word in action.text.split()}) for action in found],
        min_overlap=0.8,
        block_cap=50,
        skip=lambda left, right: found[left].polarity == found[right].polarity
        or not allowed(owners[left], owners[right]),
    )
    scores = pairing.score_pairs([action.text for action in found], pairs, scorer=fuzz.ratio)
    return [
        (owners[left], owners[right], found[left], found[right], score)
        for (left, right), score in zip(pairs, scores)
        if score >= ACTION_SIMILARITY
    ]
