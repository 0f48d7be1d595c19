"""What the oracles' self-tests share: a rejected probe leaves the oracle unchanged, and one checked
random decision (probes from the wrong seat, garbage and a random card first)."""

import pickle

from ._common import Illegal


def snapshot(oracle) -> str:
    return repr(vars(oracle))


def probe_rejected(oracle, seat, text, before=None):
    before = before or snapshot(oracle)
    try:
        oracle.apply(seat, text)
    except Illegal:
        pass
    else:
        raise AssertionError(f"accepted {text!r} from seat {seat}")
    assert snapshot(oracle) == before, text


def act_checked(oracle, seat, seats, rng, garbage, card_probe, check_all_legal=False, respell=None):
    """``seat`` acts at random after the probes: another seat's legal text, garbage, ``card_probe``
    (unless legal) — each rejected with no change. ``respell`` may rewrite the chosen text (another
    legal spelling); a fifth of the time it is lower-cased too. Returns the text applied."""
    legal = oracle.legal(seat)
    assert legal, "no legal action while acting"
    other = rng.choice([s for s in range(seats) if s != seat])
    assert oracle.legal(other) == set()
    state = snapshot(oracle)
    probe_rejected(oracle, other, rng.choice(sorted(legal)), state)
    probe_rejected(oracle, seat, rng.choice(garbage), state)
    if card_probe not in legal:
        probe_rejected(oracle, seat, card_probe, state)
    if check_all_legal:
        for text in legal:
            pickle.loads(pickle.dumps(oracle)).apply(seat, text)
    text = rng.choice(sorted(legal))
    if respell is not None:
        text = respell(text, rng)
    if rng.random() < 0.2:
        text = text.lower()
    oracle.apply(seat, text)
    return text
