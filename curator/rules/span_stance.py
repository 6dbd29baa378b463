"""Whether a command written as a code span is to be run or never run: "Run `alembic upgrade head`" vs "Never run
`alembic upgrade head` against prod" take opposite stances on one command, so they never say the same thing."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.polarity.negation import REFUSING, REFUSING_ZH, REPLACING, REPLACING_ZH, alternatives

_SPAN = re.compile(r"`([^`\n]{1,80})`")
_CLAUSE_END = re.compile(r"[。；;！!？?，,：\n]|[.:](?:\s|$)")
_WINDOW = 40
_AFTER_WINDOW = 16
_BEFORE_CUE = re.compile(
    r"\b(?:" + alternatives((*REFUSING, *REPLACING, "does not", "not", "no")) + r")\b"
    r"|" + alternatives((*REFUSING_ZH, *REPLACING_ZH)),
    re.I,
)
_AFTER_CUE = re.compile(
    r"^[\s'\")）]{0,3}(?:(?:is|are)\s+)?(?:must not|mustn'?t|must never|should not|shouldn'?t|should never|never|"
    r"forbidden|banned|not allowed)\b"
    r"|^[\s'\")）]{0,3}(?:千万|绝对|一律)?(?:不要|不能|别|禁止|不准|不许|切勿|不得|严禁)",
    re.I,
)
_LIFTED = re.compile(
    r"\b(?:forget|skip|omit|miss|without|unless|until|before)\w*|忘|漏|跳过|省略|除非",
    re.I,
)


_SENTENCE_END = re.compile(r"[。！!？?\n]|\.(?:\s|$)")
_PRONOUN_REFUSAL = re.compile(
    r"^\s*(?:it|this|that|they|these|those)\s+(?:(?:must|should|may)\s+(?:not|never)|mustn'?t|shouldn'?t|cannot|can'?t"
    r"|(?:is|are)\s+(?:never|not)\s+to)\b"
    r"|^\s*(?:它|它们|这个|这些|该文件)(?:千万|绝对|一律)?(?:" + alternatives(REFUSING_ZH) + r")",
    re.I,
)


def span_stances(prose: str) -> dict[str, frozenset[str]]:
    """Each code span's stances in the entry: 'neg' where a clause says not to run or use it, or where the next
    sentence refuses it by a pronoun ("… `x` … It must not be committed."), 'pos' elsewhere."""
    found: dict[str, set[str]] = {}
    refused = _refused_by_pronoun(prose)
    for match in _SPAN.finditer(prose):
        name = " ".join(match.group(1).lower().strip(" :.@()/~").split())
        if name:
            stances = found.setdefault(name, set())
            stances.add(_stance(prose, match.start(), match.end()))
            if any(start <= match.start() < end for start, end in refused):
                stances.add("neg")
    return {name: frozenset(stances) for name, stances in found.items()}


def _refused_by_pronoun(prose: str) -> list[tuple[int, int]]:
    """The (start, end) of each sentence whose next sentence opens with a pronoun and a refusal ("It must not …")."""
    bounds = [0] + [found.end() for found in _SENTENCE_END.finditer(_SPAN.sub(_blank, prose))] + [len(prose)]
    sentences = [(start, end) for start, end in zip(bounds, bounds[1:]) if prose[start:end].strip()]
    return [
        sentences[index - 1]
        for index in range(1, len(sentences))
        if _PRONOUN_REFUSAL.search(text := prose[slice(*sentences[index])]) and not _LIFTED.search(text)
    ]


def _blank(match: re.Match[str]) -> str:
    """A code span as spaces of its length, so sentence ends inside it are not read."""
    return " " * len(match.group(0))


def _stance(prose: str, start: int, end: int) -> str:
    before = prose[max(0, start - _WINDOW) : start]
    if before.count("`") % 2:
        before = before[before.index("`") + 1 :]
    clause_starts = [found.end() for found in _CLAUSE_END.finditer(before)]
    before = before[clause_starts[-1] :] if clause_starts else before
    before = _SPAN.sub(" ", before)
    cues = list(_BEFORE_CUE.finditer(before))
    if cues and not _LIFTED.search(before[cues[-1].start() :]):
        return "neg"
    return "neg" if _AFTER_CUE.search(prose[end : end + _AFTER_WINDOW]) else "pos"


def opposite_stances(left: dict[str, frozenset[str]], right: dict[str, frozenset[str]]) -> bool:
    """One entry says to run a command the other says never to run (each side holds one stance on it)."""
    for name, stances in left.items():
        other = right.get(name) or next(
            (held for key, held in right.items() if key.startswith(name + " ") or name.startswith(key + " ")), None
        )
        if other and len(stances) == len(other) == 1 and stances != other:
            return True
    return False
