"""Where the project states a runtime's version: pins (.nvmrc, .python-version, .tool-versions, rust-toolchain,
packageManager) and ranges (engines, requires-python, go.mod, Cargo's rust-version, the Gemfile's ruby)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from curator.checks.project import ProjectFacts


@dataclass
class VersionSource:
    """A place the project states a runtime version: a pin (.nvmrc) or a range (engines, requires-python)."""

    file: str
    value: str
    pin: bool
    pattern: str = ""


def _tool_versions(facts: ProjectFacts, names: tuple[str, ...]) -> list[VersionSource]:
    for line in facts.texts.get(".tool-versions", "").splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in names:
            return [VersionSource(".tool-versions", parts[1], pin=True, pattern=f"^{parts[0]} ")]
    return []


def _node_versions(facts: ProjectFacts) -> list[VersionSource]:
    found = [
        VersionSource(name, facts.texts[name].strip().lstrip("v"), pin=True)
        for name in (".nvmrc", ".node-version")
        if facts.texts.get(name, "").strip()
    ]
    found += _tool_versions(facts, ("nodejs", "node"))
    volta = (facts.package_json or {}).get("volta")
    if isinstance(volta, dict) and isinstance(volta.get("node"), str):
        found.append(VersionSource("package.json", volta["node"], pin=True, pattern='"node"'))
    engines = (facts.package_json or {}).get("engines")
    if isinstance(engines, dict) and isinstance(engines.get("node"), str):
        found.append(VersionSource("package.json", engines["node"], pin=False, pattern='"node"'))
    return found


def _python_versions(facts: ProjectFacts) -> list[VersionSource]:
    found = []
    pinned = facts.texts.get(".python-version", "").strip().splitlines()
    if pinned and pinned[0].strip():
        found.append(VersionSource(".python-version", pinned[0].strip(), pin=True))
    found += _tool_versions(facts, ("python",))
    runtime = facts.texts.get("runtime.txt", "").strip()
    if runtime.startswith("python-"):
        found.append(VersionSource("runtime.txt", runtime[len("python-") :], pin=True))
    project = (facts.pyproject or {}).get("project")
    if isinstance(project, dict) and isinstance(project.get("requires-python"), str):
        found.append(VersionSource("pyproject.toml", project["requires-python"], pin=False, pattern="requires-python"))
    poetry = ((facts.pyproject or {}).get("tool") or {}).get("poetry") if isinstance(facts.pyproject, dict) else None
    if isinstance(poetry, dict) and isinstance((poetry.get("dependencies") or {}).get("python"), str):
        found.append(VersionSource("pyproject.toml", poetry["dependencies"]["python"], pin=False, pattern="python ="))
    return found


def _go_versions(facts: ProjectFacts) -> list[VersionSource]:
    match = re.search(r"^go\s+(\d+(?:\.\d+){0,2})\s*$", facts.texts.get("go.mod", ""), re.MULTILINE)
    return [VersionSource("go.mod", match.group(1), pin=False, pattern="^go ")] if match else []


def _manager_versions(facts: ProjectFacts, manager: str) -> list[VersionSource]:
    """A JavaScript package manager's version: `packageManager` (a pin), .tool-versions, or `engines` (a range)."""
    package = facts.package_json or {}
    declared = package.get("packageManager")
    found = []
    if isinstance(declared, str) and declared.startswith(f"{manager}@"):
        pinned = declared.split("@", 1)[1].split("+", 1)[0]
        found.append(VersionSource("package.json", pinned, pin=True, pattern='"packageManager"'))
    found += _tool_versions(facts, (manager,))
    engines = package.get("engines")
    if isinstance(engines, dict) and isinstance(engines.get(manager), str):
        found.append(VersionSource("package.json", engines[manager], pin=False, pattern=f'"{manager}"'))
    return found


def _rust_versions(facts: ProjectFacts) -> list[VersionSource]:
    """rust-toolchain(.toml)'s channel (a pin, when it is a number) and Cargo.toml's `rust-version` (a minimum)."""
    found = []
    for name in ("rust-toolchain.toml", "rust-toolchain"):
        text = facts.texts.get(name, "")
        match = re.search(r"^\s*(?:channel\s*=\s*[\"']?)?(\d+\.\d+(?:\.\d+)?)", text, re.MULTILINE)
        if match:
            found.append(
                VersionSource(name, match.group(1), pin=True, pattern="channel" if name.endswith("toml") else "")
            )
    found += _tool_versions(facts, ("rust",))
    match = re.search(r"^\s*rust-version\s*=\s*[\"'](\d+(?:\.\d+){0,2})[\"']", facts.texts.get("Cargo.toml", ""), re.M)
    if match:
        found.append(VersionSource("Cargo.toml", f">={match.group(1)}", pin=False, pattern="rust-version"))
    return found


def _ruby_versions(facts: ProjectFacts) -> list[VersionSource]:
    """.ruby-version and .tool-versions (pins), and the Gemfile's `ruby "3.2.2"`."""
    found = []
    pinned = facts.texts.get(".ruby-version", "").strip().removeprefix("ruby-")
    if pinned:
        found.append(VersionSource(".ruby-version", pinned.splitlines()[0], pin=True))
    found += _tool_versions(facts, ("ruby",))
    match = re.search(r"^\s*ruby\s+[\"']([^\"']+)[\"']", facts.texts.get("Gemfile", ""), re.MULTILINE)
    if match:
        found.append(VersionSource("Gemfile", match.group(1), pin=False, pattern="^ruby "))
    return found


_VERSIONS: dict[str, Callable[[ProjectFacts], list[VersionSource]]] = {
    "rust": _rust_versions,
    "ruby": _ruby_versions,
    "node": _node_versions,
    "python": _python_versions,
    "go": _go_versions,
    **{manager: partial(_manager_versions, manager=manager) for manager in ("npm", "pnpm", "yarn", "bun")},
}


def runtime_versions(facts: ProjectFacts, runtime: str) -> list[VersionSource]:
    """Every place the project states the runtime's version (none for a runtime curator cannot read)."""
    finder = _VERSIONS.get(runtime)
    return finder(facts) if finder is not None else []
