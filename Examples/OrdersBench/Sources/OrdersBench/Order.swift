/// The app's model of one page of its orders API, with synthesized Codable.
struct OrderPage: Codable, Equatable, Sendable {
    var orders: [Order]
    var nextPage: String?

    enum CodingKeys: String, CodingKey {
        case orders
        case nextPage = "next_page"
    }
}

struct Order: Codable, Equatable, Sendable {
    enum Status: String, Codable, Sendable {
        case placed, paid, shipped, delivered, refunded
    }

    var id: Int64
    var number: String
    var placedAt: String
    var status: Status
    var customer: Customer
    var items: [LineItem]
    var note: String?
    var totalCents: Int

    enum CodingKeys: String, CodingKey {
        case id, number, status, customer, items, note
        case placedAt = "placed_at"
        case totalCents = "total_cents"
    }
}

struct Customer: Codable, Equatable, Sendable {
    var id: Int64
    var name: String
    var email: String
    var vip: Bool
}

struct LineItem: Codable, Equatable, Sendable {
    var sku: String
    var title: String
    var quantity: Int
    var unitPriceCents: Int
    var discount: Double?

    enum CodingKeys: String, CodingKey {
        case sku, title, quantity, discount
        case unitPriceCents = "unit_price_cents"
    }
}
