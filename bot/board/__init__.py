"""The live scoreboard (issue 36): ``/tavolo``'s page, served by the bot's own web server
(``bot.webhook``) to any browser and, as a Mini App, inside Telegram. ``initdata`` checks
what Telegram signs for a Mini App; ``panels`` reads each game's panel through the table of
games; ``page`` writes the HTML; ``web`` serves it, live by Server-Sent Events read off the
database (any bot process serves any page)."""
