"""Classes of conflict sentence the fifth round of blind work showed missing, each with invented EN/ZH variants and look-alikes.

Every row is a small store of topic files (e0.md oldest) and, where given, instruction-file rules
(CLAUDE.md:L…); the expected pair is a conflict, and a look-alike gets no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.subject import stem
from curator.rules.tool_moves import abandoned, pairs
from tests.rules.test_blind2_forms import PAIR, findings


@pytest.mark.parametrize(
    ("word", "other"), [("silence", "silent"), ("difference", "different"), ("dependence", "dependent")]
)
def test_a_noun_in_ence_stems_like_its_adjective(word: str, other: str) -> None:
    assert stem(word) == stem(other)


NOUN_AND_ADJECTIVE_SUBJECTS = [
    (
        "If the upstream queue is silent for 30 s, page the on-call engineer.",
        "The queue-silence alarm pages after 90 seconds now.",
    ),
    ("When the GPS fix is absent for 10 s, the drone hovers.", "GPS-fix absence triggers a hover after 3 seconds now."),
]


@pytest.mark.parametrize(("older", "newer"), NOUN_AND_ADJECTIVE_SUBJECTS)
def test_a_threshold_named_by_noun_and_by_adjective_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


def test_silence_of_two_different_things_is_no_conflict(tmp_path: Path) -> None:
    found = findings(
        tmp_path,
        "Billing webhooks: alert when silent for 30 s.",
        "Search indexer silence alarm fires after 90 seconds.",
    )
    assert ("conflict", PAIR) not in found


LOWER_CASE_MIGRATIONS = [
    ("We moved off zerolog to Zap for structured logs.", ("zerolog", "zap")),
    ("We switched from nginx to Caddy at the edge.", ("nginx", "caddy")),
    ("Replaced cron with Temporal schedules.", ("cron", "temporal")),
    ("Moved off Jenkins to buildkite last spring.", ("jenkins", "buildkite")),
]


@pytest.mark.parametrize(("statement", "pair"), LOWER_CASE_MIGRATIONS)
def test_a_migration_names_a_lower_case_tool_beside_a_capitalised_one(statement: str, pair: tuple[str, str]) -> None:
    assert pair in pairs(statement)


@pytest.mark.parametrize(
    "statement",
    [
        "We moved from polling to pushing.",
        "We moved from staging to Prod at noon.",
        "Switched from the old box to Hetzner.",
        "We moved off it to Vercel.",
    ],
)
def test_common_words_in_migration_phrasing_name_no_tool(statement: str) -> None:
    assert pairs(statement) == []


LEARNED_CHOICE_CLASHES = [
    (("We moved off zerolog to Zap for structured logs.",), ("Logging is zerolog with JSON output.",)),
    (("We switched from nginx to Caddy at the edge last month.",), ("The edge proxy is nginx.",)),
]


@pytest.mark.parametrize(("memory", "rules_text"), LEARNED_CHOICE_CLASHES)
def test_an_instruction_using_the_tool_memory_migrated_off_conflicts(
    tmp_path: Path, memory: tuple[str, ...], rules_text: tuple[str, ...]
) -> None:
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) in findings(tmp_path, *memory, rules_text=rules_text)


NO_NEED_TO = [
    (
        "No need to rebuild the Docker image after editing templates.",
        "Always rebuild the Docker image after editing templates.",
    ),
    ("You don't have to rebase feature branches before merging.", "Always rebase feature branches before merging."),
    ("Don't bother running the e2e suite locally before pushing.", "Always run the e2e suite locally before pushing."),
    ("There's no need to sign release tags by hand.", "Always sign release tags by hand."),
]


@pytest.mark.parametrize(("older", "newer"), NO_NEED_TO)
def test_no_need_to_is_the_negation_of_always(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Don't bother the on-call engineer with flaky tests.", "Always rerun flaky tests twice."),
        (
            "No need to rebuild the Docker image after editing templates.",
            "Always rebuild the Docker image after bumping dependencies.",
        ),
    ],
)
def test_no_need_to_about_another_action_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


CHINESE_LEADS = [
    ("数据库迁移（Flyway 脚本）必须先在预发跑一遍。", "Flyway 脚本不用先在预发跑了，直接上生产。"),
    ("上线后必须手动刷新缓存。", "上线后不用再刷缓存了，TTL 已经够短。"),
    ("热修复（hotfix 分支）一律先走代码评审。", "热修复不用再走代码评审了，合完补 review。"),
]


@pytest.mark.parametrize(("older", "newer"), CHINESE_LEADS)
def test_a_chinese_rule_with_a_topic_and_its_negation_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("数据库迁移（Flyway 脚本）必须先在预发跑一遍。", "前端静态资源不用先在预发验证了。"),
        ("上线后必须手动刷新缓存。", "上线后不用再手动发公告了。"),
    ],
)
def test_a_chinese_negation_of_another_action_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


ENVIRONMENTS = [
    (
        "On staging the worker runs with `concurrency: 4`; the small box can't take more.",
        "Production worker: `concurrency: 32` per pod, four pods.",
    ),
    ("In staging the cache keeps entries for 5 minutes.", "Production cache: entries live for 60 minutes."),
    ("On staging the API server runs with `max_conns: 10`.", "Production API server: `max_conns: 80` per node."),
]


@pytest.mark.parametrize(("older", "newer"), ENVIRONMENTS)
def test_values_labelled_by_two_environments_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


def test_a_setting_labelled_by_one_environment_twice_conflicts(tmp_path: Path) -> None:
    found = findings(
        tmp_path, "Production worker: `concurrency: 32` per pod.", "Production worker: `concurrency: 16` per pod now."
    )
    assert ("conflict", PAIR) in found


NUMBER_FORMS_CHANGED = [
    (
        "Trial accounts get a 10-day grace period after expiry.",
        "Trial accounts get a 14-day grace period after expiry.",
    ),
    ("Use a 30-second timeout for the geocoder.", "The geocoder timeout is 45 seconds now."),
    ("`SESSION_TTL_IN_SECONDS = 3600` in settings.", "Session TTL is 2 hours."),
    (
        "The mailer HTTP client is `&http.Client{Timeout: 15 * time.Second}`.",
        "The mailer HTTP client times out after 5 seconds.",
    ),
    (
        "The alert fires when the disk is more than 80% full.",
        "The alert fires when the disk is more than 90% full.",
    ),
    ("头像上传上限 1 MB，超过直接拦截。", "头像上传限制放宽到 3MB（设计要高清图），前端校验也改了。"),
    ("DHCP 在路由器上，租期设的是 8 小时。", "Router DHCP lease time is now 24h."),
]


@pytest.mark.parametrize(("older", "newer"), NUMBER_FORMS_CHANGED)
def test_numbers_written_in_other_forms_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


NUMBER_FORM_LOOK_ALIKES = [
    ("Trial accounts get a 10-day grace period.", "Refunds are possible within a 14-day window."),
    ("`LOG_RETENTION_DAYS = 14`", "Logs are retained for 14 days."),
    (
        "The mailer HTTP client is `&http.Client{Timeout: 15 * time.Second}`.",
        "The mailer client times out after 15 seconds.",
    ),
    ("The disk is at 71 % right now.", "The alert fires when the disk is more than 80% full."),
    ("The media disk is at 71 %.", "The alert fires when the media disk is more than 80% full."),
    ("I2C 总线跑 400 kHz，传感器读数稳定。", "外部 SPI flash 跑 8 MHz，再快就出错。"),
]


@pytest.mark.parametrize(("older", "newer"), NUMBER_FORM_LOOK_ALIKES)
def test_number_forms_of_other_subjects_or_equal_values_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


def test_workers_and_concurrent_jobs_count_one_concurrency(tmp_path: Path) -> None:
    found = findings(
        tmp_path,
        "Raised the thumbnail pool to six workers per node after the launch backlog.",
        rules_text=("Thumbnails: at most 3 concurrent resizes per node.",),
    )
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) in found


def test_concurrency_of_two_different_jobs_is_no_conflict(tmp_path: Path) -> None:
    found = findings(tmp_path, "The export queue runs 6 workers.", "Allow at most 3 concurrent logins per user.")
    assert ("conflict", PAIR) not in found


@pytest.mark.parametrize(
    ("statement", "tools"),
    [
        ("We moved off goose in October.", ["goose"]),
        ("We stopped using Heroku.", ["heroku"]),
        ("We dropped CircleCI.", ["circleci"]),
        ("We dropped Redis from the session path.", []),
        ("We dropped support for IE11.", []),
        ("We moved off it last year.", []),
        ("Moved off Jenkins to Buildkite.", []),
    ],
)
def test_a_tool_moved_off_with_no_successor_is_named(statement: str, tools: list[str]) -> None:
    assert abandoned(statement) == tools


def test_an_instruction_using_a_tool_memory_moved_off_conflicts(tmp_path: Path) -> None:
    found = findings(
        tmp_path,
        "We moved off flyway in the spring; schema changes are declared in `schema.hcl` now.",
        rules_text=("Database migrations are written with flyway.",),
    )
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) in found


def test_moving_off_one_tool_says_nothing_of_another(tmp_path: Path) -> None:
    found = findings(tmp_path, "We stopped using Heroku.", rules_text=("Deploy previews with Vercel.",))
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) not in found


def test_a_tool_named_in_parentheses_after_a_command_is_the_one_used(tmp_path: Path) -> None:
    found = findings(tmp_path, "Unit tests run with Jest.", rules_text=("Run `npm run test` (Vitest) before pushing.",))
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) in found


def test_a_parenthesis_after_a_command_that_names_no_tool_is_no_choice(tmp_path: Path) -> None:
    found = findings(
        tmp_path, "Unit tests run with Jest.", rules_text=("Run `npm run test` (takes two minutes) before pushing.",)
    )
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) not in found


TOOLS_FOR_ONE_JOB = [
    ("Use sqlc for database queries.", "Write database queries by hand with sqlx."),
    ("Feature flags are managed with Unleash.", "Use Flipt for feature flags."),
]


@pytest.mark.parametrize(("older", "newer"), TOOLS_FOR_ONE_JOB)
def test_two_tools_named_for_one_job_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


def test_tools_named_for_two_jobs_are_no_conflict(tmp_path: Path) -> None:
    assert ("conflict", PAIR) not in findings(
        tmp_path, "Use sqlc for database queries.", "Use zap for structured logs."
    )


SCHEDULES_CHANGED = [
    ("The backup job runs every Sunday night.", "The backup job moved to the first Sunday of the month."),
    ("数据库备份每周日凌晨跑。", "数据库备份改到每月第一个周日凌晨跑。"),
]


@pytest.mark.parametrize(("older", "newer"), SCHEDULES_CHANGED)
def test_a_weekly_and_a_monthly_schedule_of_one_job_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


def test_schedules_of_two_jobs_are_no_conflict(tmp_path: Path) -> None:
    found = findings(tmp_path, "Backups run every Sunday.", "Releases go out on the first Monday of the month.")
    assert ("conflict", PAIR) not in found


@pytest.mark.parametrize(
    ("older", "newer", "conflicts"),
    [
        ("不要全量跑。", "每次都全量比对快照。", False),
        ("Never rebase.", "Always rebase before merging.", True),
    ],
)
def test_a_one_word_object_needs_the_whole_negated_action(
    tmp_path: Path, older: str, newer: str, conflicts: bool
) -> None:
    assert (("conflict", PAIR) in findings(tmp_path, older, newer)) == conflicts


@pytest.mark.parametrize(
    ("older", "newer", "conflicts"),
    [
        ("Backups are kept for 7 days.", "The backup window lasts 3 hours.", False),
        ("备份保留 7 天。", "备份窗口持续 3 小时。", False),
        ("Backups are kept for 7 days.", "Keep backups for 14 days.", True),
    ],
)
def test_how_long_a_thing_is_kept_is_not_how_long_it_lasts(
    tmp_path: Path, older: str, newer: str, conflicts: bool
) -> None:
    assert (("conflict", PAIR) in findings(tmp_path, older, newer)) == conflicts


SETTINGS_AND_PROSE = [
    ("Prettier `printWidth: 100` in `.prettierrc`.", "Keep lines under 80 characters."),
    ("flake8 行宽限制 88 个字符。", "`.flake8` 里现在是 `max-line-length = 120`。"),
    ("borg keeps 7 daily and 4 weekly archives.", "borg prune is now `--keep-daily 30 --keep-weekly 4`."),
]


@pytest.mark.parametrize(("older", "newer"), SETTINGS_AND_PROSE)
def test_a_setting_and_the_prose_it_stands_for_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


SETTINGS_AND_PROSE_LOOK_ALIKES = [
    ("Prettier `printWidth: 100` in `.prettierrc`.", "Commit subjects stay under 72 characters."),
    ("borg keeps 7 daily and 4 weekly archives.", "borg prune is now `--keep-daily 7 --keep-weekly 4`."),
]


@pytest.mark.parametrize(("older", "newer"), SETTINGS_AND_PROSE_LOOK_ALIKES)
def test_a_setting_and_prose_of_another_measure_or_the_same_value_are_no_conflict(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


def test_numbers_about_two_named_systems_are_no_conflict(tmp_path: Path) -> None:
    found = findings(
        tmp_path,
        "Proxmox 7 is EOL, so all three hosts move to PVE 8. Upgrade 1 node at a time.",
        "The k3s upgrade play uses `serial: 2` so only 2 nodes are drained at once.",
    )
    assert ("conflict", PAIR) not in found


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Proxmox upgrades: 1 node at a time.", "Proxmox upgrades now drain 2 nodes at a time."),
        ("The Redis lock for stock holds expires after 10 seconds.", "Stock hold lock TTL set to 30s now."),
    ],
)
def test_a_name_only_one_side_spells_out_keeps_the_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer", "conflicts"),
    [
        (
            "`fct_users` 的 freshness 告警：超过 3 小时没更新就 warn。",
            "users 表 freshness 改了：warn_after 1 小时。",
            True,
        ),
        (
            "`fct_users` 的 freshness 告警：超过 3 小时没更新就 warn。",
            "users 表 freshness 改了：warn_after 3 小时。",
            False,
        ),
    ],
)
def test_a_setting_key_with_a_chinese_unit_is_a_duration(
    tmp_path: Path, older: str, newer: str, conflicts: bool
) -> None:
    assert (("conflict", PAIR) in findings(tmp_path, older, newer)) == conflicts
