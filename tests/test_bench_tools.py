"""The developer tools in bench/ keep working as the code under them changes (the
screenshots tool broke silently twice before this test): the quick screenshots render the
menu and every board, game-over banner included, into a private folder."""

from pathlib import Path


def test_quick_screenshots_render_the_menu_and_the_boards(tmp_path, monkeypatch):
    from bench import screenshots
    from nimgame.ui.board import presenter as base

    # The tool sets these for itself; the test puts them back afterwards.
    monkeypatch.setattr(screenshots, "OUT", screenshots.OUT)
    for name in ("THINK_SECONDS", "PREVIEW_SECONDS", "ANIMATION_SECONDS"):
        monkeypatch.setattr(base, name, getattr(base, name))
    assert screenshots.main(["--size", "800x560", "--quick", "--out", str(tmp_path)]) == 0
    written = {path.name for path in Path(tmp_path, "800x560").glob("*.png")}
    assert {"menu.png", "nim.png", "game-over.png", "sticks.png", "tictactoe.png",
            "hexapawn.png", "kuet-results.png"} <= written
