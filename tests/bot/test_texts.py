"""Texts are functions translated when called, however they were imported (a constant read
once would keep the language it was read in). Written by split_texts.py."""

import ast
import importlib
import inspect
import pkgutil

import bot.texts
from bot import i18n
from bot.texts.common import decimal, no_running_game


def test_a_text_imported_by_name_speaks_the_language_in_force() -> None:
    italian = no_running_game()
    with i18n.speaking("en"):
        english = no_running_game()
    assert english != italian
    assert english == i18n.translations("en").gettext(italian)


def test_every_text_that_was_a_constant_is_translated_when_called() -> None:
    english = i18n.translations("en")
    checked = 0
    for found in pkgutil.iter_modules(bot.texts.__path__):
        module = importlib.import_module(f"bot.texts.{found.name}")
        for name, function in inspect.getmembers(module, inspect.isfunction):
            (definition,) = ast.parse(inspect.getsource(function)).body
            assert isinstance(definition, ast.FunctionDef)
            body = definition.body
            if len(body) != 1 or not isinstance(body[0], ast.Return):
                continue
            value = body[0].value
            if not (isinstance(value, ast.Call) and ast.unparse(value.func) == "_"):
                continue
            if not isinstance(value.args[0], ast.Constant):
                continue
            italian = function()
            assert italian == value.args[0].value, name
            with i18n.speaking("en"):
                assert function() == english.gettext(italian), name
            checked += 1
    assert checked > 0


def test_a_decimal_that_rounds_to_nought_has_no_minus_sign() -> None:
    assert [decimal(-0.04), decimal(-0.05), decimal(0.04), decimal(-1.26)] == [
        "0,0", "-0,1", "0,0", "-1,3"
    ]  # fmt: skip
    with i18n.speaking("en"):
        assert decimal(-0.001, 2) == "0.00"
