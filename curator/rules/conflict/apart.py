"""A veto on candidate clashes whose two clauses are plainly about different things, read from each clause's lead.

Two clauses that open with different code names (tracking-api vs route-planner), with labels of one shape that differ
in a word ("invite link expiry" vs "reset link expiry", 开票接口 vs 退款接口), in disjoint environments (staging vs
prod), in named parts that differ (the payments queue vs the menu sync, 文档站 vs 管理后台), one of them about a repository of its own, a number for each item against a total, or whose clashing "tool" is the
person acting are no conflict; nor are one kind of setting for two owners (owners.py), a reading against a target
(variants.py) or the case a rule excepts (carve_outs.py).
"""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.conflict.carve_outs import excepted
from curator.rules.conflict.clash import Clash
from curator.rules.conflict.owners import owners_apart
from curator.rules.conflict.variants import (
    measured_against_set,
    observed_against_limit,
    reading_against_target,
    variants_apart,
)
from curator.rules.facts.leads import Lead, lead
from curator.rules.facts.named_parts import mentioned_environments, words_of
from curator.rules.facts.named_scopes import scopes_apart
from curator.rules.facts.subject import stem
from curator.rules.facts.things import MEASURE_WORDS
from curator.rules.text import IS_CJK

Clashes = dict[tuple[int, int], list[Clash]]
_EACH = re.compile(
    r"\b(?:each|every single|per (?:file|item|bundle|message|request|page|row|upload))\b|单个|每个|每一个|单文件|单条|单张|单份",
    re.I,
)
_TOTAL = re.compile(r"\b(?:in total|altogether|a total of|combined)\b|总共|一共|合计|总计|加起来", re.I)


def drop_apart(clashes: Clashes, checked: dict[int, Clash]) -> None:
    """Remove every clash not yet checked whose two clauses are about different things (`checked`: each seen clash by id)."""
    for found in clashes.values():
        kept = []
        for clash in found:
            if id(clash) not in checked:
                checked[id(clash)] = clash
                if len(clash.says) == 2 and apart(clash):
                    continue
            kept.append(clash)
        found[:] = kept


def apart(clash: Clash) -> bool:
    """Whether the two clauses a clash quotes are about different things."""
    one, other = clash.says.values()
    first, second = lead(one), lead(other)
    return (
        _environments_apart(one, other)
        or scopes_apart(one, other, _subject(clash))
        or first.elsewhere != second.elsewhere
        or _names_apart(first, one, second, other)
        or labels_apart(first, second)
        or _acted(clash, first, second)
        or excepted(one, other)
        or excepted(other, one)
        or clash.kind == "number"
        and (
            _each_and_total(one, other)
            or _measured_duration(clash)
            or observed_against_limit(one, other)
            or reading_against_target(one, other)
        )
        or clash.detail.get("unit") != "version"
        and owners_apart(one, other)
        or clash.detail.get("unit") != "version"
        and variants_apart(one, other)
    )


def _subject(clash: Clash) -> frozenset[str]:
    """The words of what a clash turns on: its job ("Python package manager"), versioned name or action."""
    said = " ".join(str(clash.detail.get(key) or "") for key in ("job", "version_of", "action"))
    return frozenset(stem(word) for word in re.findall(r"[a-z][\w.-]*|[\u4e00-\u9fff]+", said.lower()))


def _measured_duration(clash: Clash) -> bool:
    """A clash of durations where one side is a measured run time and the other is not."""
    values = clash.detail.get("values")
    if clash.detail.get("unit") != "duration" or not isinstance(values, dict) or len(values) != 2:
        return False
    return measured_against_set(*(str(span) for span in values.values()))


def _each_and_total(one: str, other: str) -> bool:
    """One clause bounds each item ("单个 bundle 不超过 8 MB") and the other counts them all ("总共 412 MB")."""
    first = (bool(_EACH.search(one)), bool(_TOTAL.search(one)))
    second = (bool(_EACH.search(other)), bool(_TOTAL.search(other)))
    return {first, second} == {(True, False), (False, True)}


def _environments_apart(one: str, other: str) -> bool:
    """Both clauses name deployment environments and none is shared (a staging-only rule and a prod-only one)."""
    first, second = mentioned_environments(one), mentioned_environments(other)
    return bool(first and second and first.isdisjoint(second))


def _names_apart(first: Lead, one: str, second: Lead, other: str) -> bool:
    """Both leads name code names, no part of one is a part of the other, and neither clause mentions the other's."""
    if not first.names or not second.names:
        return False
    first_parts = frozenset().union(*first.names)
    second_parts = frozenset().union(*second.names)
    if any(_alike(part, word) for part in first_parts for word in second_parts):
        return False
    return not any(name <= words_of(other) for name in first.names) and not any(
        name <= words_of(one) for name in second.names
    )


def labels_apart(first: Lead, second: Lead) -> bool:
    """Two leads of one shape in one script that share their head word and differ, word for word, in modifiers naming
    things (invite vs reset link, 开票 vs 退款 接口); two heads of one modifier ("presence diffs", "presence broadcasts")
    may name one thing."""
    one, other = first.core, second.core
    if len(one) != len(other) or len(one) < 2 or _chinese(first.words) != _chinese(second.words):
        return False
    if one[-1] != other[-1]:
        return False
    differing = [(left, right) for left, right in zip(one, other, strict=True) if left != right]
    if not differing or len(differing) == len(one):
        return False
    return all(_thing(left) and _thing(right) and not _alike(left, right) for left, right in differing)


def _acted(clash: Clash, first: Lead, second: Lead) -> bool:
    """The tool a choice or polarity clash turns on is the person a clause opens with as its actor ("Priya removed …")."""
    choices = clash.detail.get("choices")
    if not isinstance(choices, dict):
        return False
    members = {str(value).split(" ", 1)[-1] for value in choices.values()}
    return bool({first.actor, second.actor} & members - {""})


def _thing(word: str) -> bool:
    return word not in MEASURE_WORDS and not (IS_CJK.match(word) and len(word) == 1)


def _chinese(words: tuple[str, ...]) -> bool:
    """Whether the words are mostly Chinese."""
    return sum(1 for word in words if IS_CJK.match(word)) * 2 > len(words)


def _alike(one: str, other: str) -> bool:
    return one == other or (min(len(one), len(other)) >= 3 and (one.startswith(other) or other.startswith(one)))
