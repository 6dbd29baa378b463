"""Anchored restatements for `duplicate`: entries that share rare identifiers, names or measures and most content concepts.

Paraphrases that static embeddings score low (a Chinese rewording, an English↔Chinese translation, an English
rewrite in other words) still keep the same code identifiers, tool names, paths and numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from curator import lazyre as re
from curator.rules import pairing
from curator.rules.docs import Docs
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import proper_names, stem
from curator.rules.paraphrase import has_chinese
from curator.rules.text import IS_CJK, STOPWORDS

MIN_SHARED_ANCHORS = 2
STRONG_CONCEPTS = 0.5
PAIRED_CONCEPTS = 0.4
MIN_CONCEPTS = 5
RARE_ANCHOR_SHARE = 0.1
MIN_RARE_DOCUMENTS = 4
BLOCK_CAP = 30
_CODE_SPAN = re.compile(r"`([^`\n]{1,80})`")
_IDENTIFIER = re.compile(r"(?<![\w@.+#/~-])[@~]?\.?/?[A-Za-z0-9][\w.+#/-]*(?<![.\-/])")
_CJK_SYNONYMS = {
    "崩": "crash",
    "闪退": "crash",
    "挂掉": "crash",
    "崩掉": "crash",
    "出错": "error",
    "错": "error",
    "损坏": "corrupt",
    "坏": "corrupt",
    "坏掉": "corrupt",
    "清": "clean",
    "清掉": "clean",
    "清除": "clean",
    "删掉": "delet",
    "修改": "change",
    "变更": "change",
    "改": "change",
    "添加": "add",
    "增加": "add",
    "新增": "add",
    "加": "add",
    "编写": "write",
    "写": "write",
    "存放": "stor",
    "存": "stor",
    "放": "stor",
    "保存": "stor",
    "采用": "use",
    "编": "compil",
    "重新编译": "compil",
    "以前": "before",
    "以后": "after",
}
_FUNCTION_CONCEPTS = frozenset(
    "never alway must every befor after don't do not can should need use go us only "
    "否则 不然 要不然 得 需 先 再 然后 多半 十有八九 通常 一般 遇到 就 都".split()
)


def anchors(prose: str) -> frozenset[str]:
    """The marked names of an entry: code spans, identifiers (snake_case, CamelCase, paths, versions, C++), capitalised names,
    and every Latin word of a Chinese entry (the tool names Chinese text keeps in Latin)."""
    chinese = bool(IS_CJK.search(prose))
    found: set[str] = set()
    for span in _CODE_SPAN.findall(prose):
        found.update(_anchor(word) for word in _IDENTIFIER.findall(span))
    for word in _IDENTIFIER.findall(prose):
        if _marked(word) or (chinese and len(word) > 1 and word.isascii() and word.lower() not in STOPWORDS):
            found.add(_anchor(word))
    found.update(proper_names(IS_CJK.sub(". ", prose)))
    return frozenset(anchor for anchor in found if len(anchor) > 1 and anchor not in STOPWORDS)


def code_spans(prose: str) -> frozenset[str]:
    """The entry's code spans, case and surrounding punctuation dropped (`pnpm test` and `pnpm e2e` stay two commands)."""
    return frozenset(" ".join(span.lower().strip(" :.@()/~").split()) for span in _CODE_SPAN.findall(prose)) - {""}


def _marked(word: str) -> bool:
    letters = any(char.isalpha() for char in word)
    return letters and (
        any(char.isdigit() for char in word)
        or any(char in "_./+#@~" for char in word)
        or any(left.islower() and right.isupper() for left, right in zip(word, word[1:]))
        or (word.isupper() and len(word) >= 2)
    )


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
    docs: Docs, subjects: Mapping[int, frozenset[str]], eligible: list[bool]
) -> list[tuple[int, int, float]]:
    """(i, j, similarity 0-100) for entries sharing rare anchors whose content concepts mostly agree.

    Two shared rare anchors need PAIRED_CONCEPTS of the concepts to agree, one needs STRONG_CONCEPTS; entries
    whose code spans are all different (`pnpm test`, `pnpm e2e`) name different commands. Candidates come from
    blocking on the anchors, never from all pairs.
    """
    anchor_sets = [anchors(doc.prose) if ok else frozenset() for doc, ok in zip(docs.items, eligible)]
    frequency = Counter(anchor for found in anchor_sets for anchor in found)
    ceiling = max(MIN_RARE_DOCUMENTS, RARE_ANCHOR_SHARE * len(anchor_sets))
    rare = [frozenset(anchor for anchor in found if frequency[anchor] <= ceiling) for found in anchor_sets]
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
    chinese = [has_chinese(doc.prose) for doc in docs.items]
    spans = [code_spans(doc.prose) for doc in docs.items]
    found: list[tuple[int, int, float]] = []
    for left, right in pairs:
        if spans[left] and spans[right] and spans[left].isdisjoint(spans[right]):
            continue
        shared = len(rare[left] & rare[right])
        across = chinese[left] != chinese[right]
        left_concepts = content_concepts(subjects[left], known_only=across)
        right_concepts = content_concepts(subjects[right], known_only=across)
        if min(len(left_concepts), len(right_concepts)) < MIN_CONCEPTS:
            continue
        agree = _dice(left_concepts, right_concepts)
        if agree >= STRONG_CONCEPTS or (shared >= MIN_SHARED_ANCHORS and agree >= PAIRED_CONCEPTS):
            found.append((left, right, round(agree * 100, 1)))
    return found


_EXCEPTION = re.compile(r"\b(?:exception|except|excepting|apart from|other than)\b|例外|除外|除了", re.I)


def states_exception(prose: str) -> bool:
    """Whether an entry carves out an exception ("X is the one exception", "除了 X"): it narrows a rule, never restates it."""
    return bool(_EXCEPTION.search(prose))


def _dice(left: frozenset[str], right: frozenset[str]) -> float:
    if not left or not right:
        return 0.0
    return 2 * len(left & right) / (len(left) + len(right))
