import Foundation

/// The same model, decoded by hand-written `init(from:)` implementations.
struct HandwrittenOrderPage: Decodable {
    let page: OrderPage

    static func decode(_ data: Data) throws -> OrderPage {
        try JSONDecoder().decode(HandwrittenOrderPage.self, from: data).page
    }

    private struct Item: Decodable {
        let value: LineItem
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: LineItem.CodingKeys.self)
            value = LineItem(
                sku: try c.decode(String.self, forKey: .sku), title: try c.decode(String.self, forKey: .title),
                quantity: try c.decode(Int.self, forKey: .quantity),
                unitPriceCents: try c.decode(Int.self, forKey: .unitPriceCents),
                discount: try c.decodeIfPresent(Double.self, forKey: .discount))
        }
    }

    private struct HandwrittenOrder: Decodable {
        let value: Order
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Order.CodingKeys.self)
            value = Order(
                id: try c.decode(Int64.self, forKey: .id), number: try c.decode(String.self, forKey: .number),
                placedAt: try c.decode(String.self, forKey: .placedAt),
                status: try c.decode(Order.Status.self, forKey: .status),
                customer: try c.decode(Customer.self, forKey: .customer),
                items: try c.decode([Item].self, forKey: .items).map(\.value),
                note: try c.decodeIfPresent(String.self, forKey: .note),
                totalCents: try c.decode(Int.self, forKey: .totalCents))
        }
    }

    private enum Keys: String, CodingKey { case orders, nextPage = "next_page" }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        page = OrderPage(
            orders: try c.decode([HandwrittenOrder].self, forKey: .orders).map(\.value),
            nextPage: try c.decodeIfPresent(String.self, forKey: .nextPage))
    }
}
