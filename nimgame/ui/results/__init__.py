"""KUET's end of rounds: each strategy's win array, its fitness, the one selected."""

from .scene import KuetResults

__all__ = ["KuetResults"]
