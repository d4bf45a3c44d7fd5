"""pyproject.toml, requirements.txt and requirements-dev.txt say the same thing, and the
package list ships every package (a folder left out would install a program that cannot import
itself). `.ci/install-check` installs the wheel into a fresh venv and runs it; this file keeps
the declarations honest on every `make test`."""

from __future__ import annotations

import os
import shutil
import subprocess
import tomllib
from importlib import import_module
from pathlib import Path

import pytest

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


def test_the_gui_script_opens_the_window_as_the_bare_command_does(monkeypatch):
    """`nimgame-gui` (a GUI script: no console on Windows) is a callable that goes the
    window's way, whatever arguments it was started with."""
    from nimgame.console.cli.commands import play

    target = PROJECT["project"]["gui-scripts"]["nimgame-gui"]
    module, _, name = target.partition(":")
    entry = getattr(import_module(module), name)
    opened: list[tuple[object, ...]] = []
    monkeypatch.setattr(play, "open_window", lambda *args: opened.append(args) or 0)
    monkeypatch.setattr("sys.argv", ["nimgame-gui", "train", "--help"])
    assert entry() == 0
    assert opened == [()]
    assert "nimgame-gui" not in PROJECT["project"]["scripts"]   # a console script would not do


# -- the Makefile: `make run` installs what playing needs, `make test` the tools too --------
def make_dry_run(folder: Path, target: str) -> list[str]:
    """The commands `make TARGET` would run in `folder` (`make -n`: nothing is run)."""
    done = subprocess.run(["make", "--no-print-directory", "-n", "-C", str(folder), target],
                          capture_output=True, text=True, check=True, timeout=60)
    return done.stdout.splitlines()


def installs(commands: list[str]) -> list[str]:
    return [line.split(" -r ")[1] for line in commands if "pip install" in line and " -r " in line]


def make_copy(tmp_path: Path) -> Path:
    if shutil.which("make") is None:
        pytest.skip("no make on this machine")
    for name in ("Makefile", "requirements.txt", "requirements-dev.txt"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def stamp(folder: Path, *names: str, when: float) -> None:
    for name in names:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
        os.utime(path, (when, when))


def test_make_run_on_a_fresh_clone_installs_the_runtime_alone(tmp_path):
    folder = make_copy(tmp_path)
    commands = make_dry_run(folder, "run")
    assert any("-m venv .venv" in line for line in commands)
    assert installs(commands) == ["requirements.txt"]
    assert commands[-1].endswith("main.py")


def test_make_test_after_make_run_adds_the_developer_tools(tmp_path):
    folder = make_copy(tmp_path)
    stamp(folder, "requirements.txt", "requirements-dev.txt", when=1_000_000)
    stamp(folder, ".venv/bin/python", ".venv/.runtime", when=2_000_000)   # after `make run`
    commands = make_dry_run(folder, "test")
    assert not any("-m venv" in line for line in commands)
    assert installs(commands) == ["requirements-dev.txt"]
    assert "pytest" in commands[-1]
    for target in ("lint", "bench", "screenshots"):
        assert installs(make_dry_run(folder, target)) == ["requirements-dev.txt"]


def test_make_run_after_make_test_installs_nothing(tmp_path):
    folder = make_copy(tmp_path)
    stamp(folder, "requirements.txt", "requirements-dev.txt", when=1_000_000)
    stamp(folder, ".venv/bin/python", ".venv/.runtime", ".venv/.installed", when=2_000_000)
    assert make_dry_run(folder, "run") == [".venv/bin/python main.py"]
    assert installs(make_dry_run(folder, "test")) == []


def test_changed_requirements_are_installed_again(tmp_path):
    folder = make_copy(tmp_path)
    stamp(folder, ".venv/bin/python", ".venv/.runtime", ".venv/.installed", when=1_000_000)
    stamp(folder, "requirements.txt", "requirements-dev.txt", when=2_000_000)
    assert installs(make_dry_run(folder, "run")) == ["requirements.txt"]
    assert installs(make_dry_run(folder, "test")) == ["requirements-dev.txt"]


def test_ci_still_lints_and_tests_through_make_and_checks_the_gui_script():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make lint" in ci and "make test" in ci and "make install-check" in ci
    assert "nimgame-gui" in (ROOT / ".ci" / "install-check").read_text()
