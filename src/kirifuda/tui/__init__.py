"""The terminal table: the full-screen Textual app (:mod:`.app`), the ``--plain`` line mode (:mod:`.plain`), the
game session both drive (:mod:`.session`) and the record viewer's steps (:mod:`.viewer`). Every game is drawn from
its presentation model (:mod:`kirifuda.presentation`); nothing here knows a game."""
