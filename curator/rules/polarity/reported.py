"""Clauses that report someone doing a forbidden action ("the on-call engineer pushes hotfixes straight to main")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem
from curator.rules.polarity.families import family

_NOT_PRACTICE = re.compile(
    r"^\s*(?:if|when|whenever|unless|because|since|why|how|what|whether|otherwise|so that|once|before|after|until)\b"
    r"|\b(?:last (?:year|month|quarter|time)|until|back when|anymore)\b|\?\s*$"
)
_QUESTION = re.compile(r"[?？]\s*$")
_SUBJECT_STOP = frozenset(
    """who which what to will would should could might may can must shall going plan plans planned planning want wants wanted need
    needs needed if when whether not no never don't doesn't didn't""".split()
)
MAX_SUBJECT_WORDS = 4


def _active_practice(core: str, verbs: set[str], verb_families: set[str]) -> str | None:
    """What an English clause says someone does, from a forbidden verb after its subject ("debug builds log full
    request bodies" → "log full request bodies"), or None when no forbidden verb follows a plain subject."""
    words = core.split()
    for position in range(1, min(len(words) - 1, MAX_SUBJECT_WORDS + 1)):
        if words[position - 1] in _SUBJECT_STOP or not re.fullmatch(r"[a-z][\w'-]*", words[position - 1]):
            return None
        word = words[position]
        if not re.fullmatch(r"[a-z][a-z-]*", word) or word.endswith("ing"):
            continue
        verb = concept(stem(word.split("-")[0]))
        if verb in verbs or family(verb) in verb_families:
            return " ".join(words[position:])
    return None


def reported_practice(statement: str, lowered: str, core: str, verbs: set[str], verb_families: set[str]) -> str | None:
    """The action a plain clause reports being done with a forbidden verb, or None for a condition, a reason, history,
    a plan or a question."""
    if _NOT_PRACTICE.search(lowered) or _QUESTION.search(statement):
        return None
    return _active_practice(core, verbs, verb_families)
