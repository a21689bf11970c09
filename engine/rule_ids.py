"""The rule IDs of docs/rules.md, in the order it introduces them.

One list for everyone who needs to know which rules exist: the content loader
refuses a puzzle citing an unknown rule, the rules pages sort by this order,
and ``tests/engine/test_rule_coverage.py`` checks the list against docs/rules.md.
"""

from __future__ import annotations

RULE_IDS: tuple[str, ...] = (
    "trick.win",
    "play.must-follow", "play.must-trump", "play.partner-winning", "play.must-overtrump",
    "play.must-overruff", "play.ekka",
    "bid.sa.sun-ends", "bid.sa.ashkal-seat", "bid.sa.no-ashkal-on-ace", "bid.sa.after-hokm",
    "bid.sa.confirm", "bid.sa.second-hokm-suit", "bid.sa.no-ashkal-round2", "bid.void",
    "double.sa.who", "double.sa.gahwa", "double.sa.sun-condition",
    "bid.ma.forced-jack", "bid.ma.second-suit", "bid.fr.second-suit",
    "lead.sa.first", "lead.ma.first", "lead.fr.first",
    "proj.sa.one-team", "proj.sa.declare", "proj.sa.baloot",
    "decl.ma.best", "decl.ma.belote", "decl.fr.best", "decl.fr.belote",
    "score.sa.kaboot", "score.sa.round-sun", "score.sa.round-hokm", "score.sa.remainder",
    "score.sa.projects", "score.sa.buyer-wins", "score.sa.failure", "score.sa.doubled",
    "score.sa.game",
    "score.ma.contract", "score.ma.chute", "score.ma.litige", "score.ma.capot", "score.ma.game",
    "score.fr.contract", "score.fr.dedans", "score.fr.capot", "score.fr.game",
    "deal.fr2.decouverte", "lead.fr2.first", "play.fr2.face-up", "play.fr2.turn-up",
    "score.fr2.contract", "score.fr2.taker-fails",
    "penalty.sa.khaysh",
)  # fmt: skip

# Refusals of the auction that docs/rules.md does not number (out of turn, closed, unknown call, redeal).
AUCTION_EXTRA_IDS: tuple[str, ...] = ("bid.turn", "bid.over", "bid.unknown", "bid.sa.redeal")

# The exact solver's explanations (engine/solver/explain.py): not rules of docs/rules.md, but what the
# best play of a position proves. Rendered like rules; a puzzle cites the rules, never these.
SOLVER_IDS: tuple[str, ...] = ("solve.best", "solve.trick", "solve.outcome", "solve.loses")
