import CassetteScrubbing
import Foundation
import Testing

/// Secrets passed as a command's arguments (Redis, over RESP and over a REST front end) and inside
/// a document that a secret's name holds.
@Suite struct ScrubCommandTests {
    typealias E = ScrubExpectations

    /// The bulk strings of a RESP text, each checked against its `$` length.
    static func bulkStrings(_ text: String) -> [String]? {
        let lines = text.components(separatedBy: "\r\n")
        var strings: [String] = []
        var index = 0
        while index < lines.count {
            if lines[index].hasPrefix("$"), let length = Int(lines[index].dropFirst()), index + 1 < lines.count {
                guard lines[index + 1].utf8.count == length else { return nil }
                strings.append(lines[index + 1])
                index += 2
            } else {
                index += 1
            }
        }
        return strings
    }

    @Test func redisPasswordsAndSessionValuesInRESPAreReplacedAtTheirLength() throws {
        let password = "kCqjWfaTEJrDl8tWFBJD2e0RYeUhCqeO"
        let replica = "Rp7vQ2xLm9Tz4KwB"
        let blob = "e3319d565889c4d9a03a91238f3b62297cec9ad4"
        let commands = [
            ["AUTH", password], ["HELLO", "3", "AUTH", "replica", replica, "SETNAME", "ledger"],
            ["SET", "sess:22107028-6a49", blob, "EX", "86400"], ["GET", "feature:checkout"],
        ]
        let resp = commands.map { command in
            "*\(command.count)\r\n" + command.map { "$\($0.utf8.count)\r\n\($0)\r\n" }.joined()
        }.joined()
        let document = CassetteDocument(interactions: [
            ScrubFixtures.interaction(
                ScrubFixtures.request("POST", url: "https://redis-debug.example/raw", body: resp),
                ScrubFixtures.response(body: "+OK\r\n$\(blob.utf8.count)\r\n\(blob)\r\n"))
        ])
        E.expectScrubbed(document, [password, replica, blob])
        let scrubbed = Scrubber.default.scrub(document).interactions[0]
        let request = try #require(Self.bulkStrings(String(decoding: scrubbed.request.body ?? Data(), as: UTF8.self)))
        #expect(request.contains("replica") && request.contains("feature:checkout") && request.contains("ledger"))
        #expect(request[1].hasPrefix("SCRUBBED") && request[1].utf8.count == password.utf8.count)
        let reply = try #require(Self.bulkStrings(String(decoding: scrubbed.response?.body ?? Data(), as: UTF8.self)))
        #expect(reply.count == 1 && reply[0].hasPrefix("SCRUBBED"))
    }

    @Test func redisCommandsSentAsJSONKeepTheirOrdinaryArguments() {
        let password = "Zt8mQ3vXk1LpW6rN"
        let blob = "9f1c7e2a4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a"
        let body = #"""
            [["AUTH","\#(password)"],["SET","sess:7f3a",\#
            "\#(blob)","EX",86400],["SET","feature:checkout","enabled"],["GET","user:7:name"]]
            """#
        let text = E.expectScrubbed(E.request(body, "application/json"), [password, blob])
        for kept in ["feature:checkout", "enabled", "user:7:name", "86400"] {
            #expect(text.contains(kept), "\(kept) was changed in\n\(text)")
        }
        // Lower-case words that are no command: a list of scopes.
        E.expectUntouched(E.response(#"{"scopes":["auth","profile"],"verbs":["set","get"]}"#, "application/json"))
    }

    @Test func aRegistryAuthHeaderKeepsItsUserAndServer() throws {
        // Docker's X-Registry-Auth: base64 of the credentials as JSON.
        let password = "dckr_pat_Ho_bQIKrK1Ar-3CE4zkmx3ncN1S"
        let auth = Data(
            #"{"username":"acme-ci","password":"\#(password)","serveraddress":"https://index.docker.io/v1/"}"#.utf8
        ).base64EncodedString()
        let document = CassetteDocument(interactions: [
            ScrubFixtures.interaction(
                ScrubFixtures.request(
                    "POST", url: "http://localhost/v1.45/images/create?fromImage=acme/ledger",
                    headers: [HTTPHeader("X-Registry-Auth", auth)]))
        ])
        E.expectScrubbed(document, [password])
        let header = try #require(Scrubber.default.scrub(document).interactions[0].request.headers.first?.value)
        let decoded = String(decoding: try #require(Data(base64Encoded: header)), as: UTF8.self)
        #expect(decoded.contains(#""username":"acme-ci""#) && decoded.contains("index.docker.io"), "\(decoded)")
    }
}
