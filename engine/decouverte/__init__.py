"""Two-player Belote découverte (docs/rules.md §5.4): what the two-player game has of its own.

The game is French Belote's with two players, ``rules_for("french-2p")``
(:class:`engine.variants.FrenchTwoPlayer`): its auction is :class:`engine.auction.DecouverteAuction`,
which card may be played is :mod:`engine.play`'s, its score is
:func:`engine.scoring.score_decouverte`, and :mod:`engine.cli` answers its commands from the
same table as the others'. What is its own lives here: nobody holds a hand, each player has
eight piles on the table, a card face down under a card face up (:mod:`.table`), and the sixteen
tricks are played from the face-up cards, each trick turning up the cards it uncovered
(:mod:`.hand`); :mod:`.commands` reads and writes the piles and the two seats on the command line;
:mod:`.coach` gives hints and judges a hand from what one player sees (the face-down cards unseen).
"""

from engine.auction import DecouverteAuction
from engine.cards import TWO_SEATS, NotATwoPlayerSeat
from engine.cards import other_player as other
from engine.decouverte.hand import TRICKS, DecouverteHand, TwoCardTrick
from engine.decouverte.table import PILES, DecouverteDeal, Table, deal_decouverte
from engine.scoring import DecouverteScore, InvalidDecouverteScore, score_decouverte

__all__ = [
    "PILES",
    "TRICKS",
    "TWO_SEATS",
    "DecouverteAuction",
    "DecouverteDeal",
    "DecouverteHand",
    "DecouverteScore",
    "InvalidDecouverteScore",
    "NotATwoPlayerSeat",
    "Table",
    "TwoCardTrick",
    "deal_decouverte",
    "other",
    "score_decouverte",
]
