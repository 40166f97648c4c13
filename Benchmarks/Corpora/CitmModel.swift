import Foundation

/// citm_catalog.json (a concert hall's catalogue) the way an app models it: lookup tables keyed by
/// numeric-string ids, decoded as `[Int: …]` dictionaries, and performances with prices and seats.
public struct CitmCatalog: Codable {
    public var areaNames: [Int: String]
    public var audienceSubCategoryNames: [Int: String]
    public var blockNames: [Int: String]
    public var events: [Int: Event]
    public var performances: [Performance]
    public var seatCategoryNames: [Int: String]
    public var subTopicNames: [Int: String]
    public var subjectNames: [Int: String]
    public var topicNames: [Int: String]
    public var topicSubTopics: [Int: [Int64]]
    public var venueNames: [String: String]

    public init<Node>(fields f: JSONFields<Node>) throws {
        let name = { (node: Node) throws -> String in
            guard let s = node.string else { throw MappingError(description: "expected a name") }
            return s
        }
        areaNames = try f.map("areaNames", name)
        audienceSubCategoryNames = try f.map("audienceSubCategoryNames", name)
        blockNames = try f.map("blockNames", name)
        events = try f.map("events") { try Event(fields: JSONFields($0)) }
        performances = try f.objects("performances", Performance.init(fields:))
        seatCategoryNames = try f.map("seatCategoryNames", name)
        subTopicNames = try f.map("subTopicNames", name)
        subjectNames = try f.map("subjectNames", name)
        topicNames = try f.map("topicNames", name)
        topicSubTopics = try f.map("topicSubTopics") { try $0.int64s() }
        // Venue codes are words, not ids.
        guard let venues = try f.node.member("venueNames")?.mapMembers({ key, node in (key, try name(node)) }) else {
            throw MappingError(description: "venueNames: expected an object")
        }
        venueNames = Dictionary(venues, uniquingKeysWith: { first, _ in first })
    }
}

public struct Event: Codable {
    public var description: String?
    public var id: Int64
    public var logo: String?
    public var name: String
    public var subTopicIds: [Int64]
    public var subjectCode: String?
    public var subtitle: String?
    public var topicIds: [Int64]

    public init<Node>(fields f: JSONFields<Node>) throws {
        description = try f.optionalString("description")
        id = try f.int64("id")
        logo = try f.optionalString("logo")
        name = try f.string("name")
        subTopicIds = try f.int64s("subTopicIds")
        subjectCode = try f.optionalString("subjectCode")
        subtitle = try f.optionalString("subtitle")
        topicIds = try f.int64s("topicIds")
    }
}

public struct Performance: Codable {
    public var eventId: Int64
    public var id: Int64
    public var logo: String?
    public var name: String?
    public var prices: [Price]
    public var seatCategories: [SeatCategory]
    public var seatMapImage: String?
    public var start: Int64
    public var venueCode: String

    public init<Node>(fields f: JSONFields<Node>) throws {
        eventId = try f.int64("eventId")
        id = try f.int64("id")
        logo = try f.optionalString("logo")
        name = try f.optionalString("name")
        prices = try f.objects("prices", Price.init(fields:))
        seatCategories = try f.objects("seatCategories", SeatCategory.init(fields:))
        seatMapImage = try f.optionalString("seatMapImage")
        start = try f.int64("start")
        venueCode = try f.string("venueCode")
    }
}

public struct Price: Codable {
    public var amount: Int64
    public var audienceSubCategoryId: Int64
    public var seatCategoryId: Int64

    public init<Node>(fields f: JSONFields<Node>) throws {
        amount = try f.int64("amount")
        audienceSubCategoryId = try f.int64("audienceSubCategoryId")
        seatCategoryId = try f.int64("seatCategoryId")
    }
}

public struct SeatCategory: Codable {
    public var areas: [Area]
    public var seatCategoryId: Int64

    public init<Node>(fields f: JSONFields<Node>) throws {
        areas = try f.objects("areas", Area.init(fields:))
        seatCategoryId = try f.int64("seatCategoryId")
    }
}

public struct Area: Codable {
    public var areaId: Int64
    public var blockIds: [Int64]

    public init<Node>(fields f: JSONFields<Node>) throws {
        areaId = try f.int64("areaId")
        blockIds = try f.int64s("blockIds")
    }
}
