import CodableBench
import Foundation

/// JSONSerialization, then `as?` casts into the same model.
enum DictionaryOrderPage {
    static func decode(_ data: Data) throws -> OrderPage {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let orders = root["orders"] as? [[String: Any]]
        else { throw DecodePathError(path: "orders", "expected an array") }
        return OrderPage(
            orders: try orders.enumerated().map { try order($1, path: "orders[\($0)]") },
            nextPage: root["next_page"] as? String)
    }

    static func order(_ o: [String: Any], path: String) throws -> Order {
        guard let id = o["id"] as? Int64, let number = o["number"] as? String, let placedAt = o["placed_at"] as? String,
            let status = (o["status"] as? String).flatMap(Order.Status.init(rawValue:)),
            let c = o["customer"] as? [String: Any], let items = o["items"] as? [[String: Any]],
            let total = o["total_cents"] as? Int
        else { throw DecodePathError(path: path, "missing or mistyped field") }
        guard let customerID = c["id"] as? Int64, let name = c["name"] as? String, let email = c["email"] as? String,
            let vip = c["vip"] as? Bool
        else { throw DecodePathError(path: path + ".customer", "missing or mistyped field") }
        return Order(
            id: id, number: number, placedAt: placedAt, status: status,
            customer: Customer(id: customerID, name: name, email: email, vip: vip),
            items: try items.map { item in
                guard let sku = item["sku"] as? String, let title = item["title"] as? String,
                    let quantity = item["quantity"] as? Int, let price = item["unit_price_cents"] as? Int
                else {
                    throw DecodePathError(path: path + ".items", "missing or mistyped field")
                }
                return LineItem(
                    sku: sku, title: title, quantity: quantity, unitPriceCents: price,
                    discount: item["discount"] as? Double)
            },
            note: o["note"] as? String, totalCents: total)
    }
}
