"""The score calculator: a finished hand scored step by step, and the game sheet kept in the session."""
