/// Checks a typed model's view of a document against the document itself (both read exactly):
/// the view must be a sub-tree of the document. Objects: every key of the view is in the document
/// with a matching value (keys the model leaves out are fine). Arrays: same length, element by
/// element. Numbers match by value, so a model's `Double` matches a document's `-65`.
enum DocumentViewCheck {
    /// The first place where the view disagrees with the document, as `path: expected …, got …`.
    static func firstMismatch(view: JSONValue, document: JSONValue, path: String = "") -> String? {
        switch (document, view) {
        case let (.object(d), .object(v)):
            for key in v.keys.sorted() {
                let sub = path.isEmpty ? key : "\(path).\(key)"
                guard let dv = d[key] else {
                    // An optional the model fills with null where the document has no key is fine.
                    if v[key] == .null { continue }
                    return "\(sub): the document has no such key, the model has \(JSONValueDifference.describe(v[key]!))"
                }
                if let mismatch = firstMismatch(view: v[key]!, document: dv, path: sub) { return mismatch }
            }
            return nil
        case let (.array(d), .array(v)):
            for (index, (dv, vv)) in zip(d, v).enumerated() {
                if let mismatch = firstMismatch(view: vv, document: dv, path: "\(path)[\(index)]") { return mismatch }
            }
            return d.count == v.count ? nil : "\(path): the document has \(d.count) elements, the model \(v.count)"
        case let (.int(d), .double(v)) where Double(d) == v: return nil
        case let (.double(d), .int(v)) where d == Double(v): return nil
        default:
            if document == view { return nil }
            return "\(path.isEmpty ? "(root)" : path): the document has \(JSONValueDifference.describe(document)), "
                + "the model \(JSONValueDifference.describe(view))"
        }
    }
}
