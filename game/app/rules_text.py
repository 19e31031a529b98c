"""The in-game rules of each game, as the rules screen shows them (marked for translation).

Plain paragraphs; a blank line separates them.  The rules engine (``game/rules``)
is the authority; these texts explain it to people.
"""
from __future__ import annotations

from game.core.i18n import N_

COURT_RULES = N_("""Fireball Court, for 2 players.

The cards: 50 cards. Numbers 1 to 9, four of each: three gold-coin cards and one raven card. Three senior suits, King, Castle and Knight, four cards each. Two Fireballs.

The deal: each player gets 4 cards and 6 cards are laid face up in the middle: the Court. Court cards of the same suit are stacked and captured together. If all four cards of a suit land in the Court, everything is dealt again. A Fireball dealt to the Court goes back into the draw pile and another card replaces it.

Who starts: the player with the highest number card in hand. On a tie (or when neither holds a number) the player who did not start the last round starts; in the first round a tie goes to the first player at the table (you, against the AI).

Your turn: you draw a card automatically while the draw pile lasts, then play one card. Drag it onto a Court stack of the same number (or the same senior) to capture the whole stack with it. A Fireball sweeps the whole Court; on an empty Court it captures nothing. Any other card is laid on the felt as a new stack. You never have to capture: you may lay a card that matches nothing even when a capture is possible, but a card that matches a stack always captures it.

Your hand marks the cards that can capture. Keyboard: Left and Right choose a card, Space selects it, Enter plays it.

End of a round: when the pile and both hands are empty, the cards left in the Court go to the last player who captured. Ravens' share: the player with more ravens steals 2 gold coins from the other (never more than the other has).

Scoring: 1 point for each gold coin. For each senior suit: 2 cards score 2, 3 cards score 5, all 4 score 10. The round summary builds this line by line.

The end: after a round, if someone has 101 points or more, the highest total wins. On a tie, another round is played.""")

MASTERBLUFF_RULES = N_("""MasterBluff, for 3 to 5 players.

Goal: be the first to get rid of every card in your hand.

The cards: 48 cards in six families (Wizard, Witch, Elf, Ogre, Fairy, Jester), eight of each. Everything is dealt out equally; with 5 players the 3 left over go face down onto the discard pile. Each player also gets one exchange token.

Your turn: put 1 to 8 cards from your hand face down on the pile and declare "N × family". N is always the true number of cards (the table shows it). The family may be a lie!

Which family? The first discard of a sequence may name any family. After that you must declare the family in force, the one the previous player declared. Once per game you may spend your exchange token to name a different family instead; the token is then set aside.

Bluff! After every discard each opponent, in turn from the declarer's left, may call "Bluff!". The first caller wins the right to check: the discarded cards are turned face up.
• If all of them really are the declared family, the caller picks up the whole discard pile.
• Otherwise the declarer (the liar) picks up the whole pile.
After any call, the player to the declarer's left starts a new sequence with a free family. If nobody calls, the next player continues the family in force.

Winning: a player whose hand is empty after their discard, and whose discard stands (nobody called, or the call showed the truth), wins the game.

Option "Play on for places" (chosen at set-up): the first player out takes 1st place and the others play on, skipping players who are out, until one player is left with cards; that player is last.

How to play here
• Click cards in your hand to select them (they rise); click again to put one back.
• Drag the selection onto the pile, then pick the family to declare.
• Enter declares the family in force with the selected cards.
• To change the family with your exchange token, drag the token onto the declaration banner before you discard (or tick "Use exchange token" in the family picker).
• When someone discards you can call Bluff! (B) or let it pass (N or Space). At a shared screen each player answers on their own buttons: Bluff! with 1, 2, 3… and No with the letter below it (Q, W, E…).
• Esc opens the pause menu (undo, rules, settings). F1 shows these rules, F11 toggles fullscreen.""")

#: the rules text of each game, by game id (the rules screen has a tab for each)
RULES_TEXT: dict[str, str] = {"masterbluff": MASTERBLUFF_RULES, "court": COURT_RULES}
