"""The package's floors, read from the code (every import counted: inside functions and
under TYPE_CHECKING too): nothing low imports anything high, the command line takes only
the window's entry point from ui/, and a game lives in its own files."""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "nimgame"

#: Each floor, and what it may not import (at any depth).
FRONT_ENDS_AND_ADAPTERS = ("nimgame.ui", "nimgame.console", "nimgame.envs", "nimgame.spiel",
                           "nimgame.spiel_bot")
UPPER_FLOORS = ("nimgame.games", "nimgame.players", "nimgame.learning", "nimgame.storage",
                "nimgame.session", "nimgame.match", "nimgame.settings", "nimgame.review")
BELOW = {
    "nimgame.games": FRONT_ENDS_AND_ADAPTERS + (
        "nimgame.players", "nimgame.learning", "nimgame.storage", "nimgame.session",
        "nimgame.match", "nimgame.settings", "nimgame.kuet", "nimgame.narration"),
    "nimgame.players": FRONT_ENDS_AND_ADAPTERS + (
        "nimgame.learning", "nimgame.storage", "nimgame.session", "nimgame.match",
        "nimgame.settings"),
    "nimgame.match": FRONT_ENDS_AND_ADAPTERS + ("nimgame.session",),
    "nimgame.learning": FRONT_ENDS_AND_ADAPTERS + ("nimgame.session",),
    "nimgame.storage": FRONT_ENDS_AND_ADAPTERS + ("nimgame.session", "nimgame.learning",
                                                  "nimgame.settings"),
    "nimgame.session": FRONT_ENDS_AND_ADAPTERS,
    "nimgame.review": FRONT_ENDS_AND_ADAPTERS + (
        "nimgame.learning", "nimgame.storage", "nimgame.session", "nimgame.match",
        "nimgame.settings"),
    "nimgame.settings": FRONT_ENDS_AND_ADAPTERS + ("nimgame.storage",),
    # Utilities the players and storage share: they stand on nothing but safetext.
    "nimgame.plain": FRONT_ENDS_AND_ADAPTERS + UPPER_FLOORS,
    "nimgame.files": FRONT_ENDS_AND_ADAPTERS + UPPER_FLOORS,
    # The learning words, for the window, the command line and the lessons: plain data.
    "nimgame.glossary": FRONT_ENDS_AND_ADAPTERS + UPPER_FLOORS,
}


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: pathlib.Path) -> set[str]:
    """Every module `path` imports, resolved to absolute names, wherever the import is."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[:len(parent) - (node.level - 1)]
                base = ".".join(parent + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def within(name: str, floor: str) -> bool:
    return name == floor or name.startswith(floor + ".")


@pytest.mark.parametrize("floor", sorted(BELOW))
def test_nothing_low_imports_anything_high(floor):
    wrong = sorted((name, target) for name, path in MODULES.items() if within(name, floor)
                   for target in imports(path)
                   if any(within(target, high) for high in BELOW[floor]))
    assert not wrong


def test_the_command_line_takes_only_the_windows_entry_point_from_ui():
    for name, path in MODULES.items():
        if within(name, "nimgame.console"):
            from_ui = {t for t in imports(path) if within(t, "nimgame.ui")}
            assert from_ui <= {"nimgame.ui", "nimgame.ui.app"}, name


def test_a_game_is_named_only_in_its_own_files_and_the_registries():
    """Outside Hexapawn's own files (its package, its environment and its board), at most
    the two registries name it: the games' and the window's boards'."""
    own = [PACKAGE / "games" / "hexapawn", PACKAGE / "envs" / "hexapawn_v0.py",
           PACKAGE / "ui" / "board" / "hexapawn.py"]
    naming = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                    if not any(path == o or o in path.parents for o in own)
                    and "hexapawn" in path.read_text(encoding="utf-8").lower())
    assert len(naming) <= 2 and "games/__init__.py" in naming, naming


def test_the_check_sees_imports_inside_functions():
    """The reader above is not blind: an import inside a function is counted."""
    spiel_bot = MODULES["nimgame.spiel_bot"]
    assert "nimgame.spiel" in imports(spiel_bot)
