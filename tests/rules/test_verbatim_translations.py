"""English↔Chinese duplicates that the glossary cannot map word for word but that keep the same commands and paths
verbatim (a translation copies `./deploy.sh web --prod` and `dist/web/`), in both directions.

Each look-alike keeps one side and changes a command, a path, or the stance: it stays no duplicate.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.anchors import same_verbatim
from tests.rules.test_blind2_forms import PAIR, findings

SAME_ENTRY = [
    (
        "Ship the web bundle with `./deploy.sh web --prod`; the artefacts end up in dist/web/.",
        "- Web 上线：运行 `./deploy.sh web --prod`，产物会放到 dist/web/ 下面。",
    ),
    (
        "Regenerate the gRPC stubs via `buf generate proto/`, and commit gen/go/ with the change.",
        "- 改完 proto 之后用 `buf generate proto/` 重新生成桩代码，gen/go/ 要和改动一起提交。",
    ),
    (
        "Seed a local database with `python manage.py loaddata fixtures/demo.json` before a demo.",
        "- 演示之前先用 `python manage.py loaddata fixtures/demo.json` 给本地库灌数据。",
    ),
]

NOT_THE_SAME = [
    (
        "Ship the web bundle with `./deploy.sh web --prod`; the artefacts end up in dist/web/.",
        "- Web 上线：运行 `./deploy.sh web --staging`，产物会放到 dist/web/ 下面。",
    ),
    (
        "Regenerate the gRPC stubs via `buf generate proto/`, and commit gen/go/ with the change.",
        "- 改完 proto 之后用 `buf generate proto/` 重新生成桩代码，gen/ts/ 要和改动一起提交。",
    ),
    (
        "Seed a local database with `python manage.py loaddata fixtures/demo.json` before a demo.",
        "- 千万不要在生产库上跑 `python manage.py loaddata fixtures/demo.json`。",
    ),
]


@pytest.mark.parametrize("swap", [False, True], ids=["en-first", "zh-first"])
@pytest.mark.parametrize(("english", "chinese"), SAME_ENTRY)
def test_a_translation_keeping_its_commands_and_paths_is_a_duplicate(
    tmp_path: Path, english: str, chinese: str, swap: bool
) -> None:
    older, newer = (chinese, english) if swap else (english, chinese)
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize("swap", [False, True], ids=["en-first", "zh-first"])
@pytest.mark.parametrize(("english", "chinese"), NOT_THE_SAME)
def test_another_command_path_or_stance_is_no_duplicate(tmp_path: Path, english: str, chinese: str, swap: bool) -> None:
    older, newer = (chinese, english) if swap else (english, chinese)
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("spans", "paths", "other_spans", "other_paths", "same"),
    [
        ({"./deploy.sh web --prod"}, set(), {"./deploy.sh web --prod"}, set(), True),
        ({"make test"}, {"src/app"}, {"make test"}, {"src/app"}, True),
        ({"make test"}, set(), {"make test"}, set(), False),
        ({"make test"}, {"src/app"}, {"make test"}, {"src/web"}, False),
        (set(), set(), set(), set(), False),
    ],
)
def test_verbatim_parts_are_the_same_ones_and_enough(
    spans: set[str], paths: set[str], other_spans: set[str], other_paths: set[str], same: bool
) -> None:
    assert same_verbatim(frozenset(spans), frozenset(paths), frozenset(other_spans), frozenset(other_paths)) is same
