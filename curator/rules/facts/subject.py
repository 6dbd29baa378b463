"""Subject tokens: English words lightly stemmed without stopwords, Chinese segmented by jieba (loaded once, quietly)."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import lru_cache

from curator import lazyre as re
from curator.rules.facts.lexicon import PAIRS
from curator.rules.facts.segmenter import Segmenter
from curator.rules.facts.segmenter import start as start_segmenter
from curator.rules.text import CJK_CHAR, STOPWORDS
from curator.scanmemo import joinable, joined, remembered, split

_CJK_RUN = re.compile(f"[{CJK_CHAR}]+")
_LATIN = re.compile(r"[a-z][a-z0-9_]*(?:[-'][a-z0-9_]+)*")
_DOMAIN_WORDS = (
    "重试",
    "最多",
    "至少",
    "不超过",
    "超时",
    "部署",
    "发布",
    "上线",
    "回滚",
    "测试环境",
    "生产环境",
    "预发",
    "预发环境",
    "回调",
    "支付",
    "邮件",
    "任务",
    "并发",
    "合并",
    "推送",
    "热修复",
    "分支",
    "主分支",
    "评审",
    "审核",
    "代码审查",
    "数据库",
    "迁移",
    "缓存",
    "接口",
    "网关",
    "日志",
    "覆盖率",
    "编辑",
    "文章",
    "博客",
    "线程",
    "进程",
    "副本",
)
_LEXICON_WORDS = tuple(
    pair.split()[0]
    for pair in PAIRS.replace("\n", "").split("|")
    if len(pair.split()) == 2 and len(pair.split()[0]) > 1
)
_CJK_STOP = frozenset(
    "的 了 是 在 和 与 也 就 都 而 及 或 把 被 着 过 吗 呢 吧 啊 这 那 有 个 一 要 会 能 可以 应该 需要 必须 我们 你 我 他 她 它 "
    "他们 时候 现在 目前 里 中 上 下 对 给 让 用 使用 还 再 又 很 更 最 只 先 后 每 次 之 其 从 到 为 以 于 并 且 但 如果 "
    "因为 所以 然后 已经 已 没有 不 不要 别 总是 永远 一定 务必 请 记得 每个 每 最多 至少 不超过 所有 全部 一律 "
    "才 便 即可 低于 高于 不低于 不少 不少于 少于 多于 超过 以上 以下 以内".split()
)
_lock = threading.Lock()
_segmenter: dict[str, object] = {}


def _jieba() -> object | None:
    """jieba, initialised once with a few domain words; None when it is not installed."""
    with _lock:
        if "jieba" not in _segmenter:
            try:
                import logging

                import jieba

                jieba.setLogLevel(logging.ERROR)
                jieba.initialize()
                for word in _DOMAIN_WORDS:
                    jieba.add_word(word, freq=200000)
                for word in _LEXICON_WORDS:
                    jieba.add_word(word, freq=20000)
                _segmenter["jieba"] = jieba
            except ImportError:
                _segmenter["jieba"] = None
        return _segmenter["jieba"]


@lru_cache(maxsize=100_000)
def segment(run: str) -> tuple[str, ...]:
    """Words of one CJK run (jieba when available, else character bigrams), from the scan memo when it was seen before."""
    return remembered("segment", run, lambda: _segment(run), joined, lambda raw: tuple(split(raw)), keep=joinable)


def _segment(run: str) -> tuple[str, ...]:
    helper = _segmenter.get("child")
    if isinstance(helper, Segmenter):
        words = helper.segment(run)
        if words is not None:
            return words
    return _segment_here(run)


def _segment_here(run: str) -> tuple[str, ...]:
    jieba = _jieba()
    if jieba is None:
        return tuple(run[index : index + 2] for index in range(len(run) - 1)) or (run,)
    return tuple(word for word in jieba.lcut(run, HMM=False) if word.strip())  # type: ignore[attr-defined]


def segment_in_child() -> None:
    """Load jieba in a forked child and let it segment from now on (see `segmenter`), unless it is loaded here."""
    stop_segmenting_in_child()
    if "jieba" in _segmenter:
        return
    helper = start_segmenter(_segment_here, _jieba)
    if helper is not None:
        _segmenter["child"] = helper


def cjk_runs(texts: Iterable[str]) -> list[str]:
    """The distinct CJK runs `subject_tokens` would segment in these texts, in order."""
    return list(dict.fromkeys(run for text in texts for run in _CJK_RUN.findall(text.lower())))


def expect_runs(runs: list[str]) -> None:
    """Tell the segmenting child the runs `subject_tokens` will ask for."""
    helper = _segmenter.get("child")
    if isinstance(helper, Segmenter):
        helper.expect(runs)


def stop_segmenting_in_child() -> None:
    helper = _segmenter.pop("child", None)
    if isinstance(helper, Segmenter):
        helper.close()


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """A light English stemmer: merging/merged/merges/merge → merg, retries → retry, directly → direct, silence → silent."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        word = word[:-2]
    elif len(word) > 5 and word.endswith("ly"):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("es") and word[-3] in "sxz" or word.endswith(("ches", "shes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 6 and word.endswith("ence"):
        word = word[:-4] + "ent"
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]
    return _SYNONYMS.get(word, word)


_SYNONYMS = {
    "straight": "direct",
    "automatic": "automat",
    "automatical": "automat",
    "attempt": "retry",
    "tri": "retry",
    "pr": "pull-request",
    "prs": "pull-request",
    "mr": "pull-request",
    "mrs": "pull-request",
    "prod": "production",
    "env": "environment",
    "repo": "repository",
    "db": "database",
    "config": "configur",
    "doc": "documentation",
    "documentation": "documentation",
    "test": "test",
    "spec": "test",
}


@lru_cache(maxsize=200_000)
def subject_tokens(text: str, *, gaps: bool = False) -> tuple[str, ...]:
    """Content tokens in order: stemmed English words and jieba words, no stopwords, no numbers.

    With `gaps`, an empty string marks where a dropped word or punctuation stood between two tokens,
    so callers can tell adjacent words ("search API") from distant ones ("uploaded to S3").
    """
    if not gaps:
        return remembered(
            "subject", text, lambda: _subject_tokens(text), joined, lambda raw: tuple(split(raw)), keep=joinable
        )
    return _subject_tokens(text, gaps)


def _subject_tokens(text: str, gaps: bool = False) -> tuple[str, ...]:
    lowered = text.lower()
    found: list[str] = []
    position = 0
    for run in _CJK_RUN.finditer(lowered):
        found.extend(_latin(lowered[position : run.start()], gaps))
        for word in segment(run.group(0)):
            if word in _CJK_STOP or not word.strip():
                if gaps and found and found[-1]:
                    found.append("")
            else:
                found.append(word)
        position = run.end()
    found.extend(_latin(lowered[position:], gaps))
    return tuple(found)


_SEPARATOR = re.compile(r"^[\s-]*$")


_POSSESSIVE = re.compile(r"(?<=[a-z])'s\b")


def _latin(text: str, gaps: bool = False) -> list[str]:
    """Content tokens of Latin text, a possessive read as its noun ("the node's" as "node")."""
    text = _POSSESSIVE.sub("", text) if "'s" in text else text
    if not gaps:
        return [kept for word in _LATIN.findall(text) for kept in _content_parts(word)]
    found: list[str] = []
    previous_end = 0
    for match in _LATIN.finditer(text):
        kept = _content_parts(match.group(0))
        if found and found[-1] and (not kept or not _SEPARATOR.match(text[previous_end : match.start()])):
            found.append("")
        found.extend(kept)
        previous_end = match.end()
    if found and found[-1] and text[previous_end:].strip():
        found.append("")
    return found


@lru_cache(maxsize=200_000)
def _content_parts(word: str) -> tuple[str, ...]:
    """The stemmed parts of one Latin word split at '-' and '_', without stopwords, single letters and digits."""
    parts = word.replace("_", "-").split("-") if "-" in word or "_" in word else (word,)
    return tuple(stem(part) for part in parts if part not in STOPWORDS and len(part) > 1 and not part.isdigit())


_PROPER = re.compile(r"(?<![.!?:]\s)(?<!^)\b(?:[A-Z][a-z]+[A-Z]?\w*|[A-Z]{2,}\w*|[a-z]+[A-Z]\w*)\b")


def proper_names(text: str) -> frozenset[str]:
    """Stemmed names written with capitals inside a sentence ("Germany", "ODS", "iOS"), not sentence-initial words."""
    return frozenset(
        stem(name.lower()) for name in _PROPER.findall(text.lstrip(" -*>#\t")) if name.lower() not in STOPWORDS
    )
