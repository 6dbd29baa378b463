"""Whether an asked-for action is the forbidden one: the forbidden verb recurs, and the forbidden object's words all
recur but at most one."""

from __future__ import annotations

from dataclasses import replace

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem
from curator.rules.polarity.across import chinese
from curator.rules.polarity.action import _MANNER, Action, _object
from curator.rules.polarity.alternatives import alternatives
from curator.rules.polarity.families import families, family
from curator.rules.polarity.opposites import _AUTOMATIC_WORD, _LIGHT_WORDS, _VERB_PREFIXES
from curator.rules.polarity.remembered import remembered_action
from curator.rules.polarity.stance import _GENERIC_LEAD, Stance, _leads_with, _source, _verb, _ways


def _words(action: Action) -> set[str]:
    """An action's words as concepts, hyphenated compounds also split ("squash-merg" holds "squash")."""
    words = set(action.words) | set(action.scope)
    for word in list(words):
        words.update(part for part in word.split("-") if part)
    words |= {concept(word) for word in words}
    return words | families(words)


def _held(word: str, words: set[str]) -> bool:
    """Whether a word, its concept or its action family is among some words ("改" among {"editor", "=edit"})."""
    if word in words or concept(word) in words:
        return True
    name = family(word)
    return name is not None and "=" + name in words


def _whole_action(forbidden: Stance, asked: Stance, after_lead: bool) -> bool:
    """Every word of a one-word forbidden action recurs, its generic verb too ("不要全量跑" is not "每次都全量比对") unless
    two other words name it (run `kubectl apply` / 用 kubectl apply)."""
    held = [word for word in forbidden.action.words if word not in _MANNER]
    generic = _GENERIC_LEAD.match(_source(forbidden, after_lead))
    if generic and generic.group(0).strip() not in asked.core:
        held = [word for word in held if word != stem(generic.group(0).strip())]
        if len(held) < MIN_NAMING_WORDS:
            return False
    words = _words(asked.action)
    return all(_held(word, words) for word in held)


MIN_NAMING_WORDS = 2


def _topic_recurs(forbidden: Stance, words: set[str]) -> bool:
    """Every word of the topic a Chinese rule names before its negation recurs (公众号标题不要用 emoji is not about
    小红书笔记标题)."""
    topic = remembered_action("neg", forbidden.lead, forbidden.action.statement)
    held = () if topic is None else topic.words
    return all(
        word in words or concept(word) in words for word in held if word not in _MANNER and not _PARTICLE.match(word)
    )


_PARTICLE = re.compile(r"^[时里上中内下前后的在]$")


def same_action(forbidden: Stance, asked: Stance) -> bool:
    """Whether an asked-for action is the forbidden one: its verb recurs (an unasked clause must lead with it), and the
    words of the forbidden object (the verb left out) all recur but at most one, fewer missing than shared."""
    return any(
        _same_action(ban, asked, after_lead)
        for ban in (forbidden, *_each_alternative(forbidden))
        for after_lead in _ways(ban)
    )


def _each_alternative(forbidden: Stance) -> list[Stance]:
    """The ban once per alternative it lists ("不要跑训练或评测" → 跑训练, 跑评测): each alternative is forbidden alone."""
    found: list[Stance] = []
    for listed, item in alternatives(forbidden.core):
        action = remembered_action("neg", forbidden.core.replace(listed, item), forbidden.action.statement)
        if action is not None:
            core, opening = forbidden.core.replace(listed, item), forbidden.opening.replace(listed, item)
            found.append(
                replace(forbidden, core=core, action=replace(action, scope=forbidden.action.scope), opening=opening)
            )
    return found


def _same_action(forbidden: Stance, asked: Stance, after_lead: bool) -> bool:
    """`same_action` with the forbidden verb read one way (see `_ways`)."""
    target = {
        word
        for word in _object(forbidden.action.words)
        if word not in _MANNER and word not in _LIGHT_WORDS and word != _AUTOMATIC_WORD
    }
    if not target or forbidden.without and not asked.without:
        return False
    words = _words(asked.action)
    verb = _verb(forbidden, after_lead)
    if verb is None and not _GENERIC_LEAD.match(_source(forbidden, after_lead)):
        return False
    acting = (
        _words(asked.action)
        if asked.acting is None
        else {form for word in asked.acting for form in (word, concept(word))} | families(asked.acting)
    )
    if verb is not None and not _acts(verb, acting):
        return False
    if not asked.asked and (verb is None or not _leads_with(asked.core, verb)):
        return False
    if len(target) < 2 and not _whole_action(forbidden, asked, after_lead):
        return False
    if after_lead and chinese(forbidden.core) == chinese(asked.core) and not _topic_recurs(forbidden, words):
        return False
    objects = {word for word in target if word.split("-")[0] != verb and word not in _VERB_PREFIXES}
    if not objects:
        return bool(asked.passive)
    shared = {word for word in objects if _held(word, words)}
    missing = objects - shared
    if asked.reported:
        return not missing
    return len(missing) <= 1 and len(missing) < len(shared) or bool(_EVERYTHING.search(asked.core))


_EVERYTHING = re.compile(
    r"\b(?:everything|anything|all of (?:it|them))\b(?!\s+(?:in|on|at|under|from|inside|within|except|but|for|that|which|older|"
    r"newer|with|without|of)\b)|(?:所有|全部|一切)(?:东西|内容|改动|变更)?(?=\s*(?:都|一律|统一)?\s*[a-z\u4e00-\u9fff])(?![^，,。]*(?:里|中|下|以外|之外|除))"
)
"""An asked action whose object is everything ("squash-merge everything into main", 全部 squash 进 main), whatever
the forbidden object was; a restricted "everything in /tmp" is no such object."""


_RESULTATIVE = re.compile(r"^([\u4e00-\u9fff]+)[成到好掉死完进出为]$")


def _acts(verb: str, acting: set[str]) -> bool:
    """Whether a clause's words hold the verb, a Chinese verb also with a result after it ("写" in "写成", "放" in "放到")."""
    if _held(verb, acting):
        return True
    bare = {found.group(1) for found in map(_RESULTATIVE.match, acting) if found is not None}
    return _held(verb, bare | {concept(word) for word in bare} | families(bare))
