"""The lab: several training runs over several seeds, compared on their exact curves."""

from .scene import LabScene

__all__ = ["LabScene"]
