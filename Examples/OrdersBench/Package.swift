// swift-tools-version: 6.1
import PackageDescription

// A team's own benchmark package: their models, their captured payload, CodableBench's harness.
let package = Package(
    name: "OrdersBench",
    platforms: [.macOS(.v14)],
    dependencies: [
        // In your package: .package(url: "https://github.com/<you>/CodableBench", from: "0.1.0")
        .package(name: "CodableBench", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "orders-bench",
            dependencies: [.product(name: "CodableBench", package: "CodableBench"), "OrderNative"],
            path: "Sources/OrdersBench"
        ),
        // A C dependency, as app packages often have: its debug information (clang's DWARF 5) is what
        // valgrind 3.19 cannot read; the example shows exact measures with it all the same.
        .target(name: "OrderNative", path: "Sources/OrderNative"),
    ],
    swiftLanguageModes: [.v6]
)
