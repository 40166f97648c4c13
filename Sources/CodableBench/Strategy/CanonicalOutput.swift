/// A strategy's output in canonical form, and how much of the truth it claims to reproduce.
public enum CanonicalOutput: Sendable {
    /// The whole feed, compared field by field with the truth.
    case feed(CanonicalFeed)
    /// The whole feed and each article's `ext` object, both compared with the truth.
    case feedWithExt(CanonicalFeed, ext: [JSONValue])
    /// The whole feed and each article's subtype, both compared with the truth.
    case feedWithKinds(CanonicalFeed, kinds: [CanonicalKind])
    /// A whole document read as a JSON value (model-free strategies). There is no ground truth for
    /// it: it is compared with the group reference's value on the same bytes.
    case json(JSONValue)
    /// References that parse without building entities: the number of articles they saw.
    case articleCount(Int)
    /// References whose only claim is that they completed (e.g. the empty-struct scan, memcpy):
    /// the byte count they processed.
    case processedBytes(Int)
}
