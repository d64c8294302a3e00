"""Every Macchiavelli refusal is one message saying what was wrong and what to type instead,
in Italian and in English; nothing is recorded (the values are never built)."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games.macchiavelli import errors
from bot.games.macchiavelli.parsing import parse_deal, parse_new_game, parse_tournament, resolve
from bot.games.macchiavelli.refusals import TEXTS, Mistake, refusal, refused
from bot.refusals import UserError
from scoring.errors import RuleBroken
from scoring.macchiavelli import (
    AlreadyWithdrawn,
    DealNotSeated,
    DealOverDecks,
    HomeRules,
    MatchOver,
    NegativePoints,
    NoJokers,
    NoRoundLeft,
    NoSuchDeal,
    NoSuchTable,
    NotInTournament,
    OptionOutOfRange,
    PlayerCount,
    RoundClosed,
    SingleHasOneDeal,
    TableDone,
    TableLeftAlone,
    TooFewPlayers,
    TooManyCopies,
    TooManyPoints,
    TournamentOver,
    TwoClosers,
    UnknownCard,
)

PLAYERS = ("Anna", "Bruno", "Carlo")

#: One of each kind the table answers.
SAMPLES: list[Mistake] = [
    errors.UnknownToken("??"),
    errors.EmptyDeal(),
    errors.NameWithoutCount("Anna"),
    errors.CountWithoutName("5", "Anna"),
    errors.PlayerTwice("Anna"),
    errors.UnknownPlayer("Dario", PLAYERS),
    errors.MissingPlayers(("Carlo",)),
    errors.WrongCount(2, PLAYERS),
    errors.NamesNeeded(),
    errors.TablesMixed("Anna", 1, "Elena", 2),
    errors.BadName("K"),
    errors.UnknownOption("colore=rosso"),
    errors.UnknownOption("singola", tournament=True),
    errors.NotANumber("smazzate", "tre"),
    errors.NoPlayers(),
    errors.NoPlayers(tournament=True),
    errors.DealerNotPlaying("Zeno", PLAYERS),
    UnknownCard("X"),
    NoJokers("JK"),
    TooManyCopies("A", 9, 8),
    NegativePoints(-3),
    TooManyPoints(900, 760),
    DealOverDecks(905, 860),
    TwoClosers(("Anna", "Bruno")),
    DealNotSeated(("Anna", "Bruno", "Zeno"), PLAYERS),
    DealNotSeated(("Anna", "Bruno"), PLAYERS),
    OptionOutOfRange("deals", 51, 1, 50),
    OptionOutOfRange("target", 0, 1, None),
    SingleHasOneDeal(),
    PlayerCount(9, 2, 8),
    TooFewPlayers(8, 9),
    MatchOver(3),
    TableDone(2, 3),
    NoSuchTable(5, 4),
    TournamentOver(),
    NoSuchDeal(4, 3),
    NoSuchDeal(0, 0),
    RoundClosed(1, 3),
    NotInTournament("Zeno"),
    AlreadyWithdrawn("Anna"),
    NoRoundLeft("Anna"),
    TableLeftAlone("Anna", 3, 4),
]


def test_every_kind_of_refusal_has_a_sample() -> None:
    assert {type(error) for error in SAMPLES} == set(TEXTS)


def test_every_rule_the_engine_enforces_has_its_words() -> None:
    import scoring.macchiavelli.errors as engine

    kinds = {k for k in vars(engine).values() if isinstance(k, type) and issubclass(k, RuleBroken)}
    assert kinds - {RuleBroken} <= set(TEXTS)


@pytest.mark.parametrize("error", SAMPLES, ids=lambda e: type(e).__name__)
def test_each_refusal_is_one_message_in_each_language(error: Mistake) -> None:
    italian = refusal(error)
    with i18n.speaking("en"):
        english = refusal(error)

    assert italian
    assert english != italian
    assert isinstance(refused(error), UserError)
    assert refused(error).message == italian


def _refusal(text: str, *, jokers: bool = False) -> str:
    try:
        resolve(parse_deal(text), PLAYERS, HomeRules(jokers=jokers))
    except (errors.InputError, RuleBroken) as error:
        return refusal(error)
    raise AssertionError(f"{text!r} was taken")


def test_the_rules_refusals_say_what_was_wrong_and_what_to_type() -> None:
    assert _refusal("Anna 0 Bruno A,A,A,A,A Carlo A,A,A,A") == (
        "9 × A: due mazzi ne hanno 8. Controllate le carte e riscrivete la smazzata."
    )
    assert _refusal("Anna 0 Bruno JK,2 Carlo 12") == (
        "Questa partita si gioca senza jolly: «JK» non può esserci. Scrivete le altre carte, "
        "o il totale."
    )
    assert _refusal("Anna 0 Bruno 0 Carlo 12") == (
        "Anna e Bruno a 0: chiude uno solo. Scrivete i punti rimasti in mano agli altri."
    )
    assert _refusal("Anna 0 Bruno -3 Carlo 12") == (
        "-3: i punti rimasti in mano non sono mai negativi. Scrivete 0 per chi chiude."
    )


def test_what_to_type_instead_of_an_unknown_word_or_player() -> None:
    assert _refusal("Anna 0 Bruno ?? Carlo 12") == (
        "Non capisco «??»: dopo ogni nome va un totale (12) o le carte separate da virgole "
        "(K,A,7). Per esempio: /mano Anna 0 Bruno K,A,7 Carlo 12"
    )
    assert _refusal("Anna 0 Dario 28 Carlo 12") == (
        "Dario non gioca qui: i giocatori sono Anna, Bruno e Carlo. "
        "Per esempio: /mano Anna 0 Bruno K,A,7 Carlo 12"
    )
    assert _refusal("Anna 0 Bruno 28 anna 3") == (
        "Hai scritto anna due volte: ogni giocatore va scritto una volta sola."
    )
    assert _refusal("0 28") == (
        "Ho 2 conti per 3 giocatori: in ordine di posto ne va uno a testa (Anna, Bruno e "
        "Carlo), oppure scriveteli con i nomi."
    )


def test_in_english() -> None:
    with i18n.speaking("en"):
        assert _refusal("Anna 0 Bruno 0 Carlo 12") == (
            "Anna and Bruno at 0: only one player closes. Write the points left in the others' "
            "hands."
        )
        assert _refusal("Anna 0 Bruno JK Carlo 3") == (
            "This game is played without jokers: “JK” cannot be there. Write the other cards, "
            "or the total."
        )


def test_options_refused_with_the_options_to_type() -> None:
    with pytest.raises(errors.UnknownOption) as home:
        parse_new_game("Anna Bruno colore=rosso")
    assert refusal(home.value) == (
        "Non conosco l'opzione «colore=rosso». Opzioni: smazzate=3 soglia=200 jolly singola "
        "carte=13 mazziere=Bruno."
    )
    with i18n.speaking("en"):
        assert refusal(home.value).endswith(
            "Options: deals=3 target=200 jokers single cards=13 dealer=Bruno."
        )
    with pytest.raises(OptionOutOfRange) as deals:
        parse_new_game("Anna Bruno smazzate=51")
    assert refusal(deals.value) == "smazzate=51 non va: si può da 1 a 50."
    with i18n.speaking("en"):
        assert refusal(deals.value) == "deals=51 is not allowed: it can be 1 to 50."
    with pytest.raises(TooFewPlayers) as few:
        parse_tournament("Anna Bruno Carlo Dario Elena Franco Gino Ida")
    assert refusal(few.value) == "8 giocatori: un torneo ne vuole almeno 9 (tre tavoli da tre)."
