@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("Profiles")
struct ProfileTests {
    @Test func everyCommittedProfileLoads() throws {
        let names = TestSupport.profiles.names()
        #expect(names.contains("small") && names.contains("medium") && names.contains("large"))
        for name in names { _ = try TestSupport.profile(name) }
    }

    private func write(_ json: String) throws -> URL {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("p.json")
        try Data(json.utf8).write(to: file)
        return file
    }

    @Test func unknownKeyIsRejectedByName() throws {
        let file = try write(#"{"name": "x", "elements": 3, "faultRtae": 0.1}"#)
        let error = try #require(throws: ProfileError.self) { try Profile.read(from: file) }
        #expect(error.description.contains("unknown key 'faultRtae'"))
        #expect(!error.description.contains("\n"))
    }

    @Test func outOfRangeKnobIsRejected() throws {
        let file = try write(#"{"name": "x", "elements": 3, "nullRate": 1.5}"#)
        let error = try #require(throws: ProfileError.self) { try Profile.read(from: file) }
        #expect(error.description.contains("nullRate must be in 0...1"))
    }

    @Test func brokenJSONIsOneLine() throws {
        let file = try write(#"{"name": "x", "elements": "#)
        let error = try #require(throws: ProfileError.self) { try Profile.read(from: file) }
        #expect(error.description.hasPrefix("malformed profile p.json"))
        #expect(!error.description.contains("\n"))
    }

    @Test func unknownProfileListsTheKnownOnes() throws {
        let error = try #require(throws: ProfileError.self) { try TestSupport.profiles.profile(named: "nope") }
        #expect(error.description.contains("unknown profile 'nope'"))
        #expect(error.description.contains("small"))
    }

    @Test func defaultsApplyToAbsentKnobs() throws {
        let profile = try Profile.read(from: try write(#"{"name": "x", "elements": 3}"#))
        #expect(profile == Profile(name: "x", elements: 3))
    }
}
