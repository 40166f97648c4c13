import Foundation

/// twitter.json (a search API response) the way an app models it: statuses with their users and
/// entities, nullable reply fields, 64-bit ids, and a retweeted status nested inside a status.
/// Synthesized Codable with explicit coding keys; the hand mapping is `init(fields:)`.
public struct TwitterSearch: Codable {
    public var statuses: [Status]
    public var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }

    public init<Node>(fields f: JSONFields<Node>) throws {
        statuses = try f.objects("statuses", Status.init(fields:))
        searchMetadata = try SearchMetadata(fields: f.object("search_metadata"))
    }
}

/// A class, because a status holds its retweeted status (a value type cannot contain itself).
public final class Status: Codable {
    public var metadata: StatusMetadata
    public var createdAt: String
    public var id: Int64
    public var idStr: String
    public var text: String
    public var source: String
    public var truncated: Bool
    public var inReplyToStatusId: Int64?
    public var inReplyToStatusIdStr: String?
    public var inReplyToUserId: Int64?
    public var inReplyToUserIdStr: String?
    public var inReplyToScreenName: String?
    public var user: User
    public var retweetedStatus: Status?
    public var retweetCount: Int
    public var favoriteCount: Int
    public var entities: Entities
    public var favorited: Bool
    public var retweeted: Bool
    public var possiblySensitive: Bool?
    public var lang: String

    enum CodingKeys: String, CodingKey {
        case metadata, id, text, source, truncated, user, entities, favorited, retweeted, lang
        case createdAt = "created_at"
        case idStr = "id_str"
        case inReplyToStatusId = "in_reply_to_status_id"
        case inReplyToStatusIdStr = "in_reply_to_status_id_str"
        case inReplyToUserId = "in_reply_to_user_id"
        case inReplyToUserIdStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case possiblySensitive = "possibly_sensitive"
    }

    public init<Node>(fields f: JSONFields<Node>) throws {
        metadata = try StatusMetadata(fields: f.object("metadata"))
        createdAt = try f.string("created_at")
        id = try f.int64("id")
        idStr = try f.string("id_str")
        text = try f.string("text")
        source = try f.string("source")
        truncated = try f.bool("truncated")
        inReplyToStatusId = try f.optionalInt64("in_reply_to_status_id")
        inReplyToStatusIdStr = try f.optionalString("in_reply_to_status_id_str")
        inReplyToUserId = try f.optionalInt64("in_reply_to_user_id")
        inReplyToUserIdStr = try f.optionalString("in_reply_to_user_id_str")
        inReplyToScreenName = try f.optionalString("in_reply_to_screen_name")
        user = try User(fields: f.object("user"))
        retweetedStatus = try f.optionalObject("retweeted_status").map(Status.init(fields:))
        retweetCount = try f.int("retweet_count")
        favoriteCount = try f.int("favorite_count")
        entities = try Entities(fields: f.object("entities"))
        favorited = try f.bool("favorited")
        retweeted = try f.bool("retweeted")
        possiblySensitive = try f.optionalBool("possibly_sensitive")
        lang = try f.string("lang")
    }
}

public struct StatusMetadata: Codable {
    public var resultType: String
    public var isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }

    public init<Node>(fields f: JSONFields<Node>) throws {
        resultType = try f.string("result_type")
        isoLanguageCode = try f.string("iso_language_code")
    }
}

public struct User: Codable {
    public var id: Int64
    public var idStr: String
    public var name: String
    public var screenName: String
    public var location: String
    public var description: String
    public var url: String?
    public var protected: Bool
    public var followersCount: Int
    public var friendsCount: Int
    public var listedCount: Int
    public var createdAt: String
    public var favouritesCount: Int
    public var utcOffset: Int?
    public var timeZone: String?
    public var geoEnabled: Bool
    public var verified: Bool
    public var statusesCount: Int
    public var lang: String
    public var profileImageUrlHttps: String
    public var profileBannerUrl: String?
    public var following: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, location, description, url, protected, verified, lang, following
        case idStr = "id_str"
        case screenName = "screen_name"
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case listedCount = "listed_count"
        case createdAt = "created_at"
        case favouritesCount = "favourites_count"
        case utcOffset = "utc_offset"
        case timeZone = "time_zone"
        case geoEnabled = "geo_enabled"
        case statusesCount = "statuses_count"
        case profileImageUrlHttps = "profile_image_url_https"
        case profileBannerUrl = "profile_banner_url"
    }

    public init<Node>(fields f: JSONFields<Node>) throws {
        id = try f.int64("id")
        idStr = try f.string("id_str")
        name = try f.string("name")
        screenName = try f.string("screen_name")
        location = try f.string("location")
        description = try f.string("description")
        url = try f.optionalString("url")
        protected = try f.bool("protected")
        followersCount = try f.int("followers_count")
        friendsCount = try f.int("friends_count")
        listedCount = try f.int("listed_count")
        createdAt = try f.string("created_at")
        favouritesCount = try f.int("favourites_count")
        utcOffset = try f.optionalInt("utc_offset")
        timeZone = try f.optionalString("time_zone")
        geoEnabled = try f.bool("geo_enabled")
        verified = try f.bool("verified")
        statusesCount = try f.int("statuses_count")
        lang = try f.string("lang")
        profileImageUrlHttps = try f.string("profile_image_url_https")
        profileBannerUrl = try f.optionalString("profile_banner_url")
        following = try f.bool("following")
    }
}

public struct Entities: Codable {
    public var hashtags: [Hashtag]
    public var symbols: [Hashtag]
    public var urls: [URLEntity]
    public var userMentions: [UserMention]
    public var media: [Media]?

    enum CodingKeys: String, CodingKey {
        case hashtags, symbols, urls, media
        case userMentions = "user_mentions"
    }

    public init<Node>(fields f: JSONFields<Node>) throws {
        hashtags = try f.objects("hashtags", Hashtag.init(fields:))
        symbols = try f.objects("symbols", Hashtag.init(fields:))
        urls = try f.objects("urls", URLEntity.init(fields:))
        userMentions = try f.objects("user_mentions", UserMention.init(fields:))
        media = try f.optionalObjects("media", Media.init(fields:))
    }
}

public struct Hashtag: Codable {
    public var text: String
    public var indices: [Int64]

    public init<Node>(fields f: JSONFields<Node>) throws {
        text = try f.string("text")
        indices = try f.int64s("indices")
    }
}

public struct URLEntity: Codable {
    public var url: String
    public var expandedUrl: String
    public var displayUrl: String
    public var indices: [Int64]

    enum CodingKeys: String, CodingKey {
        case url, indices
        case expandedUrl = "expanded_url"
        case displayUrl = "display_url"
    }

    public init<Node>(fields f: JSONFields<Node>) throws {
        url = try f.string("url")
        expandedUrl = try f.string("expanded_url")
        displayUrl = try f.string("display_url")
        indices = try f.int64s("indices")
    }
}

public struct UserMention: Codable {
    public var screenName: String
    public var name: String
    public var id: Int64
    public var idStr: String
    public var indices: [Int64]

    enum CodingKeys: String, CodingKey {
        case name, id, indices
        case screenName = "screen_name"
        case idStr = "id_str"
    }

    public init<Node>(fields f: JSONFields<Node>) throws {
        screenName = try f.string("screen_name")
        name = try f.string("name")
        id = try f.int64("id")
        idStr = try f.string("id_str")
        indices = try f.int64s("indices")
    }
}

public struct Media: Codable {
    public var id: Int64
    public var idStr: String
    public var indices: [Int64]
    public var mediaUrlHttps: String
    public var url: String
    public var displayUrl: String
    public var expandedUrl: String
    public var type: String
    public var sourceStatusId: Int64?

    enum CodingKeys: String, CodingKey {
        case id, indices, url, type
        case idStr = "id_str"
        case mediaUrlHttps = "media_url_https"
        case displayUrl = "display_url"
        case expandedUrl = "expanded_url"
        case sourceStatusId = "source_status_id"
    }

    public init<Node>(fields f: JSONFields<Node>) throws {
        id = try f.int64("id")
        idStr = try f.string("id_str")
        indices = try f.int64s("indices")
        mediaUrlHttps = try f.string("media_url_https")
        url = try f.string("url")
        displayUrl = try f.string("display_url")
        expandedUrl = try f.string("expanded_url")
        type = try f.string("type")
        sourceStatusId = try f.optionalInt64("source_status_id")
    }
}

public struct SearchMetadata: Codable {
    public var completedIn: Double
    public var maxId: Int64
    public var maxIdStr: String
    public var nextResults: String
    public var query: String
    public var refreshUrl: String
    public var count: Int
    public var sinceId: Int64
    public var sinceIdStr: String

    enum CodingKeys: String, CodingKey {
        case query, count
        case completedIn = "completed_in"
        case maxId = "max_id"
        case maxIdStr = "max_id_str"
        case nextResults = "next_results"
        case refreshUrl = "refresh_url"
        case sinceId = "since_id"
        case sinceIdStr = "since_id_str"
    }

    public init<Node>(fields f: JSONFields<Node>) throws {
        completedIn = try f.double("completed_in")
        maxId = try f.int64("max_id")
        maxIdStr = try f.string("max_id_str")
        nextResults = try f.string("next_results")
        query = try f.string("query")
        refreshUrl = try f.string("refresh_url")
        count = try f.int("count")
        sinceId = try f.int64("since_id")
        sinceIdStr = try f.string("since_id_str")
    }
}
