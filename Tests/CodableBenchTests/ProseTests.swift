@testable import CodableBench
@testable import CodableBenchCore
import Testing

/// Report text with code spans, rendered three ways.
@Suite("Prose")
struct ProseTests {
    static let sentence: Prose = "\(code: "a<b>") vs \(code: "x`y") on \(3) payloads & more"

    @Test func eachReportRendersCodeSpansItsOwnWay() {
        #expect(Self.sentence.markdown == "`a<b>` vs `` x`y `` on 3 payloads & more")
        #expect(Self.sentence.html == "<code>a&lt;b&gt;</code> vs <code>x`y</code> on 3 payloads &amp; more")
        #expect(Self.sentence.plain == "a<b> vs x`y on 3 payloads & more")
    }

    @Test func textThatReadsTheSameIsEqualHoweverItWasBuilt() {
        let built: Prose = "a " + "b" + Prose.code("c") + "" + " d"
        #expect(built == Prose([.text("a b"), .code("c"), .text(" d")]))
        #expect(built.spans.count == 3)
        #expect([Prose.code("x"), "y", Prose.code("z")].joined(separator: ", ").markdown == "`x`, y, `z`")
        #expect(("" as Prose).isEmpty && !Prose.code("").isEmpty)
    }
}
