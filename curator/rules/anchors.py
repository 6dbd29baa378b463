"""Anchored restatements for `duplicate`: entries that share rare identifiers, names or measures and most content concepts.

Paraphrases that static embeddings score low (a Chinese rewording, an English↔Chinese translation, an English
rewrite in other words) still keep the same code identifiers, tool names, paths and numbers.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from curator import lazyre as re
from curator.rules import pairing
from curator.rules.docs import Docs
from curator.rules.duplicate_prints import OnDemand
from curator.rules.facts.glossary import concept, concepts_of
from curator.rules.facts.subject import proper_names, stem, subject_tokens
from curator.rules.paraphrase import MIN_ENTRIES_FOR_RARITY
from curator.rules.text import IS_CJK, STOPWORDS, statements
from curator.rules.translations import chinese_entry
from curator.scanmemo import joinable, joined, remembered, split

AGREEMENT = 0.4
MIN_CONCEPTS = 5
MIN_SAME_CONCEPTS = 3
RARE_ANCHOR_SHARE = 0.1
MIN_RARE_DOCUMENTS = 4
BLOCK_CAP = 30
_LETTER = re.compile(r"[A-Za-z]")
_MARK = re.compile(r"\d|[_./+#@~]|[a-z][A-Z]|\A[A-Z]{2,}\Z")
_SPELLED_OUT = re.compile(r"\b[A-Za-z]+(?:-[A-Za-z]+){2,4}\b|\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+){1,3}\b")
_ACRONYM_SKIPS = frozenset({"the", "a", "an", "of", "and"})
_PATH_PART = re.compile(r"[^\w]+")
_LIST_COUNTS = frozenset({1.0, 2.0})
_NAME_PART = re.compile(r"[-_.:/]+")
_CODE_SPAN = re.compile(r"`([^`\n]{1,80})`")
_IDENTIFIER = re.compile(r"(?<![\w@.+#/~-])[@~]?\.?/?[A-Za-z0-9][\w.+#/-]*(?<![.\-/])")
_SYNONYM_PAIRS = (
    "崩 crash|闪退 crash|挂掉 crash|崩掉 crash|出错 error|错 error|出问题 issue|出事 issue|损坏 corrupt|坏 corrupt|"
    "坏掉 corrupt|清 clean|清掉 clean|清除 clean|删掉 delete|修改 change|变更 change|改 change|添加 add|增加 add|"
    "新增 add|加 add|编写 write|写 write|存放 store|存 store|放 store|保存 store|采用 use|编 compile|重新编译 compile|"
    "编不过 compile|编译不过 compile|生成 generate|重新生成 generate|对不上 match|不一致 match|不匹配 match|触发 trigger|"
    "手动 manual|手工 manual|以前 before|以后 after"
)
_CJK_SYNONYMS = {chinese: stem(english) for chinese, english in (pair.split() for pair in _SYNONYM_PAIRS.split("|"))}
_SETTINGS = frozenset(
    "local test unit e2e integration ci staging production dev development sandbox debug ios android web mobil "
    "desktop window maco linux simulator emulator".split()
)
_FUNCTION_CONCEPTS = frozenset(
    "never alway must every befor after don't do not can should need use go us only "
    "否则 不然 要不然 得 需 先 再 然后 多半 十有八九 通常 一般 遇到 就 都 别忘了 记得 一遍 一有 其他 其它 别的 只有 只能 由 往 这个 那个 "
    "这些 那些 做 进行".split()
)


def remembered_anchors(prose: str, sentences: list[str]) -> frozenset[str]:
    """`anchors` of an entry whose `sentences` are its prose's statements, kept in the scan memo per prose."""
    return remembered(
        "anchors",
        prose,
        lambda: anchors(prose, sentences),
        lambda found: joined(sorted(found)),
        lambda raw: frozenset(split(raw)),
        keep=joinable,
    )


def anchors(prose: str, sentences: list[str] | None = None) -> frozenset[str]:
    """The marked names of an entry: code spans, identifiers (snake_case, CamelCase, paths, versions, C++), capitalised names,
    and every Latin word of a Chinese entry (the tool names Chinese text keeps in Latin).

    `sentences` are the prose's statements when the caller has them (names are read per sentence).
    """
    chinese = bool(IS_CJK.search(prose))
    found: set[str] = set()
    for span in _CODE_SPAN.findall(prose):
        found.update(_anchor(word) for word in _IDENTIFIER.findall(span))
    for word in _IDENTIFIER.findall(prose):
        if (chinese and len(word) > 1 and word.isascii() and word.lower() not in STOPWORDS) or _marked(word):
            found.add(_anchor(word))
    for sentence in statements(prose) if sentences is None else sentences:
        found.update(proper_names(IS_CJK.sub(". ", sentence)))
    found.update(_initials(phrase) for phrase in _SPELLED_OUT.findall(prose))
    return frozenset(anchor for anchor in found if len(anchor) > 1 and anchor not in STOPWORDS)


def _initials(phrase: str) -> str:
    """The acronym a spelled-out name stands for: hardware-in-the-loop → hil, Home Assistant → ha."""
    words = re.split(r"[\s-]+", phrase.lower())
    while len(words) > 2 and words[0] in STOPWORDS:
        words.pop(0)
    return "".join(word[0] for word in words if word not in _ACRONYM_SKIPS)


def code_spans(prose: str) -> frozenset[str]:
    """The entry's code spans, case and surrounding punctuation dropped (`pnpm test` and `pnpm e2e` stay two commands)."""
    return frozenset(" ".join(span.lower().strip(" :.@()/~").split()) for span in _CODE_SPAN.findall(prose)) - {""}


def _marked(word: str) -> bool:
    """A word written like code or a name: digits, `_./+#@~`, an inner capital, or all capitals."""
    return bool(_LETTER.search(word) and _MARK.search(word))


def _anchor(word: str) -> str:
    word = word.lower().lstrip("@~./").rstrip("()")
    return stem(word) if word.isalpha() else word


def content_concepts(words: frozenset[str], *, known_only: bool = False) -> frozenset[str]:
    """Subject words as glossary concepts, Chinese synonyms folded and modal or connective words left out.

    With `known_only`, Chinese words the glossary cannot translate are dropped (an English entry never shares them).
    """
    found = (concept(_CJK_SYNONYMS.get(word, word)) for word in words)
    return frozenset(word for word in found if not (known_only and IS_CJK.match(word))) - _FUNCTION_CONCEPTS


def anchored_pairs(
    docs: Docs,
    subjects: Mapping[int, frozenset[str]],
    eligible: list[bool],
    numbers: Mapping[int, frozenset[float]],
    scopes: Mapping[int, frozenset[str]],
) -> list[tuple[int, int, float]]:
    """(i, j, similarity 0-100) for entries sharing rare anchors whose content concepts mostly agree.

    The concepts beyond the shared anchors must agree by AGREEMENT (Dice). A pair
    that says more on one side is left out: each with a code span of its own (`kamal deploy`, `kamal rollback`),
    numbers on one side only ("rotate it every 90 days"), or a setting only one side is limited to ("in unit tests",
    "locally").
    Candidates come from blocking on the anchors, never from all pairs.
    """
    anchor_sets = [
        remembered_anchors(doc.prose, doc.statements) if ok else frozenset() for doc, ok in zip(docs.items, eligible)
    ]
    frequency = Counter(anchor for found in anchor_sets for anchor in found)
    ceiling = max(MIN_RARE_DOCUMENTS, RARE_ANCHOR_SHARE * len(anchor_sets))
    rare = [_rare(found, frequency, ceiling) for found in anchor_sets]
    del anchor_sets, frequency
    pairs = pairing.candidate_pairs(
        rare,
        min_overlap=0.01,
        block_cap=BLOCK_CAP,
        skip=lambda left, right: (
            docs.items[left].is_context
            or docs.items[right].is_context
            or docs.items[left].entry.kind == docs.items[right].entry.kind == "rule"
        ),
    )
    chinese = OnDemand(lambda position: chinese_entry(docs.items[position].prose))
    spans = OnDemand(lambda position: code_spans(docs.items[position].prose))
    paired = sorted({doc for pair in pairs for doc in pair})
    weight = _rarity((content_concepts(subjects[position]) for position in paired), len(paired))
    found: list[tuple[int, int, float]] = []
    for left, right in pairs:
        if own_spans(spans[left], spans[right]) and own_spans(spans[right], spans[left]):
            continue
        across = chinese[left] != chinese[right]
        left_concepts = content_concepts(subjects[left], known_only=across)
        right_concepts = content_concepts(subjects[right], known_only=across)
        if min(len(left_concepts), len(right_concepts)) < MIN_CONCEPTS and not _same_few(left_concepts, right_concepts):
            continue
        named = _anchor_words(rare[left] & rare[right])
        agree = _dice(left_concepts - named, right_concepts - named, weight)
        if agree < AGREEMENT or says_more(spans[left], spans[right], numbers[left], numbers[right]):
            continue
        left_scope, right_scope = scopes[left] - span_words(spans[left]), scopes[right] - span_words(spans[right])
        if not one_sided_setting(left_scope, right_scope, subjects[left], subjects[right]):
            found.append((left, right, round(agree * 100, 1)))
    return found


def _rare(found: frozenset[str], frequency: Counter[str], ceiling: float) -> frozenset[str]:
    """The anchors no more than `ceiling` entries share (one shared empty set when none are)."""
    kept = frozenset(anchor for anchor in found if frequency[anchor] <= ceiling)
    return kept or _NONE


_NONE: frozenset[str] = frozenset()


def _same_few(left: frozenset[str], right: frozenset[str]) -> bool:
    """Two short entries whose content concepts are the same ones (a terse bullet and its sentence)."""
    return left == right and len(left) >= MIN_SAME_CONCEPTS


def says_more(
    left_spans: frozenset[str], right_spans: frozenset[str], left_numbers: frozenset, right_numbers: frozenset
) -> bool:
    """Each entry has a code span of its own (`kamal deploy`, `kamal rollback`), or only one states numbers."""
    own = own_spans(left_spans, right_spans) and own_spans(right_spans, left_spans)
    return bool(own) or states_quantity(left_numbers) != states_quantity(right_numbers)


def states_quantity(numbers: frozenset) -> bool:
    """Whether an entry states a number beyond one or two, the counts a list carries ("both panels", "两个面板")."""
    return any(number not in _LIST_COUNTS for number in numbers)


def own_spans(spans: frozenset[str], others: frozenset[str]) -> frozenset[str]:
    """The spans the other entry has no form of: `fvm flutter test` is a form of `fvm flutter`, `fvm` of both, and
    `west build -p always` of `-p always`."""
    return frozenset(
        span
        for span in spans
        if span not in others and not any(_extends(span, other) or _extends(other, span) for other in others)
    )


MIN_COMMAND_WORDS = 3


def same_verbatim(
    spans: frozenset[str], paths: frozenset[str], other_spans: frozenset[str], other_paths: frozenset[str]
) -> bool:
    """Two entries whose code spans and file paths are the same ones, two or more, or one command of three words or
    more (`./build.sh android --release`): what a translation copies word for word."""
    kept = spans | paths
    if not kept or kept != other_spans | other_paths:
        return False
    return len(kept) >= 2 or any(len(part.split()) >= MIN_COMMAND_WORDS for part in kept)


def distinct_instances(left_spans: frozenset[str], right_spans: frozenset[str]) -> bool:
    """Both entries name instances of one name pattern that differ in a name part (`gs-eu-*`, `gs-us-*`): two subjects."""
    left_own, right_own = left_spans - right_spans, right_spans - left_spans
    return any(_one_part_apart(left, right) for left in left_own for right in right_own)


def path_words(paths: frozenset[str]) -> frozenset[str]:
    """The words of the file paths an entry names (`settings/prod.py`): where a rule applies, judged by the paths check."""
    return frozenset(word for path in paths for word in (path, *_PATH_PART.split(path.lower()), *subject_tokens(path)))


def _one_part_apart(left: str, right: str) -> bool:
    left_parts, right_parts = _NAME_PART.split(left), _NAME_PART.split(right)
    if len(left_parts) != len(right_parts) or len(left_parts) < 2 or " " in left + right:
        return False
    apart = [(one, other) for one, other in zip(left_parts, right_parts) if one != other]
    return (
        len(apart) == 1
        and all(part.isalpha() for part in apart[0])
        and _NAME_PART.findall(left) == _NAME_PART.findall(right)
    )


def _extends(span: str, base: str) -> bool:
    """`span` writes `base` with more words around it (`fvm flutter test` and `fvm flutter`, `west build -p always` and `-p always`)."""
    return span != base and f" {base} " in f" {span} "


def span_words(spans: frozenset[str]) -> frozenset[str]:
    """The concepts written inside code spans (`settings/prod.py` names a file, not the production setting)."""
    return frozenset(concept(word) for span in spans for word in subject_tokens(span))


def one_sided_setting(
    left_scope: frozenset[str], right_scope: frozenset[str], left_words: frozenset[str], right_words: frozenset[str]
) -> bool:
    """One entry is limited to a setting ("in unit tests", "locally", "on iOS") the other never mentions."""
    left_settings, right_settings = left_scope & _SETTINGS, right_scope & _SETTINGS
    return bool(
        left_settings - concepts_of(right_words) - right_settings
        or right_settings - concepts_of(left_words) - left_settings
    )


_EXCEPTION = re.compile(r"\b(?:exception|except|excepting|apart from|other than)\b|例外|除外|除了", re.I)


def states_exception(prose: str) -> bool:
    """Whether an entry carves out an exception ("X is the one exception", "除了 X"): it narrows a rule, never restates it."""
    return bool(_EXCEPTION.search(prose))


def _anchor_words(shared: frozenset[str]) -> frozenset[str]:
    """The concepts the shared anchors themselves contribute: agreement must come from the rest of the words."""
    return shared | frozenset(concept(word) for anchor in shared for word in subject_tokens(anchor))


def _rarity(concept_sets: Iterable[frozenset[str]], count: int) -> Callable[[str], float]:
    """Each concept's weight, log N/df over the `count` candidate entries: template words shared by many count little.

    Below MIN_ENTRIES_FOR_RARITY candidates document frequency says nothing, and every concept weighs the same.
    """
    if count < MIN_ENTRIES_FOR_RARITY:
        return lambda word: 1.0
    frequency = Counter(word for found in concept_sets for word in found)
    return lambda word: math.log((count + 1) / (frequency[word] + 1))


def _dice(left: frozenset[str], right: frozenset[str], weight: Callable[[str], float] = lambda word: 1.0) -> float:
    total = sum(map(weight, left)) + sum(map(weight, right))
    return 2 * sum(map(weight, left & right)) / total if left and right and total > 0 else 0.0
