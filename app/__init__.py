"""pagenote: annotate a web page element by element and hand the notes to a coding agent."""

__version__ = "0.1.0"
