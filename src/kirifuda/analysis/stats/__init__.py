"""The built-in games' ``analysis`` parts (:mod:`kirifuda.analysis.events`): each deal's dealer and seat positions,
the play's statistics that the score lines do not carry, and the game's own names for some of its score lines."""
