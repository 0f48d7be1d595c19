"""Analysis: many games at once (:mod:`.runner`), tournaments (:mod:`.tournament`) and, for designers, balance
reports. Results are a table of game rows first; every report is read from it."""
