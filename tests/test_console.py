"""``python -m bot --console``: a game night typed in a terminal, without Telegram."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import httpx

from bot import texts

NIGHT = """\
/nuova soglia=30 Anna Bruno Carla
/mano Anna 3 Bruno 12 Carla 7 t=Anna
/tresei
1
Bruno> 1
4
/mano Anna 10 Bruno 25 Carla 2 t=Carla
/classifica generale
/esporta
"""


def play(script: str, tmp_path: Path) -> str:
    """Run the console with ``script`` as what is typed; what it printed."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("TELEGRAM_", "WEBHOOK_", "DATABASE_"))
    }
    env["DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path / 'tamalo.db'}"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--console", "--files", str(tmp_path / "files")],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env | {"PYTHONPATH": str(Path(__file__).parents[1])},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_game_night_typed_in_the_console_plays_to_its_end(tmp_path: Path) -> None:
    out = play(NIGHT, tmp_path)

    assert "🤖 Mano 1:" in out
    # The vote's buttons are printed numbered: one per player. Who opened it marks Anna;
    # Bruno, who is no player linked with /sonoio, is refused; the opener closes the vote.
    assert f"[1] Anna  [2] Bruno  [3] Carla  [4] {texts.vote.vote_goes_on()}" in out
    assert f"🤖 ({texts.vote.vote_marked('Anna', agrees=True)})" in out
    assert "🤖 (messaggio aggiornato)" in out
    assert f"🤖 ({texts.vote.vote_not_yours()})" in out
    assert f"🤖 ({texts.vote.vote_closed_now()})" in out
    assert "🏆 Vince Carla con 7 punti!" in out
    assert "🏆 Classifica generale\n1. Carla · abilità" in out

    # The final chart and the export are saved as files, their paths printed.
    saved = [Path(p) for p in re.findall(r"\[(?:photo|document): (.+)\]", out)]
    assert [p.name[:10] for p in saved] == ["001-grafic", "002-tamalo"]
    assert saved[1].suffix == ".csv"
    assert saved[0].read_bytes().startswith(b"\x89PNG")
    assert "Carla" in saved[1].read_text(encoding="utf-8")


def test_the_console_keeps_its_games_in_the_bots_database(tmp_path: Path) -> None:
    play("/nuova Anna Bruno\n/mano Anna 3 Bruno 12\n", tmp_path)

    out = play("/classifica\n", tmp_path)

    assert "1. Anna 0\n2. Bruno 12" in out


def test_a_second_session_records_its_commands_and_keeps_the_first_ones_files(
    tmp_path: Path,
) -> None:
    first = play("/nuova Anna Bruno\n/mano Anna 3 Bruno 12\n/grafico\n", tmp_path)
    [chart] = [Path(p) for p in re.findall(r"\[photo: (.+)\]", first)]
    drawn = chart.read_bytes()

    second = play("/mano Anna 20 Bruno 5\n/grafico\n/classifica\n", tmp_path)

    assert texts.common.already_handled() not in second
    assert "🤖 Mano 2:" in second
    assert "1. Bruno 17\n2. Anna 20" in second
    [again] = [Path(p) for p in re.findall(r"\[photo: (.+)\]", second)]
    assert (chart.name, again.name) == ("001-grafico.png", "002-grafico.png")
    assert chart.read_bytes() == drawn  # the first evening's chart is still there


def test_the_console_speaks_its_chats_language_and_names_you_in_it(tmp_path: Path) -> None:
    first = play("/nuova Anna Bruno\n/sonoio Anna\n/lingua en\n/iam no Anna\n/iam Anna\n", tmp_path)

    assert first.startswith("TamaloBot, console. Scrivi i comandi come nel gruppo")
    assert "🙋 Tu dice di essere Anna in questo gruppo" in first
    assert "🙋 You says they are Anna in this group" in first  # after /lingua en

    second = play("You> /help\n", tmp_path)  # "You>" is you, as "Tu>" is

    assert second.startswith(
        "TamaloBot, console. Type commands as in the group (/help to begin); "
        "“Bruno> /hand …” types as Bruno; a number presses the button. Ctrl-D to quit."
    )
    assert "Tu" not in second
    assert "🤖 🃏 TamaloBot keeps score of your Tamalo games." in second


def test_the_tago_judge_s_buttons_work_in_the_console(tmp_path: Path) -> None:
    out = play("/giudica punto=6,6,2 Anna 1,1,2 Bruno 0,0,0\n2\n1\n", tmp_path)

    assert "[1] 14 (somma)  [2] 2 (coppia tolta)" in out
    assert "🏆 Vince Bruno con ZERO. Lo ZERO vince anche il jackpot!" in out
    assert "🤖 (Già giudicata: il verdetto è nel messaggio.)" in out


def test_the_console_serves_the_live_scoreboard_on_this_machine(tmp_path: Path) -> None:
    """``/tavolo`` in the console prints the scoreboard's link on 127.0.0.1, and the page it
    opens shows the game, as a browser would see it."""
    with socket.socket() as probe:  # a port free now, for the console to take
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("TELEGRAM_", "WEBHOOK_", "DATABASE_", "PORT"))
    }
    env |= {
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'tamalo.db'}",
        "PORT": str(port),
        "PYTHONPATH": str(Path(__file__).parents[1]),
    }
    console = subprocess.Popen(
        [sys.executable, "-m", "bot", "--console", "--files", str(tmp_path / "files")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert console.stdin is not None
    assert console.stdout is not None
    try:
        console.stdin.write("/nuova Anna Bruno\n/mano Anna 3 Bruno 12\n/tavolo\n")
        console.stdin.flush()
        printed: list[str] = []
        while not (
            link := re.search(
                r"📺 [^:\n]+: (http://127\.0\.0\.1:\d+/tavolo/\S+)",
                line := console.stdout.readline(),
            )
        ):
            assert line, "".join(printed)
            printed.append(line)
        page = httpx.get(link[1], timeout=30)
    finally:
        console.stdin.close()
        console.wait(timeout=60)
    assert link[1].startswith(f"http://127.0.0.1:{port}/tavolo/")
    assert any("127.0.0.1" in line and "/tavolo" in line for line in printed)  # the banner
    assert page.status_code == 200
    assert "Anna" in page.text
    assert "Bruno 12" in page.text
    assert console.returncode == 0
