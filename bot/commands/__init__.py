"""One module per command family."""
