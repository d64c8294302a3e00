"""Shared drawing: fonts, colours, layout and the grid every game's chart is drawn with."""
