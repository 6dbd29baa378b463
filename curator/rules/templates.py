"""Two entries written from one template about different things ("Team payments gets …" vs "Team search gets …").

Near-identical wording whose only differences are a word or two in the place of a name — before or
after a naming noun (team, service, table, 服务, 表), a Latin name inside Chinese text, or word-for-word
substitutions with nothing added or dropped, at the head of the statement or repeated ("Room names: max 80"
vs "Display names: max 80") — speaks
of two subjects: such a pair is never a duplicate.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem
from curator.rules.text import IS_CJK

MAX_CHANGED_WORDS = 2
MIN_SAME_SHARE = 0.5
_NAMING_NOUNS = frozenset(
    stem(word)
    for word in "team service table bucket queue topic index job cluster namespace repo repository api endpoint "
    "dashboard pipeline project app module database db schema account region tenant squad test tests build branch "
    "environment server host pool worker model page screen".split()
) | frozenset(
    "团队 服务 表 桶 队列 主题 索引 任务 集群 仓库 接口 模块 数据库 账号 项目 大盘 小组 测试 环境 分支 页面".split()
)

_NOT_NAMES = frozenset(
    stem(word)
    for word in "use prefer run avoid need want keep make put set add remove call pick choose go try take get do let "
    "allow require write read send check start stop enable disable open close create delete update change move copy "
    "install build deploy ship push pull merge test review skip ignore wait retry restart reset fix log show hide "
    "store save load fetch sync apply pin bump drop switch turn follow ask tell "
    "ms sec secs second seconds min mins minute minutes hour hours hr hrs h day days week weeks month months year years "
    "kb mb gb tb byte bytes percent times".split()
) | frozenset(
    "用 使用 走 跑 写 读 放 改 加 删 调 看 拿 发 推 拉 开 关 打开 关闭 选 换 装 建 查 修 等 跳过 忽略 保留 留 "
    "秒 分钟 小时 天 周 月 年 次 个".split()
)
"""Verbs and units: swapping one of these rewords or converts a statement, it does not name another subject."""


def different_subjects(left: tuple[str, ...], right: tuple[str, ...]) -> bool:
    """Whether two subject-token sequences are one template with different names filled in."""
    if not left or not right or left == right:
        return False
    matcher = SequenceMatcher(None, left, right, autojunk=False)
    changes = [opcode for opcode in matcher.get_opcodes() if opcode[0] != "equal"]
    same = sum(i2 - i1 for tag, i1, i2, _, _ in matcher.get_opcodes() if tag == "equal")
    if not changes or same < MIN_SAME_SHARE * max(len(left), len(right)):
        return False
    if any(i2 - i1 > MAX_CHANGED_WORDS or j2 - j1 > MAX_CHANGED_WORDS for _, i1, i2, j1, j2 in changes):
        return False
    named = False
    for tag, i1, i2, j1, j2 in changes:
        if tag != "replace":
            continue
        old, new = left[i1:i2], right[j1:j2]
        if {concept(word) for word in old} == {concept(word) for word in new} or (
            len(old) == len(new) and all(map(_same_word, old, new))
        ):
            return False
        if not _NOT_NAMES.isdisjoint(old + new):
            continue
        neighbours = {*left[max(0, i1 - 1) : i1], *left[i2 : i2 + 1], *right[max(0, j1 - 1) : j1], *right[j2 : j2 + 1]}
        latin_in_chinese = any(IS_CJK.search(word) for word in left + right) and all(
            word.isascii() for word in old + new
        )
        named = named or bool(neighbours & _NAMING_NOUNS) or latin_in_chinese
    substituted = all(
        tag == "replace" and i2 - i1 == j2 - j1 and _NOT_NAMES.isdisjoint(left[i1:i2] + right[j1:j2])
        for tag, i1, i2, j1, j2 in changes
    )
    swaps = [(left[i1:i2], right[j1:j2]) for _, i1, i2, j1, j2 in changes]
    topical = changes[0][1] == 0 == changes[0][3] or len(swaps) > len(set(swaps))
    return named or (substituted and topical)


_ALIASES = {"db": "databas", "k8s": "kubernet", "kube": "kubernet", "pg": "postgr", "postgresql": "postgr"}


def _same_word(left: str, right: str) -> bool:
    """One word written two ways: its concept, a stem of the other (token stems are not idempotent), or a short form (DB, k8s)."""
    forms = [{word, concept(word), stem(concept(word)), _ALIASES.get(word, word)} for word in (left, right)]
    forms = [found | {_ALIASES.get(form, form) for form in found} for found in forms]
    return not forms[0].isdisjoint(forms[1])
