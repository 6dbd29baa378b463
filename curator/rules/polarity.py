"""Imperatives with opposite polarity on the same action: "Always squash-merge PRs" vs "Never squash-merge PRs"."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from curator import lazyre as re
from curator.rules import pairing
from curator.rules.facts import StatementFacts
from curator.rules.facts.clauses import clauses as split_clauses
from curator.rules.facts.glossary import concept
from curator.rules.facts.scope import scope_tokens
from curator.rules.facts.subject import stem, subject_tokens
from curator.rules.text import CJK_CHAR, STOPWORDS, tokens

ACTION_SIMILARITY = 90.0
MIN_ACTION_TOKENS = 2
MIN_CONTAINED_TOKENS = 3
MAX_INSERTED_WORDS = 1
CONTAINED_BLOCK_CAP = 200
_NEGATED = re.compile(
    r"^\s*(?:please\s+)?(?:(?:we|you|i|they|one)\s+)?(?:(?:don'?t|do not|no need to|needn'?t|need not)\s+bother(?:\s+(?:with|to))?"
    r"|(?:there'?s |there is )?no (?:need|reason) to|(?:don'?t|do not|doesn'?t|does not) (?:need|have) to|needn'?t|need not"
    r"|it'?s not (?:necessary|needed) to|never|don'?t|do not|must not|mustn'?t|should not|shouldn'?t"
    r"|avoid|stop|no longer)(?:\s+(?:ever|ever again|really|actually|just|even|anymore))?\b"
    r"|^\s*(?:不要|别再|别|禁止|严禁|不准|不许|不能|不得|切勿|千万别|永远不要|不再|不用|无需|不需要|不必)\s*"
)
_ASIDE = re.compile(
    r"(?P<neg>\b(?:never|not|don'?t|doesn'?t|shouldn'?t|mustn'?t)|不要|禁止|别)\s*[,，]\s*[^,，.;；。]{1,40}?[,，]\s*",
    re.I,
)
_PERMITTED = re.compile(
    r"^\s*(?P<act>[a-z][\w .'/-]{2,60}?)\s+(?:is|are)\s+(?:(?:totally|perfectly|always)\s+)?"
    r"(?:fine|ok|okay|allowed|acceptable|permitted|encouraged)\b"
)
_CJK_LEAD = r"[" + CJK_CHAR + r"]{1,6}?(?:\s*[（(][^（）()]{1,40}[)）]\s*)?"
_LEAD_NEGATED = re.compile(
    r"^\s*((?:[a-z0-9][\w .-]{0,20}?\s*)?"
    + _CJK_LEAD
    + r")(?:不要|别再|禁止|严禁|不准|不许|不能|不得|切勿|千万别|永远不要|不再|不用|无需|不需要|不必)"
)
_LEAD_STRONG = re.compile(r"^\s*(" + _CJK_LEAD + r")(?:一定要|必须|务必|总是|可以|允许|一律|都要|统一|都)")
_UNIVERSAL = re.compile(r"\b(?:every|all|each)\b")
_STRONG_MODAL = re.compile(
    r"^\s*(?:(?:during|for|in|on|when|if|after|before|once)\b[^,]{0,60}?\s)?(?:please\s+)?"
    r"(?:always|must|make sure to|be sure to|it'?s (?:fine|ok|okay|allowed) to|it is (?:fine|ok|okay|allowed) to"
    r"|(?:you |(?:devs|developers|engineers|qa|testers|admins|operators|on-call|oncall|we|everyone|anyone) )?(?:can|may) (?:still )?|(?:is|are) allowed to)\s*|^\s*(?:一定要|必须|务必|总是|可以|允许|一律)"
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
    words: tuple[str, ...] = ()
    scope: frozenset[str] = frozenset()
    strong: bool = False
    verbal: bool = True
    practice: str = ""


MAX_POSITIVE_CHARS = 90
MAX_CONDITION_CHARS = 60


def collect(statements_by_owner: list[list[StatementFacts]]) -> tuple[list[int], list[Action]]:
    """Negated imperatives, then the short positive clauses that start with the same two words as one of them.

    A positive clause with a strong modal ("always", "must", "必须") needs only the same first word: it
    may narrow the action with extra words ("never ship fixes as OTA" vs "always ship JS fixes as OTA").
    """
    owners: list[int] = []
    found: list[Action] = []
    keys: set[tuple[str, ...]] = set()
    verbs: set[str] = set()
    objects: set[str] = set()
    clauses = [
        (owner, statement, lowered, _negated_core(lowered))
        for owner, statement, lowered in _clauses(statements_by_owner)
    ]
    for owner, statement, _, negated in clauses:
        if negated is not None:
            action = _action("neg", negated, statement, practice=negated)
            if action:
                owners.append(owner)
                found.append(action)
                key = _key(negated)
                keys.add(key)
                verbs.update(key[:1])
                objects.update(_object(action.words))
    if not found:
        return owners, found
    for owner, statement, lowered, negated in clauses:
        if len(lowered) <= MAX_POSITIVE_CHARS + MAX_CONDITION_CHARS and negated is None:
            core, strong = _positive_core(lowered)
            if len(core) > MAX_POSITIVE_CHARS:
                continue
            key = _key(core)
            verb = key[0].split("-")[0] if key else ""
            imperative = strong or core != lowered or bool(verb and (verb in verbs or verb in _IMPERATIVE_VERBS))
            if imperative and not strong and verb in _IMPERATIVE_VERBS and _UNIVERSAL.search(core):
                strong = True
            if key in keys or (strong and key[:1] and key[0] in verbs) or imperative:
                action = _action("pos", core, statement, strong)
                if action and (
                    key in keys or (strong and key[:1] and key[0] in verbs) or not objects.isdisjoint(action.words)
                ):
                    owners.append(owner)
                    found.append(action)
    _collect_practices(clauses, owners, found)
    return owners, found


_FIRST_WORD = re.compile(r"\s*([a-z][\w'-]*)")
_LOCATIVE_LEAD = re.compile(r"^\s*(?:在[^，,。]{1,12}?(?:上|里|中)\s*|(?:on|in) [\w-]+(?: [\w-]+)?,?\s+)")
_PRACTICE_LEAD = re.compile(
    r"^\s*(?:if|when|whenever|unless|because|since|why|otherwise|so that|如果|假如|要是|因为|为了|否则|万一|以免)"
)
_PRACTICE_GUARDED = re.compile(
    r"(?:不|别|没|禁止|防止|阻止|避免|拦|\bnever|\bnot|n't|\bno|\bblock\w*|\bprevent\w*|\bstop\w*|\btr(?:y|ies|ied)(?: to)?"
    r"|\battempt\w*(?: to)?|\bavoid\w*|\binstead of|\brather than|\bif|\bwhen|\bunless|\bwithout)\W*(?:\w+\W*)?$"
)
MIN_PRACTICE_CHARS = 8
MIN_CJK_PRACTICE_UNITS = 4
MAX_PRACTICES = 400
_DETERMINERS = re.compile(r"^(?:the|a|an|our|any|all|your)\s+")
_PREPOSITION = re.compile(r"^(?:to|on|in|into|onto|from|with|at|for|by|off|out|over|up|down|directly|straight)\b")
_INSTRUMENT_TAIL = re.compile(r"^(?P<act>.+?)\s+(?:from|via|through|with|using)\s+(?P<tool>[a-z][\w.-]*)$")
_PASSIVE_GAP = r"\s+(?:are|is|get|gets|got|were|was|will be)\s+(?!never\b|not\b|no\b)(?:[a-z]+\s+)?"


def _practice(negated: str) -> str:
    """The verb phrase of a negated action without its leading place ("在生产库上手动执行 delete" → "手动执行 delete")."""
    tail = _LOCATIVE_LEAD.sub("", negated).strip(" .。")
    units = [unit for unit in _UNIT.findall(tail) if unit not in STOPWORDS]
    cjk = sum(1 for unit in units if _CJK_UNIT.match(unit))
    enough = len(tail) >= MIN_PRACTICE_CHARS or cjk >= MIN_CJK_PRACTICE_UNITS
    return tail if enough and len(units) >= 2 else ""


def _inflected(tail: str) -> str:
    """A pattern for a verb phrase whose leading English verb may be inflected ("edit invoices" → "edits invoices")."""
    verb = re.match(r"[a-z][a-z-]*[a-z]\b", tail)
    if verb is None:
        return re.escape(tail)
    return re.escape(verb.group(0)) + r"(?:s|es|ed|d|ing)?" + re.escape(tail[verb.end() :])


def _variants(tail: str) -> list[tuple[str, str]]:
    """(pattern, word the clause must also hold) for each way a statement may describe doing `tail`.

    The phrase itself; its passive ("cache the API responses" → "API responses are cached"); and, for an
    action forbidden from a tool ("restart the database from CI"), the bare action beside that tool's name.
    """
    found = [(_inflected(tail), "")]
    verb = re.match(r"([a-z][a-z-]*[a-z])\s+(.+)$", tail)
    if verb is None:
        return found
    obj = _DETERMINERS.sub("", verb.group(2))
    if not _PREPOSITION.match(obj) and 1 <= len(obj.split()) <= 4 and obj.isascii():
        stem_form = verb.group(1)[:-1] if verb.group(1).endswith("e") else verb.group(1)
        past = re.escape(stem_form) + f"(?:{re.escape(stem_form[-1])})?ed"
        found.append((re.escape(obj) + _PASSIVE_GAP + past, ""))
    instrument = _INSTRUMENT_TAIL.match(tail)
    if instrument and len(instrument.group("act").split()) >= 2 and instrument.group("tool") not in STOPWORDS:
        found.append((_inflected(instrument.group("act")), instrument.group("tool")))
    return found


def _collect_practices(clauses: list[tuple[int, str, str, str | None]], owners: list[int], found: list[Action]) -> None:
    """Plain statements that describe doing what a negated action forbids ("直接在 prod 上手动执行 delete").

    A memory often records a practice rather than an order: the forbidden verb phrase (inflected, passive,
    or beside the tool it was forbidden from) in a clause that is neither negated, conditional nor a reason
    contradicts the rule.
    """
    practices: dict[str, list[int]] = {}
    for position, action in enumerate(found):
        if action.polarity == "neg":
            tail = _practice(action.practice)
            if tail:
                practices.setdefault(tail, []).append(position)
    if not practices or len(practices) > MAX_PRACTICES:
        return
    variants = [(source, tail, needed) for tail in practices for source, needed in _variants(tail)]
    variants.sort(key=lambda variant: len(variant[0]), reverse=True)
    pattern = re.compile("|".join(f"(?P<p{index}>{source})" for index, (source, _, _) in enumerate(variants)))
    for owner, statement, lowered, negated in clauses:
        if negated is not None or _PRACTICE_LEAD.match(lowered):
            continue
        for match in pattern.finditer(lowered):
            if _PRACTICE_GUARDED.search(lowered[max(0, match.start() - 30) : match.start()]):
                continue
            _, tail, needed = variants[int((match.lastgroup or "p0")[1:])]
            if needed and not re.search(r"\b" + re.escape(needed) + r"\b", lowered):
                continue
            described = _action("pos", lowered[match.start() :], statement)
            if described is not None and any(owners[negative] != owner for negative in practices[tail]):
                owners.append(owner)
                found.append(replace(described, practice=tail))


_GENERIC_VERBS = frozenset(
    stem(word) for word in "use do run apply have make let go put get try turn keep leave switch".split()
)
_GENERIC_NOUNS = frozenset(stem(word) for word in "branch file files code thing things stuff 分支 文件 代码".split())
_FUNCTION_WORDS = STOPWORDS | frozenset(stem(word) for word in STOPWORDS)
_ACTION_NOISE = frozenset(stem(word) for word in "ever against hand manual manually 手动 一律 再".split())
_IMPERATIVE_VERBS = frozenset(
    """deploy use run push merge rebase squash commit ship publish release call write add create delete remove install
    update upgrade pin tag test build store log cache send keep put mock skip disable enable set retry wrap prefer follow
    name document review open close fix format lint check rotate restart migrate bump force""".split()
)


def _object(words: tuple[str, ...]) -> frozenset[str]:
    """What an action acts on, without generic verbs ("use blue-green" → {blue, green})."""
    return frozenset(word for word in words if word not in _GENERIC_VERBS and word not in _GENERIC_NOUNS)


def _negated_core(lowered: str) -> str | None:
    """The action a negated clause rejects ("never X", "发布前不要 X" keeps its lead "发布前"), or None."""
    negated = _NEGATED.match(lowered)
    if negated:
        return lowered[negated.end() :]
    led = _LEAD_NEGATED.match(lowered)
    return led.group(1) + lowered[led.end() :] if led else None


def _positive_core(lowered: str) -> tuple[str, bool]:
    """The action a positive clause asks for, and whether a strong modal ("always", "必须") asks it."""
    strong = _STRONG_MODAL.match(lowered)
    if strong:
        return lowered[strong.end() :], True
    permitted = _PERMITTED.match(lowered)
    if permitted:
        return permitted.group("act"), True
    led = _LEAD_STRONG.match(lowered)
    if led:
        return led.group(1) + lowered[led.end() :], True
    return _MODAL.sub("", lowered, count=1), False


def _clauses(facts_by_owner: list[list[StatementFacts]]) -> Iterator[tuple[int, str, str]]:
    """(owner, statement, lower-cased clause) for every clause of every statement."""
    for owner, facts in enumerate(facts_by_owner):
        for fact in facts:
            for lowered in _own_clauses(fact):
                yield owner, fact.text, lowered


def _own_clauses(fact: StatementFacts) -> list[str]:
    """A statement's clauses, with an aside after a negation folded in ("never, under any circumstances, X" → "never X")."""
    if "," not in fact.normalized and "，" not in fact.normalized or not _ASIDE.search(fact.normalized):
        return fact.clauses
    return split_clauses(_ASIDE.sub(lambda match: match.group("neg") + " ", fact.normalized))


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


def clashes(
    owners: list[int], found: list[Action], allowed: Callable[[int, int], bool]
) -> list[tuple[int, int, Action, Action, float]]:
    """Pairs of actions from different entries, opposite in polarity and nearly the same in wording."""
    if not found:
        return []
    from rapidfuzz import fuzz  # imported here: a warm scan reuses the cached pairwise stage

    vocabulary: dict[str, int] = {}
    pairs = pairing.candidate_pairs(
        [tuple({vocabulary.setdefault(word, len(vocabulary)) for word in action.text.split()}) for action in found],
        min_overlap=0.8,
        block_cap=50,
        skip=lambda left, right: (
            found[left].polarity == found[right].polarity or not allowed(owners[left], owners[right])
        ),
    )
    scores = pairing.score_pairs([action.text for action in found], pairs, scorer=fuzz.ratio)
    close = {(left, right) for (left, right), score in zip(pairs, scores) if score >= ACTION_SIMILARITY}
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


_MANNER = frozenset(
    stem(word)
    for word in "manually manual directly direct by hand yourself locally quickly 手动 手工 直接 自己 亲自 随便 单独 临时".split()
)


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
