"""duplicate: two entries that say the same thing after normalisation (EN words, CJK characters)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from curator import lazyre as re
from curator.config import Config
from curator.forked import Forked, can_fork
from curator.model import Entry, Finding
from curator.rules import pairing
from curator.rules.anchors import (
    anchored_pairs,
    code_spans,
    distinct_instances,
    own_spans,
    path_words,
    span_words,
    states_exception,
    states_quantity,
)
from curator.rules.choices import ChoiceTable
from curator.rules.contrasts import contrast_differs, contrasts
from curator.rules.docs import Doc, Docs, order, quote
from curator.rules.facts.code_lines import code_values_differ
from curator.rules.facts.glossary import chinese_names
from curator.rules.facts.subject import proper_names, stem, subject_tokens
from curator.rules.paraphrase import (
    choice_over_rivals,
    facts_differ,
    is_cjk,
    meaning_pairs,
    rare_word_overlap,
    same_measures,
    scope_concepts,
    scopes_differ,
    signature,
    translation_pairs,
    word_concepts,
)
from curator.rules.registry import Rule, RuleContext
from curator.rules.span_stance import opposite_stances, span_stances
from curator.rules.templates import different_subjects
from curator.rules.text import CJK_RUN, IS_CJK, tokens
from curator.scanmemo import active, joinable, joined, remembered, split, strings

MIN_TOKENS = 4
MAX_TEMPLATE_CHARS = 2000
RESTATED_MEANING = 90.0
CORE_FLOOR = 60.0
BLOCKING_OVERLAP = 0.6
BLOCK_CAP = 20
RULE_LIST_THRESHOLD = 95.0
NAME_OVERLAP = 0.3
MIN_SHARED_NAMES = 2
TEMPLATE_WORDING = 80.0
PREFETCH_MIN_ENTRIES = 2000
_DATE = re.compile(
    r"\b(?:19|20)\d\d[-/.]\d{1,2}[-/.]\d{1,2}\b|(?:19|20)\d\d\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号])?"
)
LENGTH_GUARD = 0.55
CONTAINED_RATIO = 2.0
CONTAINED_SHARE = 0.8
_PATH = re.compile(
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


def _print(prose: str) -> Print:
    """An entry's fingerprint, the numbers and Latin names of its core, and the file paths it names."""
    token_set, ordered, core = fingerprint(_normalise(prose))
    names = frozenset(token for token in core if token[:1].isalpha() and token.isascii() and len(token) > 1)
    paths = frozenset(path.strip("./").lower() for path in _PATH.findall(prose)) - {""}
    return token_set, ordered, core, _numbers(core), names, paths


def _remembered_fingerprint(prose: str, ready: Mapping[str, Print]) -> Print:
    return remembered(
        "fingerprint", prose, lambda: ready.get(prose) or _print(prose), _encode_print, _decode_print, keep=_joinable
    )


_prefetched: dict[str, tuple[list[str], Forked[list[Print]]]] = {}


def _prints(texts: list[str]) -> list[Print]:
    """Fingerprints of many texts in which equal words are one string (so the parent unpickles each word once)."""
    words: dict[str, str] = {}

    def shared(part: frozenset[str]) -> frozenset[str]:
        return frozenset(words.setdefault(word, word) for word in part)

    return [
        (shared(token_set), ordered, shared(core), shared(numbers), shared(names), paths)
        for token_set, ordered, core, numbers, names, paths in map(_print, texts)
    ]


def prefetch_fingerprints(docs: Docs) -> None:
    """Start fingerprinting a big store's entries (the ones the scan memo lacks) in a forked child."""
    discard_prefetch()
    memo = active()
    texts = list(dict.fromkeys(doc.prose for doc in docs.items))
    if memo is not None:
        texts = [text for text in texts if not memo.holds("fingerprint", text)]
    if len(texts) >= PREFETCH_MIN_ENTRIES and can_fork():
        _prefetched["prints"] = (texts, Forked(lambda: _prints(texts)))


def discard_prefetch() -> None:
    prefetched = _prefetched.pop("prints", None)
    if prefetched is not None:
        prefetched[1].cancel()


def _ready_prints() -> Mapping[str, Print]:
    """The prefetched fingerprints by prose (empty when none were prefetched)."""
    prefetched = _prefetched.pop("prints", None)
    if prefetched is None:
        return {}
    texts, job = prefetched
    return dict(zip(texts, job.result()))


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


class _OnDemand(dict):
    """Per-entry values computed the first time a candidate pair asks for them (most entries never pair)."""

    def __init__(self, compute: Callable[[int], object]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, position: int) -> object:
        value = self[position] = self.compute(position)
        return value


@dataclass
class _Prints:
    """Compact per-entry fingerprints: interned token ids, the scoring strings, the numbers stated."""

    token_ids: list[tuple[int, ...]] = field(default_factory=list)
    ordered: list[str] = field(default_factory=list)
    cores: list[str] = field(default_factory=list)
    numbers: list[frozenset[str]] = field(default_factory=list)
    names: list[frozenset[str]] = field(default_factory=list)
    paths: list[frozenset[str]] = field(default_factory=list)
    facts: _OnDemand = field(default_factory=lambda: _OnDemand(lambda position: ()))
    subjects: _OnDemand = field(default_factory=lambda: _OnDemand(lambda position: frozenset()))
    proper: _OnDemand = field(default_factory=lambda: _OnDemand(lambda position: frozenset()))
    scopes: _OnDemand = field(default_factory=lambda: _OnDemand(lambda position: frozenset()))
    concepts: _OnDemand = field(default_factory=lambda: _OnDemand(lambda position: frozenset()))
    sequences: _OnDemand = field(default_factory=lambda: _OnDemand(lambda position: ()))


def _fingerprints(docs: Docs, table: ChoiceTable | None) -> _Prints:
    vocabulary: dict[str, int] = {}
    core_codes: dict[str, str] = {}
    prints = _Prints()
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
        prints.numbers.append(numbers)
        prints.paths.append(paths)
        prints.names.append(names)
    items = docs.items
    prints.facts = _OnDemand(lambda position: signature(items[position], table))
    prints.subjects = _OnDemand(lambda position: _subject_words(items[position]))
    prints.scopes = _OnDemand(lambda position: scope_concepts(items[position]))
    prints.concepts = _OnDemand(lambda position: word_concepts(prints.subjects[position]))
    prints.sequences = _OnDemand(lambda position: subject_tokens(items[position].prose[:MAX_TEMPLATE_CHARS]))
    prints.proper = _OnDemand(lambda position: _proper(items[position], prints.names[position]))
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


def _proper(doc: Doc, names: frozenset[str]) -> frozenset[str]:
    """Names an entry mentions: capitalised words, every Latin word inside Chinese text, and names Chinese writes in characters."""
    latin_in_cjk = names | chinese_names(doc.prose) if IS_CJK.search(doc.prose) else frozenset()
    return frozenset(name for fact in doc.facts for name in proper_names(fact.text)) | latin_in_cjk


def analyze(
    docs: Docs, config: Config, conflicting: set[frozenset[int]], table: ChoiceTable | None = None
) -> tuple[list[Finding], list[tuple[int, int, float]]]:
    """Duplicate findings among memory entries, plus memory/instruction pairs that restate each other.

    Two signals find candidates: rapidfuzz on order-free token strings, and cosine on sentence
    embeddings (paraphrases). Either way the two entries' facts must match.
    """
    from rapidfuzz import fuzz  # imported here: a warm scan reuses the cached pairwise stage

    prints = _fingerprints(docs, table)
    hits: list[tuple[int, int, float]] = []
    chunks = pairing.candidate_chunks(
        prints.token_ids,
        min_overlap=BLOCKING_OVERLAP,
        block_cap=BLOCK_CAP,
        skip=lambda left, right: docs.items[left].is_context and docs.items[right].is_context,
    )
    for chunk in chunks:
        pairs = [pair for pair in chunk if _comparable(prints.token_ids[pair[0]], prints.token_ids[pair[1]])]
        ordered = pairing.score_pairs(prints.ordered, pairs, scorer=fuzz.ratio)
        second = [(pair, full) for pair, full in zip(pairs, ordered) if CORE_FLOOR <= full < config.duplicate_threshold]
        cores = pairing.score_pairs(prints.cores, [pair for pair, _ in second], scorer=fuzz.ratio)
        best = {pair: core for (pair, _), core in zip(second, cores)}
        for pair, full in zip(pairs, ordered):
            score = max(full, best.get(pair, 0.0))
            if score >= min(config.duplicate_threshold, RULE_LIST_THRESHOLD):
                hits.append((pair[0], pair[1], score))
    lexical = {(left, right) for left, right, _ in hits}
    eligible = [len(ids) >= MIN_TOKENS for ids in prints.token_ids]
    overlap = rare_word_overlap(prints.token_ids)
    numbers = _OnDemand(lambda position: prints.facts[position][0])
    rivals = _OnDemand(lambda position: choice_over_rivals(docs.items[position], table))
    semantic_hits = (
        meaning_pairs(docs, prints.subjects, eligible, overlap, numbers, rivals)
        + translation_pairs(docs, prints.subjects, eligible)
        + anchored_pairs(docs, prints.subjects, eligible, numbers, prints.scopes)
    )
    unique_hits = {(left, right): score for left, right, score in sorted(semantic_hits, key=lambda hit: hit[2])}
    hits.extend((left, right, score) for (left, right), score in unique_hits.items() if (left, right) not in lexical)
    findings: list[Finding] = []
    restated: list[tuple[int, int, float]] = []
    for left, right, score in hits:
        threshold = config.duplicate_threshold
        if docs.items[left].entry.kind == docs.items[right].entry.kind == "rule":
            threshold = max(threshold, RULE_LIST_THRESHOLD)
        by_wording = (left, right) in lexical
        if (by_wording and score < threshold) or frozenset((left, right)) in conflicting:
            continue
        if (
            not by_wording
            and (docs.items[left].is_context or docs.items[right].is_context)
            and score < RESTATED_MEANING
        ):
            continue
        if _veto(docs, prints, numbers, left, right, by_wording):
            continue
        if docs.items[left].is_context or docs.items[right].is_context:
            restated.append((left, right, score))
            continue
        if _separate_instruction_files(docs.items[left].entry, docs.items[right].entry):
            continue
        older, newer = order(docs.items[left], docs.items[right])
        findings.append(
            Finding(
                "duplicate",
                "warning",
                [older.id, newer.id],
                f"{older.id} and {newer.id} say the same thing ({score:.0f}% alike{'' if by_wording else ' in meaning'}): "
                f"{quote(older.prose, 70)} — "
                f"merge them into one entry (keep {newer.id}, the newer) or expire one.",
                {
                    "similarity": round(score, 1),
                    "signal": "wording" if by_wording else "meaning",
                    "older": older.id,
                    "newer": newer.id,
                    "dates": {older.id: older.day(), newer.id: newer.day()},
                },
            )
        )
    return findings, restated


def _veto(
    docs: Docs, prints: _Prints, numbers: Mapping[int, frozenset], left: int, right: int, by_wording: bool
) -> str:
    """Why a candidate pair is no duplicate (its facts, names, scope or subject differ), or "" when nothing stands against it."""
    numbers_differ = (
        prints.numbers[left] != prints.numbers[right]
        and prints.facts[left][0] != prints.facts[right][0]
        and not same_measures(prints.facts[left], prints.facts[right])
    )
    if by_wording and (numbers_differ or _different_names(prints.names[left], prints.names[right])):
        return "numbers or names"
    if code_values_differ(docs.items[left].entry, docs.items[right].entry):
        return "code values differ"
    same_script = is_cjk(docs.items[left].prose) == is_cjk(docs.items[right].prose)
    if not by_wording and same_script and _contained(prints.token_ids[left], prints.token_ids[right]):
        return "contained"
    if not by_wording and states_exception(docs.items[left].prose) != states_exception(docs.items[right].prose):
        return "exception"
    if not by_wording and not same_script and states_quantity(numbers[left]) != states_quantity(numbers[right]):
        return "quantity on one side"
    left_spans, right_spans = code_spans(docs.items[left].prose), code_spans(docs.items[right].prose)
    if distinct_instances(left_spans, right_spans):
        return "distinct instances"
    if by_wording and own_spans(left_spans, right_spans) and own_spans(right_spans, left_spans):
        return "a command of its own on each side"
    if opposite_stances(span_stances(docs.items[left].prose), span_stances(docs.items[right].prose)):
        return "opposite stances on a command"
    if contrast_differs(contrasts(docs.items[left].prose), contrasts(docs.items[right].prose), order=by_wording):
        return "contrasting words"
    written_both = span_words(left_spans - own_spans(left_spans, right_spans)) | span_words(
        right_spans - own_spans(right_spans, left_spans)
    )
    left_names, right_names = (
        prints.proper[left] - path_words(prints.paths[left]) - written_both,
        prints.proper[right] - path_words(prints.paths[right]) - written_both,
    )
    left_words, right_words = (
        prints.subjects[left] | prints.proper[left],
        prints.subjects[right] | prints.proper[right],
    )
    own = _own_names(left_names, right_names, left_words, right_words)
    if same_script and own and _two_subjects(own, len(left_spans & right_spans), docs.items[left], docs.items[right]):
        return "own names"
    if facts_differ(prints.facts[left], prints.facts[right]):
        return "facts differ"
    left_scope, right_scope = (
        prints.scopes[left] - span_words(left_spans),
        prints.scopes[right] - span_words(right_spans),
    )
    if scopes_differ(left_scope, right_scope, prints.concepts[left], prints.concepts[right]):
        return "scopes differ"
    if prints.paths[left] and prints.paths[right] and prints.paths[left].isdisjoint(prints.paths[right]):
        return "paths differ"
    if same_script and different_subjects(prints.sequences[left], prints.sequences[right]):
        return "different subjects"
    return ""


def _own_names(
    left: frozenset[str], right: frozenset[str], left_words: frozenset[str], right_words: frozenset[str]
) -> tuple[frozenset[str], frozenset[str], frozenset[str]] | None:
    """The names only one entry mentions on each side (Germany, Austria) and the names both do, or None when one side
    has no name of its own.

    Generic acronyms (API, CI, PDF) name no particular thing, and a short alias stands for its full name (k8s, Kubernetes).
    """
    said_right, said_left = _aliased(right_words | right), _aliased(left_words | left)
    left_own, right_own = _aliased(left) - said_right - _GENERIC_NAMES, _aliased(right) - said_left - _GENERIC_NAMES
    if not (left_own and right_own):
        return None
    return left_own, right_own, (_aliased(left) & said_right | _aliased(right) & said_left) - _GENERIC_NAMES


def _two_subjects(
    own: tuple[frozenset[str], frozenset[str], frozenset[str]], shared_spans: int, left: Doc, right: Doc
) -> bool:
    """Names of its own on each side make two subjects, unless the entries share a few names (or code spans), differ
    in several and are worded differently once those are left out: then it is one subject told with other details."""
    left_own, right_own, shared = own
    if len(shared) + shared_spans < MIN_SHARED_NAMES or max(len(left_own), len(right_own)) < 2:
        return True
    from rapidfuzz import fuzz

    rest = [
        " ".join(sorted(word for word in tokens(doc.prose) if _aliased(frozenset({word})).isdisjoint(names)))
        for doc, names in ((left, left_own), (right, right_own))
    ]
    return fuzz.ratio(*rest) >= TEMPLATE_WORDING


_GENERIC_NAMES = frozenset(
    "api apis ci cd ui ux pr prs db sql url http https json yaml csv pdf cli sdk id ids ssh dns tls ssl vm os io ram "
    "cpu gpu ide qa faq todo env kb mb gb tb pb kib mib gib ms ns rps qps tps utc".split()
)
_ALIASES = {
    "k8s": "kubernet",
    "kube": "kubernet",
    "js": "javascript",
    "ts": "typescript",
    "pg": "postgr",
    "postgresql": "postgr",
    "maco": "mac",
    "osx": "mac",
}


def _aliased(names: frozenset[str]) -> frozenset[str]:
    stems = (stem(name) for name in names)
    return frozenset(_ALIASES.get(name, name) for name in stems)


def _separate_instruction_files(left: Entry, right: Entry) -> bool:
    """Rules repeated across different instruction files (CLAUDE.md and AGENTS.md) are each read by a different tool."""
    return left.kind == right.kind == "rule" and left.path != right.path


def _different_names(left: frozenset[str], right: frozenset[str]) -> bool:
    """Latin words that hardly overlap ('Go, Postgres' vs 'React, CSS') name different things, however alike the rest."""
    if len(left) < 2 or len(right) < 2:
        return False
    return len(left & right) / len(left | right) < NAME_OVERLAP


def _numbers(core: frozenset[str]) -> frozenset[str]:
    return frozenset(token for token in core if token[:1].isdigit())


def _normalise(text: str) -> str:
    text = _DATE.sub(" ", text)
    return re.sub(r"\*\*(why|how to apply)\*\*:?|(why|how to apply):", " ", text, flags=re.I)


def _contained(left: tuple[int, ...], right: tuple[int, ...]) -> bool:
    """A short entry whose words nearly all recur in one at least twice as long: the longer one says more, not the same."""
    short, long = (left, right) if len(left) <= len(right) else (right, left)
    if not short or len(long) < CONTAINED_RATIO * len(short):
        return False
    return len(set(short) & set(long)) >= CONTAINED_SHARE * len(set(short))


def _comparable(left: tuple[int, ...], right: tuple[int, ...]) -> bool:
    """Length guard: a short entry contained in a long one is not its duplicate."""
    if not left or not right:
        return False
    return min(len(left), len(right)) / max(len(left), len(right)) >= LENGTH_GUARD


def _run(ctx: RuleContext) -> list[Finding]:
    findings, ctx.restated = analyze(ctx.docs, ctx.settings, ctx.conflicting, ctx.choices)
    return findings


RULE = Rule(
    id="duplicate",
    severity="warning",
    summary="two entries that say the same thing",
    analyze=_run,
    config_keys=frozenset({"duplicate"}),
    order=20,
    pairs_entries=True,
    reason_to_expire=True,
)
