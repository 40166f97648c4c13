import CodableBench
import Foundation

/// The registration list: one line per strategy. Each decodes the captured payload into the
/// app's `OrderPage`; verification compares every page with the reference's (synthesized) page.
enum OrderStrategies {
    static let group = "orders"
    static let payload = ["orders.json"]

    static let all: [Strategy] = [
        Strategy(
            id: "orders-synthesized", group: group, summary: "JSONDecoder, synthesized Codable (the reference)",
            isReference: true, defaultFiles: payload,
            decode: { try JSONDecoder().decode(OrderPage.self, from: $0) }, canonical: { .equatable($0) }),
        Strategy(
            id: "orders-handwritten", group: group, summary: "JSONDecoder, hand-written init(from:)",
            defaultFiles: payload, decode: HandwrittenOrderPage.decode, canonical: { .equatable($0) }),
        Strategy(
            id: "orders-dictionary", group: group, summary: "JSONSerialization, then a mapping of [String: Any]",
            defaultFiles: payload, decode: DictionaryOrderPage.decode, canonical: { .equatable($0) }),
        // Run it by name (`--strategy orders-forgets-notes`) to see verification catch a bug.
        Strategy(
            id: "orders-forgets-notes", group: group, summary: "a deliberately wrong mapping: drops every note",
            defaultFiles: payload, isHidden: true, expectedOutcomes: ["orders.json": .wrongOutput],
            decode: ForgetfulOrderPage.decode, canonical: { .equatable($0) }),
    ]
}
