"""Score entry: the sheet form, reading what was typed, the preview and the layout."""
