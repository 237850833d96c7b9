"""odds: exact and Monte Carlo odds for Warhammer Fantasy Battles 6th edition (MDNR, cm).

Conventions, stated once
------------------------
* Distances are in centimetres; flee and pursuit rolls are 5D6 or 8D6 cm
  (``RULES.md`` §4.1), never inches scaled.
* Units, options and scenarios are immutable dataclasses, validated when
  built; bad input raises :class:`OddsInputError` naming the field and range.
* Every stochastic function takes ``trials`` and ``seed`` (int, SeedSequence,
  Generator or None); the same seed and trial count give identical results
  whatever the thread count.  Results report the seed that repeats them.
* Results are tidy pandas tables with ``probability``, ``stderr``,
  ``ci_low``, ``ci_high`` (95 % Wilson) and, where one exists, ``exact``.
* Plot functions take ``ax=None`` and return the Axes; matplotlib is imported
  only when a plot is drawn.
"""

from odds.validation import OddsInputError

__version__ = "0.1.0"

__all__ = ["OddsInputError", "__version__"]
