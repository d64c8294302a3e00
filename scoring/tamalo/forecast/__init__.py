"""Chi vince? Tamalo's live forecast: the rest of a game simulated with the engine's rules
(``chances``), players drawn from the chat's history (``hand_model``, ``evidence``, ``skill``)."""
