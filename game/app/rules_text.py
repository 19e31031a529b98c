"""The in-game rules of each game, as the rules screen shows them (marked for translation):
each game's entry in ``game.app.games.GAMES`` names its text here (``rules_text``).

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
• To change the family with your exchange token, drag the token onto the declaration banner before you discard, click it, or press T (or press "Use exchange token" in the family picker).
• When someone discards you can call Bluff! (B) or let it pass (N or Space). At a shared screen the screen passes to each player in turn, who answers on the same buttons and keys.
• Esc opens the pause menu (undo, rules, settings). F1 shows these rules, F11 toggles fullscreen.""")

DEATH_RULES = N_("""Death over the Kingdom, for 2 to 20 players.

Goal: take as few tokens as you can (in "There can be only one": keep your tokens longest).

The cards: 26 characters, two of each value from 0 to 12: Death 0, Innkeeper 1, Trader 2, Thief 3, Clown 4, Bard 5, Monk 6, Magician 7, Dragon 8, Knight 9, Princess 10, Queen 11, King 12. Some characters can turn during the round's end: a turned card is worth its second value, printed upside down at the other end (12 minus the value).

The deal: each player gets one card face down. The deal and the turn go to the dealer's right: the player on the dealer's right plays first and the dealer plays last. The dealer moves one seat to the right every round.

Your turn: do exactly one of these.
• Stand: keep your card.
• Exchange your card with the player on your right (you both see both cards). The dealer instead cuts: shows the card, discards it and takes a random card of the deck.
• Use your card's power (show it first; it stays face up): Trader: swap it with the top card of the deck. Thief: look at the card of a player after you, then swap or keep. Bard: swap with the card of a player after you. Dragon: the card of the player on your right is discarded and they draw a new one.
A King is face up as soon as you get it and can never be taken or targeted; its holder can only stand.

The end of the round: all cards are shown. In turn order, each end-of-round power applies once: Innkeeper turns if a King is in play; Clown turns if a Queen is in play; Monk takes the value of the next player's card (not when the Monk's holder is the dealer); Magician turns if a Monk is in play; Knight turns every Dragon; Princess turns every Knight; Queen turns if a Princess is in play. Then the lowest value takes a token (ties: everyone at the lowest). Death always loses while in play.

Modes: in the base game the game lasts players × 3 rounds (2 to 6 at set-up) and the fewest tokens win. "Death over all players": the lowest take 3 tokens, the next value 2, the third 1, and each King returns one. "There can be only one": everyone starts with 5, 4 or 3 tokens (by the number of players), the lowest lose one, a player with none is out, and the last one in wins.

How to play here
• Drag your card onto the player on your right to exchange (the dealer drags it onto the deck to cut), or onto any later player to use a Thief or a Bard on them; drag a Trader onto the deck.
• Or use the buttons: Stand, Exchange or Cut, and your card's power; Enter stands. The Thief and the Bard ask for a player.
• The Aid button (A) shows every character at any time. Esc opens the pause menu, F1 these rules.""")

#: the game's six aid cards, as the aid panel shows them: (character id, what it does)
DEATH_AID = (
    ("death", N_("Always loses while in play.")),
    ("innkeeper", N_("Round end: turns (to 11) if a King is in play.")),
    ("trader", N_("Your turn: swap it with the top card of the deck.")),
    ("thief", N_("Your turn: look at a later player's card, then swap or keep.")),
    ("clown", N_("Round end: turns (to 8) if a Queen is in play.")),
    ("bard", N_("Your turn: swap with a later player's card.")),
    ("monk", N_("Round end: takes the next player's value (not as dealer).")),
    ("magician", N_("Round end: turns (to 5) if a Monk is in play.")),
    ("dragon", N_("Your turn: the next player's card is discarded; they draw.")),
    ("knight", N_("Round end: every Dragon in play turns (to 4).")),
    ("princess", N_("Round end: every Knight in play turns (to 3).")),
    ("queen", N_("Round end: turns (to 1) if a Princess is in play.")),
    ("king", N_("Face up at once; never taken or targeted; only stands.")),
)

#: the rules text of each game, by game id (the rules screen has a tab for each)
KTM_RULES = N_("""King Thief Minister, for 3 to 6 players.

Goal: have the most coins when the treasury runs out.

The cards: six characters, King, Thief, Minister, Executioner, Sheriff and Peasant, lying face down on six spots in a ring. Each player owns a spot and uses whatever card is in it now: the cards move, nobody owns a card. With fewer than 6 players some spots have no owner; their cards still move with the others.

Set-up: each player takes 3 coins; the treasury holds 2 coins per player. One card is dealt to each player: whoever gets the King starts (nobody? deal again). The six cards are shuffled onto the spots. Then everyone looks at one card that is not in their own spot: the table sees which card, only they see what it is. Remember it: this is a memory game.

Your turn (turns go clockwise), do one thing:
• Look: pay 1 coin to the treasury and look at your own card.
• Move: every card moves one spot to the right, one to the left, or to the opposite spot.
• Claim: say which character is in your spot, true or not, and act.

Challenges: after a claim (not the Peasant) every other player secretly decides to challenge or not. The first challenger counter-clockwise from the claimant (the player on their right first) looks at the card alone. A true claim: the challenger pays 1 coin to the treasury and the act goes ahead. A false claim: the act is cancelled. Nobody challenges: the act happens, true or not.

The acts:
• King: take 3 coins from the treasury and ask "Who is the Minister?". Everyone else secretly decides whether to claim it. One claimant may be challenged as usual; if the claim stands they take 1 coin. Several claimants see each other's cards: each false one pays 1 coin, the true one takes 1.
• Thief: take 1 coin from the player on your right and 1 from the player on your left; from a player with no coin, take it from the treasury instead.
• Minister: choose any two spots (yours too) and secretly swap their cards or not, without looking. Everyone sees which two spots.
• Executioner: point at another player and name a character. They look at their card; if you are right you take all their coins. Everyone learns whether you were right.
• Sheriff: every other player with a coin pays 1 to the treasury, then you name one who pays 1 more. A player with no coin pays nothing.
• Peasant: cannot be challenged. Show your card. Not the Peasant: a mistake. The Peasant: name the card in every other spot, then all are shown. All right: take the whole treasury! Any wrong: a mistake.
A mistake costs 2 coins. With 1 coin, pay it and every other player takes 1 from the treasury. With none, every other player takes 2, one at a time round the table.

No coin to pay? You pay nothing, and every other player takes 1 coin from the treasury instead, starting on your right and going counter-clockwise (not for the Sheriff's tax).

The end: the game ends the moment the treasury is empty, even halfway through a payment. Most coins wins; equal most share the win.

How to play here
• Look: drag one of your coins onto the treasury (or L). Move: drag any card one spot along the ring or to the opposite spot, or use the move buttons (the , key moves every card left, the . key right, O to the opposite spot). Claim: click your own card or press C, then pick a character.
• Challenge (C) or pass (Enter) when someone claims; answer "Who is the Minister?" the same way (M or Enter).
• Minister: click two cards (or drag one onto the other), then Swap or Keep. Executioner: drag your card onto a player, then name a character. Sheriff: click a player. Peasant: drop a name on each other card, then Enter.
• Keyboard: ← and → only ever choose a card, Enter picks it (your own card: the claim). The memory aid (Settings, off by default) marks what you have seen.""")

BOSSQUEST_RULES = N_("""Boss Quest, for 2 to 5 players.

Goal: collect keys by beating the bosses. Your attack strength must come as close as possible to the boss's hit points (HP) without ever going over. The game ends when a knight has 5 keys (4 with 5 players) or when a player loses their last heart; the most keys wins.

The cards: 35 weapons, values 1 to 7 in five colours (red, blue, green, yellow, purple); 10 bosses with 14 to 24 HP; 29 spells. Each player starts with 3 hearts.

A round: a new boss is turned up. The Armorer gives each player one hidden weapon (only you see yours) and one face-up weapon. The Magician lays out one spell more than there are players: one face down (the mystery spell), the others face up. Your strength is the sum of your weapons plus the strength spells on you; only you know yours.

Your turn, starting left of the Armorer: either
• Add to your equipment: say how many weapons you want (1 to 4; everyone hears it) and take them face up. You keep them all.
• Or go to the Magician: activate one of the spells there, or discard one so that nobody else can use it. Then you wait for the fight: you cannot come back to equip.

If your strength goes over the boss's HP you are bust: you must say so (the table shows “bust!” on your row), and on your next turn you must go to the Magician. When everyone else is at the Magician, the last player may ask for weapons one last time, then must go to the Magician.

The mystery spell: you decide to activate or discard it without looking. It is then turned up; if you activated it, it works at once (choose its target if it needs one).

The spells:
• Strength +1, +2, −1, −2: on any player, yourself included.
• Swap hidden weapons: your hidden weapon changes places with another player's. You both see both.
• Exchange a weapon: one of your weapons (hidden or face up) changes places with the top weapon of the deck; your old weapon goes on top of the deck, and the next player to equip gets it.
• Boss HP +1, +2, −1, −2.
• A colour required: a player without a weapon of that colour cannot win the round.
• Two of one colour: a player without two weapons of the same colour cannot win the round.
• No heart lost: nobody loses a heart this round.
• Cancel: removes an active spell (not Last turn!); both cards are discarded.
• Extra key: the round's winner gets one more key.
• Second-closest wins: the player second closest to the HP wins the round instead.
• Last turn! Every player not yet at the Magician has exactly one more action (ask for weapons, or visit the Magician), then the fight begins.

The fight: when everyone is at the Magician, every hidden weapon is shown.
• Bust (over the HP): you are out of the round and lose a heart. Exactly at the HP is not bust.
• Failing a required colour: you are out of the round, but lose no heart.
• Of the others, the one closest to the HP wins a key. On a tie, the fewest weapons wins; if still tied, each tied player wins a key.
• PERFECT: every player exactly at the HP wins a bonus key (so a winner with a PERFECT gets 2 keys).

Next round: the boss and the spells are discarded, the player left of the Armorer becomes the Armorer, and all the weapons are shuffled together. Empty boss or spell decks are rebuilt from their discards.

The end: a player with 5 keys (4 with 5 players), or a player who has lost their last heart, ends the game. A player with no heart left has lost. Most keys wins; on a tie, most hearts; if still tied, the win is shared.

How to play here
• Take weapons: the buttons Take 1 to Take 4, or the keys 1 to 4.
• Go to the Magician: drag your pawn onto the Magician (or Enter / M for the Magician's choice rows).
• Activate a spell: drag it onto its target: a knight's row (strength, swap; exchange on your own row; cancel on the spell in play) or the boss (boss HP and the round's rules). Discard a spell: drag it onto the discard. Enter, Enter, Enter plays the first choice at each step.
• The mystery spell, once turned up: drag it onto its target, or Enter to choose.
• Esc opens the pause menu (undo, rules, settings). F1 shows these rules, F11 toggles fullscreen.""")
