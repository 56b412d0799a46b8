import CassetteCore
import CassetteTestSupport
import Foundation
import Testing

/// Nothing `cassette lint` prints shows a secret: not a finding's message, nor its JSON path when a
/// secret is used as a JSON object key, in any format.
@Suite struct LintScrubbedOutputTests {
    static let secret = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"

    static let cassette = """
        {
          "interactions" : [
            {
              "request" : {
                "method" : "GET",
                "url" : "https://api.example.com/v1/keys"
              },
              "response" : {
                "body" : {
                  "json" : {
                    "api_keys" : {
                      "\(secret)" : {
                        "owner" : "ada@example.com",
                        "password" : "hunter2hunter2"
                      }
                    }
                  }
                },
                "status" : 200
              }
            }
          ],
          "version" : 1
        }

        """

    @Test(arguments: ["text", "json", "github"])
    func aSecretUsedAsAJSONKeyIsNotPrintedInTheFindingsPaths(format: String) throws {
        let scratch = try ScratchPackage()
        try scratch.write("Cassettes/Keys.json", Self.cassette)
        let run = scratch.run("lint", "--format", format)
        #expect(run.status == 1)
        #expect(run.stdout.contains("password"), "\(run.stdout)")
        #expect(run.stdout.contains("sk_live_SCRUBBED-1"), "\(run.stdout)")
        #expect(!run.stdout.contains(Self.secret), "\(run.stdout)")
        #expect(!run.stderr.contains(Self.secret), "\(run.stderr)")
        #expect(!run.stdout.contains("ada@example.com"))
    }
}
