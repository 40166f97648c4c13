import Catalogue
#if Simdjson
import SimdjsonBridge
#endif
import Testing

/// The Simdjson trait is opt-in: without it the bridge is not linked and no strategy needs the
/// library (CI's default build runs on a machine without libsimdjson-dev); with it, ref-simdjson is
/// listed (exercised end to end by .ci/simdjson-smoke.sh).
@Suite("Simdjson trait")
struct SimdjsonTraitTests {
    @Test func theSimdjsonRowExistsExactlyWhenTheTraitIsOn() {
        let listed = Catalogue.all.contains { $0.id == "ref-simdjson" }
        #if Simdjson
        #expect(codablebench_simdjson_available() == 1 && listed)
        #else
        #expect(!listed)
        #endif
    }
}
