"""Every rule the engine enforces and every refusal of an action has its text, in every
language the bot speaks. (Refusals are found among the subclasses of ``Refused`` that are
imported: the play modules are imported here so that none is missed.)"""

from __future__ import annotations

import pytest

import bot.games  # noqa: F401  (the table of games adds each game's own refusals)
from bot import i18n
from bot.refusals import QUOTED_WORD, RULE_TEXTS, UserError, mistake
from play import people, settings, views  # noqa: F401
from play.errors import (
    AdminsDecide,
    GameAnnulled,
    GameRunning,
    LeaderboardEmpty,
    NobodyLinked,
    NoGamesTonight,
    NoGameYet,
    NoHandsToDraw,
    NoRunningGame,
    NoStatsFor,
    NotAtTheTable,
    NotLinked,
    NotYourPlayer,
    PlayerTakenByOther,
    Refused,
    TournamentInProgress,
    UnknownPlayer,
)
from play.macchiavelli.tournament import AllRoundsPlayed, TournamentClosed, TournamentDiscarded
from play.punti.named import NameOfAGame, NameTaken
from play.tago.night import NoNightRunning, NothingToUndo
from play.tamalo import (  # noqa: F401
    game,
    hands,
    lore,
    tournament,
    vote,
)
from play.tamalo.game import (
    AlreadyRunning,
    NewerGameStarted,
    NoGameToRematch,
    NoJoiningTournaments,
    NothingToReopen,
    RematchTournament,
    ReopenAnnulled,
    ReopenReachedTarget,
    ReopenTournament,
)
from play.tamalo.hands import (
    EditedHandClosed,
    EditedHandGone,
    FixClosedGame,
    JoinUndoneJustNow,
    MessageHandled,
    NoHandToUndo,
    UndoClosedGame,
    UndoneJustNow,
)
from play.tamalo.tournament import FinalUnderWay
from scoring import punti as p
from scoring import tago as t
from scoring.tamalo import (
    AlreadySeated,
    HandNotSeated,
    LastTwoStay,
    LeftForGood,
    NoHandsLeft,
    NoJoinersInQuadri,
    NoJoinersInSixCards,
    NoLeavingQuadri,
    NoSuchHand,
    NotPlaying,
    QuadriNeedsFour,
    RuleBroken,
    TournamentTooSmall,
)
from storage.punti import NamedGame

#: One of each kind, as the engine or an action raises it.
EXAMPLES: tuple[RuleBroken | Refused, ...] = (
    QuadriNeedsFour(3),
    NoJoinersInQuadri(),
    NoJoinersInSixCards(),
    AlreadySeated("Dario"),
    LeftForGood("Dario"),
    NoLeavingQuadri(),
    NotPlaying("Dario", ("Anna", "Bruno")),
    LastTwoStay(),
    NoHandsLeft(16),
    NoSuchHand(5, 4),
    HandNotSeated(2, ("Anna", "Bruno"), ("Anna", "Bruno", "Dario")),
    HandNotSeated(2, ("Anna", "Bruno", "Dario"), ("Anna", "Bruno")),
    TournamentTooSmall(5, 6),
    NoRunningGame(),
    NotAtTheTable(),
    UnknownPlayer("Dario", ("Anna", "Bruno")),
    PlayerTakenByOther("Dario"),
    NotLinked(),
    NobodyLinked("Dario"),
    NotYourPlayer("Dario"),
    AdminsDecide(),
    NoGameYet(),
    GameAnnulled(),
    LeaderboardEmpty(),
    NoStatsFor("Dario", ("Anna", "Bruno")),
    NoHandsToDraw(),
    NoGamesTonight(),
    GameRunning(("Anna", "Dario")),
    TournamentInProgress(),
    FinalUnderWay(),
    NoJoiningTournaments(),
    NothingToReopen(),
    NewerGameStarted(),
    AlreadyRunning(),
    ReopenAnnulled(),
    ReopenTournament(),
    ReopenReachedTarget(),
    NoGameToRematch(),
    RematchTournament(),
    MessageHandled(),
    EditedHandGone(),
    EditedHandClosed(),
    FixClosedGame(),
    NoHandToUndo(),
    UndoClosedGame(tournament=False),
    UndoClosedGame(tournament=True),
    JoinUndoneJustNow(),
    UndoneJustNow(3, 2, None),
    # Tagò's: its engine's and its night's.
    t.UnknownAmount("tre"),
    t.BadTable(500, 300),
    t.BadAnte(300, 500),
    t.BadJackpotShare(60),
    t.StackTooSmall("Dario", 200, 300),
    t.NotSeated("Dario", ("Anna", "Bruno")),
    t.AlreadyAtTable("Dario"),
    t.HasLeft("Dario", 26000),
    t.TooFewLeft("Dario", ("Anna", "Dario")),
    t.TableFull("Dario", ("Anna", "Bruno", "Carlo", "Elena", "Fabio", "Gino", "Ivo", "Luca")),
    t.BelowAnte("Dario", 100, 250),
    t.OverChips("Dario", 40000, 29500),
    t.OverTableMaximum("Dario", 100000, 90500),
    t.RebuyTooLarge("Dario", 30000, 5000),
    t.NotPositive(0),
    t.NobodyIn(),
    t.CardsNeeded("Dario"),
    t.NoTieToPlayOff(("Anna", "Dario")),
    t.NotCurious("Dario"),
    t.NightClosed(),
    t.NoSuchDeal(7, 3),
    t.UnknownCard("9"),
    t.WrongNumberOfCards("Dario", 2),
    t.TooManyOfValue(2, 5),
    t.PlayerCount(9),
    t.ChoiceNeeded((28, 4)),
    t.NotAnOption(6, (28, 4)),
    t.AmbiguousCards("442"),
    NoNightRunning(),
    NothingToUndo(),
    # A Macchiavelli tournament's.
    TournamentClosed(),
    TournamentDiscarded(),
    AllRoundsPlayed(3),
    # A points game's: its engine's and its names'.
    p.PlayerTwice("Dario"),
    p.TooFewSides(),
    p.MissingSides(("Anna+Carla", "Bruno+Dario")),
    p.NotPlaying("Dario"),
    p.GameOver(),
    p.NoSuchRound(7, 3),
    NameOfAGame("tago"),
    NameTaken(NamedGame("scopa", "Scopa", {"target": 11}, 2)),
)


def _kinds(kind: type[Exception]) -> set[type[Exception]]:
    found: set[type[Exception]] = set()
    for sub in kind.__subclasses__():
        found |= {sub, *_kinds(sub)}
    return found


#: Games whose rules engine is in, whose bot is not yet: their refusals get texts with it.
NO_BOT_YET = ("scoring.macchiavelli",)


def test_every_rule_broken_has_a_text_and_an_example() -> None:
    kinds = {
        k for k in _kinds(RuleBroken) | _kinds(Refused) if not k.__module__.startswith(NO_BOT_YET)
    }
    assert len(kinds) >= 13
    assert set(RULE_TEXTS) == kinds
    assert {type(e) for e in EXAMPLES} == kinds


@pytest.mark.parametrize("error", EXAMPLES, ids=lambda e: type(e).__name__)
def test_each_rule_reads_in_italian_and_in_english(error: RuleBroken | Refused) -> None:
    with i18n.speaking("it"):
        italian = mistake(error).message
    with i18n.speaking("en"):
        english = mistake(error).message
    assert italian
    assert english
    assert italian != english, f"not translated: {italian!r}"
    if "Dario" in str(error):  # who is involved is named
        assert "Dario" in italian
        assert "Dario" in english


def test_the_texts_are_the_ones_the_chat_reads() -> None:
    with i18n.speaking("it"):
        said = [mistake(e).message for e in EXAMPLES]
    assert said[1] == "A 4 Quadri giocano sempre gli stessi 4: non si entra a partita iniziata."
    assert said[3] == "Dario gioca già in questa partita."
    assert said[7] == "Siete rimasti in due: per smettere chiudete la partita con /fine."
    assert said[10].startswith("Manca il totale di Dario")
    assert said[11].startswith("Dario non giocava nella mano 2")


@pytest.mark.parametrize(("left", "right"), [("«", "»"), ("“", "”")])
def test_a_long_word_quoted_back_is_cut_inside_its_quotes(left: str, right: str) -> None:
    error = UserError(f"{left}{'x' * 100}{right} non è un totale.")
    assert error.message == f"{left}{'x' * (QUOTED_WORD - 1)}…{right} non è un totale."
