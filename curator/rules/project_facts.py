"""What the project's own files already say about its tooling, read-only: member -> the files that say it."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

_LOCKFILES = {
    "pnpm-lock.yaml": "pnpm",
    "yarn.lock": "yarn",
    "package-lock.json": "npm",
    "npm-shrinkwrap.json": "npm",
    "bun.lockb": "bun",
    "bun.lock": "bun",
    "uv.lock": "uv",
    "poetry.lock": "poetry",
    "Pipfile.lock": "pipenv",
    "pdm.lock": "pdm",
}
_CONFIG_GLOBS = {
    "vitest": ("vitest.config.*", "vitest.workspace.*"),
    "jest": ("jest.config.*",),
    "mocha": (".mocharc*",),
    "pytest": ("pytest.ini",),
    "prettier": (".prettierrc*", "prettier.config.*"),
    "biome": ("biome.json", "biome.jsonc"),
    "eslint": ("eslint.config.*", ".eslintrc*"),
    "vite": ("vite.config.*",),
    "webpack": ("webpack.config.*",),
    "playwright": ("playwright.config.*",),
    "cypress": ("cypress.config.*",),
    "ruff": ("ruff.toml", ".ruff.toml"),
    "mypy": ("mypy.ini", ".mypy.ini"),
    "pyright": ("pyrightconfig.json",),
}
_JS_TOOLS = ("vitest", "jest", "mocha", "prettier", "biome", "eslint", "vite", "webpack", "playwright", "cypress")
MAX_MANIFEST_BYTES = 1_000_000


def _names(project: Path) -> list[str]:
    """The names in the project's top folder, listed once (a store's own folder can hold thousands of files)."""
    try:
        with os.scandir(project) as entries:
            return [entry.name for entry in entries]
    except OSError:
        return []


def project_facts(project: Path | None) -> dict[str, list[str]]:
    """Tool names the project's manifests, lockfiles and config files establish, each with its sources."""
    facts: dict[str, list[str]] = {}
    if project is None or not project.is_dir():
        return facts

    def add(member: str, source: str) -> None:
        facts.setdefault(member, [])
        if source not in facts[member]:
            facts[member].append(source)

    for name, member in _LOCKFILES.items():
        if _regular_inside(project, project / name):
            add(member, name)
    names = _names(project)
    for member, patterns in _CONFIG_GLOBS.items():
        for pattern in patterns:
            for path in sorted(project / name for name in fnmatch.filter(names, pattern)):
                if _regular_inside(project, path):
                    add(member, path.name)
    package = _json(project / "package.json")
    if package:
        manager = package.get("packageManager")
        if isinstance(manager, str) and manager:
            add(manager.split("@")[0].lower(), f"package.json (packageManager: {manager})")
        scripts: dict[str, Any] = package["scripts"] if isinstance(package.get("scripts"), dict) else {}
        test_script: str = scripts["test"] if isinstance(scripts.get("test"), str) else ""
        for tool in _JS_TOOLS:
            if re.search(rf"(?<![\w-]){tool}(?![\w-])", test_script):
                add(tool, f"package.json (scripts.test: {test_script})")
        for key in ("jest", "prettier", "eslintConfig"):
            if key in package:
                add("eslint" if key == "eslintConfig" else key, f"package.json ({key} key)")
    pyproject = _toml(project / "pyproject.toml")
    tool_table = pyproject.get("tool", {}) if isinstance(pyproject.get("tool"), dict) else {}
    if isinstance(tool_table.get("pytest"), dict):
        add("pytest", "pyproject.toml ([tool.pytest])")
    for tool in ("black", "poetry", "pdm", "uv", "ruff", "mypy", "pyright", "yapf"):
        if tool in tool_table:
            add(tool, f"pyproject.toml ([tool.{tool}])")
    editorconfig = _text(project / ".editorconfig")
    style = re.search(r"^\s*indent_style\s*=\s*(tab|space)", editorconfig, re.M)
    if style:
        add("tabs" if style.group(1) == "tab" else "spaces", ".editorconfig (indent_style)")
    return facts


def versions(project: Path | None) -> dict[str, tuple[str, str]]:
    """Runtime versions the project pins: {'node': ('20', '.nvmrc'), 'python': ('3.12', 'pyproject.toml')}."""
    found: dict[str, tuple[str, str]] = {}
    if project is None or not project.is_dir():
        return found
    for name in (".nvmrc", ".node-version"):
        match = re.search(r"v?(\d+)", _text(project / name))
        if match:
            found["node"] = (match.group(1), name)
            break
    package = _json(project / "package.json")
    engines: dict[str, Any] = package["engines"] if isinstance(package.get("engines"), dict) else {}
    if "node" not in found and isinstance(engines.get("node"), str):
        match = re.search(r"(\d+)", engines["node"])
        if match:
            found["node"] = (match.group(1), "package.json (engines.node)")
    match = re.search(r"(\d+\.\d+)", _text(project / ".python-version"))
    if match:
        found["python"] = (match.group(1), ".python-version")
    else:
        requires = _toml(project / "pyproject.toml").get("project", {})
        requires = requires.get("requires-python") if isinstance(requires, dict) else None
        match = re.search(r"(\d+\.\d+)", requires) if isinstance(requires, str) else None
        if match:
            found["python"] = (match.group(1), "pyproject.toml (requires-python)")
    return found


def _regular_inside(project: Path, path: Path) -> bool:
    """A regular file whose real location is inside the project (like a probe's confinement)."""
    root, landed = os.path.realpath(project), os.path.realpath(path)
    try:
        return os.path.commonpath([root, landed]) == root and stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _text(path: Path) -> str:
    """A small regular file inside the project (its parent), else ""; never a FIFO, a device or a file outside."""
    if not _regular_inside(path.parent, path):
        return ""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                return ""
            data = os.read(descriptor, MAX_MANIFEST_BYTES + 1)
        finally:
            os.close(descriptor)
    except OSError:
        return ""
    return data.decode("utf-8", errors="replace") if len(data) <= MAX_MANIFEST_BYTES else ""


def _json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(_text(path) or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(_text(path))
    except tomllib.TOMLDecodeError:
        return {}
