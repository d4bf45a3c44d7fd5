"""The settings screen (`scene`)."""

from .scene import SettingsScene

__all__ = ["SettingsScene"]
