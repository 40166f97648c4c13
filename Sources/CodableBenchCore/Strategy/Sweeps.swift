/// Profiles that vary one knob, for the crossover analysis (see `Crossover`).
public let unrelatedSweep = ["sweep-unrelated-0", "sweep-unrelated-30", "sweep-unrelated-60", "sweep-unrelated-90"]
