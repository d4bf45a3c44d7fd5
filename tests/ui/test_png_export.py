"""A chart saved as PNG: whole or not at all, a path that cannot be written said in one
line, and the numbered names of exports never taken twice."""

import os

import pygame
import pytest

from nimgame.learning.exports import ExportError
from nimgame.ui.widgets.png import free_stem, save_png


def picture():
    surface = pygame.Surface((30, 20))
    surface.fill((200, 10, 10))
    return surface


def test_a_picture_is_saved_and_reads_back(tmp_path):
    target = tmp_path / "chart.png"
    target.write_bytes(b"an older file")
    assert save_png(picture(), target) == target
    back = pygame.image.load(target)
    assert back.get_size() == (30, 20) and tuple(back.get_at((3, 3)))[:3] == (200, 10, 10)
    assert [p.name for p in tmp_path.iterdir()] == ["chart.png"]


def test_a_path_that_cannot_be_written_says_why_in_one_line(tmp_path):
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    (tmp_path / "folder.png").mkdir()
    for path in (fifo, tmp_path / "folder.png", tmp_path / "missing" / "c.png"):
        with pytest.raises(ExportError) as caught:
            save_png(picture(), path)
        assert "\n" not in str(caught.value) and str(path) in str(caught.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.png", "pipe.png"]


def test_the_next_free_number_is_taken(tmp_path):
    suffixes = ("-curves.csv", "-chart.png")
    assert free_stem(tmp_path, "lab", suffixes) == "lab-1"
    (tmp_path / "lab-1-chart.png").write_text("")
    (tmp_path / "lab-2-curves.csv").write_text("")
    assert free_stem(tmp_path, "lab", suffixes) == "lab-3"
