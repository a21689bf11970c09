"""The practice table: whole hands against the bots, puzzle positions played out, replays."""
