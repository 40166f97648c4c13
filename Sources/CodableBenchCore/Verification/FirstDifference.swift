/// Finds the first place where two canonical values differ and names it as a JSON path, e.g.
/// `data.articles[12].authors[0].name: expected "Ann", got "Anne"`. Reflection is slow, so it runs
/// only after `==` has already said the values differ.
package enum FirstDifference {
    /// `renamingKeys` names properties by the payload's snake_case keys (the canonical model);
    /// off, paths use the property names as declared (your own models).
    static func find(expected: Any, actual: Any, renamingKeys: Bool = true) -> String? {
        walk(expected, actual, path: "", renamingKeys: renamingKeys)
    }

    private static func walk(_ expected: Any, _ actual: Any, path: String, renamingKeys: Bool) -> String? {
        if let e = expected as? JSONValue, let a = actual as? JSONValue {
            return JSONValueDifference.find(expected: e, actual: a, path: path)
        }
        let e = Mirror(reflecting: expected)
        let a = Mirror(reflecting: actual)
        switch e.displayStyle {
        case .optional:
            let ev = e.children.first?.value
            let av = a.children.first?.value
            switch (ev, av) {
            case (nil, nil): return nil
            case let (ev?, av?): return walk(ev, av, path: path, renamingKeys: renamingKeys)
            default: return "\(path): expected \(describe(ev)), got \(describe(av))"
            }
        case .collection:
            let ec = Array(e.children), ac = Array(a.children)
            for i in 0..<min(ec.count, ac.count) {
                if let d = walk(ec[i].value, ac[i].value, path: "\(path)[\(i)]", renamingKeys: renamingKeys) { return d }
            }
            return ec.count == ac.count ? nil : "\(path): expected \(ec.count) elements, got \(ac.count)"
        case .struct, .class:
            for (ec, ac) in zip(e.children, a.children) {
                let label = ec.label ?? "?"
                let name = renamingKeys ? jsonName(label) : label
                if let d = walk(ec.value, ac.value, path: path.isEmpty ? name : "\(path).\(name)", renamingKeys: renamingKeys) { return d }
            }
            return nil
        default:
            let es = String(reflecting: expected), as_ = String(reflecting: actual)
            return es == as_ ? nil : "\(path): expected \(clip(es)), got \(clip(as_))"
        }
    }

    private static func describe(_ value: Any?) -> String {
        guard let value else { return "nil" }
        return clip(String(reflecting: value))
    }

    package static func clip(_ text: String, limit: Int = 80) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: "\\n")
        return flat.count <= limit ? flat : String(flat.prefix(limit - 3)) + "..."
    }

    /// The canonical model's property name as the payload's snake_case key.
    static func jsonName(_ label: String) -> String {
        switch label {
        case "imageURL": return "image_url"
        case "profileURL": return "profile_url"
        case "relatedIDs": return "related_ids"
        default:
            var out = ""
            for ch in label {
                if ch.isUppercase { out += "_" + ch.lowercased() } else { out.append(ch) }
            }
            return out
        }
    }
}

/// The first difference between two JSON values, telling types apart (`1.0` is not `1`).
enum JSONValueDifference {
    static func find(expected: JSONValue, actual: JSONValue, path: String) -> String? {
        switch (expected, actual) {
        case let (.object(e), .object(a)):
            for key in Set(e.keys).union(a.keys).sorted() {
                let sub = path.isEmpty ? key : "\(path).\(key)"
                switch (e[key], a[key]) {
                case let (ev?, av?): if let d = find(expected: ev, actual: av, path: sub) { return d }
                case let (ev?, nil): return "\(sub): expected \(describe(ev)), got no key"
                case let (nil, av?): return "\(sub): expected no key, got \(describe(av))"
                default: break
                }
            }
            return nil
        case let (.array(e), .array(a)):
            for i in 0..<min(e.count, a.count) {
                if let d = find(expected: e[i], actual: a[i], path: "\(path)[\(i)]") { return d }
            }
            return e.count == a.count ? nil : "\(path): expected \(e.count) elements, got \(a.count)"
        default:
            return expected == actual ? nil : "\(path): expected \(describe(expected)), got \(describe(actual))"
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "bool \(b)"
        case .int(let i): return "int \(i)"
        case .double(let d): return "double \(d)"
        case .string(let s): return "string \(FirstDifference.clip(String(reflecting: s)))"
        case .array(let items): return "array of \(items.count)"
        case .object(let members): return "object of \(members.count)"
        }
    }
}
