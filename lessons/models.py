"""Lesson and puzzle records, loaded from the content files (none yet)."""
