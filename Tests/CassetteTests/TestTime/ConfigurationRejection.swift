import Cassette
import CassetteTestSupport
import Foundation
import Testing

/// Opening a cassette beside a `.cassette.json` holding `configuration` fails with an error at
/// `line`:`column` of that file whose words include `message`.
func expectOpeningFails(
    configuration: String, line: Int, column: Int, message: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let directory = try TemporaryDirectory()
    let config = directory.file(".cassette.json")
    try Data(configuration.utf8).write(to: config)
    let file = directory.file("Bad.json")
    try CassetteDocument(interactions: []).write(to: file)
    let error = try #require(throws: CassetteError.self, sourceLocation: sourceLocation) {
        try openCassette(file, .replay)
    }
    #expect(
        error.description.contains("\(config.path):\(line):\(column): error:"), "\(error)",
        sourceLocation: sourceLocation)
    #expect(error.description.contains(message), "\(error)", sourceLocation: sourceLocation)
}
