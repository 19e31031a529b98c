"""MasterBluff's words for a seat: the log line of each domain event (``describe``) and what a
button or tile says for a legal action (``action_label``), for the table and the phones."""
from __future__ import annotations

from game.core.i18n import _, names_list, ngettext
from game.rules.masterbluff import FAMILIES, family_text

fam_title = family_text      # a family's name in the player's language (the rules' one table)


def prepare(events) -> list:
    """One action's events as the table shows and logs them (and the phones): a declaration made
    with the exchange token tells the token first ("Bram spends the exchange token to name Ogre",
    then "Bram declares 5 × Ogre"): the rules give the declaration first, and the log read as if
    the token came after the cards it named."""
    out = list(events)
    for i in range(len(out) - 1):
        if out[i].kind == "discard" and out[i + 1].kind == "token" and out[i].data["seat"] == out[i + 1].data["seat"]:
            out[i], out[i + 1] = out[i + 1], out[i]
    return out


def describe(w, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line), a whole sentence per subject."""
    if kind == "discard":
        return w.by_seat(d["seat"], _("You declare {n} × {family}"), _("{name} declares {n} × {family}"),
                         n=d["n"], family=fam_title(d["family"]))
    if kind == "token":
        return w.by_seat(d["seat"], _("You spend the exchange token to name {f}"),
                         _("{name} spends the exchange token to name {f}"), f=fam_title(d["family"]))
    if kind == "no_call":
        return _("Nobody calls Bluff!")
    if kind == "call":
        return w.by_seat(d["caller"], _("You call Bluff! on {target}"), _("{name} calls Bluff! on {target}"),
                         target=d["declarer"], to_you=_("{name} calls Bluff! on you"))
    if kind == "reveal":
        return _("The claim was TRUE") if d["truthful"] else _("The claim was FALSE")
    if kind == "pickup":
        return w.by_seat(d["seat"], ngettext("You take the pile ({n} card)", "You take the pile ({n} cards)",
                                             d["n"]),
                         ngettext("{name} takes the pile ({n} card)", "{name} takes the pile ({n} cards)",
                                  d["n"]), n=d["n"])
    if kind == "out":
        return w.by_seat(d["seat"], _("You have no cards left!"), _("{name} has no cards left!"))
    if kind == "game_over":
        win = d["winners"][0] if d.get("winners") else None
        return w.by_seat(win, _("You win!"), _("{name} wins!")) if win is not None else _("Game over")
    return None


def action_label(w, a) -> str:
    """The words of a legal action: the table's answer buttons ("Bluff!", "No bluff"); a
    declaration by its claim ("Declare 2 × Elf"), and when the cards played are not all of the
    family claimed, which they are ("Declare 2 × Elf (you play 1 × Elf and 1 × Ogre)"): two
    declarations never read the same."""
    if a.kind == "call":
        return _("Bluff!")
    if a.kind == "pass":
        return _("No bluff")
    if a.kind == "discard":
        counts, fam = tuple(a["counts"]), a["family"]
        n = sum(counts)
        fields = {"n": n, "family": fam_title(fam)}
        if counts[FAMILIES.index(fam)] == n:
            if a["token"]:
                return _("Declare {n} × {family} with the exchange token").format(**fields)
            return _("Declare {n} × {family}").format(**fields)
        fields["cards"] = names_list([_("{n} × {family}").format(n=k, family=fam_title(f))
                                      for f, k in zip(FAMILIES, counts) if k])
        if a["token"]:
            return _("Declare {n} × {family} with the exchange token (you play {cards})").format(**fields)
        return _("Declare {n} × {family} (you play {cards})").format(**fields)
    return a.kind
