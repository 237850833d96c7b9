"""The web page for players: ``odds serve`` and its JSON API.

A thin layer over the Python API the CLI calls: requests are checked
(:mod:`odds.web.schemas`), units are named as the CLI names them
(:mod:`odds.web.books`), each answer is built by :mod:`odds.web.answers` from the
same functions and in the same shape as ``odds COMMAND --format json``, and the
jobs run in a worker pool (:mod:`odds.web.jobs`).  The page itself
(``static/``) is hand-written ES modules that hold no game logic.
"""
