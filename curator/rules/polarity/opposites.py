"""Pairs of actions from different entries that are opposite in polarity and about the same action."""

from __future__ import annotations

from collections.abc import Callable

from curator import lazyre as re
from curator.rules import pairing
from curator.rules.facts.subject import stem
from curator.rules.polarity.action import _GENERIC_VERBS, _MANNER, Action, _object
from curator.rules.polarity.practices import _practice

ACTION_SIMILARITY = 90.0
MIN_CONTAINED_TOKENS = 3
MAX_INSERTED_WORDS = 1
CONTAINED_BLOCK_CAP = 200


def clashes(
    owners: list[int], found: list[Action], allowed: Callable[[int, int], bool]
) -> list[tuple[int, int, Action, Action, float]]:
    """Pairs of actions from different entries, opposite in polarity and nearly the same in wording."""
    if not found:
        return []
    from rapidfuzz import fuzz  # imported here: a warm scan reuses the cached pairwise stage

    vocabulary: dict[str, int] = {}
    texts = [action.text for action in found]
    close: set[tuple[int, int]] = set()
    for pairs in pairing.candidate_chunks(
        [tuple({vocabulary.setdefault(word, len(vocabulary)) for word in text.split()}) for text in texts],
        min_overlap=0.8,
        block_cap=50,
        sides=[action.polarity == "neg" for action in found],
        skip=lambda left, right: (
            found[left].polarity == found[right].polarity or not allowed(owners[left], owners[right])
        ),
    ):
        scores = pairing.score_pairs(texts, pairs, scorer=fuzz.ratio)
        close.update(pair for pair, score in zip(pairs, scores) if score >= ACTION_SIMILARITY)
    del vocabulary
    close |= _contained(owners, found, allowed)
    close |= _practised(owners, found, allowed)
    close |= _same_object(owners, found, allowed)
    close |= _same_manner(owners, found, allowed)
    close = {(left, right) for left, right in close if not _opposite_manner(found[left], found[right])}
    return [
        (owners[left], owners[right], found[left], found[right], fuzz.ratio(found[left].text, found[right].text))
        for left, right in sorted(close)
    ]


def _practised(owners: list[int], found: list[Action], allowed: Callable[[int, int], bool]) -> set[tuple[int, int]]:
    """(i, j) where a plain statement describes doing, word for word, what a negated action of another entry forbids."""
    forbidding: dict[str, list[int]] = {}
    for position, action in enumerate(found):
        if action.polarity == "neg" and action.practice:
            forbidding.setdefault(_practice(action.practice), []).append(position)
    pairs: set[tuple[int, int]] = set()
    for position, action in enumerate(found):
        if action.polarity != "pos" or not action.practice:
            continue
        for negative in forbidding.get(action.practice, []):
            if owners[negative] != owners[position] and allowed(owners[negative], owners[position]):
                pairs.add((min(negative, position), max(negative, position)))
    return pairs


_MANUAL = re.compile(r"\bby hand\b|\bmanual(?:ly)?\b|手动|手工|人工")
_AUTOMATIC = re.compile(r"\bautomatic(?:ally)?\b|\bauto-?\w*|\b(?:the |a )?(?:ci|pipeline)\b|自动|流水")


def _opposite_manner(left: Action, right: Action) -> bool:
    """One action is done by hand and the other automatically: "不要手动执行迁移" and "流水线自动执行迁移" agree."""
    left_text, right_text = left.text, right.text
    return bool(
        (_MANUAL.search(left_text) and _AUTOMATIC.search(right_text) and not _MANUAL.search(right_text))
        or (_MANUAL.search(right_text) and _AUTOMATIC.search(left_text) and not _MANUAL.search(left_text))
    )


def _contained(owners: list[int], found: list[Action], allowed: Callable[[int, int], bool]) -> set[tuple[int, int]]:
    """(i, j) where a negated action's words all recur, led by the same verb, in a positive one of another entry.

    Blocked on the negated action's rarest word: a positive action containing it all must hold that word.
    """
    word_sets = [action.text.split() for action in found]
    frequency: dict[str, int] = {}
    holders: dict[str, list[int]] = {}
    for position, words in enumerate(word_sets):
        for word in set(words):
            frequency[word] = frequency.get(word, 0) + 1
            if found[position].polarity == "pos":
                holders.setdefault(word, []).append(position)
    pairs: set[tuple[int, int]] = set()
    for negative, words in enumerate(word_sets):
        if found[negative].polarity != "neg" or len(set(words)) < MIN_CONTAINED_TOKENS:
            continue
        needed = set(words)
        rarest = min(needed, key=lambda word: (frequency[word], word))
        candidates = holders.get(rarest, [])
        if len(candidates) > CONTAINED_BLOCK_CAP:
            continue
        for positive in candidates:
            if word_sets[positive][0] != words[0] or not _embedded(words, word_sets[positive]):
                continue
            if owners[positive] != owners[negative] and allowed(owners[negative], owners[positive]):
                pairs.add((min(negative, positive), max(negative, positive)))
    return pairs


def _embedded(needle: list[str], haystack: list[str]) -> bool:
    """Whether `needle` occurs in order in `haystack` with at most MAX_INSERTED_WORDS between its words.

    "ship JS fixes as OTA" narrows "ship fixes as OTA"; "log request ids with personal data" is another action.
    """
    reachable = {position for position, word in enumerate(haystack) if word == needle[0]}
    for word in needle[1:]:
        reachable = {
            position
            for position in range(len(haystack))
            if haystack[position] == word
            and any(0 < position - before <= MAX_INSERTED_WORDS + 1 for before in reachable)
        }
        if not reachable:
            return False
    return True


_AUTOMATIC_WORD = "automat"
_LIGHT_WORDS = frozenset(
    stem(word)
    for word in """schedule trigger queue perform enqueue add set kick later then afterwards again once twice
    immediately right away next end day night week month quarter year hour minute second daily nightly weekly
    monthly morning evening 安排 触发 之后 稍后 再""".split()
)
_VERB_PREFIXES = frozenset({"re", "pre", "un", "de", "co"})


def _same_manner(owners: list[int], found: list[Action], allowed: Callable[[int, int], bool]) -> set[tuple[int, int]]:
    """(i, j) where a positive action asks for the negated verb done the same automatic way, on no other object.

    "never retry a card charge automatically" vs "soft declines: always schedule one automatic retry" — the
    positive names no object of its own, only light verbs and times; "always retry webhooks automatically" does.
    """
    holders = [
        position
        for position, action in enumerate(found)
        if action.polarity == "pos" and action.strong and _AUTOMATIC_WORD in action.words
    ]
    if not holders or len(holders) > CONTAINED_BLOCK_CAP:
        return set()
    pairs: set[tuple[int, int]] = set()
    for negative, action in enumerate(found):
        if action.polarity != "neg" or _AUTOMATIC_WORD not in action.words:
            continue
        verb = set(action.words[:2] if action.words[0] in _VERB_PREFIXES else action.words[:1])
        if _AUTOMATIC_WORD in verb or verb <= _GENERIC_VERBS:
            continue
        for positive in holders:
            extra = set(found[positive].words) - verb - {_AUTOMATIC_WORD}
            if not verb <= set(found[positive].words) or not extra <= _LIGHT_WORDS:
                continue
            if owners[positive] != owners[negative] and allowed(owners[negative], owners[positive]):
                pairs.add((min(negative, positive), max(negative, positive)))
    return pairs


def _covers(target: frozenset[str], words: set[str]) -> bool:
    """Every object word recurs, or only manner words are missing ("不要在本地手动 archive 上传" vs "可以在本地直接 archive 上传")."""
    missing = target - words
    return not missing or (missing <= _MANNER and len(missing) < len(target) - 1)


def _same_object(owners: list[int], found: list[Action], allowed: Callable[[int, int], bool]) -> set[tuple[int, int]]:
    """(i, j) where every stemmed word a negated action acts on recurs in a positive action of another entry.

    "never rebase when merging" vs "always rebase-merge"; "never push straight to main" vs "always push hotfixes
    directly to main"; one object word needs the same leading verb and every word of the negated action
    ("不要全量跑" is not "每次都全量比对"). Blocked on the object's rarest word.
    """
    frequency: dict[str, int] = {}
    holders: dict[str, list[int]] = {}
    for position, action in enumerate(found):
        for word in set(action.words):
            frequency[word] = frequency.get(word, 0) + 1
            if action.polarity == "pos":
                holders.setdefault(word, []).append(position)
    pairs: set[tuple[int, int]] = set()
    for negative, action in enumerate(found):
        target = _object(action.words)
        if action.polarity != "neg" or not target or not action.verbal:
            continue
        rarest = sorted(target, key=lambda word: (frequency[word], word))[: 2 if len(target) > 2 else 1]
        candidates = sorted({held for word in rarest for held in holders.get(word, [])})
        if len(candidates) > CONTAINED_BLOCK_CAP:
            continue
        for positive in candidates:
            words = found[positive].words
            if not _covers(target, set(words) | found[positive].scope):
                continue
            if (
                not found[positive].verbal
                or len(target) < 2
                and not (
                    _verb_before_object(action.words, words, target)
                    and found[positive].strong
                    and set(action.words) <= set(words) | found[positive].scope
                )
            ):
                continue
            if owners[positive] != owners[negative] and allowed(owners[negative], owners[positive]):
                pairs.add((min(negative, positive), max(negative, positive)))
    return pairs


def _verb_before_object(negated: tuple[str, ...], words: tuple[str, ...], target: frozenset[str]) -> bool:
    """The positive action leads with the negated verb, or holds it before the object after a subject
    ("开发可以直接在 staging 上跑 migrate" vs "不要手动跑 migrate")."""
    if words[:1] == negated[:1]:
        return True
    if not negated or negated[0] not in words:
        return False
    held = [words.index(word) for word in target if word in words]
    return bool(held) and words.index(negated[0]) < min(held)
