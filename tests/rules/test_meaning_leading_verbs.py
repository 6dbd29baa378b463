"""The one-lookup test of whether a clause opens with any forbidden verb (or its family) answers as the per-verb test."""

from __future__ import annotations

from itertools import combinations

from curator.rules.polarity.families import family
from curator.rules.polarity.stance import _leads_with, _leads_with_any

CLAUSES = [
    "squash-merge everything into main",
    "force-push to the release branch",
    "edit the generated client by hand",
    "modify the schema in place",
    "calling the api twice",
    "deployed on fridays",
    "pushes straight to main",
    "rebase before merging",
    "直接改生产配置",
    "",
    "   ",
    "run the migrations by hand",
]
VERBS = ["squash", "push", "edit", "change", "deploy", "rebase", "merge", "run", "delete", "改"]


def test_any_forbidden_verb_is_found_as_the_per_verb_test_finds_it() -> None:
    answers = []
    for size in (0, 1, 2, 3):
        for chosen in combinations(VERBS, size):
            verbs = set(chosen)
            verb_families = {name for verb in verbs if (name := family(verb)) is not None}
            for clause in CLAUSES:
                expected = any(_leads_with(clause, verb) for verb in verbs)
                assert _leads_with_any(clause, verbs, verb_families) == expected, (clause, verbs)
                answers.append(expected)
    assert True in answers and False in answers
