"""Word lists the claim extractor and the verifier share: tools, their categories, runners, file kinds."""

from __future__ import annotations

TOOLS: dict[str, tuple[str, str]] = {
    "npm": ("package manager", "js"),
    "pnpm": ("package manager", "js"),
    "yarn": ("package manager", "js"),
    "bun": ("package manager", "js"),
    "pip": ("package manager", "python"),
    "uv": ("package manager", "python"),
    "poetry": ("package manager", "python"),
    "pipenv": ("package manager", "python"),
    "pdm": ("package manager", "python"),
    "jest": ("test runner", "js"),
    "vitest": ("test runner", "js"),
    "mocha": ("test runner", "js"),
    "pytest": ("test runner", "python"),
    "prettier": ("formatter", "js"),
    "biome": ("formatter", "js"),
    "black": ("formatter", "python"),
    "yapf": ("formatter", "python"),
    "autopep8": ("formatter", "python"),
    "ruff": ("formatter", "python"),
}
PROSE_TOOLS = {name for name in TOOLS if name not in {"black", "ruff", "bun", "uv"}}

JS_MANAGERS = ("npm", "pnpm", "yarn", "bun")
PY_MANAGERS = ("uv", "poetry", "pdm", "hatch", "rye")
PM_BUILTINS = set(
    "install i ci add remove rm uninstall un update up upgrade exec dlx x create init publish link why outdated "
    "audit list ls config cache pack version login logout whoami info view store rebuild prune dedupe import "
    "fetch patch env setup help workspaces workspace set licenses bin root doctor node global unlink".split()
)
PM_TEST_ALIASES = {"test": "test", "t": "test", "tst": "test", "start": "start", "stop": "stop", "restart": "restart"}
PM_VALUED_OPTIONS = {"--filter", "-F", "-C", "--dir", "--prefix", "-w", "--workspace", "--cwd"}
COMMAND_WORDS = {
    *JS_MANAGERS, "npx", "pnpx", "bunx", "make", "just", *PY_MANAGERS, "pip", "pip3", "pytest", "jest", "vitest",
    "mocha", "black", "prettier", "biome", "ruff", "python", "python3",
}

FILE_EXTENSIONS = set(
    "py pyi md mdx txt rst json jsonc json5 toml yaml yml ini cfg conf env lock js mjs cjs jsx ts tsx mts cts vue "
    "svelte astro css scss sass less html htm xml svg png jpg jpeg gif webp ico pdf sh bash zsh fish ps1 bat go rs "
    "rb php java kt kts swift c h cc cpp hpp cs m mm sql graphql gql proto csv tsv log db sqlite sqlite3 lua dart "
    "ex exs erl hs ml scala clj r jl nix tf hcl dockerfile gradle properties plist mdc ipynb wasm zip gz tgz "
    "patch diff editorconfig gitignore npmrc nvmrc lockb".split()
)
KNOWN_FILENAMES = {
    "Makefile", "makefile", "GNUmakefile", "Dockerfile", "Justfile", "justfile", "Procfile", "Gemfile",
    "Rakefile", "LICENSE", "README", "CHANGELOG", "Pipfile", "Taskfile", "Vagrantfile", "CODEOWNERS",
}
NOT_IDENTIFIERS = {
    "true", "false", "null", "none", "undefined", "nan", "todo", "fixme", "readme", "ok", "json", "yaml",
    "stdout", "stderr", "stdin", "utf_8", "utf-8", "snake_case", "camelcase", "pascalcase", "screaming_snake_case",
    "kebab_case", "upper_snake_case", "lower_snake_case", "title_case",
}
NOT_PATH_PAIRS = {"and/or", "yes/no", "i/o", "n/a", "w/o", "on/off", "read/write", "tcp/ip", "input/output",
                  "true/false", "client/server", "frontend/backend", "key/value", "x/y", "a/b", "async/await",
                  "try/catch", "get/set", "push/pull", "open/close", "start/stop", "before/after", "import/export",
                  "encode/decode", "load/save", "request/response", "req/res", "pros/cons", "up/down", "min/max",
                  "success/failure", "allow/deny", "enable/disable", "create/update", "read/only"}

COUNT_EXT_HINTS = {
    "md": ".md", "markdown": ".md", "py": ".py", "python": ".py", "ts": ".ts", "typescript": ".ts", "js": ".js",
    "json": ".json", "yaml": ".yaml", "yml": ".yml", "png": ".png", "jpg": ".jpg", "svg": ".svg", "mdx": ".mdx",
}

FILE_OPTIONS = {"-f", "--file", "-c", "--config", "--config-file", "--configfile", "--env-file", "--rcfile",
                "--settings", "--values", "--compose-file", "--project-file"}
NOT_FILE_OPTION_COMMANDS = {"rm", "tail", "cp", "mv", "ln", "git", "chmod", "chown", "kill", "pkill", "python",
                            "python3", "bash", "sh", "zsh", "node", "mkdir", "ssh", "psql", "mysql", "docker-run"}
EXTERNAL_COMMANDS = {
    *COMMAND_WORDS, *TOOLS, "git", "docker", "kubectl", "helm", "curl", "wget", "ssh", "scp", "rsync", "cargo", "go",
    "gh", "terraform", "ansible", "brew", "apt", "apt-get", "node", "deno", "tsc", "eslint", "webpack", "vite",
    "playwright", "cypress", "tar", "grep", "rg", "sed", "awk", "find", "ls", "tox", "nox", "mypy", "pyright",
}
