"""A rule's own exception: "never push to main, except the release bot's commit", "never `local` outside Sail",
"不要用 X，本地原型除外": the case it names is no clash with the rule."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import subject_tokens

_EXCEPTION = re.compile(
    r"\b(?:except(?: for| in| on| when)?|other than|apart from|excluding|with the exception of|outside(?: of)?"
    r"|unless (?:in|on|for|using|it'?s|running)|but not (?:in|on|for))\s+(?P<en>[^.;]{3,80})"
    r"|(?:除了|除)(?P<zh>[^，,。；;]{2,30}?)(?:以外|之外|外|[，,]\s*(?:都|一律|全部|其他|其它)?\s*(?:不要|别|不能|禁止|不准|不许|不得))"
    r"|(?P<tail>[^，,。；;]{2,30}?)(?:除外|例外)"
)


def excepted(rule: str, other: str) -> bool:
    """Whether a rule names the other statement's case as its exception ("never push to main, except the release
    bot's version-bump commit" and "release-bot pushes the version bump straight to main")."""
    found = _EXCEPTION.search(rule.lower())
    if found is None:
        return False
    named = {concept(word) for word in subject_tokens(found.group("en") or found.group("zh") or found.group("tail"))}
    held = {concept(word) for word in subject_tokens(other)}
    return bool(named) and len(named & held) * 2 >= len(named)
