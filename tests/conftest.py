"""Fixtures shared by the whole suite (none yet: pytest-django provides `client`)."""
