"""The in-game rules of each game, as the rules screen shows them (marked for translation).

Plain paragraphs; a blank line separates them.  The rules engine (``game/rules``)
is the authority; these texts explain it to people.
"""
from __future__ import annotations

from game.core.i18n import N_

COURT_RULES = N_("""Fireball Court, for 2 players.

The cards: 50 cards. Numbers 1 to 9, four of each: three gold-coin cards and one raven card. Three senior suits, King, Castle and Knight, four cards each. Two Fireballs.

The deal: each player gets 4 cards and 6 cards are laid face up in the middle: the Court. Court cards of the same suit are stacked and captured together. If all four cards of a suit land in the Court, everything is dealt again. A Fireball dealt to the Court goes back into the draw pile and another card replaces it.

Who starts: the player with the highest number card in hand. On a tie (or when neither holds a number) the player who did not start the last round starts.

Your turn: you draw a card automatically while the draw pile lasts, then play one card. Drag it onto a Court stack of the same number (or the same senior) to capture the whole stack with it. A Fireball sweeps the whole Court; on an empty Court it captures nothing. Any other card is laid on the felt as a new stack. You never have to capture: you may lay a card that matches nothing even when a capture is possible, but a card that matches a stack always captures it.

Your hand marks the cards that can capture. Keyboard: Left and Right choose a card, Space selects it, Enter plays it.

End of a round: when the pile and both hands are empty, the cards left in the Court go to the last player who captured. Ravens' share: the player with more ravens steals 2 gold coins from the other (never more than the other has).

Scoring: 1 point for each gold coin. For each senior suit: 2 cards score 2, 3 cards score 5, all 4 score 10. The round summary builds this line by line.

The end: after a round, if someone has 101 points or more, the highest total wins. On a tie, another round is played.""")
