"""Numeric conflicts decided by what a number is about: the version in use against a planned one, and their look-alikes.

Every row is a small store of topic files (e0.md older); a conflict row expects the pair flagged, a
look-alike row expects silence.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

PLANNED_VERSIONS = [
    ("当前 JDK 17。", "后续计划升级 JDK 21。"),
    ("The cluster runs Kubernetes 1.28.", "Kubernetes 1.30 upgrade scheduled for next sprint."),
    ("We use Postgres 14.", "Postgres 16 migration is on the roadmap."),
    ("We're on Django 4.2.", "The Django 5 upgrade is planned for Q2."),
    ("CI runs Ruby 3.3.", "We plan to move CI to Ruby 3.4 next quarter."),
    ("Node 18 in production.", "TODO: upgrade to Node 22."),
    ("Ruby 3.2 everywhere.", "Pin Ruby 3.3 after the Rails 8 bump settles."),
    ("Laravel 10 on the main app.", "Once the Laravel 11 migration is done we drop PHP 8.1."),
    ("目前线上用 Node 18。", "下季度升级到 Node 22。"),
    ("后端用的是 Python 3.10。", "计划把后端 Python 升级到 3.12。"),
    ("现在是 Go 1.21。", "打算明年升到 Go 1.23。"),
]


@pytest.mark.parametrize(("current", "planned"), PLANNED_VERSIONS)
def test_a_planned_version_does_not_contradict_the_one_in_use(tmp_path: Path, current: str, planned: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, current, planned)


VERSIONS_IN_USE = [
    ("The app is on Django 4.2.", "The app runs Django 5.1 now."),
    ("CI runs Ruby 3.3.", "CI uses Ruby 3.4."),
    ("目前线上用 Node 18。", "线上 Node 版本是 22。"),
    ("后端用的是 Python 3.10。", "后端 Python 版本是 3.12。"),
]


@pytest.mark.parametrize(("older", "newer"), VERSIONS_IN_USE)
def test_two_versions_in_use_still_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


INHERITED_SUBJECTS = [
    ("Keep the 4 most recent model exports.", "Model exports: keep 2; the rest go to cold storage."),
    ("Retain the last 10 release tags.", "Release tags are pruned weekly; retain 5."),
    ("只保留最近 3 个版本的镜像。", "镜像保留 10 个版本；多了仓库太大。"),
    ("Keep the last five checkpoints of every run.", "Checkpoints go to `/data/ckpt/<run>/`; keep at most 3 per run."),
    ("Keep the last five checkpoints.", "At most 3 checkpoints per run."),
    ("Checkpoints: keep 5; older ones are pruned.", "Keep 3 checkpoints."),
    ("Snapshots get pruned nightly; keep 7.", "Keep 14 snapshots."),
    ("Dumps land in `s3://backups/db/`; retain the last 10.", "Retain 30 dumps."),
    ("保留最近 5 个检查点；多了磁盘会满。", "检查点最多 3 个。"),
    ("检查点只留 5 个，多了磁盘会满。", "最多保留 3 个检查点。"),
    ("快照每晚清理，保留 7 个。", "快照保留 14 个。"),
]


@pytest.mark.parametrize(("older", "newer"), INHERITED_SUBJECTS)
def test_a_bare_count_is_a_count_of_the_noun_its_statement_or_the_one_before_names(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


OTHER_COUNTED_THINGS = [
    ("Retain the last 10 release tags.", "Release notes are pruned weekly; retain 5 drafts."),
    ("只保留最近 3 个版本的镜像。", "日志保留 10 个文件；多了磁盘太满。"),
    ("Keep the last five checkpoints; the eval set has 3 shards.", "Keep 5 checkpoints."),
    ("Keep 5 checkpoints; logs keep 3 files.", "Keep the last 5 checkpoints."),
    ("Keep the last five checkpoints.", "Keep the last 3 log files."),
    ("Keep the last five checkpoints.", "At most 3 evals per run."),
    ("Snapshots get pruned nightly; keep 7.", "Keep 14 days of logs."),
    ("保留 5 个检查点，日志保留 3 个文件。", "检查点保留 5 个。"),
    ("保留最近 5 个检查点；多了磁盘会满。", "日志文件最多保留 3 个。"),
    ("保留最近 5 个检查点。", "每次最多跑 3 个评测。"),
]


@pytest.mark.parametrize(("older", "newer"), OTHER_COUNTED_THINGS)
def test_counts_of_other_things_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


CHINESE_SUBJECTS_WITH_GENERIC_WORDS = [
    ("单元测试时间不超过 5 分钟。", "单元测试要在 3 分钟内跑完。"),
    ("上传文件大小上限 20 MB。", "文件上传不超过 50 MB。"),
    ("单条消息长度上限 4000 字。", "消息不超过 2000 字。"),
    ("每个 PR 的改动行数不超过 400 行。", "PR 改动最多 800 行。"),
    ("导出 Excel 的行数上限 1 万行。", "导出 Excel 最多 5000 行。"),
    ("单个上传文件大小上限 20 MB。", "上传文件不超过 50 MB。"),
    ("上传的单个文件大小不能超过 20MB。", "用户上传文件最大 50MB。"),
    ("研究生院提交系统上传的 PDF 上限 20 MB。", "研究生院新通知：提交系统 PDF 大小限制改成 30MB 了。"),
    ("附件大小上限 10 MB。", "邮件附件最大 25 MB。"),
    ("接口单次请求的超时时间为 30 秒。", "接口请求超时 60 秒。"),
    ("生成摘要的字数控制在 300 字以内。", "摘要不超过 500 字。"),
]


@pytest.mark.parametrize(("older", "newer"), CHINESE_SUBJECTS_WITH_GENERIC_WORDS)
def test_chinese_subjects_that_differ_in_generic_words_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


CHINESE_SUBJECTS_OF_OTHER_THINGS = [
    ("单元测试时间不超过 5 分钟。", "端到端测试时间不超过 30 分钟。"),
    ("集成测试最多跑 10 分钟。", "冒烟测试最多跑 2 分钟。"),
    ("接口超时 30 秒。", "数据库连接超时 5 秒。"),
    ("评论长度上限 500 字。", "文章长度上限 5000 字。"),
    ("单个 PR 改动不超过 400 行。", "单个函数不超过 80 行。"),
    ("导出 Excel 最多 5000 行。", "导入 CSV 最多 20000 行。"),
    ("单个上传文件大小上限 20 MB。", "日志文件大小上限 50 MB。"),
    ("头像上传大小上限 2 MB。", "视频上传大小不超过 500 MB。"),
    ("登录失败次数上限 5 次。", "接口重试次数最多 3 次。"),
    ("缓存过期时间 10 分钟。", "会话过期时间 30 分钟。"),
    ("标题字数不超过 30 字。", "正文字数不超过 3000 字。"),
    ("召回阈值是 0.8。", "精排阈值调到 0.6 了。"),
]


@pytest.mark.parametrize(("older", "newer"), CHINESE_SUBJECTS_OF_OTHER_THINGS)
def test_chinese_subjects_that_name_other_things_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


SCOPED_APART = [
    (
        "中文摘要不超过 1000 字，关键词 3 到 5 个。",
        "The English abstract is at most 600 words and must match the Chinese abstract paragraph by paragraph.",
    ),
    ("英文标题不超过 12 个词。", "中文标题不超过 30 字。"),
    (
        "Japanese product descriptions: at most 400 characters.",
        "English product descriptions: at most 1000 characters.",
    ),
    (
        "Rack::Attack throttles the public API at 300 requests per 5 minutes per token.",
        "Rack::Attack also throttles logins: 5 attempts per 20 seconds per IP, then a 10-minute ban.",
    ),
    (
        "The gateway throttles search at 50 requests per second.",
        "The gateway throttles uploads at 5 requests per second.",
    ),
    (
        "nginx rate-limits the webhooks endpoint to 20 requests per second.",
        "nginx rate-limits logins to 3 requests per second.",
    ),
    ("中文摘要不超过 1000 字。", "English abstract at most 600 words."),
    ("中文摘要 1000 字以内。", "The English abstract must stay under 250 words."),
    ("中文标题不超过 30 字。", "English titles at most 12 words."),
    ("API rate limit is 100/min.", "Login attempts are limited to 5/min."),
    ("The public API allows 300 requests per 5 minutes.", "Logins are throttled to 5 attempts per 20 seconds."),
    ("接口限流每分钟 100 次。", "登录每分钟最多尝试 5 次。"),
    ("移动端构建超时 30 分钟。", "Web 端构建超时 10 分钟。"),
    ("Staging keeps logs for 7 days.", "Production keeps logs for 90 days."),
]


@pytest.mark.parametrize(("older", "newer"), SCOPED_APART)
def test_numbers_for_two_scopes_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


SCOPED_ALIKE = [
    (
        "The gateway throttles search at 50 requests per second.",
        "The gateway throttles search at 20 requests per second now.",
    ),
    ("中文摘要不超过 1000 字。", "学校要求中文摘要 800 字以内。"),
    ("The English abstract is at most 600 words.", "English abstract: 300 words max."),
    (
        "Rack::Attack throttles logins to 5 attempts per minute.",
        "Rack::Attack throttles logins to 10 attempts per minute.",
    ),
    ("中文摘要不超过 1000 字。", "中文摘要控制在 800 字以内。"),
    ("The English abstract must stay under 250 words.", "English abstract at most 300 words."),
    ("API rate limit is 100/min.", "The API rate limit was raised to 300/min."),
]


@pytest.mark.parametrize(("older", "newer"), SCOPED_ALIKE)
def test_numbers_for_one_scope_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


ONE_SCHEDULED_THING = [
    ("每天 8 点推送日报。", "日报改成每天 9 点推送。"),
    ("每周一 10 点开周会。", "周会改到每周一 11 点。"),
    ("The weekly report goes out Mondays at 9:00.", "The weekly report goes out Mondays at 10:30."),
    ("每天 18:00 自动生成日报。", "日报改成每天 19:30 自动生成。"),
    ("Nightly backup runs at 20:00.", "Nightly backup now runs at 21:00."),
    ("The nightly backup runs at 9pm.", "Nightly backup moved to 11 pm."),
    ("Office hours are 9am-5pm.", "Office hours are 10am to 6pm."),
    ("记账提醒默认每天 20:00 推送。", "记账提醒默认每天 21:00 推送。"),
    ("每晚 20:00 备份数据库。", "数据库备份改到每晚 21:00。"),
    ("每晚 8 点备份数据库。", "数据库备份改到晚上 10 点。"),
    ("每天凌晨两点，数据库全量备份。", "数据库全量备份在凌晨 4 点。"),
]


@pytest.mark.parametrize(("older", "newer"), ONE_SCHEDULED_THING)
def test_two_clock_times_for_one_scheduled_thing_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


CLOCK_TIMES_APART = [
    ("每周一 10 点开周会。", "每周五 10 点开复盘会。"),
    ("每天 8 点推送日报。", "以下 3 点建议请注意。"),
    ("每天 8 点推送日报。", "每天 9 点推送周报提醒。"),
    ("The weekly report goes out Mondays at 9:00.", "The weekly sync is on Mondays at 10:30."),
    ("Cron: cleanup at 03:00, reindex at 04:00.", "Cleanup takes 20 minutes."),
    ("每天 18:00 自动生成日报。", "每天 19:30 自动发送周报。"),
    ("下午 3 点半开周会。", "周会开 45 分钟。"),
    ("Nightly backup runs at 20:00.", "The deploy freeze starts at 21:00."),
    ("Nightly backup runs at 02:00.", "Nightly backup verification runs at 04:00."),
    ("Nightly backup runs at 02:00.", "Nightly backup runs at 2 am."),
    ("Office hours are 9am-5pm.", "Office hours are 09:00–17:00."),
    ("Standup is at 9:30.", "Standup is at 10:00 on Fridays."),
    ("Send the digest at 8 am.", "Send the alert digest at 6 pm."),
    ("The nightly job starts at 9 pm.", "The nightly job must finish within 2 hours."),
    ("Backups run at 9 pm.", "Backups take about 3 hours."),
    ("Standup is at 9 am.", "The standup lasts 15 minutes."),
    ("每晚 20:00 备份数据库。", "备份耗时不超过 21 分钟。"),
    ("每晚 8 点备份数据库。", "备份要跑 2 个小时。"),
    ("站会 9 点半开始。", "发布在下午 2 点。"),
    ("日报每天早上 9 点发。", "日报统计最近 24 小时的数据。"),
    ("周一 10:00 发周报。", "周五 16:00 发周报。"),
]


@pytest.mark.parametrize(("older", "newer"), CLOCK_TIMES_APART)
def test_clock_times_of_other_things_or_beside_durations_do_not_conflict(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)
