"""Training: the choices (`choices`), their form (`form`), the screen that runs the worker
(`scene`) and its drawing, the live learning curve (`drawing`)."""

from .scene import TrainingScene

__all__ = ["TrainingScene"]
