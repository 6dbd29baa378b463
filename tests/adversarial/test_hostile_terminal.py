"""Item 3: no escape sequence from memory, git or file names reaches the terminal; JSON stays exact."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.adversarial.hostile import ESCAPES, commit_files, git, init_repo, invoke

NOW = ("--now", "2026-11-29")
RAW_CONTROLS = ["\x1b", "\x07", "\x9b", "\x9d", "\x9c", "\x08", "\r"]
PAYLOAD = "".join(ESCAPES.values())


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b]52;c;AA\x07", "␛]52;c;AA␇"),
        ("\x1b[2J", "␛[2J"),
        ("a\r\nb", "a␍\nb"),
        ("\x9b31m", "\\x9b31m"),
        ("tab\tand\nnewline", "tab\tand\nnewline"),
        ("\x7f", "␡"),
        ("\x00", "␀"),
        ("plain 中文 [b]", "plain 中文 [b]"),
    ],
)
def test_visible_maps_controls_to_symbols(raw: str, shown: str) -> None:
    from curator.textsafe import visible

    assert visible(raw) == shown


def _hostile_store(tmp_path: Path) -> Path:
    project = tmp_path / "proj"
    init_repo(project)
    store = ".claude/memory"
    topic = (
        f"---\nname: evil{ESCAPES['osc0']}\ndescription: d{ESCAPES['osc8']}\ntype: project\n---\n"
        f"Body with {PAYLOAD} and `src/app{ESCAPES['csi']}.py` and 58 posts still to delete.\n"
    )
    commit_files(
        project,
        {
            f"{store}/MEMORY.md": "# Memory\n- [Evil](evil.md) — e\n- [Other](evil\x1b[31m.md) — o\n",
            f"{store}/evil.md": topic,
            f"{store}/evil\x1b[31m.md": "---\nname: other\ndescription: d\ntype: user\n---\nOther.\n",
        },
        "first",
        "2026-03-01T10:00:00+00:00",
    )
    (project / f"{store}/evil.md").write_text(topic + "More.\n")
    git(project, "add", "-A")
    git(
        project,
        "-c",
        f"user.name=Mallory{ESCAPES['osc52']}",
        "commit",
        "-q",
        "-m",
        f"subject{ESCAPES['osc0']}{ESCAPES['c1']}",
    )
    return project / store


def _assert_safe(output: str, *, shown: bool = True) -> None:
    leaked = [repr(char) for char in RAW_CONTROLS if char in output]
    assert not leaked, leaked
    assert "␛" in output or not shown


@pytest.mark.parametrize(
    "args",
    [
        ("scan", "{store}", "--format", "text", "--entries"),
        ("scan", "{store}", "--format", "markdown", "--fail-on", "never"),
        ("check", "{store}"),
        ("history", "evil.md", "--diff", "--store", "{store}"),
        ("review", "evil\x1b[31m.md", "--store", "{store}"),
        ("expire", "evil.md", "--at", "2027-01-01", "--reason", "gone \x1b]0;x\x07", "--store", "{store}"),
    ],
)
def test_text_outputs_show_controls_visibly(tmp_path: Path, args: tuple[str, ...]) -> None:
    store = _hostile_store(tmp_path)
    result = invoke(*[arg.format(store=store) for arg in args], *NOW)
    assert "Traceback" not in result.output
    _assert_safe(result.output, shown="markdown" not in args)


def test_json_stays_exact(tmp_path: Path) -> None:
    store = _hostile_store(tmp_path)
    report = json.loads(invoke("scan", str(store), "--format", "json", "--fail-on", "never", *NOW).output)
    names = {entry["id"]: entry["name"] for entry in report["entries"]}
    assert names["evil.md"] == f"evil{ESCAPES['osc0']}"
    assert "evil\x1b[31m.md" in names


async def test_the_tui_never_paints_a_control_character(tmp_path: Path, now) -> None:
    from curator.tui.app import CuratorApp
    from tests.support.tui import wait_for, wait_ready

    store = _hostile_store(tmp_path)
    app = CuratorApp(store, now=now, watch_disk=False)
    async with app.run_test(size=(140, 45)) as pilot:
        await wait_ready(pilot, app)
        app.screen.jump_to("evil.md")
        await pilot.pause(0.2)
        screens = []
        for tab in ("1", "2", "3"):
            await pilot.press(tab)
            await pilot.pause(0.5)
            if tab == "2":
                await wait_for(pilot, lambda: "␛" in app.export_screenshot(), message="history painted")
            screens.append(app.export_screenshot())
        app.say(f"refused: {PAYLOAD}")
        await pilot.pause(0.2)
        screens.append(app.export_screenshot())
    for svg in screens:
        leaked = [repr(char) for char in RAW_CONTROLS if char in svg]
        assert not leaked, leaked
    assert any("␛" in svg for svg in screens)
