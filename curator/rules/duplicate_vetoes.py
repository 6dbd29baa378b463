"""Why a duplicate candidate is no duplicate: its numbers, names, commands, contrasts, facts, scope or subject differ."""

from __future__ import annotations

from collections.abc import Mapping

from curator.rules.anchors import (
    code_spans,
    distinct_instances,
    own_spans,
    path_words,
    same_verbatim,
    span_words,
    states_exception,
    states_quantity,
)
from curator.rules.contrasts import contrast_differs, contrasts
from curator.rules.docs import Doc, Docs
from curator.rules.duplicate_cadences import cadences_differ
from curator.rules.duplicate_denials import denied_on_one_side
from curator.rules.duplicate_facts import facts_differ, same_measures, scopes_differ
from curator.rules.duplicate_prints import Prints
from curator.rules.duplicate_synonyms import english_concept
from curator.rules.facts.code_lines import code_values_differ
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem
from curator.rules.span_stance import opposite_stances, span_stances
from curator.rules.templates import different_subjects
from curator.rules.text import IS_CJK, tokens
from curator.rules.translations import is_cjk

NAME_OVERLAP = 0.3
MIN_SHARED_NAMES = 2
TEMPLATE_WORDING = 80.0
CONTAINED_RATIO = 2.0
CONTAINED_SHARE = 0.8
MIN_SHARED_LEAD = 3
MIN_ACTION_WORDS = 2


def veto(docs: Docs, prints: Prints, numbers: Mapping[int, frozenset], left: int, right: int, by_wording: bool) -> str:
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
    if not by_wording and same_script and contained(prints.token_ids[left], prints.token_ids[right]):
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
        prints.concepts[left] | prints.proper[left],
        prints.concepts[right] | prints.proper[right],
    )
    own = _own_names(left_names, right_names, left_words, right_words)
    if same_script and own and _two_subjects(own, len(left_spans & right_spans), docs.items[left], docs.items[right]):
        return "own names"
    if facts_differ(prints.facts[left], prints.facts[right]):
        return "facts differ"
    if cadences_differ(docs.items[left], docs.items[right]):
        return "cadences differ"
    if denied_on_one_side(docs.items[left].prose, docs.items[right].prose):
        return "denied on one side"
    left_scope, right_scope = (
        prints.scopes[left] - span_words(left_spans),
        prints.scopes[right] - span_words(right_spans),
    )
    if not same_script and same_verbatim(left_spans, prints.paths[left], right_spans, prints.paths[right]):
        left_scope, right_scope = _translatable(left_scope), _translatable(right_scope)
    if scopes_differ(left_scope, right_scope, prints.concepts[left], prints.concepts[right]):
        return "scopes differ"
    if prints.paths[left] and prints.paths[right] and not shared_place(prints.paths[left], prints.paths[right]):
        return "paths differ"
    if same_script and different_subjects(prints.sequences[left], prints.sequences[right]):
        return "different subjects"
    if not by_wording and same_script and different_actions(prints.sequences[left], prints.sequences[right]):
        return "one subject, different actions"
    return ""


def different_actions(left: tuple[str, ...], right: tuple[str, ...]) -> bool:
    """Two statements that open on the same subject (at least MIN_SHARED_LEAD words) and go on to say wholly
    different things of it ("VIP tickets are set to high priority" and "VIP tickets go to tier-2 support"): no
    concept of either ending recurs anywhere in the other statement, synonyms folded."""
    lead = 0
    while lead < min(len(left), len(right)) and left[lead] == right[lead]:
        lead += 1
    if lead < MIN_SHARED_LEAD or min(len(left), len(right)) - lead < MIN_ACTION_WORDS:
        return False
    left_concepts, right_concepts = _folded_concepts(left), _folded_concepts(right)
    return _folded_concepts(left[lead:]).isdisjoint(right_concepts) and _folded_concepts(right[lead:]).isdisjoint(
        left_concepts
    )


def _folded_concepts(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(english_concept(concept(word)) for word in words)


def shared_place(left: frozenset[str], right: frozenset[str]) -> bool:
    """Whether the two entries name one path in common, a path written whole on one side and from a later directory on
    the other counting as one (`express.api.dhl.com/mydhlapi/test` and `mydhlapi/test`)."""
    return any(
        one == other or ("/" in other and one.endswith("/" + other)) or ("/" in one and other.endswith("/" + one))
        for one in left
        for other in right
    )


def _translatable(scope: frozenset[str]) -> frozenset[str]:
    """The scope words the glossary reads as English concepts: in a translation that keeps its commands and paths
    word for word, a Chinese word the glossary does not know (买家) cannot be shown missing from the English side."""
    return frozenset(word for word in scope if not IS_CJK.search(word))


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


def _different_names(left: tuple[str, ...], right: tuple[str, ...]) -> bool:
    """Latin words that hardly overlap ('Go, Postgres' vs 'React, CSS') name different things, however alike the rest."""
    if len(left) < 2 or len(right) < 2:
        return False
    left_names, right_names = frozenset(left), frozenset(right)
    return len(left_names & right_names) / len(left_names | right_names) < NAME_OVERLAP


def contained(left: tuple[int, ...], right: tuple[int, ...]) -> bool:
    """A short entry whose words nearly all recur in one at least twice as long: the longer one says more, not the same."""
    short, long = (left, right) if len(left) <= len(right) else (right, left)
    if not short or len(long) < CONTAINED_RATIO * len(short):
        return False
    return len(set(short) & set(long)) >= CONTAINED_SHARE * len(set(short))
