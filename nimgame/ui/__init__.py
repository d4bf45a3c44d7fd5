"""The pygame window: a stack of scenes that lay out, draw and turn clicks into moves (the
only package that imports pygame)."""
