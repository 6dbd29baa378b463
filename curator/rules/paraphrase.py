"""Paraphrase candidates for `duplicate`: sentence embeddings paired by approximate top-k, and each entry's facts signature."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, timedelta
from itertools import chain

from curator import lazyre as re
from curator.rules import embed, pairing
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Doc, Docs
from curator.rules.facts.clock import clock_matches
from curator.rules.facts.glossary import concept
from curator.rules.facts.numwords import chinese_numeral
from curator.rules.text import CJK_RUN, IS_CJK
from curator.scanmemo import joinable, joined, remembered, split

MEANING_THRESHOLD = 0.86
FACTS_AGREE_THRESHOLD = 0.55
SAME_CHOICE_THRESHOLD = 0.6
FACTS_AGREE_WORDS = 0.5
SHARED_WORDS_THRESHOLD = 0.66
MIN_SHARED_WORDS = 0.4
MIN_RARE_OVERLAP = 0.4
MUTUAL_THRESHOLD = 0.75
MIN_MUTUAL_OVERLAP = 0.25
MIN_ENTRIES_FOR_RARITY = 50
MAX_CHARS = 1500
_NUMBER = re.compile(r"(?:(?<![A-Za-z\d.])|(?<=\b[vV]))\d+(?:\.\d+)?(?!\d|\.\d|\s*(?:[kK](?![A-Za-z])|万|千|亿))")
_NEGATION = re.compile(
    r"\b(?:never|don'?t|do not|does not|doesn'?t|no longer|avoid|must not|mustn'?t|should not|shouldn'?t|cannot|can'?t)\b"
    r"|不要|别|禁止|不能|不准|不许|切勿|不再|不得|不用|无需|不需要|不必"
    r"|\b(?:otherwise|or else)\b|\b(?:will|would)\s+(?:crash|break|fail|corrupt)"
    r"|否则|不然|会(?:让|导致|造成|使)?[^，。；,;！]{0,12}?(?:崩|闪退|挂掉|失败|出错|报错|丢失|损坏)",
    re.I,
)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_ORDINAL = re.compile(r"第\s*(\d+|[零〇一二两三四五六七八九十百]+)")
_CLOCK_ORIGIN = -1.0
_REJECTED_NUMBER = re.compile(r"(?:\bnot|\binstead of|\brather than|而不是|不是)\s*(?:port\s*|端口\s*)?\d+(?:\.\d+)?")
_WEEKDAY = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)day|(?:周|星期|礼拜)([一二三四五六日天])", re.I)
_WEEKDAY_NUMBERS = {"mon": 0, "tues": 1, "wednes": 2, "thurs": 3, "fri": 4, "satur": 5, "sun": 6}
_CJK_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}


def _weekday(found: tuple[str, str]) -> int:
    english, chinese = found
    return _WEEKDAY_NUMBERS[english.lower()] if english else _CJK_WEEKDAYS[chinese]


_PERMISSION = re.compile(
    r"\b(?:can(?!'t|not)|may(?!\s+not)|always|must(?!\s+(?:not|never))|(?:is|are) (?:fine|ok|okay|allowed)|it'?s (?:fine|ok|okay)|allowed to)\b"
    r"|可以|允许|一律|必须|务必|总是",
    re.I,
)


def signature(doc: Doc, table: ChoiceTable | None) -> tuple:
    """What must be equal for two entries to say the same thing: numbers, dates, choices, and whether it negates."""
    facts = doc.facts + doc.code_facts
    anchor = doc.written.date() if doc.written else None
    read = [_numbers(text) for fact in facts for text in (fact.text, fact.normalized)]
    written = frozenset(number for plain, _ in read[::2] for number in plain)
    spelled = frozenset(number for plain, _ in read[1::2] for number in plain)
    marks = frozenset(mark for _, found in read for mark in found)
    numbers = written | (spelled - {1.0}) | marks
    dates = frozenset(day for fact in facts for day in fact.mentioned_dates(anchor)) if anchor else frozenset()
    relative = _relative_dates(facts, anchor, dates) if anchor and dates else None
    choices = frozenset(
        (stance.set_index, stance.member, stance.polarity)
        for fact in facts
        for stance in (fact.stances(table) if table else [])
    )
    prose = [_CODE_SPAN.sub(" ", fact.text) for fact in facts]
    negated = any(_NEGATION.search(text) for text in prose)
    permitted = any(_PERMISSION.search(text) for text in prose)
    stance = "neg" if negated and not permitted else "pos" if permitted and not negated else None
    weekdays = frozenset(_weekday(found) for fact in facts for found in _WEEKDAY.findall(fact.text))
    parts = [_CODE_SPAN.sub(" ", clause) for fact in doc.facts for clause in fact.clauses]
    prohibits = any(_NEGATION.search(clause) and not _PERMISSION.search(clause) for clause in parts)
    permits = any(_PERMISSION.search(clause) and not _NEGATION.search(clause) for clause in parts)
    measured = frozenset((quantity.unit, quantity.low, quantity.high) for fact in facts for quantity in fact.quantities)
    return numbers, dates, choices, stance, weekdays, (prohibits, permits), measured, marks, relative


_ONE_YEAR_OF_WEEKS = timedelta(weeks=52)
_REFERENCE_DAY = date(2001, 1, 1)


def _relative_dates(facts: list, anchor: date, dates: frozenset[date]) -> frozenset[date] | None:
    """The dates as read from a fixed reference day when every one is relative to the day written ("本周", "next
    Friday": each moves with it), so two entries saying "this week" on different days say the same; else None."""
    moved = frozenset(day for fact in facts for day in fact.mentioned_dates(anchor + _ONE_YEAR_OF_WEEKS))
    if not moved.isdisjoint(dates):
        return None
    return frozenset(day for fact in facts for day in fact.mentioned_dates(_REFERENCE_DAY))


def _numbers(text: str) -> tuple[set[float], set[float]]:
    """The plain numbers a statement writes, and its clock times and ordinals: a clock time as one value however
    written (14:00, 2 pm, 下午 2 点; below zero, apart from plain numbers), an ordinal (第二周) as its number, and a
    number it rejects ("on 5433, not 5432", "而不是 8080") left out."""
    lowered = text.lower()
    marks: set[float] = set()
    for start, end, low, high in reversed(clock_matches(lowered)):
        marks |= {_CLOCK_ORIGIN - low, _CLOCK_ORIGIN - high}
        lowered = f"{lowered[:start]} {lowered[end:]}"
    for numeral in _ORDINAL.findall(lowered):
        value = int(numeral) if numeral.isdigit() else chinese_numeral(numeral)
        if value is not None:
            marks.add(float(value))
    lowered = _REJECTED_NUMBER.sub(" ", lowered)
    return {float(number) for number in _NUMBER.findall(lowered)}, marks


def facts_differ(left: tuple, right: tuple) -> bool:
    """Two signatures disagree: different numbers, dates (relative ones such as "this week" compared as said),
    clock times or ordinals (when both state some), another member of a shared choice, a prohibition on one side and
    a permission or command on the other ("禁止…" vs "可以…"), a statement that forbids on one side only while the
    other permits, or different weekdays."""
    if not numbers_agree(left, right):
        return True
    if left[1] and right[1] and left[1] != right[1] and (left[8] is None or left[8] != right[8]):
        return True
    if left[7] and right[7] and left[7] != right[7]:
        return True
    if left[3] and right[3] and left[3] != right[3]:
        return True
    if left[4] and right[4] and left[4].isdisjoint(right[4]):
        return True
    if _only_one_prohibits(left[5], right[5]):
        return True
    left_choices = {(set_index, polarity): member for set_index, member, polarity in left[2]}
    right_choices = {(set_index, polarity): member for set_index, member, polarity in right[2]}
    return any(right_choices.get(key, member) != member for key, member in left_choices.items())


def numbers_agree(left: tuple, right: tuple) -> bool:
    """The numbers two signatures state are the same, as written or once converted ("一周" and "7 天", "2h" and "120 min")."""
    if not (left[0] and right[0]) or left[0] == right[0]:
        return True
    return same_measures(left, right)


def same_measures(left: tuple, right: tuple) -> bool:
    """Both signatures state quantities, and the same ones after unit conversion."""
    return bool(left[6]) and left[6] == right[6]


def _only_one_prohibits(left: tuple[bool, bool], right: tuple[bool, bool]) -> bool:
    """One entry forbids something and the other only permits ("never X in app code" vs "X is fine in tests")."""
    return any(one[0] and not other[0] and other[1] for one, other in ((left, right), (right, left)))


def scope_concepts(doc: Doc) -> frozenset[str]:
    """The scope words of an entry's statements, as glossary concepts."""
    return frozenset(concept(word) for fact in doc.facts for word in fact.scope)


def word_concepts(words: frozenset[str]) -> frozenset[str]:
    """Subject words plus the English concept of each Chinese one."""
    return words | frozenset(concept(word) for word in words)


def scopes_differ(
    left_scope: frozenset[str], right_scope: frozenset[str], left_words: frozenset[str], right_words: frozenset[str]
) -> bool:
    """Whether each entry limits itself to a scope the other never mentions ("for the billing service")."""
    return bool(left_scope - right_words - right_scope) and bool(right_scope - left_words - left_scope)


def rare_word_overlap(token_ids: list[tuple[int, ...]]) -> Callable[[int, int], float]:
    """Dice overlap of two entries' words weighted by rarity (log N/df): template words shared by many entries count little.

    Below MIN_ENTRIES_FOR_RARITY entries document frequency says nothing, and every word weighs the same.
    """
    import numpy

    count = len(token_ids)
    flat = numpy.fromiter((token for ids in token_ids for token in ids), dtype=numpy.int64)
    frequency = numpy.bincount(flat) if len(flat) else numpy.zeros(1, dtype=numpy.int64)
    weights = (
        numpy.log((count + 1) / (frequency + 1.0)) if count >= MIN_ENTRIES_FOR_RARITY else numpy.ones(len(frequency))
    )

    def overlap(left: int, right: int) -> float:
        left_ids, right_ids = set(token_ids[left]), set(token_ids[right])
        total = weights[list(left_ids)].sum() + weights[list(right_ids)].sum() if left_ids and right_ids else 0.0
        return float(2 * weights[list(left_ids & right_ids)].sum() / total) if total > 0 else 0.0

    return overlap


def meaning_pairs(
    docs: Docs,
    subjects: Mapping[int, frozenset[str]],
    eligible: list[bool],
    overlap: Callable[[int, int], float],
    numbers: Mapping[int, frozenset[float]] | None = None,
    choices: Mapping[int, frozenset[tuple]] | None = None,
) -> list[tuple[int, int, float]]:
    """(i, j, similarity 0-100) for entries whose embeddings are close and which share enough subject words.

    A pair whose embeddings are only fairly close still counts when its facts agree: both state the same
    numbers and half their subject words are shared (the static model scores many paraphrases low), or both pick
    the same member of an exclusive set over the same rivals ("dayjs, not moment"), whatever other words they use.

    Instruction-file rules only pair with memory. Empty when no embedding model is available.
    """
    import numpy

    from curator.rules import semantic

    texts = embedding_texts(docs)
    if len(texts) < 2:
        return []
    vectors = embed.encode_remembered(texts)
    if vectors is None:
        return []
    memory = numpy.fromiter((not doc.is_context for doc in docs.items), dtype=bool, count=len(texts))
    allowed = numpy.asarray(eligible, dtype=bool)
    found: list[tuple[int, int, float]] = []
    neighbours = semantic.similar_pairs(vectors, FACTS_AGREE_THRESHOLD, allowed=allowed)
    del vectors
    nearest = _nearest(neighbours)
    for left, right, cosine in neighbours:
        if not (memory[left] or memory[right]):
            continue
        if docs.items[left].entry.kind == docs.items[right].entry.kind == "rule":
            continue
        if (
            choices is not None
            and cosine >= SAME_CHOICE_THRESHOLD
            and choices[left]
            and choices[left] == choices[right]
        ):
            found.append((left, right, round(cosine * 100, 1)))
            continue
        shared = overlap(left, right)
        mutual = cosine >= MUTUAL_THRESHOLD and nearest[left] == nearest[right] == cosine
        if shared < (MIN_MUTUAL_OVERLAP if mutual else MIN_RARE_OVERLAP):
            continue
        words = _shared(subjects[left], subjects[right])
        if cosine >= SHARED_WORDS_THRESHOLD and (cosine >= MEANING_THRESHOLD or words >= MIN_SHARED_WORDS):
            found.append((left, right, round(cosine * 100, 1)))
        elif numbers is not None and numbers[left] and numbers[left] == numbers[right] and words >= FACTS_AGREE_WORDS:
            found.append((left, right, round(cosine * 100, 1)))
    return found


def _nearest(neighbours: list[tuple[int, int, float]]) -> dict[int, float]:
    """Each entry's best cosine among the neighbour pairs."""
    best: dict[int, float] = {}
    for left, right, cosine in neighbours:
        best[left] = max(best.get(left, -1.0), cosine)
        best[right] = max(best.get(right, -1.0), cosine)
    return best


def choice_over_rivals(doc: Doc, table: ChoiceTable | None) -> frozenset[tuple]:
    """(set, chosen member, every member named) for each exclusive set where the entry picks one and names a rival."""
    if table is None:
        return frozenset()
    lowered = doc.prose.lower()
    found = set()
    for fact in doc.facts:
        for stance in fact.stances(table):
            if stance.polarity != "pos":
                continue
            members = table.sets[stance.set_index].members
            named = frozenset(
                member
                for member in members
                if any(re.search(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", lowered) for alias in member.split("|"))
            )
            if len(named) >= 2:
                found.add((stance.set_index, stance.member, named))
    return frozenset(found)


def embedding_texts(docs: Docs) -> list[str]:
    """What `meaning_pairs` embeds: the start of each entry's prose."""
    return [doc.prose[:MAX_CHARS] for doc in docs.items]


def _shared(left: frozenset[str], right: frozenset[str]) -> float:
    """Dice overlap of two subject-word sets (CJK words count; paraphrases share most content words)."""
    if not left or not right:
        return 0.0
    return 2 * len(left & right) / (len(left) + len(right))


def is_cjk(text: str) -> bool:
    return bool(IS_CJK.search(text))


TRANSLATION_SHARE = 0.7
MIN_CONCEPTS = 4
CJK_SHARE = 0.3


def translation_pairs(
    docs: Docs,
    subject_words: Callable[[int], frozenset[str]],
    eligible: list[bool],
    verbatim: Callable[[int, int], bool] | None = None,
) -> list[tuple[int, int, float]]:
    """(i, j, similarity) for an English and a Chinese entry whose words map to the same concepts (glossary), or
    that `verbatim` finds keeping the same commands and paths word for word (a translation copies those).

    Blocked on the concepts themselves (an inverted index with prefix filtering), never all pairs. Each entry's
    concepts are held as a tuple of their ranks in sorted order (a frozenset of strings apiece is several times larger).
    """
    chinese = [chinese_entry(doc.prose) if ok else False for doc, ok in zip(docs.items, eligible)]
    if not any(chinese) or all(chinese[position] or not ok for position, ok in enumerate(eligible)):
        return []
    vocabulary: dict[str, int] = {}
    concepts: list[tuple[int, ...]] = [
        tuple(
            vocabulary.setdefault(word, len(vocabulary))
            for word in _translation_concepts(docs.items[position].prose, subject_words, position, chinese[position])
        )
        if ok
        else ()
        for position, ok in enumerate(eligible)
    ]
    rank = [0] * len(vocabulary)
    for position, word in enumerate(sorted(vocabulary)):
        rank[vocabulary[word]] = position
    del vocabulary
    concepts = [tuple(sorted(map(rank.__getitem__, ids))) for ids in concepts]
    pairs = chain.from_iterable(
        pairing.candidate_chunks(
            concepts,
            min_overlap=0.3,
            block_cap=50,
            sides=chinese,
            skip=lambda left, right: (
                chinese[left] == chinese[right] or (docs.items[left].is_context and docs.items[right].is_context)
            ),
        )
    )
    found: list[tuple[int, int, float]] = []
    for left, right in pairs:
        smaller = min(len(concepts[left]), len(concepts[right]))
        share = len(set(concepts[left]).intersection(concepts[right])) / smaller if smaller >= MIN_CONCEPTS - 1 else 0.0
        if (share >= TRANSLATION_SHARE and (smaller >= MIN_CONCEPTS or share == 1.0)) or (
            verbatim is not None and verbatim(left, right)
        ):
            found.append((left, right, round(share * 100, 1)))
    return found


_EXAMPLE_SPAN = re.compile(
    r"(?:\be\.g\.|\bfor example|\bfor instance|\bsuch as|\blike|比如|例如|譬如|举例)[\s,:：，(（]{0,3}`([^`\n]{1,80})`",
    re.I,
)


def example_words(prose: str) -> frozenset[str]:
    """The words of code spans given as examples ("e.g. `ble: fix adv`", "比如 `sensor: fix CRC`"): they illustrate
    a rule, and two entries illustrating one rule pick different examples."""
    from curator.rules.facts.subject import subject_tokens

    return frozenset(word for span in _EXAMPLE_SPAN.findall(prose) for word in subject_tokens(span))


def _translation_concepts(
    prose: str, subject_words: Callable[[int], frozenset[str]], position: int, is_chinese: bool
) -> frozenset[str]:
    """The concepts an entry's prose is compared on across languages, from the scan memo when it holds the prose."""
    return remembered(
        "translation-concepts",
        prose,
        lambda: _concepts(subject_words(position) - example_words(prose), is_chinese),
        lambda found: joined(sorted(found)),
        lambda raw: frozenset(split(raw)),
        keep=joinable,
    )


def chinese_entry(prose: str) -> bool:
    """`has_chinese(prose)`, from the scan memo when it holds the prose."""
    return remembered("chinese", prose, lambda: has_chinese(prose), int, _flag)


def _flag(raw: object) -> bool:
    if type(raw) is not int or raw not in (0, 1):
        raise TypeError("not a flag")
    return bool(raw)


def _concepts(words: frozenset[str], is_chinese: bool) -> frozenset[str]:
    """English words as they are; for a Chinese entry, only the words the glossary knows and the Latin words.

    Modal and negation words are left out on both sides: the two languages place them differently.
    """
    if not is_chinese:
        return (words | frozenset(word[:-3] for word in words if word.endswith("ation"))) - _FUNCTION_CONCEPTS
    return (
        frozenset(concept(word) for word in words if not IS_CJK.match(word) or concept(word) != word)
        - _FUNCTION_CONCEPTS
    )


_FUNCTION_CONCEPTS = frozenset("never alway must every befor after don't do not can should need go us use".split())
MIN_CJK_CHARS = 4


def has_chinese(text: str) -> bool:
    """A Chinese or mixed entry: a share of CJK letters, or a few CJK characters among code and names."""
    return _cjk_share(text) >= CJK_SHARE or len(IS_CJK.findall(text)) >= MIN_CJK_CHARS


def _cjk_share(text: str) -> float:
    """The share of the text's letters that are CJK (counted in C: `str.isalpha` mapped over the text and its CJK runs)."""
    letters = sum(map(str.isalpha, text))
    return sum(map(str.isalpha, "".join(CJK_RUN.findall(text)))) / letters if letters else 0.0
