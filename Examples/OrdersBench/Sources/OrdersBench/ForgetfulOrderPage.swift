import Foundation

/// A deliberate bug, kept to show what verification does with one: the synthesized decode, then
/// every note dropped. Reported as `wrong-output` with the first order whose note is lost.
enum ForgetfulOrderPage {
    static func decode(_ data: Data) throws -> OrderPage {
        var page = try JSONDecoder().decode(OrderPage.self, from: data)
        for index in page.orders.indices { page.orders[index].note = nil }
        return page
    }
}
