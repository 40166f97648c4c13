import Foundation

/// The payload's keys, pre-encoded (quoted) in the profile's key style.
struct PayloadKeys {
    let id, title, subtitle, summary, body, url, imageURL, publishedAt, updatedAt, section, tags: [UInt8]
    let authors, images, metrics, isPremium, isBreaking, relatedIDs, commentCount, ext: [UInt8]
    let name, profileURL, width, height, caption, views, shares, readRatio, score: [UInt8]
    let status, paging, nextCursor, total, data, articles, meta, serverTime: [UInt8]
    let trackingPayload, rawHTML, events, event, timestamp: [UInt8]
    /// A legacy API's names for `title` and `image_url`.
    let legacyTitle, legacyImageURL: [UInt8]

    /// The plain (unquoted) key names of the fields faults are planted in.
    let earlyFaultKey: String
    let lateFaultKey: String

    init(style: Profile.KeyStyle) {
        func k(_ snake: String) -> [UInt8] {
            let name = style == .snakeCase ? snake : Self.camelCase(snake)
            return Array("\"\(name)\"".utf8)
        }
        id = k("id"); title = k("title"); subtitle = k("subtitle"); summary = k("summary"); body = k("body")
        url = k("url"); imageURL = k("image_url"); publishedAt = k("published_at"); updatedAt = k("updated_at")
        section = k("section"); tags = k("tags"); authors = k("authors"); images = k("images")
        metrics = k("metrics"); isPremium = k("is_premium"); isBreaking = k("is_breaking")
        relatedIDs = k("related_ids"); commentCount = k("comment_count"); ext = k("ext")
        name = k("name"); profileURL = k("profile_url"); width = k("width"); height = k("height")
        caption = k("caption"); views = k("views"); shares = k("shares"); readRatio = k("read_ratio")
        score = k("score"); status = k("status"); paging = k("paging"); nextCursor = k("next_cursor")
        total = k("total"); data = k("data"); articles = k("articles"); meta = k("meta")
        serverTime = k("server_time"); trackingPayload = k("tracking_payload"); rawHTML = k("raw_html")
        events = k("events"); event = k("event"); timestamp = k("timestamp")
        legacyTitle = k("headline"); legacyImageURL = k("thumbnail_url")
        earlyFaultKey = "id"
        lateFaultKey = style == .snakeCase ? "comment_count" : "commentCount"
    }

    static func camelCase(_ snake: String) -> String {
        let parts = snake.split(separator: "_")
        return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
    }
}
