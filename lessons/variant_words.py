"""The site's strings that a variant says in its own words, by variant (``msgctxt``).

:func:`lessons.templatetags.baloot.variant_gettext` looks a string up first with the variant as
its context (``msgctxt "saudi"``: «من يأخذ هذه الأكلة؟» where the Moroccan and French courses
say «الأخذة»), then without one. The plain strings are found where they are used
(``manage.py makemessages``, lessons/management/commands/makemessages.py); the context can only
be named here, once per wording some language gives: this list keeps those entries of the
catalogs live. A new variant wording in a catalog gets its line here, or makemessages marks it
obsolete (tests/site/test_makemessages.py).

Nothing reads the list at run time.
"""

from __future__ import annotations


def pgettext_noop(context: str, msgid: str) -> tuple[str, str]:
    """Marks a string with its variant context for makemessages (a keyword it is given)."""
    return context, msgid


def npgettext_noop(context: str, singular: str, plural: str) -> tuple[str, str]:
    """The same for a sentence with a plural."""
    return context, singular


VARIANT_WORDS = (
    pgettext_noop("saudi", "The score of the hand"),
    pgettext_noop("moroccan", "Trick %(k)s of %(count)s"),
    pgettext_noop("french", "Trick %(k)s of %(count)s"),
    pgettext_noop("saudi", "%(seat)s has trumped: overruff with %(card)s."),
    pgettext_noop("saudi", "%(seat)s wins the trick."),
    pgettext_noop("saudi", "%(suit)s is trump here: was a trump played in this trick?"),
    pgettext_noop(
        "saudi",
        "8 trumps, %(seen)s played and %(held)s in your hand: %(left)s still with the others.",
    ),
    pgettext_noop("saudi", "A good player's rules of thumb choose %(card)s here."),
    pgettext_noop(
        "saudi",
        "Add up each side's card points so far. Then give everything still in play to one side, then to the other: does the result change?",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Add up the points of each card; in the trump suit the Jack and the 9 count the most.",
    ),
    pgettext_noop("saudi", "Announce %(projects)s: you hold them."),
    pgettext_noop(
        "saudi",
        "Beat %(top)s with %(card)s: the smallest card that does it, so that you keep your stronger ones.",
    ),
    pgettext_noop("saudi", "Bidding card"),
    pgettext_noop("saudi", "Bidding card: %(card)s"),
    pgettext_noop("saudi", "Cash %(card)s: it is the master card, no card left out can beat it."),
    pgettext_noop("saudi", "Count the trumps left"),
    pgettext_noop(
        "saudi",
        "Count the trumps: %(left)s are still in the other hands. Lead %(card)s to draw them out before they cut your winners.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Count what each side has taken and what is still in play: can the tricks left still change the result?",  # noqa: E501
    ),
    pgettext_noop("saudi", "Did the taking team make its contract? Start there."),
    pgettext_noop("saudi", "Duck: let %(seat)s have this trick, play %(card)s and keep %(kept)s for later."),
    pgettext_noop("saudi", "Find each team's best project first, then compare them."),
    pgettext_noop("saudi", "Find the error in the score sheet"),
    pgettext_noop(
        "saudi",
        "Give every card point still in play, the last trick's 10 included, to the defenders, and score the hand: is the contract still made?",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Give every card point still in play, the last trick's 10 included, to the takers, and score the hand: is the contract still lost?",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Go through the tricks one by one and count every trump played; then count yours.",
    ),
    pgettext_noop("saudi", "How many trumps do the three other players still hold?"),
    pgettext_noop("saudi", "If the defenders take all of it:"),
    pgettext_noop("saudi", "If the takers take all of it:"),
    pgettext_noop("saudi", "In Sun this hand is weak; with %(cards)s, Hokm in %(suit)s is safer."),
    pgettext_noop("saudi", "In line %(n)s the sheet says %(written)s; the hand scores %(points)s."),
    pgettext_noop("saudi", "Is the contract already made"),
    pgettext_noop("saudi", "Is the contract already made, whatever happens in the tricks left?"),
    pgettext_noop(
        "saudi",
        "Keep the master for the last trick: play %(card)s now, and your team takes the last trick and its 10 points.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Lead your long suit: play %(card)s. With %(count)s cards of %(suit)s, once the high cards have fallen your small ones win.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Lead your short suit: play %(card)s, and once you have no %(suit)s left you can ruff it.",
    ),
    pgettext_noop("saudi", "Line %(n)s is right: that hand scores %(points)s, as the sheet says."),
    pgettext_noop("saudi", "Line %(n)s is wrong"),
    pgettext_noop(
        "saudi",
        "No simple rule decides here: played out over %(samples)s deals that fit what you have seen, %(card)s did best.",  # noqa: E501
    ),
    pgettext_noop("saudi", "No suit is trump here: which cards are of the suit led?"),
    pgettext_noop("saudi", "No trump has been played yet: count those in your hand."),
    pgettext_noop("saudi", "No trump in your hand."),
    pgettext_noop("saudi", "No, the contract is already lost"),
    pgettext_noop("saudi", "Not yet: it depends on the tricks left"),
    pgettext_noop("saudi", "Nothing to declare."),
    pgettext_noop(
        "saudi",
        "Pass: %(cards)s are not enough alone. With %(count)s cards of %(suit)s and few aces, your hand is too weak to take the contract.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Pass: over %(samples)s deals that fit your cards, doubling would cost your team more than it brings.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Pass: without the jack or the 9 of %(suit)s and with few aces, your hand is too weak to take the contract.",  # noqa: E501
    ),
    pgettext_noop("saudi", "Play %(choice)s."),
    pgettext_noop("saudi", "Play the hand out in your head: who takes each of the tricks left?"),
    pgettext_noop("saudi", "Played out over %(samples)s deals that fit your cards, “%(call)s” did best."),
    pgettext_noop("saudi", "Recount the trumps played in tricks %(tricks)s, and those in your hand."),
    pgettext_noop(
        "saudi",
        "Say “%(call)s”: over %(samples)s deals that fit your cards, it brought your team more than passing.",
    ),
    pgettext_noop("saudi", "Say “%(choice)s”."),
    pgettext_noop(
        "saudi",
        "Say “%(word)s” with this card, because you hold the king and the queen of trumps.",
    ),
    pgettext_noop("saudi", "Score before these hands"),
    pgettext_noop(
        "saudi",
        "Score each hand yourself, one line at a time: who took, the card points, the declarations and the belote. Then compare with the sheet.",  # noqa: E501
    ),
    pgettext_noop("saudi", "Start from the suit led: must you follow it, and if you cannot, must you trump?"),
    pgettext_noop("saudi", "Take the trick with %(card)s: no card still to come can beat it."),
    pgettext_noop(
        "saudi",
        "Taken so far: %(taken)s. Still in play: %(left)s card points, the last trick's 10 included.",
    ),
    pgettext_noop("saudi", "Taker"),
    pgettext_noop(
        "saudi",
        "The first card of this trick is %(suit)s: do you hold any? If not, look at your trumps.",
    ),
    pgettext_noop("saudi", "The coach's evaluation of hand %(n)s"),
    pgettext_noop("saudi", "The tricks played so far"),
    pgettext_noop("saudi", "These are the players' cards. Which team counts its projects?"),
    pgettext_noop("saudi", "Too few trumps."),
    pgettext_noop("saudi", "Too many trumps."),
    pgettext_noop("saudi", "Trick %(n)s"),
    pgettext_noop("saudi", "Trick %(n)s: %(plays)s."),
    pgettext_noop(
        "saudi",
        "Unblock: play %(card)s now, so that your partner's cards of that suit win the next tricks.",
    ),
    pgettext_noop("saudi", "Was a trump played? If not, the highest card of the suit led wins."),
    pgettext_noop("saudi", "What the rules and your cards say."),
    pgettext_noop(
        "saudi",
        "Which cards of this trick are worth points? In the trump suit, %(suit)s, the Jack and the 9 are worth the most.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Which cards of this trick are worth points? The Ace and the 10 are worth the most.",
    ),
    pgettext_noop("saudi", "Which is each team's best declaration? Compare those first."),
    pgettext_noop("saudi", "Which line of the score sheet is wrong?"),
    pgettext_noop("saudi", "Which team counts its projects?"),
    pgettext_noop(
        "saudi",
        "With %(cards)s, “%(call)s” is a good call: aces and tens win tricks when nothing is trump.",
    ),
    pgettext_noop(
        "saudi",
        "With %(cards)s, “%(call)s” is a good call: the jack and the 9 are the strongest trumps, and you would hold %(count)s of them.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "With %(count)s cards of %(suit)s, “%(call)s” is a good call: length in trumps wins tricks.",
    ),
    pgettext_noop("saudi", "Yes, the contract is already made"),
    pgettext_noop("saudi", "You cannot win this trick: play %(card)s, your card worth the least."),
    pgettext_noop("saudi", "You have no %(led)s: ruff with %(card)s to take the trick."),
    pgettext_noop("saudi", "You hold %(cards)s: say “%(word)s” when you play the first of them."),
    pgettext_noop("saudi", "You hold no project: choose “Nothing to declare”."),
    pgettext_noop("saudi", "You may play only one card: %(card)s."),
    pgettext_noop(
        "saudi",
        "You passed. A strong player says %(best)s here: it was worth about %(points)s game points more, as the buyers' contract was likely to fail.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "You passed. A strong player says %(best)s here: it was worth about %(points)s game points more, as your contract was likely to make.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "You said %(word)s. Passing was better: doubling here risked about %(points)s game points, as the buyers' hand was likely strong enough.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "You said %(word)s. Passing was better: raising here risked about %(points)s game points, as the other team's cards were likely strong enough to beat your contract.",  # noqa: E501
    ),
    pgettext_noop("saudi", "Your cards that may be played are as good as each other here: play %(card)s."),
    pgettext_noop(
        "saudi",
        "Your partner (%(partner)s) is sure to win this trick: give them points with %(card)s.",
    ),
    pgettext_noop(
        "saudi",
        "Your partner (%(partner)s) is winning this trick: don't overtrump them. Play %(card)s and keep your high trumps.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Your partner (%(partner)s) is winning this trick: don't take it from them. Play %(card)s.",
    ),
    pgettext_noop(
        "saudi",
        "Your partner (%(partner)s) is winning this trick: no need to beat them. Play %(card)s.",
    ),
    pgettext_noop("moroccan", "%(card)s is already in another project (%(where)s)."),
    # The jack in the Moroccan seed's words (الـ10), not the Gulf «الولد».
    pgettext_noop(
        "moroccan",
        "Add up the points of each card; in the trump suit the Jack and the 9 count the most.",
    ),
    pgettext_noop(
        "moroccan",
        "Pass: without the jack or the 9 of %(suit)s and with few aces, your hand is too weak to take the contract.",  # noqa: E501
    ),
    pgettext_noop(
        "moroccan",
        "Which cards of this trick are worth points? In the trump suit, %(suit)s, the Jack and the 9 are worth the most.",  # noqa: E501
    ),
    pgettext_noop(
        "moroccan",
        "With %(cards)s, “%(call)s” is a good call: the jack and the 9 are the strongest trumps, and you would hold %(count)s of them.",  # noqa: E501
    ),
    npgettext_noop("moroccan", "%(points)s card point lost", "%(points)s card points lost"),
    npgettext_noop("moroccan", "%(shown)s trick, %(p)s points", "%(shown)s tricks, %(p)s points"),
    pgettext_noop("moroccan", "+%(b)s for the last trick"),
    pgettext_noop("moroccan", "A second project"),
    pgettext_noop(
        "moroccan",
        "Add each hand once it is scored: the sheet keeps both columns up to %(target)s, on this device.",
    ),
    pgettext_noop("moroccan", "Add this hand to the game sheet"),
    pgettext_noop("moroccan", "Bidding card"),
    pgettext_noop("moroccan", "Bidding card: %(card)s"),
    pgettext_noop("moroccan", "Card points"),
    pgettext_noop(
        "moroccan",
        "Card points from the position on, with the 10 of the last trick. The earlier tricks are not known, so the hand is not scored.",  # noqa: E501
    ),
    pgettext_noop("moroccan", "Card points go from 0 to %(total)s."),
    pgettext_noop("moroccan", "Card points in this trick"),
    pgettext_noop("moroccan", "Card points in this trick: %(p)s"),
    pgettext_noop("moroccan", "Card points won so far"),
    pgettext_noop("moroccan", "Count the trick"),
    pgettext_noop("moroccan", "Find the best card"),
    pgettext_noop("moroccan", "Game sheet"),
    pgettext_noop("moroccan", "Hand %(n)s, trick by trick"),
    pgettext_noop("moroccan", "Next trick"),
    pgettext_noop("moroccan", "No trick was played in this hand."),
    pgettext_noop("moroccan", "On the sheet it counts from the sheet's own totals."),
    pgettext_noop(
        "moroccan",
        "One whole hand with a coach beside you: the deal, the bidding card, the auction, your declarations, each of the eight tricks, the count and the score sheet. You play your own cards; the coach says what to do and why, and stops a choice the rules forbid or that would spoil the hand.",  # noqa: E501
    ),
    pgettext_noop(
        "moroccan",
        "Open a player and tick the cards of each project they showed: you will see what the cards form and which team counts.",  # noqa: E501
    ),
    pgettext_noop("moroccan", "Previous and next trick"),
    pgettext_noop("moroccan", "Previous trick"),
    pgettext_noop("moroccan", "Project %(n)s of %(seat)s"),
    pgettext_noop("moroccan", "Projects"),
    pgettext_noop("moroccan", "Projects declared"),
    pgettext_noop("moroccan", "Replay the hand trick by trick"),
    pgettext_noop("moroccan", "Score sheet"),
    pgettext_noop("moroccan", "Score the hand"),
    pgettext_noop("moroccan", "The dealer decides who declared first when two projects are equal."),
    pgettext_noop(
        "moroccan",
        "The two teams' card points make %(total)s: %(points)s + %(other)s is %(sum)s.",
    ),
    pgettext_noop("moroccan", "Trick %(k)s of %(count)s: %(seat)s won it"),
    pgettext_noop("moroccan", "Trick %(n)s"),
    npgettext_noop(
        "moroccan",
        "Trick %(n)s: %(card)s cost your team %(points)s card point.",
        "Trick %(n)s: %(card)s cost your team %(points)s card points.",
    ),
    pgettext_noop("moroccan", "Trick %(n)s: %(seat)s won it"),
    pgettext_noop("moroccan", "Trick %(n)s: your turn to play a card."),
    pgettext_noop("moroccan", "Tricks"),
    pgettext_noop("moroccan", "Trump"),
    pgettext_noop("moroccan", "Who broke a rule in this trick?"),
    pgettext_noop("moroccan", "Who leads first"),
    pgettext_noop("moroccan", "Who leads the first trick?"),
    pgettext_noop("moroccan", "Who wins the trick"),
    pgettext_noop("moroccan", "Who wins this trick?"),
    pgettext_noop("moroccan", "With all eight tricks, the other team has no card points."),
    pgettext_noop("moroccan", "Without a trick, the taking team has no card points."),
    pgettext_noop("moroccan", "Write the card points of the taking team."),
    npgettext_noop(
        "moroccan",
        "Your cards cost %(points)s card point in all, against the best play with all hands open.",
        "Your cards cost %(points)s card points in all, against the best play with all hands open.",
    ),
    pgettext_noop("moroccan", "Your mistake in this trick"),
    pgettext_noop("moroccan", "card points: %(n)s"),
    pgettext_noop("french", "%(card)s is already in another project (%(where)s)."),
    npgettext_noop("french", "%(points)s card point lost", "%(points)s card points lost"),
    npgettext_noop("french", "%(shown)s trick, %(p)s points", "%(shown)s tricks, %(p)s points"),
    pgettext_noop("french", "+%(b)s for the last trick"),
    pgettext_noop("french", "A second project"),
    pgettext_noop(
        "french",
        "Add each hand once it is scored: the sheet keeps both columns up to %(target)s, on this device.",
    ),
    pgettext_noop("french", "Add this hand to the game sheet"),
    pgettext_noop("french", "Bidding card"),
    pgettext_noop("french", "Bidding card: %(card)s"),
    pgettext_noop("french", "Card points"),
    pgettext_noop(
        "french",
        "Card points from the position on, with the 10 of the last trick. The earlier tricks are not known, so the hand is not scored.",  # noqa: E501
    ),
    pgettext_noop("french", "Card points go from 0 to %(total)s."),
    pgettext_noop("french", "Card points in this trick"),
    pgettext_noop("french", "Card points in this trick: %(p)s"),
    pgettext_noop("french", "Card points won so far"),
    pgettext_noop("french", "Count the trick"),
    pgettext_noop("french", "Did the taking team make its contract? Start there."),
    pgettext_noop("french", "Find the best card"),
    pgettext_noop("french", "Game sheet"),
    pgettext_noop("french", "Hand %(n)s, trick by trick"),
    pgettext_noop("french", "Next trick"),
    pgettext_noop("french", "No trick was played in this hand."),
    pgettext_noop("french", "Nobody bought: this hand is not played."),
    pgettext_noop("french", "On the sheet it counts from the sheet's own totals."),
    pgettext_noop(
        "french",
        "One whole hand with a coach beside you: the deal, the bidding card, the auction, your declarations, each of the eight tricks, the count and the score sheet. You play your own cards; the coach says what to do and why, and stops a choice the rules forbid or that would spoil the hand.",  # noqa: E501
    ),
    pgettext_noop(
        "french",
        "Open a player and tick the cards of each project they showed: you will see what the cards form and which team counts.",  # noqa: E501
    ),
    pgettext_noop("french", "Previous and next trick"),
    pgettext_noop("french", "Previous trick"),
    pgettext_noop("french", "Project %(n)s of %(seat)s"),
    pgettext_noop("french", "Projects"),
    pgettext_noop("french", "Projects declared"),
    pgettext_noop("french", "Replay the hand trick by trick"),
    pgettext_noop("french", "Score sheet"),
    pgettext_noop("french", "Score the hand"),
    pgettext_noop("french", "Taker"),
    pgettext_noop("french", "The dealer decides who declared first when two projects are equal."),
    pgettext_noop("french", "The two teams' card points make %(total)s: %(points)s + %(other)s is %(sum)s."),
    pgettext_noop("french", "Trick %(k)s of %(count)s: %(seat)s won it"),
    pgettext_noop("french", "Trick %(n)s"),
    npgettext_noop(
        "french",
        "Trick %(n)s: %(card)s cost your team %(points)s card point.",
        "Trick %(n)s: %(card)s cost your team %(points)s card points.",
    ),
    pgettext_noop("french", "Trick %(n)s: %(seat)s won it"),
    pgettext_noop("french", "Trick %(n)s: your turn to play a card."),
    pgettext_noop("french", "Tricks"),
    pgettext_noop("french", "Trump"),
    pgettext_noop("french", "Who broke a rule in this trick?"),
    pgettext_noop("french", "Who leads first"),
    pgettext_noop("french", "Who leads the first trick?"),
    pgettext_noop("french", "Who wins the trick"),
    pgettext_noop("french", "Who wins this trick?"),
    pgettext_noop("french", "With all eight tricks, the other team has no card points."),
    pgettext_noop("french", "Without a trick, the taking team has no card points."),
    pgettext_noop("french", "Write the card points of the taking team."),
    pgettext_noop("french", "You left out the points waiting in the pot."),
    npgettext_noop(
        "french",
        "Your cards cost %(points)s card point in all, against the best play with all hands open.",
        "Your cards cost %(points)s card points in all, against the best play with all hands open.",
    ),
    pgettext_noop("french", "Your mistake in this trick"),
    pgettext_noop("french", "card points: %(n)s"),
    pgettext_noop("french", "the pot"),
    pgettext_noop("french", "void: nobody bought"),
    pgettext_noop(
        "saudi",
        "Judged from your seat: over %(samples)s deals that fit what you had seen, not with the hidden cards.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "With every hand seen (hindsight, not the verdict)",
    ),
    pgettext_noop(
        "saudi",
        "Card points your cards cost in all, on average over the deals that fit what you had seen: %(points)s.",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "%(call)s: the contract is made about %(made)s times in 10, %(value)s game points on average (from %(low)s to %(high)s).",  # noqa: E501
    ),
    pgettext_noop(
        "saudi",
        "Keep a guard: play %(card)s and keep the small card that protects %(kept)s.",
    ),
    pgettext_noop(
        "saudi",
        "Discard from your short suit: play %(card)s, and soon you will have no %(suit)s left.",
    ),
    pgettext_noop(
        "saudi",
        "Lead your partner's suit: %(partner)s led %(suit)s, so play %(card)s back to them.",
    ),
    pgettext_noop(
        "saudi",
        "Force the buyer to trump: %(seat)s has none of this suit, so %(card)s makes them spend a trump.",
    ),
    pgettext_noop(
        "saudi",
        "Lead through the buyer: %(seat)s must play right after you, before your partner. Play %(card)s.",
    ),
    pgettext_noop(
        "french",
        "Force the buyer to trump: %(seat)s has none of this suit, so %(card)s makes them spend a trump.",
    ),
    pgettext_noop(
        "french",
        "Lead through the buyer: %(seat)s must play right after you, before your partner. Play %(card)s.",
    ),
    pgettext_noop(
        "saudi",
        "What each call would likely bring",
    ),
    # The first wrong answer to "who wins this trick?": the rule to look at (lessons/checking.py).
    pgettext_noop("saudi", "%(card)s is neither of the suit led nor a trump: it cannot take the trick."),
    pgettext_noop("saudi", "%(card)s is not of the suit led: it cannot take the trick."),
    pgettext_noop(
        "saudi", "%(suit)s is trump here: a trump takes the trick over every card of another suit."
    ),
    pgettext_noop("saudi", "The highest trump takes the trick. Trumps rank: %(order)s."),
    pgettext_noop(
        "saudi",
        "No trump in this trick: the highest card of the suit led takes it. Its cards rank: %(order)s.",
    ),
    pgettext_noop(
        "saudi",
        "No suit is trump: the highest card of the suit led takes the trick. Its cards rank: %(order)s.",
    ),
)
