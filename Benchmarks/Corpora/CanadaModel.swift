import Foundation

/// canada.json (GeoJSON: Canada's outline) the way an app models it: a feature collection whose
/// polygons are rings of `[longitude, latitude]` pairs, decoded as nested arrays of Double.
public struct FeatureCollection: Codable {
    public var type: String
    public var features: [Feature]

    public init<Node>(fields f: JSONFields<Node>) throws {
        type = try f.string("type")
        features = try f.objects("features", Feature.init(fields:))
    }
}

public struct Feature: Codable {
    public var type: String
    public var properties: [String: String]
    public var geometry: Geometry

    public init<Node>(fields f: JSONFields<Node>) throws {
        type = try f.string("type")
        guard
            let properties = try f.object("properties").node.mapMembers({ key, node -> (String, String) in
                guard let value = node.string else { throw MappingError(description: "properties.\(key): expected a string") }
                return (key, value)
            })
        else { throw MappingError(description: "properties: expected an object") }
        self.properties = Dictionary(properties, uniquingKeysWith: { first, _ in first })
        geometry = try Geometry(fields: f.object("geometry"))
    }
}

public struct Geometry: Codable {
    public var type: String
    /// Polygon rings, each a list of `[longitude, latitude]`.
    public var coordinates: [[[Double]]]

    public init<Node>(fields f: JSONFields<Node>) throws {
        type = try f.string("type")
        coordinates = try f.array("coordinates") { ring in
            guard let points = try ring.mapElements({ try $0.doubles() }) else {
                throw MappingError(description: "coordinates: expected rings of points")
            }
            return points
        }
    }
}
