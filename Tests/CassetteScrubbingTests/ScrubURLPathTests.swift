import CassetteCore
import CassetteScrubbing
import Foundation
import Testing

/// Secrets in URL paths, in request URLs and in URLs inside bodies.
@Suite struct ScrubURLPathTests {
    typealias E = ScrubExpectations
    typealias F = ScrubFixtures

    static let cases: [(url: String, secret: String, scrubbed: String)] = [
        (
            "https://hooks.slack.com/services/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6",
            "slAckW3bhookS3cretXyZ9876", "https://hooks.slack.com/services/T0A1B2C3D/B4E5F6G7H/SCRUBBED-PATH-1"
        ),
        (
            "https://discord.com/api/webhooks/112233445566778899/dIsc0rdW3bh00kT0ken-abcdefghijklmnopqrstuvwxyzABCDEFGHIJ",
            "dIsc0rdW3bh00kT0ken-abcdefghijklmnopqrstuvwxyzABCDEFGHIJ",
            "https://discord.com/api/webhooks/112233445566778899/SCRUBBED-PATH-1"
        ),
        (
            "https://contoso.webhook.office.com/webhookb2/0f8fad5b-d9cb-469f-a165-70867728950e@72f988bf-86f1-41af-91ab-2d7cd011db47/IncomingWebhook/4b6e8a2c9d1f3e5a7b9c0d2e4f6a8b1c/1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b",
            "4b6e8a2c9d1f3e5a7b9c0d2e4f6a8b1c",
            "https://contoso.webhook.office.com/webhookb2/0f8fad5b-d9cb-469f-a165-70867728950e@72f988bf-86f1-41af-91ab-2d7cd011db47/IncomingWebhook/SCRUBBED-PATH-1/SCRUBBED-PATH-2"
        ),
        (
            "https://events.pagerduty.com/integration/5f2c8a91d04e4b7a9c3e6f1b2d8a0c47/enqueue",
            "5f2c8a91d04e4b7a9c3e6f1b2d8a0c47", "https://events.pagerduty.com/integration/SCRUBBED-PATH-1/enqueue"
        ),
        (
            "https://api.telegram.org/bot123456789:AAHtelegramBotT0kenAbCdEfGhIjKlMnOpQ/sendMessage",
            "123456789:AAHtelegramBotT0kenAbCdEfGhIjKlMnOpQ", "https://api.telegram.org/botSCRUBBED-PATH-1/sendMessage"
        ),
        (
            "https://shop.example.com/cart;jsessionid=A1B2C3D4E5F60718293A4B5C6D7E8F90?item=7",
            "A1B2C3D4E5F60718293A4B5C6D7E8F90", "https://shop.example.com/cart;jsessionid=SCRUBBED-PATH-1?item=7"
        ),
        (
            "https://app.example.com/reset-password/8f1c2b7e9a4d4c3b8e2f1a0b9c8d7e6f",
            "8f1c2b7e9a4d4c3b8e2f1a0b9c8d7e6f", "https://app.example.com/reset-password/SCRUBBED-PATH-1"
        ),
        (
            "https://app.example.com/auth/magic-link/eyMagicLinkT0ken_5b2c9e1d7f3a",
            "eyMagicLinkT0ken_5b2c9e1d7f3a", "https://app.example.com/auth/magic-link/SCRUBBED-PATH-1"
        ),
        (
            "https://img.example.com/tNuwCDNBt_Z_XgJrKw4KBQdwyBZenLt6Fh6svDvkimw/rs:fill:300:400:0/g:sm/plain/s3://media/a.jpg",
            "tNuwCDNBt_Z_XgJrKw4KBQdwyBZenLt6Fh6svDvkimw",
            "https://img.example.com/SCRUBBED-PATH-1/rs:fill:300:400:0/g:sm/plain/s3://media/a.jpg"
        ),
        (
            // Thumbor's HMAC-SHA1 before its options.
            "https://img.example.com/HJI96c8PSL_eHQS3RVJUOw28aX8=/640x360/smart/filters:format(webp)/cdn.example.com/a.jpg",
            "HJI96c8PSL_eHQS3RVJUOw28aX8=",
            "https://img.example.com/SCRUBBED-PATH-1/640x360/smart/filters:format(webp)/cdn.example.com/a.jpg"
        ),
        (
            // An Akamai token in the path: its `hmac` field goes, its expiry and ACL stay.
            "https://media.example.net/hls/live/2041877/hdntl=exp=1796004847~acl=/hls/live/*~hmac=c715154a31dbbc9b865bdef844b309ca/master.m3u8",
            "c715154a31dbbc9b865bdef844b309ca",
            "https://media.example.net/hls/live/2041877/hdntl=exp=1796004847~acl=/hls/live/*~hmac=SCRUBBED-PATH-1/master.m3u8"
        ),
        (
            "https://res.cloudinary.com/acme/image/upload/s--Py4oUTCX--/c_fill,w_600/v1795950000/products/front.jpg",
            "Py4oUTCX",
            "https://res.cloudinary.com/acme/image/upload/s--SCRUBBED-PATH-1--/c_fill,w_600/v1795950000/products/front.jpg"
        ),
    ]

    @Test(arguments: cases)
    func secretsInPathsAreReplaced(_ url: String, _ secret: String, _ expected: String) {
        let document = CassetteDocument(interactions: [F.interaction(F.request("POST", url: url))])
        E.expectScrubbed(document, [secret])
        #expect(Scrubber.default.scrub(document).interactions[0].request.url == expected)
        // Inside a body too, and masked alike for matching.
        E.expectScrubbed(E.response(#"{"webhook":"\#(url)"}"#, "application/json"), [secret])
        E.expectScrubbed(E.response("Use \(url) to continue.", "text/plain"), [secret])
        let recorded = Scrubber.default.scrub(document).interactions[0].request
        #expect(
            RequestMatcher(scrubber: .default).identity(of: document.interactions[0].request)
                == RequestMatcher(scrubber: .default).identity(of: recorded))
    }

    @Test func ordinaryPathsStay() {
        for url in [
            "https://api.github.com/repos/apple/swift/issues/71234", "https://api.example.com/v1/users/42/tokens",
            "https://hooks.slack.com/services", "https://example.com/docs/reset-password/how-it-works",
            "https://cdn.example.com/assets/app.3f2a9c1b8d7e6f5a.js", "ssh://git@github.com/org/repo.git",
            // 43 characters that are no imgproxy signature (no processing option after them), and a
            // Cloudinary path without a signature.
            "https://api.example.com/tNuwCDNBt_Z_XgJrKw4KBQdwyBZenLt6Fh6svDvkimw/details",
            "https://res.cloudinary.com/acme/image/upload/c_fill,w_600/v1795950000/products/front.jpg",
            // A hook's or an integration's number and name are no key.
            "https://api.github.com/repos/acme/ledger/hooks/498821034/pings",
            "https://gitlab.example.com/api/v4/projects/42/integration/slack-notifications",
        ] {
            E.expectUntouched(CassetteDocument(interactions: [F.interaction(F.request(url: url))]))
        }
    }
}
