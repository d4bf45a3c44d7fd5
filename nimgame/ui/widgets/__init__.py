"""Widgets and drawing the screens share: text fields, a number field, drop-downs and lists
that fit their entries, form rows, a line chart and modal boxes."""
