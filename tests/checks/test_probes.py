"""Probe safety: no shell, options kept apart from data, confinement, allow-list, timeout, caps, fallback."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import curator.checks as checks_package
from curator.checks import probes, run_adhoc, run_checks
from curator.checks.commands import build, parse_command_line
from curator.checks.confine import Refused
from tests.checks.test_verify import build_project, make_store
from tests.support.gitrepo import commit_files, init_repo

CHECKS_DIR = Path(checks_package.__file__).parent


@pytest.fixture(scope="module")
def base_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_project(tmp_path_factory.mktemp("probes") / "site")


@pytest.fixture
def project(base_project: Path, tmp_path: Path) -> Path:
    """A private copy of the module's project repository (tests may add files, fifos and symlinks)."""
    return Path(shutil.copytree(base_project, tmp_path / "site", symlinks=True))


@pytest.fixture
def popen_calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, dict]]:
    """Record every subprocess.Popen call (then really run it)."""
    calls: list[tuple[object, dict]] = []
    real_popen = subprocess.Popen

    class RecordingPopen(real_popen):  # type: ignore[misc, valid-type]
        def __init__(self, args: object, *rest: object, **kwargs: object) -> None:
            calls.append((args, dict(kwargs)))
            super().__init__(args, *rest, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", RecordingPopen)
    return calls


def test_no_module_in_checks_can_reach_a_shell() -> None:
    for source in CHECKS_DIR.glob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for keyword in node.keywords:
                    if keyword.arg == "shell":
                        assert isinstance(keyword.value, ast.Constant) and keyword.value.value is False, source
                name = ast.unparse(node.func)
                assert name not in ("os.system", "os.popen", "subprocess.getoutput", "subprocess.getstatusoutput")
    callers = [source.name for source in CHECKS_DIR.glob("*.py") if "subprocess.Popen(" in source.read_text()]
    assert callers == ["probes.py"]


def test_every_probe_is_an_argument_list_without_shell(project: Path, popen_calls: list) -> None:
    body = (
        "`src/config.py`, `config.py`, `load_config()`, `--dry-run`, 58 posts under posts/short/, "
        "`pnpm test`, `make lint`, Node 20, `src/$(id).py`, `a;b.py`"
    )
    store = make_store(project, {"all.md": body}, fields={"all.md": {"checks": ["ls posts | wc -l", "ls $(id)"]}})
    run_checks(store)
    for line in ("ls $(touch pwned)", "grep -r 'x|y' src; rm -rf src", "git grep -n `id`"):
        run_adhoc(project, line)
    assert popen_calls
    for args, kwargs in popen_calls:
        assert isinstance(args, list) and all(isinstance(arg, str) for arg in args)
        assert kwargs.get("shell", False) is False
        assert kwargs["cwd"] == project
    assert not (project / "pwned").exists()
    assert (project / "src" / "config.py").exists()


@pytest.mark.parametrize(
    ("tokens", "argv"),
    [
        (["ls", "-rf"], None),
        (["ls", "--", "-rf"], ["ls", "--", "-rf"]),
        (["grep", "-r", "--help", "src"], None),
        (["grep", "-r", "-e", "--help", "src"], ["grep", "-r", "--exclude-dir=.git", "-e", "--help", "--", "src"]),
        (["grep", "-rnF", "-e", "--help"], ["grep", "-r", "-n", "-F", "--exclude-dir=.git", "-e", "--help"]),
        (["git", "grep", "-F", "-e", "-rf"], ["git", "grep", "-F", "-e", "-rf", "--"]),
        (["head", "-5", "src/config.py"], ["head", "-5", "--", "src/config.py"]),
        (["git", "ls-files", ":(glob)**/config.py"], ["git", "ls-files", "--", ":(glob)**/config.py"]),
    ],
)
def test_patterns_and_paths_are_marked_as_data(project: Path, tokens: list[str], argv: list[str] | None) -> None:
    if argv is None:
        with pytest.raises(Refused, match="is not allowed"):
            build(tokens, project)
        return
    assert build(tokens, project).argv == argv


def test_option_like_path_and_identifier_run_as_data(project: Path) -> None:
    listed = run_adhoc(project, "ls -- docs/-rf.md")
    assert (listed.exit_code, listed.output.strip(), listed.argv) == (0, "docs/-rf.md", ["ls", "--", "docs/-rf.md"])
    searched = run_adhoc(project, "grep -r -n -F -e --dry-run -- src")
    assert searched.exit_code == 0 and "src/cli.py:2:" in searched.output
    store = make_store(project, {"f.md": "Pass `--dry-run`."})
    [result] = run_checks(store).results["f.md"]
    assert result.probe.argv[result.probe.argv.index("-e") + 1] == "--dry-run"
    assert "-F" in result.probe.argv and result.verdict == "pass"


REFUSED = [
    ("ls ../../etc/passwd", "climbs out of the project root"),
    ("cat /etc/passwd", "absolute path"),
    ("cat leak/passwd", "outside the project root"),
    ("grep -r root -- src/../../..", "climbs out"),
    ("head ~/.bashrc", "home-directory path"),
    ("rm -rf src", "'rm' is not an allowed probe"),
    ("sh -c 'ls'", "'sh' is not an allowed probe"),
    ("python -c 'print(1)'", "not an allowed probe"),
    ("git -c core.pager=id log", "git takes no global options"),
    ("git commit -m x", "'git commit' is not an allowed probe"),
    ("git grep -O vim x", "-O is not allowed"),
    ("git grep --open-files-in-pager=vim x", "not allowed"),
    ("git log --output=pwned", "--output is not allowed"),
    ("git ls-files :/", "pathspec magic"),
    ("rg --pre cat x", "--pre is not allowed"),
    ("grep -f /etc/passwd x", "-f is not allowed"),
    ("grep -R x .", "-R is not allowed"),
    ("wc --files0-from=list", "not allowed"),
    ("head -n 'a lot' src/config.py", "takes a number"),
    ("ls posts; rm -rf /", "not allowed"),
    ("ls 'unterminated", "cannot parse"),
    ("", "empty command"),
]


@pytest.mark.parametrize(("line", "reason"), REFUSED, ids=[line or "empty" for line, _ in REFUSED])
def test_refused_without_running_anything(project: Path, popen_calls: list, line: str, reason: str) -> None:
    os.symlink("/etc", project / "leak")
    result = run_adhoc(project, line)
    assert result.exit_code is None and result.argv == []
    assert result.output.startswith("refused: ") and reason in result.output
    assert popen_calls == []


@pytest.mark.parametrize(
    ("line", "literal"),
    [
        ("ls posts;id", "posts;id"),
        ("ls 'a|b'", "a|b"),
        ("ls $(touch pwned)", "$(touch"),
        ("ls `id`", "`id`"),
        ("ls posts&&id", "posts&&id"),
    ],
)
def test_shell_syntax_is_literal_data(project: Path, line: str, literal: str) -> None:
    result = run_adhoc(project, line)
    assert literal in result.argv
    assert result.exit_code == 2 and "No such file or directory" in result.output
    assert not (project / "pwned").exists()


def test_symlink_inside_project_is_fine(project: Path) -> None:
    os.symlink("src", project / "source")
    assert run_adhoc(project, "ls source/config.py").exit_code == 0


def test_timeout_kills_the_probe(project: Path) -> None:
    os.mkfifo(project / "never")
    result = run_adhoc(project, "cat never", timeout=0.3)
    assert result.timed_out and result.exit_code is None
    assert "killed after 0.3 s" in result.output


def test_timeout_makes_a_claim_unknown(project: Path) -> None:
    os.mkfifo(project / "never")
    store = make_store(project, {"t.md": "x"}, fields={"t.md": {"checks": [{"run": "cat never", "expect": "empty"}]}})
    [result] = run_checks(store, timeout=0.3).results["t.md"]
    assert result.verdict == "unknown" and "timed out" in result.explanation


def test_output_is_capped(project: Path) -> None:
    (project / "big.txt").write_text("line of text\n" * 400_000)
    result = run_adhoc(project, "cat big.txt")
    assert result.truncated and len(result.output) <= probes.EXCERPT_CHARS
    assert len(result.output.splitlines()) == probes.EXCERPT_LINES
    assert len(result.full_output.encode()) <= probes.READ_CAP_BYTES


FALLBACK_BODY = (
    "`src/config.py` and `config.py` and `src/gone.py`; `load_config()` and `loadSettings()`; "
    "58 posts under posts/short/; 4 markdown files in `docs/`; `make lint`; `make deploy`."
)


def _verdicts(store) -> list[tuple[str, str, str]]:
    return [(result.claim.kind, result.claim.subject, result.verdict) for result in run_checks(store).results["fb.md"]]


def test_missing_binaries_fall_back_to_python(project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = make_store(
        project,
        {"fb.md": FALLBACK_BODY},
        fields={
            "fb.md": {
                "checks": [
                    {"run": "ls posts/short", "expect": "count == 41"},
                    {"run": "wc -l src/config.py", "expect": "count == 4"},
                ]
            }
        },
    )
    with_binaries = _verdicts(store)
    empty_bin = tmp_path / "empty-bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    without = run_checks(store).results["fb.md"]
    assert [(result.claim.kind, result.claim.subject, result.verdict) for result in without] == with_binaries
    assert all(result.probe.program_missing_fallback for result in without if result.probe)
    assert {verdict for _, _, verdict in with_binaries} == {"pass", "fail"}


@pytest.mark.parametrize(
    "line",
    [
        "ls -1 posts/short",
        "ls -d docs/a.md nope",
        "grep -r -n -F -e MAX_PER_WEEK -- src",
        "grep -r -l -w buildFeed .",
        "cat src/config.py",
        "head -n 2 src/config.py",
        "wc -l src/config.py",
        "git ls-files :(glob)**/config.py",
        "git grep -n -F -w -e buildFeed",
    ],
)
def test_fallback_output_matches_the_real_program(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str
) -> None:
    real = run_adhoc(project, line)
    empty_bin = tmp_path / "empty-bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    emulated = run_adhoc(project, line)
    assert emulated.program_missing_fallback and not real.program_missing_fallback
    assert emulated.exit_code == real.exit_code
    normalise = lambda text: sorted(" ".join(part.split()) for part in text.replace("/usr/bin/", "").splitlines())  # noqa: E731
    assert normalise(emulated.output) == normalise(real.output)


def test_parse_command_line_never_interprets_shell(project: Path) -> None:
    command = parse_command_line("grep -r -e 'a b' -- 'src dir' \"$HOME\"", project)
    assert command.argv == ["grep", "-r", "--exclude-dir=.git", "-e", "a b", "--", "src dir", "$HOME"]


def test_git_probes_ignore_repo_hooks_and_pagers(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "r")
    commit_files(repo, {"a.py": "def hello():\n    pass\n"}, "a", "2026-01-01T00:00:00+00:00")
    marker = tmp_path / "fsmonitor-ran"
    hook = tmp_path / "hook.sh"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    subprocess.run(["git", "config", "core.fsmonitor", str(hook)], cwd=repo, check=True)
    subprocess.run(["git", "config", "core.pager", f"touch {marker}"], cwd=repo, check=True)
    result = run_adhoc(repo, "git grep -n hello")
    assert result.exit_code == 0 and "a.py:1:" in result.output
    assert run_adhoc(repo, "git log --oneline").exit_code == 0
    assert not marker.exists()


def test_rg_is_preferred_outside_git_when_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "plain"
    (project / "lib").mkdir(parents=True)
    (project / "lib" / "mod.py").write_text("def load_settings():\n    pass\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    stand_in = bin_dir / "rg"
    stand_in.write_text(f'#!/bin/sh\nexec {shutil.which("grep")} -r "$@"\n')
    stand_in.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    store = make_store(project, {"r.md": "`load_settings()` and `save_settings()`."})
    results = run_checks(store).results["r.md"]
    assert [result.probe.argv[:5] for result in results] == [["rg", "-n", "-F", "-w", "-e"]] * 2
    assert [result.verdict for result in results] == ["pass", "fail"]
    assert "rg finds load_settings" in results[0].explanation


def test_bad_project_contents_never_raise(project: Path) -> None:
    os.symlink("loop", project / "loop")
    (project / "blob.bin").write_bytes(b"\x00\x01hiddenName\x00" * 100)
    (project / "caf\xe9.txt".encode("latin-1").decode("latin-1")).write_bytes(b"\xff\xfe not utf-8 \xe9")
    store = make_store(project, {"bad.md": "`loop/x.py`, `hiddenName()`, `café.txt`, 3 files in `loop/`."})
    results = {result.claim.subject: result for result in run_checks(store).results["bad.md"]}
    assert results["hiddenName"].verdict == "fail"
    assert results["loop/x.py"].verdict in ("fail", "unknown")
    assert results["loop/"].verdict in ("fail", "unknown")
    listed = run_adhoc(project, "ls -1")
    assert listed.exit_code == 0 and "blob.bin" in listed.output


def test_recursive_adhoc_grep_skips_the_git_directory(tmp_path: Path) -> None:
    project = init_repo(tmp_path / "project")
    commit_files(project, {"package.json": '{"packageManager": "pnpm@9.0.0"}\n'}, "init", "2026-11-01T10:00:00+00:00")
    result = run_adhoc(project, "grep -rn pnpm")
    assert "--exclude-dir=.git" in result.argv
    assert result.exit_code == 0
    assert "package.json" in result.output
    assert ".git/" not in result.output
