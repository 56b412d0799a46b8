import CassetteScrubbing
import Foundation
import Testing

/// Real-shaped API responses without secrets come through byte-identical, whatever their
/// content type says.
@Suite struct ScrubOrdinaryDataTests {
    typealias E = ScrubExpectations

    static let bodies: [(String, String, String)] = [
        (
            "GitHub repository", "application/json; charset=utf-8",
            #"{"id":1296269,"node_id":"MDEwOlJlcG9zaXRvcnkxMjk2MjY5","name":"Hello-World","full_name":"octocat/Hello-World","#
                + #""private":false,"owner":{"login":"octocat","id":1,"avatar_url":"https://github.com/images/error/octocat_happy.gif","#
                + #""type":"User"},"html_url":"https://github.com/octocat/Hello-World","git_url":"git:github.com/octocat/Hello-World.git","#
                + #""ssh_url":"git@github.com:octocat/Hello-World.git","clone_url":"https://github.com/octocat/Hello-World.git","#
                + #""default_branch":"main","permissions":{"admin":false,"push":false,"pull":true},"#
                + #""security_and_analysis":{"secret_scanning":{"status":"enabled"},"secret_scanning_push_protection":{"status":"disabled"}}}"#
        ),
        (
            "GitHub issue with a markdown body", "application/json",
            #"{"number":1347,"title":"Token refresh fails after password change","state":"open","#
                + #""body":"Steps:\n1. Change the password in settings.\n2. The refresh token request returns 401.\n\n```\ncurl -H 'Accept: application/json' https://api.example.com/v1/session\n```\nExpected: a new token.","#
                + #""labels":[{"name":"auth","color":"f29513"}],"reactions":{"+1":3,"heart":1},"author_association":"MEMBER"}"#
        ),
        (
            "Stripe payment intent", "application/json",
            #"{"id":"pi_3MtwBwLkdIwHu7ix28a3tqPa","object":"payment_intent","amount":2000,"currency":"usd","#
                + #""automatic_payment_methods":{"enabled":true},"client_secret_set":true,"livemode":false,"#
                + #""payment_method_types":["card"],"status":"requires_payment_method","capture_method":"automatic"}"#
        ),
        (
            "Stripe charge with card checks", "application/json",
            #"{"id":"ch_3MmlLrLkdIwHu7ix0snN0B15","object":"charge","amount":1099,"paid":true,"#
                + #""payment_method_details":{"card":{"brand":"visa","checks":{"address_line1_check":null,"cvc_check":"pass"},"#
                + #""exp_month":3,"exp_year":2026,"fingerprint":"Xt5EWLLDS7FJjR1c","last4":"4242"},"type":"card"}}"#
        ),
        (
            "Kubernetes pod that refers to secrets", "application/json",
            #"{"kind":"Pod","spec":{"imagePullSecrets":[{"name":"regcred"}],"volumes":[{"name":"tls","secret":{"secretName":"tls-cert"}}],"#
                + #""containers":[{"name":"app","env":[{"name":"DB_PASSWORD","valueFrom":{"secretKeyRef":{"name":"db","key":"password"}}}]}]}}"#
        ),
        (
            "Slack conversation info", "application/json",
            #"{"ok":true,"channel":{"id":"C012AB3CD","name":"general","is_channel":true,"created":1449252889,"#
                + #""topic":{"value":"Company-wide announcements","creator":"W012A3BCD","last_set":1449709364},"#
                + #""purpose":{"value":"This channel is for team-wide communication and announcements.","creator":"","last_set":0}}}"#
        ),
        (
            "S3 bucket listing", "application/xml",
            #"<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">"#
                + "<Name>example-bucket</Name><Prefix></Prefix><KeyCount>2</KeyCount><MaxKeys>1000</MaxKeys>"
                + #"<Contents><Key>reports/2024/summary.csv</Key><LastModified>2024-05-01T12:00:00.000Z</LastModified>"#
                + #"<ETag>&quot;d41d8cd98f00b204e9800998ecf8427e&quot;</ETag><Size>434234</Size><StorageClass>STANDARD</StorageClass></Contents>"#
                + "</ListBucketResult>"
        ),
        (
            "STS caller identity", "text/xml",
            "<GetCallerIdentityResponse><GetCallerIdentityResult><Arn>arn:aws:iam::123456789012:user/deploy</Arn>"
                + "<UserId>AIDASAMPLEUSERID</UserId><Account>123456789012</Account></GetCallerIdentityResult>"
                + "<ResponseMetadata><RequestId>01234567-89ab-cdef-0123-456789abcdef</RequestId></ResponseMetadata>"
                + "</GetCallerIdentityResponse>"
        ),
        (
            "Okta user", "application/json",
            #"{"id":"00ub0oNGTSWTBKOLGLNR","status":"ACTIVE","created":"2013-07-02T21:36:25.344Z","#
                + #""passwordChanged":"2013-07-02T21:36:25.344Z","profile":{"firstName":"Isaac","lastName":"Brock","login":"isaac.brock"},"#
                + #""credentials":{"password":{},"recovery_question":{"question":"Who's a major player in the cowboy scene?"},"#
                + #""provider":{"type":"OKTA","name":"OKTA"}}}"#
        ),
        (
            "chat completion stream", "text/event-stream",
            "data: {\"id\":\"chatcmpl-123\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello\"},\"logprobs\":{\"content\":[{\"token\":\"Hello\",\"logprob\":-0.1,\"bytes\":[72]}]}}]}\n\n"
                + "data: {\"id\":\"chatcmpl-123\",\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":1,\"total_tokens\":13}}\n\ndata: [DONE]\n\n"
        ),
        (
            "Anthropic message", "application/json",
            #"{"id":"msg_01XFDUDYJgAACzvnptvVoYEL","type":"message","role":"assistant","model":"claude-3-5-sonnet","#
                + #""content":[{"type":"text","text":"The password policy requires 12 characters. Tokens expire after one hour."}],"#
                + #""stop_reason":"end_turn","usage":{"input_tokens":2095,"output_tokens":503,"cache_read_input_tokens":0}}"#
        ),
        (
            "HTML login page without values", "text/html; charset=utf-8",
            #"<!doctype html><html><head><meta name="csrf-param" content="authenticity_token"><title>Sign in</title></head>"#
                + #"<body><form action="/session" method="post"><label for="password">Password</label>"#
                + #"<input type="password" name="password" id="password" autocomplete="current-password" placeholder="Password">"#
                + #"<a href="/password_reset">Forgot password?</a></form></body></html>"#
        ),
        (
            "Kubernetes config map", "application/json",
            #"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"app-config","namespace":"default"},"#
                + #""data":{"LOG_LEVEL":"info","TOKEN_TTL":"3600","game.properties":"enemies=aliens\nlives=3\nsecret.code.allowed=true\n"}}"#
        ),
        (
            "package registry metadata", "application/json",
            #"{"name":"left-pad","dist-tags":{"latest":"1.3.0"},"versions":{"1.3.0":{"name":"left-pad","version":"1.3.0","#
                + #""dist":{"integrity":"sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQ9NAJ9DmRZ6ApwtJuL/Lt+N3eUhw8vLvwf4Ohu4w0evuGQ==","#
                + #""shasum":"5b8a3a7765dfe001261dde915589e782f8c94d1e","tarball":"https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz"}}}}"#
        ),
        (
            "form-encoded search", "application/x-www-form-urlencoded",
            "q=reset+password+link&sort=relevance&page=2&filter=token_type%3Dbearer"
        ),
        (
            "plain log", "text/plain",
            "2024-05-01T12:00:00Z INFO token refresh scheduled in 3600s\n2024-05-01T12:00:01Z WARN password: policy check skipped\nsession started for user 42\n"
        ),
        (
            "pagination cursors", "application/json",
            #"{"NextContinuationToken":"1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=","next_page_token":"CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA","#
                + #""syncToken":"CPDAlvWDx70CEPDAlvWDx70CGAU=","resumeToken":"82635019A0000000012B022C0100296E5A1004"}"#
        ),
        (
            "durations of secrets", "application/json",
            #"{"data":{"TOKEN_TTL_SECONDS":"3600","SESSION_TIMEOUT_MS":"900000","PASSWORD_MAX_AGE_DAYS":"90"}}"#
        ),
        (
            "WebAuthn registration options", "application/json",
            #"{"challenge":"aGVsbG8td2ViYXV0aG4tY2hhbGxlbmdl","excludeCredentials":[{"id":"AQIDBAUGBwgJCgsMDQ4PEA","#
                + #""transports":["internal","hybrid"],"type":"public-key"}],"allowCredentials":[]}"#
        ),
    ]

    @Test(arguments: bodies)
    func ordinaryResponsesComeThroughUnchanged(_ name: String, _ contentType: String, _ body: String) {
        E.expectUntouched(E.response(body, contentType))
        E.expectUntouched(E.response(body, "text/plain"))
    }

    @Test func rateLimitAndCacheHeadersStay() {
        let headers: [HTTPHeader] = [
            .init("x-ratelimit-limit-requests", "10000"), .init("x-ratelimit-remaining-tokens", "149984"),
            .init("x-ratelimit-reset-tokens", "6ms"), .init("X-RateLimit-Used", "1"),
            .init("anthropic-ratelimit-output-tokens-remaining", "80000"),
            .init("ETag", "W/\"5d41402abc4b2a76b9719d911017c592\""),
            .init("X-GitHub-Request-Id", "CF0C:1E7A:9A4C3F:9C6E1B:663211F5"),
            .init("Vary", "Accept, Authorization, Cookie"),
            .init("Link", "<https://api.github.com/repositories/1/issues?page=2>; rel=\"next\""),
        ]
        E.expectUntouched(
            CassetteDocument(interactions: [ScrubFixtures.interaction(ScrubFixtures.response(headers: headers))]))
    }
}
