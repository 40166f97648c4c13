// Builds ordo-one/malloc-interposer's shared library beside the `benchmarks` executable; see
// `InterposerCounter`. The harness itself never links it: its malloc would be timed too.
import MallocInterposerSwift
