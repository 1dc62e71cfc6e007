"""The ``narrative`` dice family (5th edition): ring d6s and skill d12s whose faces show
successes, opportunities, strife and explosive successes; the player keeps some, the
kept explosive successes explode. See :mod:`.faces`, :mod:`.roll`, :mod:`.odds`."""
