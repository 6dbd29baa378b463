"""Tool choices written as where things go: registry hosts, "now go to X", "Y is only kept for Z", a sentence opened by a plain word.

Each row is a small store of topic files (e0.md oldest); the expected pair is a conflict, a look-alike is none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.choices import ChoiceTable
from curator.rules.migrations import learned_sets
from curator.rules.tool_roles import roles
from tests.rules.test_blind2_forms import PAIR, findings

REGISTRY_HOSTS = [
    ("Images: `ghcr.io/acme/operator:<tag>`, pushed by the release workflow.", "ghcr"),
    ("Release images go to quay.io/acme/operator.", "quay"),
    ("镜像推到 `docker.io/acme/api`。", "docker hub"),
    ("We push container images to GHCR.", "ghcr"),
]


@pytest.mark.parametrize(("statement", "member"), REGISTRY_HOSTS)
def test_a_registry_host_before_an_image_path_is_that_registry(statement: str, member: str) -> None:
    stances = ChoiceTable().stances(statement)
    assert (member, "pos") in {(stance.member, stance.polarity) for stance in stances}


@pytest.mark.parametrize(
    "statement",
    [
        "See ghcr.io for the pricing page.",
        "The docs live at quay.io.",
        "Customer clusters kept hitting anonymous pull rate limits on GHCR.",
    ],
)
def test_a_registry_named_without_an_image_path_or_a_use_asserts_nothing(statement: str) -> None:
    assert not [stance for stance in ChoiceTable().stances(statement) if stance.polarity == "pos"]


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("Don't push images to Docker Hub.", {("docker hub", "neg")}),
        ("不要把镜像推到 Docker Hub。", {("docker hub", "neg")}),
        ("The package is pushed to the npm registry.", set()),
        ("包上传到 npm 了。", set()),
    ],
)
def test_pushing_chooses_only_a_registry_and_a_refusal_rejects_it(statement: str, expected: set) -> None:
    assert {(stance.member, stance.polarity) for stance in ChoiceTable().stances(statement)} == expected


ROUTED_ELSEWHERE = [
    (
        (
            "Gameplay events now go to GameAnalytics (`GameAnalytics.NewDesignEvent`); Firebase is only kept for "
            "Crashlytics and push.",
        ),
        ["firebase", "gameanalytics"],
    ),
    (("Logs now go to Loki; Graylog is only used for audit search.",), ["graylog", "loki"]),
    (
        ("We moved container images to Quay.", "Customer clusters kept hitting pull rate limits on GHCR."),
        ["ghcr", "quay"],
    ),
    (("Nightly jobs kept timing out on Jenkins, so we switched to Buildkite.",), ["buildkite", "jenkins"]),
    (("Maestro kept crashing, so we moved to Detox.",), ["detox", "maestro"]),
    (("现在用 Loki 了，不再用 Graylog。",), ["graylog", "loki"]),
    (("日志改用 Loki，Graylog 只留给审计检索。",), ["graylog", "loki"]),
]


@pytest.mark.parametrize(("entry", "expected"), ROUTED_ELSEWHERE)
def test_a_tool_things_now_go_to_and_one_kept_for_something_else_make_a_set(
    entry: tuple[str, ...], expected: list[str]
) -> None:
    assert learned_sets([entry]) == [expected]


@pytest.mark.parametrize(
    "entry",
    [
        ("Customer clusters kept hitting rate limits, so we moved to a bigger plan.",),
        ("Traffic now goes through Envoy; the docs are only kept for reference.",),
        ("Release builds kept failing, so we moved to Bazel.",),
        ("Nightly jobs now go to the batch queue.",),
    ],
)
def test_a_plain_word_opening_a_sentence_is_no_tool(entry: tuple[str, ...]) -> None:
    assert learned_sets([entry]) == []


def test_a_capitalised_word_before_a_noun_is_no_failed_tool() -> None:
    assert ("failed", "customer") not in roles("Customer clusters kept hitting anonymous pull rate limits on GHCR.")


ROUTE_CONFLICTS = [
    (
        "Images: `ghcr.io/acme/operator:<tag>`, built and pushed by CI.",
        "We moved container images to Quay: `quay.io/acme/operator`. Customer clusters kept hitting pull limits on GHCR.",
    ),
    (
        "埋点全部走 Firebase Analytics（`FirebaseAnalytics.LogEvent`）。",
        "Gameplay events now go to GameAnalytics; Firebase is only kept for Crashlytics and push.",
    ),
    ("镜像推到 `ghcr.io/acme/api`。", "镜像改推到 `quay.io/acme/api` 了。"),
]


@pytest.mark.parametrize(("older", "newer"), ROUTE_CONFLICTS)
def test_two_places_for_one_job_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Base images come from `docker.io/library/python`.", "Base images come from `docker.io/library/python:3.12`."),
        ("Crash reports go to Crashlytics.", "Gameplay events now go to GameAnalytics; Crashlytics stays for crashes."),
    ],
)
def test_the_same_place_or_a_different_job_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, older, newer))


EVICTION_POLICIES = [
    (
        "`cache-main`: `maxmemory-policy allkeys-lru`, full cache evicts.",
        "`cache-main` 改成 `noeviction` 了：宁可报错也不丢 key。",
    ),
    ("Redis maxmemory-policy is volatile-ttl.", "Redis eviction now uses allkeys-lfu."),
]


@pytest.mark.parametrize(("older", "newer"), EVICTION_POLICIES)
def test_two_redis_eviction_policies_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    "statement",
    [
        "改成 `noeviction` 了：allkeys-lru 会把队列 key 一起淘汰。",
        "Retry policy: 3 attempts.",
    ],
)
def test_an_explanation_after_a_colon_or_another_policy_asserts_no_eviction_policy(statement: str) -> None:
    stances = {(stance.member, stance.polarity) for stance in ChoiceTable().stances(statement)}
    assert ("allkeys-lru", "pos") not in stances
