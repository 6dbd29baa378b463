"""Each entry's duplicate fingerprint: its words for blocking and scoring, numbers, names and paths, and the facts
a candidate pair is checked against, computed once per text."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from curator import lazyre as re
from curator.forked import ForkedStream, can_fork
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Doc, Docs
from curator.rules.duplicate_facts import scope_concepts, signature, word_concepts
from curator.rules.facts.glossary import chinese_names
from curator.rules.facts.numwords import normalise as digits_for_words
from curator.rules.facts.subject import proper_names, subject_tokens
from curator.rules.text import CJK_RUN, IS_CJK, tokens
from curator.scanmemo import active, joinable, joined, remembered, split, strings

MIN_TOKENS = 4
MAX_TEMPLATE_CHARS = 2000
PREFETCH_MIN_ENTRIES = 2000
_DATE = re.compile(
    r"\b(?:19|20)\d\d[-/.]\d{1,2}[-/.]\d{1,2}\b|(?:19|20)\d\d\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号])?"
)
PATH = re.compile(
    r"(?<![\w.~-])[\w.~-]*/[\w.-]+(?:/[\w.-]+)*"
    r"|(?<![\w-])[\w-]+\.(?:md|mdx|txt|py|ts|tsx|js|jsx|json|toml|ya?ml|rs|go|sql|sh|rb|java|kt|swift|c|h|cc|cpp|hpp|cs"
    r"|proto|xml|html|css|vue|ini|cfg|conf)\b"
)
_CJK_FILLER = frozenset("的了是在和与也就都而及或把被着过吗呢吧啊这那有个一")


def fingerprint(text: str) -> tuple[frozenset[str], str, frozenset[str]]:
    """Tokens for blocking, an order-free string for scoring, and the words-and-characters core set."""
    words = tokens(text, keep_numbers=True)
    characters = [char for run in CJK_RUN.findall(text) for char in run if char not in _CJK_FILLER]
    letters = re.findall(r"(?<![A-Za-z])[A-Z](?![A-Za-z])", text)
    core = frozenset(word for word in words if not IS_CJK.match(word)) | frozenset(characters) | frozenset(letters)
    return frozenset(words) | frozenset(characters), " ".join(sorted(words + characters)), core


Print = tuple[frozenset[str], str, frozenset[str], frozenset[str], frozenset[str], frozenset[str]]


def text_print(prose: str) -> Print:
    """An entry's fingerprint, the numbers and Latin names of its core, and the file paths it names."""
    token_set, ordered, core = fingerprint(_normalise(prose))
    names = frozenset(token for token in core if token[:1].isalpha() and token.isascii() and len(token) > 1)
    paths = frozenset(path.strip("./").lower() for path in PATH.findall(prose)) - {""}
    return token_set, ordered, core, _numbers(core), names, paths


def _remembered_fingerprint(prose: str, ready: _Ready) -> Print:
    """The prose's fingerprint, taken from the prefetched ones (each freed once compacted) or computed."""
    return remembered(
        "fingerprint",
        prose,
        lambda: ready.pop(prose) or text_print(prose),
        _encode_print,
        _decode_print,
        keep=_joinable,
    )


_prefetched: dict[str, tuple[list[str], ForkedStream[str, Print]]] = {}


def _sharing_print() -> Callable[[str], Print]:
    """`text_print` whose equal words are one string from call to call (so a chunk of them unpickles each word once)."""
    words: dict[str, str] = {}

    def shared(part: frozenset[str]) -> frozenset[str]:
        return frozenset(words.setdefault(word, word) for word in part)

    def compute(text: str) -> Print:
        token_set, ordered, core, numbers, names, paths = text_print(text)
        return shared(token_set), ordered, shared(core), shared(numbers), shared(names), paths

    return compute


def text_prints(texts: list[str]) -> list[Print]:
    """Fingerprints of many texts in which equal words are one string."""
    return list(map(_sharing_print(), texts))


def prefetch_fingerprints(docs: Docs) -> None:
    """Start fingerprinting a big store's entries (the ones the scan memo lacks) in a forked child."""
    discard_prefetch()
    memo = active()
    texts = list(dict.fromkeys(doc.prose for doc in docs.items))
    if memo is not None:
        texts = [text for text in texts if not memo.holds("fingerprint", text)]
    if len(texts) >= PREFETCH_MIN_ENTRIES and can_fork():
        _prefetched["prints"] = (texts, ForkedStream(texts, _sharing_print()))


def discard_prefetch() -> None:
    prefetched = _prefetched.pop("prints", None)
    if prefetched is not None:
        prefetched[1].cancel()


class _Ready:
    """The prefetched fingerprints by prose, read from the child's stream only as far as they are asked for."""

    def __init__(self, texts: list[str], prints: Iterator[Print]) -> None:
        self.pending = zip(texts, prints)
        self.held: dict[str, Print] = {}

    def pop(self, prose: str) -> Print | None:
        """The prose's fingerprint, handed out once (None when none was prefetched for it)."""
        found = self.held.pop(prose, None)
        if found is not None:
            return found
        for text, value in self.pending:
            if text == prose:
                return value
            self.held[text] = value
        return None


def _ready_prints() -> _Ready:
    """The prefetched fingerprints (none when none were prefetched)."""
    prefetched = _prefetched.pop("prints", None)
    if prefetched is None:
        return _Ready([], iter(()))
    texts, job = prefetched
    return _Ready(texts, job.results())


def _encode_print(value: Print) -> list[str]:
    return [value[1], *(joined(part) for part in value[:1] + value[2:])]


def _joinable(value: Print) -> bool:
    return all(joinable(part) for part in value[:1] + value[2:])


def _decode_print(raw: list) -> Print:
    ordered, token_set, core, numbers, names, paths = strings(raw)
    return (
        frozenset(split(token_set)),
        ordered,
        frozenset(split(core)),
        frozenset(split(numbers)),
        frozenset(split(names)),
        frozenset(split(paths)),
    )


class OnDemand(dict):
    """Per-entry values computed the first time a candidate pair asks for them (most entries never pair)."""

    def __init__(self, compute: Callable[[int], object]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, position: int) -> object:
        value = self[position] = self.compute(position)
        return value

    def unkept(self, position: int) -> Any:
        """The value, computed without keeping it when it was not asked for before (a pass over every entry)."""
        return self[position] if position in self else self.compute(position)


class Recomputed(OnDemand):
    """Per-entry values computed on every ask and never kept: cheap to read again from what each entry holds."""

    def __missing__(self, position: int) -> object:
        return self.compute(position)


NO_WORDS: frozenset[str] = frozenset()


@dataclass
class Prints:
    """Compact per-entry fingerprints: interned token ids, the scoring strings, the numbers stated (names as tuples,
    no words as one shared empty set: a frozenset apiece is several times larger)."""

    token_ids: list[tuple[int, ...]] = field(default_factory=list)
    ordered: list[str] = field(default_factory=list)
    cores: list[str] = field(default_factory=list)
    numbers: list[frozenset[str]] = field(default_factory=list)
    names: list[tuple[str, ...]] = field(default_factory=list)
    paths: list[frozenset[str]] = field(default_factory=list)
    facts: OnDemand = field(default_factory=lambda: OnDemand(lambda position: ()))
    subjects: OnDemand = field(default_factory=lambda: OnDemand(lambda position: frozenset()))
    proper: OnDemand = field(default_factory=lambda: OnDemand(lambda position: frozenset()))
    scopes: OnDemand = field(default_factory=lambda: OnDemand(lambda position: frozenset()))
    concepts: OnDemand = field(default_factory=lambda: OnDemand(lambda position: frozenset()))
    sequences: OnDemand = field(default_factory=lambda: OnDemand(lambda position: ()))


def entry_prints(docs: Docs, table: ChoiceTable | None) -> Prints:
    """Every entry's fingerprint, with its facts, subject words, names, scopes and subject sequence on demand."""
    vocabulary: dict[str, int] = {}
    core_codes: dict[str, str] = {}
    prints = Prints()
    ready = _ready_prints()
    for doc in docs.items:
        token_set, ordered, core, numbers, names, paths = _remembered_fingerprint(doc.prose, ready)
        for token in token_set:
            if token not in vocabulary:
                vocabulary[token] = len(vocabulary)
        prints.token_ids.append(tuple(map(vocabulary.__getitem__, token_set)) if len(token_set) >= MIN_TOKENS else ())
        prints.ordered.append(ordered)
        for token in core:
            if token not in core_codes:
                core_codes[token] = chr(0x10000 + len(core_codes))
        prints.cores.append("".join(sorted(map(core_codes.__getitem__, core))))
        prints.numbers.append(numbers or NO_WORDS)
        prints.paths.append(paths or NO_WORDS)
        prints.names.append(tuple(names))
    items, entry_names = docs.items, prints.names
    subjects = Recomputed(lambda position: _subject_words(items[position]))
    prints.facts = OnDemand(lambda position: signature(items[position], table))
    prints.subjects = subjects
    prints.scopes = OnDemand(lambda position: scope_concepts(items[position]))
    prints.concepts = OnDemand(lambda position: word_concepts(subjects[position]))
    prints.sequences = OnDemand(lambda position: subject_tokens(items[position].prose[:MAX_TEMPLATE_CHARS]))
    prints.proper = OnDemand(lambda position: _proper(items[position], entry_names[position]))
    return prints


def _subject_words(doc: Doc) -> frozenset[str]:
    """Every subject word of an entry's statements, remembered per prose (most entries are unchanged between scans)."""
    return remembered(
        "subject-words",
        doc.prose,
        lambda: frozenset(word for fact in doc.facts for word in fact.subject),
        lambda words: joined(sorted(words)),
        lambda raw: frozenset(split(raw)),
        keep=joinable,
    )


def _proper(doc: Doc, names: tuple[str, ...]) -> frozenset[str]:
    """Names an entry mentions: capitalised words, every Latin word inside Chinese text, and names Chinese writes in characters."""
    latin_in_cjk = frozenset(names) | chinese_names(doc.prose) if IS_CJK.search(doc.prose) else frozenset()
    return frozenset(name for fact in doc.facts for name in proper_names(fact.text)) | latin_in_cjk


def _numbers(core: frozenset[str]) -> frozenset[str]:
    return frozenset(token for token in core if token[:1].isdigit())


def _normalise(text: str) -> str:
    """The prose without dates or the why/how-to-apply labels, its number words as digits ("five-fold" as "5-fold")."""
    text = digits_for_words(_DATE.sub(" ", text))
    return re.sub(r"\*\*(why|how to apply)\*\*:?|(why|how to apply):", " ", text, flags=re.I)
