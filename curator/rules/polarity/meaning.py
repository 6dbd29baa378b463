"""Opposite stances proposed by meaning: a clause that forbids an action and the nearest clause of another entry that asks for it.

The word pairings of `opposites` miss one action worded two ways ("never hardcode hex colors in components" vs "it's
fine to hardcode hex values in components again", 禁止直接 `kubectl apply` vs 生产集群紧急修改可以直接 `kubectl apply`).
Here each clause's action, its negation or modal removed, is embedded; a forbidding clause and a requiring or
permitting clause of two entries that are each other's nearest are proposed, and a verifier keeps a pair only when
the forbidden verb recurs on the other side and the forbidden action's object words all recur but one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from curator import lazyre as re
from curator.rules import embed
from curator.rules.conflict.neighbours import mutual_nearest
from curator.rules.facts import StatementFacts
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem, subject_tokens
from curator.rules.polarity.across import chinese, proposals
from curator.rules.polarity.action import _GENERIC_VERBS, _MANNER, HISTORY, Action, _object
from curator.rules.polarity.alternatives import alternatives
from curator.rules.polarity.families import families, family
from curator.rules.polarity.imperatives import _LEAD_NEGATED, _NEGATED, PASSIVE_WAIVER, _readings
from curator.rules.polarity.opposites import _AUTOMATIC_WORD, _LIGHT_WORDS, _VERB_PREFIXES, _opposite_manner
from curator.rules.polarity.pronouns import resolved
from curator.rules.polarity.remembered import remembered_action
from curator.rules.polarity.reported import reported_practice

MIN_ACTION_COSINE = 0.45
MAX_STANCES = 20000
_WAIVED = re.compile(
    r"^\s*(?:please\s+)?(?:(?:we|you|i|they|one)\s+)?(?:no need to|needn'?t|need not|(?:don'?t|do not) (?:need|have) to"
    r"|(?:there'?s |there is )?no (?:need|reason) to|it'?s not (?:necessary|needed) to)|^\s*(?:不用|无需|不需要|不必|可以不)"
)
_WAIVED_AFTER_LEAD = re.compile(r"(?:不用|无需|不需要|不必|可以不用|可以不)$")
_ASKED_INSIDE = re.compile(r"(?<![不别没])(?:一定要|必须|务必|可以|一律|统一|直接)")
_DENIED = re.compile(
    r"\b(?:not|never|no|don'?t|doesn'?t|isn'?t|aren'?t|won'?t|cannot|can'?t|without)\b|不|没|别|勿|禁|无|非"
)
_LEAD_FILLER = re.compile(r"^\s*(?:just|simply|go ahead and|feel free to)\s+")


@dataclass(frozen=True)
class Stance:
    """One clause of an entry that forbids ("neg") or asks for or permits ("pos") an action."""

    owner: int
    polarity: str
    core: str
    action: Action
    asked: bool
    acting: tuple[str, ...] | None = None
    opening: str = ""
    lead: str = ""
    without: bool = False
    passive: tuple[str, ...] = ()
    reported: bool = False


def _asked_core(lowered: str) -> tuple[str, str] | None:
    """The action a clause asks for with a modal inside it ("生产集群紧急修改可以直接 `kubectl apply`"), and the part
    after the modal that holds its verb, or None."""
    found = _ASKED_INSIDE.search(lowered)
    if found is None:
        return None
    return lowered[: found.start()] + lowered[found.end() :], lowered[found.end() :]


def stances(statements_by_owner: list[list[StatementFacts]]) -> list[Stance]:
    """Forbidding clauses and the clauses that ask for or permit an action, of every entry; "no need to X" forbids nothing.

    A clause with no modal counts only as a bare imperative opening with a forbidden verb, so only those are read.
    Each entry's clauses are read once per pass rather than held for the whole store between passes.
    """
    found: list[Stance] = []
    for owner, facts in enumerate(statements_by_owner):
        before: str | None = None
        for index, lowered, negated, _, _, _ in _readings(facts):
            previous, before = before, lowered
            if negated is not None and not _waived(lowered):
                bare, without = _unconditioned(negated)
                if previous is not None:
                    bare = resolved(bare, previous)
                action = remembered_action("neg", bare, facts[index].text, practice=negated)
                if action is not None:
                    lead, opening = _lead(lowered)
                    found.append(
                        Stance(owner, "neg", bare.strip(), action, True, opening=opening, lead=lead, without=without)
                    )
    verbs = {
        verb for stance in found for after_lead in _ways(stance) if (verb := _verb(stance, after_lead)) is not None
    }
    if not found:
        return found
    verb_families = {name for verb in verbs if (name := family(verb)) is not None}
    verb_only = {
        verb for stance in found if (verb := _verb(stance)) is not None and _object(stance.action.words) <= {verb}
    }
    for owner, statement, lowered, negated, core, strong in _clause_readings(statements_by_owner):
        if negated is not None or core is None or HISTORY.search(lowered):
            continue
        asked, acted = strong or core != lowered, ""
        core, without = _unconditioned(core)
        if _DENIED.search(core):
            continue
        if not asked:
            inside = _asked_core(lowered) if not without else None
            permitted = _PERMITTED_SUBJECT.match(core) if without else None
            if inside is not None:
                (core, acted), asked = inside, True
            elif permitted is not None:
                core, asked = core[permitted.end() :], True
        filler = _LEAD_FILLER.match(core)
        if filler:
            core, asked = core[filler.end() :], True
        practised = None if asked else _passive_practice(core, verb_only)
        if practised is not None:
            core, passive = practised
            action = remembered_action("pos", core, statement, True)
            if action is not None:
                found.append(Stance(owner, "pos", core, action, True, passive=passive))
            continue
        if not asked and not _leads_with_any(core, verbs, verb_families):
            done = reported_practice(statement, lowered, core, verbs, verb_families)
            action = remembered_action("pos", done, statement, True) if done else None
            if done and action is not None:
                found.append(Stance(owner, "pos", done, action, True, reported=True))
            continue
        action = remembered_action("pos", core, statement, asked)
        if action is not None:
            tail = remembered_action("pos", acted, statement, True) if acted else None
            acting = None if not acted else (tail.words if tail is not None else ())
            found.append(Stance(owner, "pos", core.strip(), action, asked, acting, without=without))
    return found


def _clause_readings(
    statements_by_owner: list[list[StatementFacts]],
) -> Iterator[tuple[int, str, str, str | None, str | None, bool]]:
    """Each clause of every entry as (owner, statement, clause, negated core, positive core, strong), read anew."""
    for owner, facts in enumerate(statements_by_owner):
        for index, lowered, negated, core, strong, _ in _readings(facts):
            yield owner, facts[index].text, lowered, negated, core, strong


_PASSIVE = re.compile(
    r"^\s*(?:the\s+|our\s+|all\s+)?(?P<subject>(?:[a-z][\w'-]*\s+){1,4}?)(?:are|is|get|gets)\s+(?:always\s+|usually\s+)?"
    r"(?P<verb>[a-z]+(?:-[a-z]+)?ed)\b(?P<rest>.*)$"
)


def _passive_practice(core: str, bare: set[str]) -> tuple[str, tuple[str, ...]] | None:
    """A passive practice of a verb some rule forbids with no object ("feature branches are squash-merged into develop"
    against "never squash"), as its action and its subject's words, or None."""
    found = _PASSIVE.match(core) if bare else None
    if found is None or stem(found.group("verb").split("-")[0]) not in bare:
        return None
    action = found.group("verb") + " " + found.group("subject") + found.group("rest").strip()
    return action, tuple(concept(word) for word in subject_tokens(found.group("subject")))


_CONDITION = re.compile(r"\s+(?:without|unless)\b.*$")
_PERMITTED_SUBJECT = re.compile(r"^(?:[a-z][\w'-]*\s+){1,8}?(?:can|may)\s+(?:still\s+|now\s+|just\s+)?(?=[a-z])")


def _unconditioned(core: str) -> tuple[str, bool]:
    """A clause without the condition it names ("restart prod pods without approval" → "restart prod pods"), and
    whether it named one: a ban with a condition meets only a permission that drops a condition too."""
    bare = _CONDITION.sub("", core)
    return (bare, True) if bare.strip() and bare != core else (core, False)


def _waived(lowered: str) -> bool:
    """Whether a clause only waives an action ("no need to X", "周会不用准备 slides"): it forbids nothing."""
    if _WAIVED.match(lowered) or PASSIVE_WAIVER.match(lowered):
        return True
    led = None if _NEGATED.match(lowered) else _LEAD_NEGATED.match(lowered)
    return led is not None and bool(_WAIVED_AFTER_LEAD.search(led.group(0)))


def _lead(lowered: str) -> tuple[str, str]:
    """The topic, place or condition a Chinese clause names before its negation and what follows the negation
    ("QA 包不要勾 X" → "qa 包", "勾 X"), or two empty strings when the clause opens with its negation."""
    if _NEGATED.match(lowered):
        return "", ""
    led = _LEAD_NEGATED.match(lowered)
    if led is None or not led.group(1).strip():
        return "", ""
    return led.group(1).strip(), lowered[led.end() :].strip()


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


_MANNER_LEAD = re.compile(
    r"^\s*(?:(?:manually|directly|by hand|yourself|locally|ever|just)\s+"
    r"|(?:手动|手工|直接|自己|亲自|随便|单独|临时|再|马上|立即|立刻|随手|轻易|擅自|也|都|先)\s*)+"
)
_GENERIC_LEAD = re.compile(
    r"^\s*(?:(?:use|using|do|run|make|have|go|get|put|try|keep)\b|用|使用|走|跑|执行|运行|做|搞|弄)"
)
_FIRST_WORD = re.compile(r"\s*([a-z][a-z'-]*)")


def _ways(stance: Stance) -> tuple[bool, ...]:
    """How a forbidden action's verb may be read: after its Chinese lead ("QA 包不要勾 X": 勾), then from its first word."""
    return (True, False) if stance.opening else (False,)


def _source(stance: Stance, after_lead: bool) -> str:
    """The part of a forbidden clause its verb opens, the manner words and a Chinese place before it left out
    ("在登录节点上跑训练" → "跑训练")."""
    return _MANNER_LEAD.sub("", _CJK_PLACE.sub("", _MANNER_LEAD.sub("", stance.opening if after_lead else stance.core)))


_CJK_PLACE = re.compile(r"^\s*在[^，,。；;]{1,12}?(?:上|里|中|下)\s*")


def _verb(stance: Stance, after_lead: bool = False) -> str | None:
    """The leading verb of a forbidden action (after_lead: the first word after a Chinese clause's negation), unless it
    is a generic one ("use", "run", 用) or it leads with no verb."""
    core = _source(stance, after_lead)
    if _GENERIC_LEAD.match(core) or not stance.action.verbal:
        return None
    opening = remembered_action("neg", core, stance.action.statement) if after_lead else None
    held = opening.words if opening is not None else stance.action.words
    words = [word for word in held if word not in _MANNER]
    if len(words) > 1 and words[0] in _VERB_PREFIXES:
        words = words[1:]
    return None if not words or words[0] in _GENERIC_VERBS else words[0].split("-")[0]


def _leads_with(core: str, verb: str) -> bool:
    """Whether an English clause opens with the verb, or one of its family, in its plain form ("squash-merge everything",
    not "calling X")."""
    opening = _plain_opening(core)
    return opening is not None and (opening == verb or family(opening) is not None and family(opening) == family(verb))


def _leads_with_any(core: str, verbs: set[str], verb_families: set[str]) -> bool:
    """`any(_leads_with(core, verb) for verb in verbs)` with the verbs' families given: one set lookup per clause."""
    opening = _plain_opening(core)
    return opening is not None and (opening in verbs or family(opening) in verb_families)


def _plain_opening(core: str) -> str | None:
    """The stem of an English clause's first word when it is a plain form (not "calling", "called", "calls"), or None."""
    first = _FIRST_WORD.match(core)
    if first is None or first.group(1).endswith(("ing", "ed")) or first.group(1)[-2:] in ("es", "ys", "ts"):
        return None
    return stem(first.group(1).split("-")[0])


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


def clashes(
    statements_by_owner: list[list[StatementFacts]], allowed: Callable[[int, int], bool]
) -> list[tuple[Stance, Stance, float]]:
    """(forbidding, asking, cosine) for clauses of two entries that are each other's nearest opposite stance and name
    the same action; a passive practice answers a verb-only ban only when the ban's entry names the practice's subject."""
    found = stances(statements_by_owner)
    if not any(stance.polarity == "neg" for stance in found) or len(found) > MAX_STANCES:
        return []
    vectors = embed.encode_remembered([stance.core for stance in found], leave_prefetch=True)
    if vectors is None:
        return []
    rows = list(range(len(found)))

    def opposite(left: int, right: int) -> bool:
        one, other = found[left], found[right]
        return one.polarity != other.polarity and one.owner != other.owner and allowed(one.owner, other.owner)

    entry_words: dict[int, set[str]] = {}

    def named(forbidden: Stance, asked: Stance) -> bool:
        if not asked.passive:
            return True
        if forbidden.owner not in entry_words:
            entry_words[forbidden.owner] = {
                concept(word) for fact in statements_by_owner[forbidden.owner] for word in subject_tokens(fact.text)
            }
        return set(asked.passive) <= entry_words[forbidden.owner]

    kept: list[tuple[Stance, Stance, float]] = []
    proposed: set[tuple[int, int]] = set()
    for left, right, cosine in mutual_nearest(vectors, rows, rows, opposite, MIN_ACTION_COSINE):
        forbidden, asked = (left, right) if found[left].polarity == "neg" else (right, left)
        proposed.add((forbidden, asked))
        if (
            same_action(found[forbidden], found[asked])
            and named(found[forbidden], found[asked])
            and not _opposite_manner(found[forbidden].action, found[asked].action)
        ):
            kept.append((found[forbidden], found[asked], cosine))
    for forbidden, asked in _across(found, opposite):
        if (forbidden, asked) in proposed or not same_action(found[forbidden], found[asked]):
            continue
        if not named(found[forbidden], found[asked]):
            continue
        if not found[asked].passive and not _same_context(found[forbidden], found[asked]):
            continue
        if not _opposite_manner(found[forbidden].action, found[asked].action):
            kept.append((found[forbidden], found[asked], float(vectors[forbidden] @ vectors[asked])))
    return kept


MIN_CONTEXT_WORDS = 2


def _same_context(forbidden: Stance, asked: Stance) -> bool:
    """Whether the two statements share MIN_CONTEXT_WORDS concepts besides the forbidden action's words: a pair the
    embedding did not propose must be about the same situation ("验签失败时 … 不要抛异常" and "验签失败时直接 throw")."""
    action = _words(forbidden.action)
    sides = [
        {concept(word) for word in subject_tokens(stance.action.statement) if not _PARTICLE.match(word)} - action
        for stance in (forbidden, asked)
    ]
    return len(sides[0] & sides[1]) >= MIN_CONTEXT_WORDS


def _named(stance: Stance) -> set[str]:
    """The first word after a ban's generic verb ("run `kubectl apply`" → kubectl), or nothing for another ban."""
    generic = _GENERIC_LEAD.match(_source(stance, False))
    if generic is None:
        return set()
    named = [word for word in _object(stance.action.words) if word not in _MANNER and word != stem(generic.group(0))]
    return set(named[:1])


def _across(found: list[Stance], opposite: Callable[[int, int], bool]) -> list[tuple[int, int]]:
    """(forbidding, asking) positions of stances in two languages whose asking clause holds the forbidden verb, or for
    a ban led by a generic verb ("run `kubectl apply`") the first word it names."""
    verbs = [
        {verb for after_lead in _ways(stance) if (verb := _verb(stance, after_lead)) is not None} or _named(stance)
        if stance.polarity == "neg"
        else set()
        for stance in found
    ]
    verbs = [held | families(held) for held in verbs]
    words: list[set[str]] = []
    for stance in found:
        held = set() if stance.polarity == "neg" else _words(stance.action) | set(stance.acting or ())
        held |= {match.group(1) for match in map(_RESULTATIVE.match, held) if match is not None}
        words.append(held | {concept(word) for word in held} | families(held))
    return list(proposals(verbs, words, opposite))
