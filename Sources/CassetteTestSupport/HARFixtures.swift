import Foundation

/// The HAR files under `Tests/HARFixtures`, shared by the test targets: `chrome.har` and
/// `firefox.har` built from those browsers' documented HAR structure, and `mitmproxy.har` written by
/// `mitmdump --set hardump=…` (see `scripts/check-har-tools`).
package enum HARFixtures {
    /// `Tests/HARFixtures` of this checkout.
    package static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/HARFixtures")

    /// The fixture named `name` (`chrome.har`).
    package static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The package's root folder (for the committed cassettes and the golden file).
    package static var packageRoot: URL {
        directory.deletingLastPathComponent().deletingLastPathComponent()
    }
}
