"""The Rules screen: the rules for players, in their language, with small boards.

Every sentence is a message of the gettext domain ``rules`` (marked with
``rules_text``, extracted into ``locale/rules.pot``); RULES.md stays the
reference text and says the same. The diagrams are real positions: each is an
EPN given to the engine, its moves are played by the engine, and the boards are
drawn by ``ui.render`` from the engine's views, so a diagram cannot show a move
the rules forbid.
"""

from dataclasses import dataclass, field
from html import escape

from espionage import Game
from espionage.board import BLUE, RED, SIDES, parse_square
from espionage.epn import format_epn
from espionage.moves import Move
from espionage.pieces import ATTACKER_WINS, KINDS, letter_of

from .i18n import rules_text
from .render import BoardPicture, board_svg, piece_svg

# Pieces far from every diagram's area, so that no diagram's move ends the game.
BYSTANDERS = {"a1": "H", "b1": "C", "j10": "h", "i10": "c"}


class Markup(str):
    """A block of the rules that is already markup (a diagram, a list, a table), not a sentence."""


@dataclass(frozen=True)
class Diagram:
    """A position (pieces by square, Red to move), the moves played from it, and what to draw.

    ``viewer``: whose view is drawn (None: both armies, as at a game's end);
    ``area``: the corner squares drawn; ``last``: Red's moves of its previous turn
    (its no-return moves), drawn as the last-turn arrows; ``selected``: the piece
    whose legal moves are shown (instead of playing ``moves``)."""

    name: str
    pieces: dict
    area: tuple
    moves: tuple = ()
    viewer: int | None = None
    last: tuple = ()
    selected: str | None = None
    bystanders: dict = field(default_factory=lambda: BYSTANDERS)

    def game(self):
        letters = [None] * 100
        for square, letter in {**self.bystanders, **self.pieces}.items():
            letters[parse_square(square)] = letter
        last = tuple(Move.from_str(m) for m in self.last)
        return Game.from_position(format_epn(letters, RED, None, (last, ()), frozenset(), 0, 2))

    def frames(self):
        """The pictures to draw: before and after the moves, or the selected piece's moves."""
        game = self.game()
        view = game.full_view() if self.viewer is None else game.view(SIDES[self.viewer])
        base = {"unknown_side": None if self.viewer is None else 1 - self.viewer, "owners": view.owners}
        if self.selected is not None:
            selected = parse_square(self.selected)
            picture = BoardPicture(
                letters=view.drawn_letters(),
                unmasked=view.unmasked,
                last_turn=self.last,
                selected=selected,
                targets=frozenset(view.targets(selected)),
                **base,
            )
            return (picture,)
        before = BoardPicture(letters=view.drawn_letters(), unmasked=view.unmasked, planned=self.moves, **base)
        for move in self.moves:
            game.play(move)
        view = game.full_view() if self.viewer is None else game.view(SIDES[self.viewer])
        fallen = tuple(
            (e.move.to_square, letter_of(kind, SIDES.index(side)))
            for e in view.events[-len(self.moves) :]
            for side, kind, _square in e.removed
        )
        after = BoardPicture(
            letters=view.drawn_letters(),
            unmasked=view.unmasked,
            last_turn=self.moves,
            fights=fallen,
            **dict(base, owners=view.owners),
        )
        return before, after

    def svgs(self):
        area = tuple(parse_square(sq) for sq in self.area)
        return tuple(board_svg(picture, area=area) for picture in self.frames())


FIGHT = Diagram("fight", {"d4": "C", "e4": "K", "e5": "l", "f6": "o"}, ("c3", "g6"), moves=("e4-e5",))
OUT_OF_REACH = "g6"  # a Blue piece two squares from the Spy: it stays masked
SPY = Diagram(
    "spy",
    {"e4": "S", "d6": "c", "e6": "m", "f6": "s", OUT_OF_REACH: "g", "d3": "K"},
    ("c3", "g7"),
    moves=("e4-e5",),
    viewer=RED,
)
SAPPER = Diagram(
    "sapper-mine", {"e4": "E", "e5": "m", "c4": "C", "c5": "m", "d6": "k"}, ("b3", "f6"), moves=("e4-e5", "c4-c5")
)
NO_RETURN = Diagram(
    "no-return",
    {"e5": "O", "f5": "V", "e7": "c", "c3": "L"},
    ("c3", "g7"),
    viewer=RED,
    last=("e4-e5",),
    selected="e5",
)
BOXED_IN = Diagram(
    "no-legal-move",
    {"e5": "C", "d5": "M", "f5": "M", "e6": "V"},
    ("c3", "g7"),
    viewer=RED,
    last=("e4-e5",),
    selected="e5",
    bystanders={"a1": "H", "j10": "h", "i10": "c"},  # Red's only movable piece is the Corporal
)
DIAGRAMS = {d.name: d for d in (FIGHT, SPY, SAPPER, NO_RETURN, BOXED_IN)}


def _squares(move):
    return move.split("-")


def _captions():
    """Each diagram's caption and the labels of its frames (the squares named come from the diagrams)."""
    before, after = rules_text("Before"), rules_text("After")
    return {
        "fight": (
            rules_text(
                "A fight: Red's Captain (3) on {start} attacks Blue's Lieutenant (2) on {square}. "
                "The Captain wins: the Lieutenant is removed (crossed out) and the Captain takes its square."
            ).format_map(dict(zip(("start", "square"), _squares(FIGHT.moves[0])))),
            (before, after),
        ),
        "spy": (
            rules_text(
                "Red's board. Red's Spy steps from {start} to {square}: the Blue pieces on the squares around it "
                "are unmasked (the eye), and Red now sees what they are. The piece on {far} is not next to the Spy "
                "and stays hidden. One of the unmasked pieces is a Spy, so Red's Spy is unmasked too."
            ).format_map(dict(zip(("start", "square"), _squares(SPY.moves[0])), far=OUT_OF_REACH)),
            (before, after),
        ),
        "sapper-mine": (
            rules_text(
                "One turn, two moves by two different pieces. Red's Sapper attacks the Mine on {square} and clears "
                "it. Red's Corporal attacks the Mine on {other} and is blown up; the Mine stays."
            ).format(square=_squares(SAPPER.moves[0])[1], other=_squares(SAPPER.moves[1])[1]),
            (before, after),
        ),
        "no-return": (
            rules_text(
                "Red's board. Last turn Red's Colonel moved from {start} to {square} (the purple arrow). This turn "
                "it may go to the squares marked green, but not straight back to {start}. {volcano} is a Volcano."
            ).format_map(dict(zip(("start", "square"), _squares(NO_RETURN.last[0])), volcano=next(sq for sq, letter in NO_RETURN.pieces.items() if letter == "V"))),
            (rules_text("This turn"),),
        ),
        "no-legal-move": (
            rules_text(
                "Red's board, Red to move. Red's only piece that can move is the Corporal, and last turn it came "
                "from {start} to {square}. A Volcano and two of Red's own Mines block every other way, and the no-return "
                "rule forbids the way back: Red has no legal move, so Red loses."
            ).format_map(dict(zip(("start", "square"), _squares(BOXED_IN.last[0])))),
            (rules_text("Red to move"),),
        ),
    }


def figure(name):
    diagram = DIAGRAMS[name]
    caption, labels = _captions()[name]
    frames = "".join(
        f'<div class="rules-frame"><p class="rules-frame-label">{escape(label)}</p>{svg}</div>'
        for label, svg in zip(labels, diagram.svgs())
    )
    return Markup(
        f'<figure class="rules-diagram" data-diagram="{name}"><div class="rules-frames">{frames}</div>'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )


def _army():
    counts = {
        "C": rules_text("5 Corporals, rank 1"),
        "L": rules_text("4 Lieutenants, rank 2"),
        "K": rules_text("3 Captains, rank 3"),
        "O": rules_text("2 Colonels, rank 4"),
        "G": rules_text("2 Generals, rank 5"),
        "S": rules_text("5 Spies"),
        "E": rules_text("4 Sappers"),
        "M": rules_text("4 Mines, which never move"),
        "H": rules_text("1 Headquarters, which never moves"),
    }
    items = "".join(f"<li>{piece_svg(k, RED, size=28)} {escape(text)}</li>" for k, text in counts.items())
    return Markup(f'<ul class="rules-army">{items}</ul>')


def combat_table():
    """Who wins, from the engine's own table: attackers in rows, defenders in columns."""
    names = {
        "C": rules_text("Corporal"),
        "L": rules_text("Lieutenant"),
        "K": rules_text("Captain"),
        "O": rules_text("Colonel"),
        "G": rules_text("General"),
        "S": rules_text("Spy"),
        "E": rules_text("Sapper"),
        "M": rules_text("Mine"),
        "H": rules_text("Headquarters"),
    }
    wins, loses = rules_text("the attacker wins"), rules_text("the attacker loses")
    head = "".join(
        f'<th scope="col" title="{escape(names[d])}">{piece_svg(d.lower(), BLUE, size=26)}'
        f'<span class="visually-hidden">{escape(names[d])}</span></th>'
        for d in KINDS
    )
    rows = []
    for a in (k for k in KINDS if KINDS[k].movable):
        cells = "".join(
            f'<td class="{"wins" if ATTACKER_WINS[a, d] else "loses"}" data-defender="{d}" '
            f'title="{escape(wins if ATTACKER_WINS[a, d] else loses)}">{"✔" if ATTACKER_WINS[a, d] else "✘"}</td>'
            for d in KINDS
        )
        rows.append(
            f'<tr data-attacker="{a}"><th scope="row">{piece_svg(a, RED, size=26)} {escape(names[a])}</th>{cells}</tr>'
        )
    caption, corner = rules_text("Who wins a fight"), rules_text("Attacker")
    legend = rules_text("Attackers in the rows, defenders in the columns. ✔ the attacker wins, ✘ the attacker loses.")
    return Markup(
        f'<div class="rules-table"><table class="rules-combat"><caption>{escape(caption)}</caption>'
        f'<thead><tr><th scope="col">{escape(corner)}</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        f'<p class="hint">{escape(legend)}</p>'
    )


def _sections():
    """The rules, as (heading, blocks): a block is a paragraph or a diagram's or table's markup."""
    return (
        (
            None,
            (
                rules_text(
                    "Espionage is a game for two players, Red and Blue, each commanding a hidden army. It is related to "
                    "Stratego, but the rules differ: read them even if you know that game."
                ),
                rules_text(
                    "You win by capturing the enemy Headquarters, or when the enemy can no longer move. A game can also "
                    "end in a draw: when the players agree to one, or after 100 turns in a row in which no piece was "
                    "removed."
                ),
            ),
        ),
        (
            rules_text("The board"),
            (
                rules_text(
                    "The board has 10 × 10 squares. The columns a to j run from left to right as Red sees the board, the "
                    "rows 1 to 10 from Red's side to Blue's. A square is named by its column and row, for example e4."
                ),
                rules_text(
                    "Red sets up on rows 1 to 3, Blue on rows 8 to 10. Rows 4 to 7 are the neutral zone, where the armies "
                    "meet."
                ),
                rules_text(
                    "Some squares of the neutral zone are Volcanoes (6 in a standard game). No piece ever enters a "
                    "Volcano. Where they stand is drawn at random for each game (see “Variants and Volcanoes” at the end)."
                ),
            ),
        ),
        (
            rules_text("The armies"),
            (
                rules_text("Each side has the same 30 pieces:"),
                _army(),
                rules_text(
                    "Corporals, Lieutenants, Captains, Colonels and Generals are the soldiers. A soldier's rank is its "
                    "strength: 5 is the strongest. Soldiers, Spies and Sappers are the movable pieces."
                ),
            ),
        ),
        (
            rules_text("Setup"),
            (
                rules_text(
                    "Before play, each player places all 30 pieces on their own 30 squares, in any arrangement, Mines "
                    "and the Headquarters included. Neither player sees the other's setup, and it cannot be changed once "
                    "play starts."
                ),
            ),
        ),
        (
            rules_text("Turns and moves"),
            (
                rules_text(
                    "Red moves first, then the players take turns. A turn is two moves by two different pieces (one move "
                    "in the single-move variant). You may not pass."
                ),
                rules_text(
                    "A move takes a movable piece one square up, down, left or right: never diagonally, never further. It "
                    "may not enter a Volcano or a square held by a piece of its own side. Moving onto an enemy piece is an "
                    "attack, and the fight is resolved at once."
                ),
                rules_text(
                    "No return: a piece that moved from one square to another in your previous turn, and still stands "
                    "there, may not move straight back in this turn, not even to attack. It may go anywhere else, and it "
                    "may go back a turn later."
                ),
                figure("no-return"),
                rules_text(
                    "No follow-up attack: the second move of a turn may not enter the square that the first move attacked, "
                    "whatever the result of that fight. So you can plan both moves before you see how the first fight "
                    "ends."
                ),
                rules_text(
                    "If after your first move no other piece of yours can move, your turn ends after that one move."
                ),
            ),
        ),
        (
            rules_text("Fights"),
            (
                rules_text(
                    "The attacker is the piece that moves, the defender the piece it moves onto. If the attacker wins, "
                    "the defender is removed and the attacker takes its square. If the attacker loses, it is removed and "
                    "the defender stays. There are no ties."
                ),
                figure("fight"),
                rules_text(
                    "A soldier beats every soldier of the same or a lower rank, and every Spy and Sapper. With equal "
                    "ranks the attacker wins."
                ),
                rules_text("A Spy beats only Spies and Sappers."),
                rules_text(
                    "A Sapper beats Spies, Sappers, Mines and Generals. But a General that attacks a Sapper wins: who "
                    "attacks decides."
                ),
                rules_text(
                    "Any piece that attacks a Mine is blown up and the Mine stays, except a Sapper: it clears the Mine "
                    "and takes its square."
                ),
                figure("sapper-mine"),
                rules_text(
                    "Any piece that attacks the Headquarters captures it, and that ends the game. Mines and the "
                    "Headquarters never attack."
                ),
                combat_table(),
            ),
        ),
        (
            rules_text("What each player knows"),
            (
                rules_text(
                    "Where every piece stands is public. You know your own pieces; enemy pieces show as question marks "
                    "until you learn what they are."
                ),
                rules_text(
                    "Spies unmask. After every move, by either side, every enemy piece on the 8 squares around a Spy "
                    "(the block of 3 × 3 squares with the Spy in the middle) is unmasked: the Spy's owner sees what it is "
                    "for the rest of the game. It works both ways: a Spy that steps next to enemy pieces unmasks them, "
                    "and an enemy piece that steps next to a Spy is unmasked too. Spies unmask every kind of piece, "
                    "enemy Spies included."
                ),
                figure("spy"),
                rules_text("A Spy that loses its attack is removed first and unmasks nothing."),
                rules_text(
                    "Every removed piece is shown to both players. A fight reveals nothing else: the winner stays hidden "
                    "unless it is unmasked."
                ),
                rules_text(
                    "An eye marks an unmasked piece. You also see which of your own pieces are unmasked, so you know what "
                    "your opponent knows."
                ),
                rules_text("When two players share one device, a cover hides the board between their turns."),
            ),
        ),
        (
            rules_text("End of the game"),
            (
                rules_text(
                    "After every move: a side that captures the enemy Headquarters wins. A side that has just lost a "
                    "piece and has no movable piece left loses; this can be the attacker, for example when its last Spy "
                    "walks onto a Mine. A move that ends the game ends it at once: the rest of the turn is not played."
                ),
                rules_text(
                    "When a turn ends, its moves whose pieces still stand where they moved become that side's no-return "
                    "moves, and the other side is to move. Then, after 100 turns in a row without a removal (Red's and "
                    "Blue's turns both count), the game is a draw. Otherwise, if the side now to move has no legal move, "
                    "it loses."
                ),
                rules_text(
                    "Watch out: the no-return rule counts here. If your only piece that can move could only go straight "
                    "back where it came from, you have no legal move and you lose. The same check is made before the "
                    "first move: if the setups and the Volcanoes leave Red no legal move, Red loses at once."
                ),
                figure("no-legal-move"),
                rules_text("At any time a player may resign, and the two players may agree to a draw."),
            ),
        ),
        (
            rules_text("Variants and Volcanoes"),
            (
                rules_text(
                    "The Volcanoes are placed at random when a game is created, in pairs: the partner of each one is the "
                    "square you reach by turning the board half a turn, so neither side is favoured. They never cut the "
                    "board apart: every square that is not a Volcano can be reached from every other."
                ),
                rules_text(
                    "A new game may have any even number of Volcanoes from 0 to 10, and turns of one move instead of "
                    "two."
                ),
            ),
        ),
        (
            rules_text("Playing by link"),
            (
                rules_text(
                    "In a sealed game played by link, your setup never leaves your device. When you attack, your device "
                    "sends a sealed table of the fight's result against every kind of defender; the defender's device can "
                    "open only its own piece's entry, so it learns the result at once, and your piece's kind only if your "
                    "piece is removed: the winner of a fight stays hidden, as in every game. The results of your attacks "
                    "and what your Spies see arrive with your opponent's reply. When the game ends, both devices check "
                    "every claim made during the game."
                ),
                rules_text(
                    "If both players resign at the same time, each before the other's link arrives, the resignation of "
                    "the player whose turn it was stands on both devices."
                ),
            ),
        ),
    )


def open_button():
    """The button that opens the rules, on every screen."""
    label = rules_text("Rules")
    return f'<button type="button" class="rules-open quiet" data-action="rules">{escape(label)}</button>'


def page(language_menu=""):
    """The Rules screen (``language_menu``: the language switch, beside Back); Back returns
    to the screen under it."""
    back, title = rules_text("Back"), rules_text("Rules of Espionage")
    back = f'<button type="button" class="primary" data-action="rules-close">{escape(back)}</button>'
    body = [f'<div class="actions">{back}{language_menu}</div><h1 tabindex="-1">{escape(title)}</h1>']
    for heading, blocks in _sections():
        if heading:
            body.append(f"<h2>{escape(heading)}</h2>")
        body += [block if isinstance(block, Markup) else f"<p>{escape(block)}</p>" for block in blocks]
    body.append(f'<div class="actions">{back}</div>')
    return f'<section class="screen screen-rules" data-screen="rules"><article class="rules">{"".join(body)}</article></section>'
