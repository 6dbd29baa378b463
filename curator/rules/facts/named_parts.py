"""Named parts of a statement: the code key a number is bound to (`sendTimeout: 60`) and the components it names
(`UploadClient`, `gs-lobby`, `payments.handle_webhook`, `apps/driver_watch`, the `.get()` call holding an argument)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from curator import lazyre as re
from curator.rules.facts.glossary import concepts_of
from curator.rules.facts.subject import stem, subject_tokens

_UNIT_PARTS = frozenset(
    "ms msec millis milliseconds secs sec seconds second s mins minutes minute min hours hour h days day kb mb gb "
    "bytes pct percent in".split()
)
_GENERIC_PARTS = frozenset(
    "app apps lib src core main default config configs settings setting base internal pkg cmd packages modules source".split()
)
_KEY = r"`?(?P<key>[A-Za-z_][\w.-]*[\w])`?"
_CALL_OPEN = r"(?:[A-Za-z_.]*\(\s*(?:(?:seconds|minutes|hours|milliseconds|days)\s*[:=]\s*)?)?"
_BINDING = re.compile(
    _KEY
    + r"\s*(?:(?P<sign>=|:|＝|：)|\s(?:is|to|of)\s|(?:为|是|设为|设成|调到|调成|调整为|改成|改为|提到|升到|降到)了?)\s*`?"
    + _CALL_OPEN
    + r"(?P<num>\d)"
)
_CALL_ARGUMENT = re.compile(r"\.?(?P<call>[A-Za-z_]\w*)\((?P<args>[^()]*)\)")
_CLASS = re.compile(
    r"`[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+`|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*"
    r"(?:Client|Service|Manager|Server|Worker|Handler|Controller|Module|Provider|Repository|Store|Queue|Pool|Task|Job|Cache"
    r"|Gateway|Proxy|Screen|Page|View|Widget)\b"
)
_DOTTED = re.compile(r"(?<![\w./])[a-z][a-z0-9]*(?:\.[a-z_][a-z0-9_]*)*\.[a-z]+_[a-z0-9_]+\b")
_PATH = re.compile(r"(?<![\w/])[A-Za-z_][\w.-]*/[\w./-]*\w")
_KEBAB = re.compile(r"`(?P<name>[a-z][a-z0-9]*(?:-[a-z0-9]+)+)`")
_UNIVERSAL = re.compile(
    r"\b(?:all|each|any|always|globally|everywhere|across the board|whole|entire)\b"
    r"|\bevery\b(?!\s+(?:\d|other|second|minute|hour|day|week|month|night|morning|time))|所有|全部|一律|统一|全局|任何|一切|整个",
    re.I,
)
_DEFAULT = re.compile(r"\bdefaults?\b|默认|缺省", re.I)
_ENVIRONMENTS = {
    "production": re.compile(r"\bprod(?:uction)?\b|生产环境|生产|线上|正式环境", re.I),
    "staging": re.compile(r"\bstaging\b|\bpre-?prod\b|预发|预生产", re.I),
    "sandbox": re.compile(r"\bsandbox\b|沙箱", re.I),
    "test": re.compile(r"\b(?:test|qa|uat) env(?:ironment)?s?\b|测试环境", re.I),
    "development": re.compile(r"\bdev(?:elopment)? env(?:ironment)?s?\b|开发环境", re.I),
}
_CONTRAST = re.compile(
    r"(?:\bunlike|\bnot|\bthan|\binstead of|\brather than|\bcopy(?:ing)?|别|不要|不用|不同于|不像|区别于|照搬|沿用|抄)"
    r"\s*(?:the\s+)?[^\s，,。;；]{0,3}\s*$",
    re.I,
)


@dataclass(frozen=True)
class Named:
    """What one statement names around one of its numbers."""

    key: frozenset[str]
    components: tuple[frozenset[str], ...]
    universal: bool
    default: bool
    environments: frozenset[str] = frozenset()


def parts(name: str) -> frozenset[str]:
    """The stemmed words of an identifier (camelCase, snake_case, dotted, slashed, kebab), units and one-letter prefixes dropped."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    spaced = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", spaced)
    words = re.split(r"[\s_./\-]+", spaced.lower())
    return (
        frozenset(stem(word) for word in words if len(word) > 1 and not word.isdigit() and word not in _UNIT_PARTS)
        - _GENERIC_PARTS
    )


@lru_cache(maxsize=50_000)
def named(statement: str, span: str) -> Named:
    """The key bound to the number in `span` and the components named in the part of the statement that holds it."""
    at = statement.find(span)
    low, high = (at, at + len(span)) if at >= 0 else (0, len(statement))
    bound = [
        match
        for match in _BINDING.finditer(statement)
        if _code_like(match.group("key"), match.group("sign"))
        and not _RATE_BEFORE.search(statement, 0, match.start())
        and not _counts_a_noun(statement, match)
    ]
    keys = {parts(match.group("key")) for match in bound}
    at_span = [parts(match.group("key")) for match in bound if low <= match.start("num") < high]
    key = at_span[-1] if at_span else next(iter(keys)) if len(keys) == 1 else frozenset()
    segment = _segment(statement, (low + high) // 2)
    components = [parts(name) for name in _components(segment)]
    for call in _CALL_ARGUMENT.finditer(statement):
        if call.start("args") <= (low + high) // 2 <= call.end("args") + 1:
            components.append(parts(call.group("call")))
    return Named(
        key,
        tuple(component for component in components if component and component != key),
        bool(_UNIVERSAL.search(statement)),
        bool(_DEFAULT.search(statement)),
        environments(statement),
    )


def environments(statement: str) -> frozenset[str]:
    """The deployment environments a statement is about, not those it sets itself against ("别照搬 prod 的配置")."""
    return frozenset(
        name
        for name, pattern in _ENVIRONMENTS.items()
        if any(
            not _CONTRAST.search(statement[max(0, match.start() - 16) : match.start()])
            for match in pattern.finditer(statement)
        )
    )


def mentioned_environments(statement: str) -> frozenset[str]:
    """Every deployment environment a statement names, those it sets itself against too."""
    return frozenset(name for name, pattern in _ENVIRONMENTS.items() if pattern.search(statement))


_RATE_BEFORE = re.compile(r"\bper\s+$|每(?:个|位)?\s*$", re.I)


_NOUN_AFTER = re.compile(r"[\d.,]*\s*(?P<noun>[a-z]{3,})\b", re.I)
_PROSE_LINK = re.compile(r"\s(?:to|of)\s")


def _counts_a_noun(statement: str, binding: re.Match[str]) -> bool:
    """'bumped `orders_daily` to 5 retries': a name linked by a preposition to a number that counts a noun of its own is
    what the number is for, not a key set to it (`max_conns to 50` stays a key)."""
    if not _PROSE_LINK.match(statement, binding.end("key")):
        return False
    noun = _NOUN_AFTER.match(statement, binding.start("num"))
    if noun is None:
        return False
    word = noun.group("noun")
    return word.lower() not in _UNIT_PARTS and not _MEASURE_NOUN.match(word)


_MEASURE_NOUN = re.compile(
    r"(?:milli|micro)?(?:sec|second|minute|min|hour|hr|day|week|month|year|byte|kib|mib|gib|kb|mb|gb|tb|percent|pct)s?$",
    re.I,
)


def _code_like(key: str, sign: str | None) -> bool:
    stripped = key.strip("`")
    if stripped.lower() in _UNIT_PARTS:
        return False
    return (
        "_" in stripped
        or "." in stripped
        or bool(re.search(r"[a-z][A-Z]", stripped))
        or (stripped.isupper() and len(stripped) > 1)
        or bool(sign)
    )


_SEGMENT_BREAK = re.compile(r"[;；。]|\s[—–]\s|—")


def _segment(statement: str, position: int) -> str:
    starts = [0] + [match.end() for match in _SEGMENT_BREAK.finditer(statement) if match.end() <= position]
    ends = [match.start() for match in _SEGMENT_BREAK.finditer(statement) if match.start() >= position]
    return statement[starts[-1] : min(ends, default=len(statement))]


_FILE = re.compile(r"/[^/]*\.\w+$")


_SET_AFTER = re.compile(r"`?\s*[:=]")


def _components(text: str) -> list[str]:
    """Class names, dotted and slashed paths and kebab names in a text; a name being set (`FilterProvider: …`) is a key."""
    found = [
        match.group(0)
        for pattern in (_CLASS, _DOTTED, _PATH)
        for match in pattern.finditer(text)
        if not (pattern is _CLASS and _SET_AFTER.match(text, match.end()))
    ]
    found = [name.strip("`").rstrip("/").rsplit("/", 1)[-1] for name in found if not _FILE.search(name)]
    found.extend(match.group("name") for match in _KEBAB.finditer(text))
    return found


@lru_cache(maxsize=50_000)
def words_of(text: str) -> frozenset[str]:
    """Every word a text uses, stemmed, with identifiers split and Chinese words also as their English concepts."""
    tokens = set(subject_tokens(text))
    for name in re.findall(r"[A-Za-z_][\w./-]*", text):
        tokens |= parts(name)
    return frozenset(tokens) | concepts_of(frozenset(tokens))


def _mentioned(component: frozenset[str], words: frozenset[str], lenient: bool = False) -> bool:
    """Every part of a component is in the words; when lenient, all but one of three or more will do
    (`vendor.sync_catalog` as 'Vendor … sync')."""
    missing = sum(1 for part in component if not any(_alike(part, word) for word in words) and not _joined(part, words))
    return missing == 0 or (lenient and len(component) >= MOST_PARTS and missing == 1)


MOST_PARTS = 3


def _joined(part: str, words: frozenset[str]) -> bool:
    """A part written as two words run together (stripeclient: stripe + client)."""
    return any(part[:cut] in words and stem(part[cut:]) in words for cut in range(2, len(part) - 1))


def _alike(one: str, other: str) -> bool:
    return one == other or (min(len(one), len(other)) >= 3 and (one.startswith(other) or other.startswith(one)))


def keys_differ(one: frozenset[str], other: frozenset[str]) -> bool:
    """Two code keys that name two settings: each has a word the other lacks (sendTimeout vs connectTimeout)."""
    if not one or not other:
        return False
    return any(not any(_alike(part, word) for word in other) for part in one) and any(
        not any(_alike(part, word) for word in one) for part in other
    )


def own_components(one: Named, other_text: str, lenient: bool = False) -> list[frozenset[str]]:
    """The components one statement names that another text never mentions (lenient: by most of their parts)."""
    words = words_of(other_text)
    return [component for component in one.components if not _mentioned(component, words, lenient)]


def relation(one: Named, one_text: str, other: Named, other_text: str) -> str:
    """'apart' when the two numbers are bound to different keys or one names a component the other entry never
    mentions (a default and a per-task override are two subjects too); 'narrower-left'/'narrower-right' when the
    other side is plainly a rule for everything; 'same' otherwise."""
    if (
        keys_differ(one.key, other.key)
        or one.environments
        and other.environments
        and one.environments.isdisjoint(other.environments)
    ):
        return "apart"
    own_one = own_components(one, other_text, lenient=not other.components)
    own_other = own_components(other, one_text, lenient=not one.components)
    if own_one and own_other:
        return "apart"
    shared = len(own_one) < len(one.components) or len(own_other) < len(other.components)
    if not own_one and not own_other or shared or (one.default and other.default) or one.universal and other.universal:
        return "same"
    narrow, wide = (one, other) if own_one else (other, one)
    if narrow.universal:
        return "same"
    if not wide.universal or wide.default:
        return "apart"
    return "narrower-left" if own_one else "narrower-right"
