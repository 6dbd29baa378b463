"""A veto on two clauses that set one kind of setting for two owners: "pinned posts expire …" vs "regular posts
expire …", "the gateway's idle timeout" vs "the scheduler's", 主库的连接池上限 vs 从库的连接池上限,
`TAB_MEM_WARN_MB` vs `MAIN_MEM_WARN_MB`.

The owner is read where a sentence builds it: a noun modifier before a shared head noun (a gloss in brackets between
them allowed), a possessive, a "for X" phrase, a Chinese attributive (X 的 …) or the differing part of two code keys
of one shape.
"""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.leads import QUALIFIERS as LEAD_QUALIFIERS
from curator.rules.facts.named_scopes import NOT_NAMES, ZH_NOT_NAMES
from curator.rules.facts.subject import stem
from curator.rules.facts.things import MEASURE_WORDS

_OPENING = r"^\s*(?:[-*>#•·]+\s*|\d+[.)]\s+|\*\*[^*]{1,40}\*\*\s*)*"
_GLOSS = r"(?:\s*[(（][^()（）]{1,40}[)）])?"
_WORD = r"[A-Za-z][\w-]*"
_EN_MODIFIED = tuple(
    re.compile(
        rf"{_OPENING}(?:(?:the|our|all|a|an)\s+)?(?P<owner>{_WORD}{more}){_GLOSS}\s+(?P<kind>{_WORD}){_GLOSS}"
        rf"\s+(?P<next>{_WORD})",
        re.I,
    )
    for more in ("", rf"\s+{_WORD}")
)
_EN_POSSESSIVE = re.compile(
    rf"{_OPENING}(?:(?:the|our|a|an|each)\s+)?(?P<owner>{_WORD}(?:\s+{_WORD})?)['’]s?\s+(?P<kind>{_WORD}(?:\s+{_WORD}){{0,3}}?)"
    r"(?=\s+(?:is|are|was|were|stays?|sits|passes|exceeds|goes|defaults)\b|\s*[:=])",
    re.I,
)
_EN_FOR = re.compile(
    rf"{_OPENING}(?:(?:the|our)\s+)?(?P<kind>{_WORD}(?:\s+{_WORD}){{0,3}}?)\s+(?:for|of)\s+(?:(?:the|our|a|an|each)\s+)?"
    rf"(?P<owner>{_WORD}(?:\s+{_WORD})?)(?=\s+(?:is|are|was|were|stays?|defaults)\b|\s*[:=：])",
    re.I,
)
_AUXILIARIES = frozenset(
    "is are was were has have had can cannot can't must should will would may might stay stays keep keeps get gets "
    "never always only still now".split()
)
_FUNCTION_WORDS = frozenset(
    "and or of for to with in on at by from as than then that which who the a an vs versus nor but if when".split()
)
_ZH_ATTRIBUTIVE = re.compile(
    rf"{_OPENING}(?P<owner>[^\s，。；：:、,;的]{{1,12}}?)\s*的\s*(?P<kind>[^，。；：:,;的\d]{{1,16}}?)\s*"
    r"(?=是|为|设|改|调|超过|不超过|上限|下限|最多|最少|至少|要|用|在|[:：，,\s\d])"
)
_ZH_TIME_WORDS = frozenset("现在 目前 当前 之前 以前 原来 原先 过去 最近 今天 今年 去年 新版 旧版 新 旧".split())
_KEY = re.compile(r"`[^`]*?(?P<key>[A-Za-z][\w.-]*?)\s*[:=]\s*\d[^`]*`")
_KEY_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def owners_apart(one: str, other: str) -> bool:
    """Both clauses set one kind of thing (the same head words) for owners that differ, and neither clause names the
    other's owner."""
    for reader in (_modified, _possessed, _for_phrase, _attributed):
        first, second = reader(one), reader(other)
        if first is None or second is None:
            continue
        (first_owner, first_kind), (second_owner, second_kind) = first, second
        if first_kind == second_kind and _distinct(first_owner, one, second_owner, other):
            return True
    return _keys_apart(one, other)


def _modified(clause: str) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """(owner, head) of an English clause opening on a modified plural head and its verb ("Pinned (staff) posts stay
    …"), or on a modified singular head and a verb in -s ("the thumbnail worker retries …")."""
    for pattern in _EN_MODIFIED:
        found = pattern.match(clause)
        if found is not None and (owned := _modified_owner(found)) is not None:
            return owned
    return None


def _modified_owner(found: re.Match[str]) -> tuple[frozenset[str], tuple[str, ...]] | None:
    head, following = found.group("kind").lower(), found.group("next").lower()
    plural = head.endswith("s") and not head.endswith("ss")
    verb = following in _AUXILIARIES or (
        following not in _FUNCTION_WORDS
        and (following.endswith("s") != plural or following.endswith("ed"))
        and not following.endswith("ly")
    )
    return _owned(found.group("owner"), (stem(head),)) if verb else None


def _possessed(clause: str) -> tuple[frozenset[str], tuple[str, ...]] | None:
    found = _EN_POSSESSIVE.match(clause)
    return _owned(found.group("owner"), _words(found.group("kind"))) if found else None


def _for_phrase(clause: str) -> tuple[frozenset[str], tuple[str, ...]] | None:
    found = _EN_FOR.match(clause)
    return _owned(found.group("owner"), _words(found.group("kind"))) if found else None


def _attributed(clause: str) -> tuple[frozenset[str], tuple[str, ...]] | None:
    found = _ZH_ATTRIBUTIVE.match(clause)
    if found is None:
        return None
    owner = found.group("owner").lower()
    if owner in _ZH_TIME_WORDS or any(
        owner == word or len(word) > 1 and owner.startswith(word) for word in ZH_NOT_NAMES
    ):
        return None
    return frozenset({owner}), (re.sub(r"\s+", "", found.group("kind")).lower(),)


def _owned(owner: str, kind: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """An owner's words, when they name a thing (no article, qualifier, time or measure word), with the kind it owns."""
    words = owner.lower().split()
    if not kind or any(word in _FUNCTION_WORDS or word in NOT_NAMES for word in kind):
        return None
    if _not_an_owner(words[0]) or _not_an_owner(words[-1]) or any(_measure(word) for word in words):
        return None
    return frozenset(stem(word) for word in words if not _not_an_owner(word)), kind


def _not_an_owner(word: str) -> bool:
    return word in NOT_NAMES or word in LEAD_QUALIFIERS or word in _AUXILIARIES or _measure(word)


def _measure(word: str) -> bool:
    return stem(word) in MEASURE_WORDS or word in MEASURE_WORDS


def _words(text: str) -> tuple[str, ...]:
    return tuple(stem(word.lower()) for word in text.split())


def _distinct(first: frozenset[str], one: str, second: frozenset[str], other: str) -> bool:
    """Two owners each with words of its own (the ingest vs the billing service), neither named in the other clause."""
    own_first, own_second = first - second, second - first
    return bool(own_first and own_second) and not _names(other, own_first) and not _names(one, own_second)


def _names(clause: str, owner: frozenset[str]) -> bool:
    lowered = clause.lower()
    return any(
        (word in lowered) if not word.isascii() else re.search(rf"(?<![\w-]){re.escape(word)}", lowered) is not None
        for word in owner
    )


def _keys_apart(one: str, other: str) -> bool:
    """Each clause sets one code key to a number, the keys have as many parts, share some, and differ only in parts that
    name things (`TAB_MEM_WARN_MB` vs `MAIN_MEM_WARN_MB`), neither key named in the other clause."""
    first, second = _key(one), _key(other)
    if first is None or second is None or len(first) != len(second) or first == second:
        return False
    differing = [(left, right) for left, right in zip(first, second, strict=True) if left != right]
    if len(differing) == len(first):
        return False
    return all(
        not _measure(left) and not _measure(right) and not left.isdigit() and not right.isdigit()
        for left, right in differing
    ) and not (
        _names(other, frozenset(left for left, _ in differing)) or _names(one, frozenset(r for _, r in differing))
    )


def _key(clause: str) -> tuple[str, ...] | None:
    keys = {found.group("key") for found in _KEY.finditer(clause)}
    if len(keys) != 1:
        return None
    return tuple(part.lower() for part in _KEY_PARTS.findall(keys.pop()))
