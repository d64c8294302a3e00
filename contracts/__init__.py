"""Import-linter contracts of our own (``make lint``)."""
