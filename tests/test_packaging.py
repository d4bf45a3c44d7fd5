"""pyproject.toml, requirements.txt and requirements-dev.txt say the same thing, and the
package list ships every package (a folder left out would install a program that cannot import
itself). `.ci/install-check` installs the wheel into a fresh venv and runs it; this file keeps
the declarations honest on every `make test`."""

from __future__ import annotations

import tomllib
from pathlib import Path

from nimgame.ui import theme

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def requirement_lines(name: str) -> list[str]:
    lines = (ROOT / name).read_text().splitlines()
    return [line.strip() for line in lines
            if line.strip() and not line.lstrip().startswith(("#", "-r"))]


def test_runtime_requirements_match_the_declared_dependencies():
    assert requirement_lines("requirements.txt") == PROJECT["project"]["dependencies"]


def test_dev_requirements_match_the_extras_and_include_the_runtime():
    extras = PROJECT["project"]["optional-dependencies"]
    spiel = [line for line in extras["spiel"] if not line.startswith("nimgame[")]
    assert requirement_lines("requirements-dev.txt") == extras["dev"] + extras["rl"] + spiel
    assert "-r requirements.txt" in (ROOT / "requirements-dev.txt").read_text()


def test_runtime_requirements_hold_no_test_or_lint_tools():
    names = " ".join(requirement_lines("requirements.txt")).lower()
    for tool in ("pytest", "hypothesis", "ruff", "mypy"):
        assert tool not in names


def test_every_package_folder_is_listed_and_every_listed_package_exists():
    setuptools = PROJECT["tool"]["setuptools"]
    mapped = {name: ROOT / folder for name, folder in setuptools["package-dir"].items()}
    folders = {".".join(init.parent.relative_to(ROOT).parts)
               for init in (ROOT / "nimgame").rglob("*.py")}
    listed = set(setuptools["packages"])
    assert folders == {name for name in listed if name not in mapped
                       and not any(name.startswith(m + ".") for m in mapped)}
    for name, folder in mapped.items():
        assert folder.is_dir(), name
        sub = [p for p in listed if p.startswith(name + ".")]
        for package in sub:
            assert (folder / package[len(name) + 1:].replace(".", "/")).is_dir(), package


def test_every_asset_the_program_opens_is_shipped():
    data = PROJECT["tool"]["setuptools"]["package-data"]
    shipped = {file for package, patterns in data.items()
               for pattern in patterns
               for file in (ROOT / "assets" / "/".join(package.split(".")[2:])).glob(pattern)}
    for needed in (theme.THEME_FILE, theme.FONT_REGULAR, theme.FONT_BOLD, theme.ICON_FILE):
        assert needed.resolve() in {p.resolve() for p in shipped}, needed


def test_a_checkout_finds_its_own_assets():
    assert theme.find_assets().resolve() == (ROOT / "assets").resolve()


def test_the_console_script_is_the_command_line():
    assert PROJECT["project"]["scripts"]["nimgame"] == "nimgame.console.cli:main"
