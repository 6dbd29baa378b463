"""One imperative clause read as an action: its polarity, words for matching, object words and scope."""

from __future__ import annotations

from dataclasses import dataclass

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.scope import scope_tokens
from curator.rules.facts.subject import stem, subject_tokens
from curator.rules.text import CJK_CHAR, STOPWORDS, tokens

MIN_ACTION_TOKENS = 2


@dataclass(frozen=True, slots=True)
class Action:
    """One imperative clause: what it tells the agent to do (or not), normalised for comparison."""

    polarity: str
    text: str
    statement: str
    words: tuple[str, ...] = ()
    scope: frozenset[str] = frozenset()
    strong: bool = False
    verbal: bool = True
    practice: str = ""


HISTORY = re.compile(
    r"\b(?:used to|previously|formerly|back then|in the past|at first)\b|以前|之前曾|曾经|过去|原来|当时|那时|起初"
)
"""Words that tell a clause as history ("we used to X", 以前…): it describes no current practice."""

_FIRST_WORD = re.compile(r"\s*([a-z][\w'-]*)")


_GENERIC_VERBS = frozenset(
    stem(word) for word in "use do run apply have make let go put get try turn keep leave switch".split()
)
_GENERIC_NOUNS = frozenset(stem(word) for word in "branch file files code thing things stuff 分支 文件 代码".split())
_FUNCTION_WORDS = STOPWORDS | frozenset(stem(word) for word in STOPWORDS)
_ACTION_NOISE = frozenset(stem(word) for word in "ever against hand manual manually 手动 一律 再".split())


def _object(words: tuple[str, ...]) -> frozenset[str]:
    """What an action acts on, without generic verbs ("use blue-green" → {blue, green})."""
    return frozenset(word for word in words if word not in _GENERIC_VERBS and word not in _GENERIC_NOUNS)


_CJK_UNIT = re.compile(f"[{CJK_CHAR}]")
_UNIT = re.compile(r"[a-z][a-z0-9_'-]{2,}|[" + CJK_CHAR + "]")
_CJK_FILLER = frozenset("在的了里中把被和与也就都要去来上下")


def _key(core: str) -> tuple[str, ...]:
    """The first two content words (or CJK characters) of an action: mirrored imperatives share them."""
    units = [unit for unit in _UNIT.findall(core) if unit not in STOPWORDS and unit not in _CJK_FILLER]
    return tuple(units[:2])


_PURPOSE = re.compile(r"(?:用|使用)\s*[`<]*[a-z][\w.-]*[`>]*\s*(?P<purpose>[" + CJK_CHAR + r"]{1,3})\s*[。.]?$")


def _action(polarity: str, core: str, statement: str, strong: bool = False, practice: str = "") -> Action | None:
    """The action of one clause: its words for fuzzy matching, stemmed words and scope for object matching.

    A negated "用 X 缓存" rejects X whatever it is used for, so the trailing purpose is no object word.
    """
    words = [token for token in tokens(core) if token != "#"]
    scope = scope_tokens(core)
    purpose = _PURPOSE.search(core) if polarity == "neg" else None
    acted = core[: purpose.start("purpose")] if purpose else core
    stemmed = tuple(
        meaning
        for meaning in (concept(word) for word in subject_tokens(acted) if word not in scope)
        if meaning not in _FUNCTION_WORDS and meaning not in _ACTION_NOISE and meaning not in _MANNER
    )
    if len(words) < MIN_ACTION_TOKENS and not (polarity == "neg" and stemmed):
        return None
    first = _FIRST_WORD.match(core)
    verbal = not (first and first.group(1) in STOPWORDS)
    return Action(polarity, " ".join(words), statement, stemmed, scope, strong, verbal, practice)


_MANNER = frozenset(
    stem(word)
    for word in "manually manual directly direct by hand yourself locally quickly 手动 手工 直接 自己 亲自 随便 单独 临时".split()
)
