"""Synthetic memory stores of any size, English and Chinese, with planted duplicates and conflicts.

`generate(n)` builds in-memory entries (for the rules benchmark); `write_store(synth, path, git=True)`
writes them as a Claude Code store (topic files + MEMORY.md), optionally committed in back-dated batches.

    python benchmarks/synth.py OUT_DIR --entries 5000 [--git] [--seed 7]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from curator.model import Entry, Store

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
_SYLLABLES = "ka ro mi su te no ra vi lo pe da ki mu sa ne to ha bi zu re mo ga fu ye wa di ko lu pa".split()
_HANZI = (
    "数据服务接口缓存队列日志监控告警发布部署测试构建脚本配置页面组件模块用户订单支付搜索推荐消息通知权限账号"
    "文件目录图片视频评论标签分类统计报表任务调度重试超时限流网关代理域名证书密钥备份迁移索引字段版本分支"
)
_UNITS_EN = [("requests", "minute"), ("posts", "week"), ("retries", "job"), ("workers", "node"), ("emails", "day")]
_UNITS_ZH = [("次", "分钟"), ("篇", "周"), ("个", "节点"), ("封", "天"), ("条", "小时")]
_TYPES = ("project", "feedback", "reference", "user")


@dataclass
class Synth:
    """Generated entries and the pairs planted in them."""

    entries: list[Entry]
    duplicates: list[tuple[str, str]] = field(default_factory=list)
    conflicts: list[tuple[str, str]] = field(default_factory=list)

    def store(self, root: Path | None = None) -> Store:
        return Store(root=root or Path("/nonexistent-synth-store"), format="claude-code", entries=self.entries)


class _Words:
    """A Zipf-like vocabulary of invented English words and two-character Chinese words."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.english = sorted({"".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4))) for _ in range(20000)})
        alphabet = _HANZI + "".join(chr(0x4E00 + rng.randrange(2500)) for _ in range(1500))
        self.chinese = sorted({rng.choice(alphabet) + rng.choice(alphabet) for _ in range(8000)})
        rng.shuffle(self.english)
        rng.shuffle(self.chinese)

    def en(self, count: int) -> list[str]:
        return [self.english[self._rank(len(self.english))] for _ in range(count)]

    def zh(self, count: int) -> list[str]:
        return [self.chinese[self._rank(len(self.chinese))] for _ in range(count)]

    def _rank(self, size: int) -> int:
        return (int(self.rng.paretovariate(0.8)) * 37 + self.rng.randrange(37)) % size


def _english_body(words: _Words) -> str:
    w = words.en(21)
    rule = f" Never restart the {w[18]} {w[19]} during {w[20]} hours." if words.rng.random() < 0.3 else ""
    return (
        f"The {w[0]} {w[1]} service sends {w[2]} {w[3]} through the {w[4]} gateway. "
        f"Ask {w[5].title()} before changing the {w[6]} {w[7]} settings. "
        f"**Why:** the {w[8]} {w[9]} broke once when {w[10]} {w[11]} was renamed. "
        f"**How to apply:** check `{w[12]}_{w[13]}` and the {w[14]} dashboard before any {w[15]} {w[16]} change." + rule
    )


def _chinese_body(words: _Words) -> str:
    w = words.zh(16)
    rule = f"不要在高峰期重启{w[14]}{w[15]}。" if words.rng.random() < 0.3 else ""
    return (
        f"{w[0]}{w[1]}走{w[2]}{w[3]}，改{w[4]}{w[5]}之前先问{w[6]}。"
        f"**Why:** 上次{w[7]}{w[8]}改名之后{w[9]}{w[10]}坏了。"
        f"**How to apply:** 动{w[11]}之前先看{w[12]}{w[13]}面板。" + rule
    )


def _paraphrase(body: str, rng: random.Random) -> str:
    """The same content reworded: sentence order swapped, case and punctuation changed."""
    separator = "。" if "。" in body else ". "
    parts = [part for part in body.split(separator) if part.strip()]
    if len(parts) > 2:
        parts[0], parts[1] = parts[1], parts[0]
    text = separator.join(parts)
    text = text.replace(",", ";").replace("，", "；")
    return text.lower() if rng.random() < 0.5 else text


def _quantity_pair(words: _Words, rng: random.Random, chinese: bool) -> tuple[str, str]:
    if chinese:
        unit, rate = rng.choice(_UNITS_ZH)
        w = words.zh(3)
        low = rng.randint(2, 9)
        return (
            f"{w[0]}{w[1]}每{rate}最多 {low} {unit}，{w[2]}优先。",
            f"{w[0]}{w[1]}现在每{rate}可以 {low + rng.randint(2, 6)} {unit}。",
        )
    unit, rate = rng.choice(_UNITS_EN)
    w = words.en(3)
    low = rng.randint(2, 9)
    return (
        f"The {w[0]} {w[1]} job handles at most {low} {unit} per {rate}; {w[2]} comes first.",
        f"The {w[0]} {w[1]} job now handles up to {low + rng.randint(2, 6)} {unit} per {rate}.",
    )


_MANNERS_EN = (
    "The {0} {1} reports are sent automatically by the {2} bot every night.",
    "The {0} {1} reports wait for {3} to review and approve them before they are sent.",
)
_MANNERS_ZH = ("{0}{1}的报表由{2}系统每天晚上自动发送。", "{0}{1}的报表要等{3}人工确认后才发送。")


def with_manners(synth: Synth, share: float, *, seed: int = 11) -> Synth:
    """The entries with `share` of them also telling an action as automatic or as waiting for a person (for
    rules/polarity/gating.py), subjects drawn from the same Zipf-like vocabulary."""
    rng = random.Random(seed)
    words = _Words(rng)
    for entry in synth.entries:
        if rng.random() >= share:
            continue
        chinese = any("\u4e00" <= char <= "\u9fff" for char in entry.body or "")
        forms, drawn = (_MANNERS_ZH, words.zh(4)) if chinese else (_MANNERS_EN, words.en(4))
        sentence = rng.choice(forms).format(*drawn)
        entry.body = entry.text = f"{entry.body} {sentence}"
    return synth


def _entry(entry_id: str, body: str, rng: random.Random) -> Entry:
    modified = NOW - timedelta(days=rng.randint(0, 420), hours=rng.randint(0, 23))
    return Entry(
        id=entry_id,
        path=entry_id,
        name=entry_id.removesuffix(".md").replace("_", " "),
        description=body[:60],
        type=rng.choice(_TYPES),
        body=body,
        text=body,
        created=modified - timedelta(days=rng.randint(0, 60)),
        modified=modified,
    )


def generate(entries: int, *, seed: int = 7, chinese_share: float = 0.5, planted_share: float = 0.02) -> Synth:
    """`entries` entries; about `planted_share` of them are each half of a planted duplicate or conflict pair."""
    rng = random.Random(seed)
    words = _Words(rng)
    result = Synth(entries=[])
    planted_pairs = max(1, int(entries * planted_share / 2))
    while len(result.entries) < entries:
        index = len(result.entries)
        chinese = rng.random() < chinese_share
        roll = rng.random()
        if roll < planted_pairs / entries * 1 and len(result.entries) + 2 <= entries:
            body = _chinese_body(words) if chinese else _english_body(words)
            first, second = f"m{index:06d}.md", f"m{index + 1:06d}.md"
            result.entries += [_entry(first, body, rng), _entry(second, _paraphrase(body, rng), rng)]
            result.duplicates.append((first, second))
        elif roll < planted_pairs / entries * 2 and len(result.entries) + 2 <= entries:
            older, newer = _quantity_pair(words, rng, chinese)
            first, second = f"m{index:06d}.md", f"m{index + 1:06d}.md"
            result.entries += [_entry(first, older, rng), _entry(second, newer, rng)]
            result.conflicts.append((first, second))
        else:
            body = _chinese_body(words) if chinese else _english_body(words)
            result.entries.append(_entry(f"m{index:06d}.md", body, rng))
    order = list(range(len(result.entries)))
    rng.shuffle(order)
    result.entries = [result.entries[position] for position in order]
    return result


def write_store(synth: Synth, path: Path, *, git: bool = False, batches: int = 10) -> Path:
    """Write a Claude Code store (topic files and MEMORY.md); with git, commit in back-dated batches."""
    path.mkdir(parents=True, exist_ok=True)
    index_lines = []
    for entry in synth.entries:
        (path / entry.path).write_text(
            f"---\nname: {entry.name}\ndescription: {entry.description.replace(chr(10), ' ')[:80]}\n"
            f"type: {entry.type}\n---\n\n{entry.body}\n",
            encoding="utf-8",
        )
        index_lines.append(f"- [{entry.name}]({entry.path}) — {entry.description[:60]}")
    (path / "MEMORY.md").write_text("\n".join(index_lines[:190]) + "\n", encoding="utf-8")
    if git:
        _commit_batches(synth, path, batches)
    return path


def _commit_batches(synth: Synth, path: Path, batches: int) -> None:
    env = dict(
        os.environ,
        GIT_AUTHOR_NAME="Synth",
        GIT_AUTHOR_EMAIL="synth@example.com",
        GIT_COMMITTER_NAME="Synth",
        GIT_COMMITTER_EMAIL="synth@example.com",
    )

    def run(*args: str, when: datetime | None = None) -> None:
        stamp = {"GIT_AUTHOR_DATE": when.isoformat(), "GIT_COMMITTER_DATE": when.isoformat()} if when else {}
        subprocess.run(["git", *args], cwd=path, env={**env, **stamp}, check=True, capture_output=True)

    run("init", "-q")
    ordered = sorted(synth.entries, key=lambda entry: entry.modified or NOW)
    size = max(1, len(ordered) // batches)
    for start in range(0, len(ordered), size):
        chunk = ordered[start : start + size]
        run("add", "--", *[entry.path for entry in chunk])
        run(
            "-c",
            "commit.gpgsign=false",
            "commit",
            "-q",
            "-m",
            f"memory batch {start // size + 1}",
            when=chunk[-1].modified,
        )
    run("add", "--", "MEMORY.md")
    run("-c", "commit.gpgsign=false", "commit", "-q", "-m", "index", when=NOW - timedelta(days=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--git", action="store_true", help="commit the entries in back-dated batches")
    args = parser.parse_args()
    synth = generate(args.entries, seed=args.seed)
    write_store(synth, args.out, git=args.git)
    print(
        f"wrote {len(synth.entries)} entries to {args.out} "
        f"({len(synth.duplicates)} planted duplicates, {len(synth.conflicts)} planted conflicts)"
    )


if __name__ == "__main__":
    main()
