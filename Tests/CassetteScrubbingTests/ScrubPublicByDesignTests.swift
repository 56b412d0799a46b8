import CassetteScrubbing
import Foundation
import Testing

/// Values that look like credentials but are public by design stay; what sits beside them and is
/// secret does not.
@Suite struct ScrubPublicByDesignTests {
    typealias E = ScrubExpectations

    static let publicKey = "f4a627b784f6bc6ed2b5c2783d1ec70f"

    /// A Sentry DSN's key ships in every browser bundle; a legacy DSN's secret part does not.
    @Test func aSentryDSNKeepsItsPublicKey() {
        let dsn = "https://\(Self.publicKey)@o149712.ingest.sentry.io/7540"
        E.expectUntouched(E.response("SENTRY_DSN=\(dsn)\nLOG_LEVEL=info\n", "text/plain"))
        E.expectUntouched(E.response(#"{"sentry":{"dsn":"\#(dsn)"}}"#, "application/json"))
        E.expectUntouched(E.response("sentry:\n  dsn: \(dsn)\n  environment: production\n", "application/yaml"))
        let secret = "9c0bd2a81e5f43d7a6b1c8e2f0d4a7b3"
        E.expectScrubbed(
            E.response("SENTRY_DSN=https://\(Self.publicKey):\(secret)@sentry.io/7540\n", "text/plain"), [secret])
        // A key as a URL user elsewhere is still a credential.
        E.expectScrubbed(
            E.response("REMOTE=https://\(Self.publicKey)@git.example.com/acme/app.git\n", "text/plain"),
            [Self.publicKey])
    }

    @Test func sentrysAuthHeaderKeepsItsKeyAndLosesItsSecret() {
        let header = "Sentry sentry_version=7, sentry_client=sentry.python/2.19.0, sentry_key=\(Self.publicKey)"
        let request = RecordedRequest(
            method: "POST", url: "https://o149712.ingest.sentry.io/api/7540/envelope/",
            headers: [HTTPHeader("X-Sentry-Auth", header)])
        let document = CassetteDocument(interactions: [
            Interaction(request: request, outcome: .failure(TransportError(code: -1)))
        ])
        #expect(
            Scrubber.default.scrub(document).interactions[0].request.headers == [HTTPHeader("X-Sentry-Auth", header)])
        let secret = "9c0bd2a81e5f43d7a6b1c8e2f0d4a7b3"
        let legacy = header + ", sentry_secret=\(secret)"
        let scrubbed = Scrubber.default.scrub(
            CassetteDocument(interactions: [
                Interaction(
                    request: RecordedRequest(
                        method: "POST", url: request.url, headers: [HTTPHeader("X-Sentry-Auth", legacy)]),
                    outcome: .failure(TransportError(code: -1)))
            ]))
        let value = scrubbed.interactions[0].request.headers.first?.value ?? ""
        #expect(!value.contains(secret))
        #expect(value.contains("sentry_key=\(Self.publicKey)"))
    }
}
