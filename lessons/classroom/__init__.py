"""The classroom: accounts, classes and join codes, drills, dashboards and their CSV, teachers' puzzles."""
