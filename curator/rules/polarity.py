"""Imperatives with opposite polarity on the same action: "Always squash-merge PRs" vs "Never squash-merge PRs"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz

from curator.rules import pairing
from curator.rules.text import tokens

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


def actions(statement: str) -> list[Action]:
    """Imperative clauses of a statement; a clause without a negation cue counts as positive."""
    found: list[Action] = []
    for clause in _CLAUSES.split(statement):
        lowered = clause.strip().lower()
        if not lowered:
            continue
        negated = _NEGATED.match(lowered)
        core = lowered[negated.end() :] if negated else _MODAL.sub("", lowered, count=1)
        words = [token for token in tokens(core) if token != "#"]
        if len(words) >= MIN_ACTION_TOKENS:
            found.append(Action("neg" if negated else "pos", " ".join(words), statement))
    return found


def clashes(owners: list[int], found: list[Action], allowed) -> list[tuple[int, int, Action, Action, float]]:
    """Pairs of actions from different entries, opposite in polarity and nearly the same in wording."""
    token_sets = [frozenset(action.text.split()) for action in found]
    if not any(action.polarity == "neg" for action in found):
        return []
    pairs = pairing.candidate_pairs(
        token_sets,
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
