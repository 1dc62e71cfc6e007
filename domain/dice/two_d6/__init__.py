"""The ``two_d6`` dice family (Les Errants d'Ukiyo): two six-sided dice thrown for a test,
their sum added to a technique's score; the sum's parity settles a yakuza bet. See
:mod:`.roll` and :mod:`.odds`."""
