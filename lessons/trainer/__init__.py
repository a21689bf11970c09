"""The puzzle trainer: a stream of generated puzzles per variant, their choice and supply, the ratings."""
