import CassetteScrubbing
import Testing

/// The name lists are data for the name matcher: these tests hold their spelling, so an entry can
/// never be unreachable (upper case, or a separator the matcher splits on).
@Suite struct ExtraSecretNamesTests {
    static let wordSets: [(String, Set<String>)] = [
        ("words", ExtraSecretNames.words), ("keyQualifiers", ExtraSecretNames.keyQualifiers),
        ("codeQualifiers", ExtraSecretNames.codeQualifiers),
        ("describingLastWords", ExtraSecretNames.describingLastWords),
        ("tokenCountWords", ExtraSecretNames.tokenCountWords),
    ]
    static let nameSets: [(String, Set<String>)] = [
        ("names", ExtraSecretNames.names), ("headerNames", ExtraSecretNames.headerNames),
        ("urlAndFormNames", ExtraSecretNames.urlAndFormNames), ("benignNames", ExtraSecretNames.benignNames),
    ]

    @Test func wordsAreSingleLowerCaseWords() {
        for (set, words) in Self.wordSets {
            for word in words {
                #expect(word == word.lowercased(), "\(set): \(word)")
                #expect(word.allSatisfy { $0.isLetter || $0.isNumber }, "\(set): \(word)")
            }
        }
        for ending in ExtraSecretNames.wordEndings {
            #expect(ending == ending.lowercased() && ending.allSatisfy { $0.isLetter })
        }
    }

    @Test func namesAreLowerCaseWordsJoinedByHyphens() {
        for (set, names) in Self.nameSets {
            for name in names {
                #expect(name == name.lowercased(), "\(set): \(name)")
                #expect(!name.hasPrefix("-") && !name.hasSuffix("-") && !name.contains("--"), "\(set): \(name)")
                #expect(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }, "\(set): \(name)")
            }
        }
    }

    @Test func noNameIsBothSecretAndBenign() {
        let secret = ExtraSecretNames.names.union(ExtraSecretNames.headerNames).union(ExtraSecretNames.urlAndFormNames)
        #expect(secret.intersection(ExtraSecretNames.benignNames).isEmpty)
    }

    @Test func theIssuesNamesAreListed() {
        let secret = ExtraSecretNames.names.union(ExtraSecretNames.headerNames).union(ExtraSecretNames.urlAndFormNames)
        for name in [
            "pass", "pswd", "passcode", "pin", "otp", "code-verifier", "device-code", "privatekey", "secretkey",
            "accesskey", "authkey", "application-key", "hmac", "sid", "phpsessid", "dd-application-key",
            "dd-api-key", "x-honeycomb-team", "x-functions-key", "x-jfrog-art-api", "ocp-apim-subscription-key",
            "x-amz-server-side-encryption-customer-key", "x-hub-signature-256", "x-slack-signature",
            "stripe-signature", "x-shopify-hmac-sha256", "x-twilio-signature",
        ] {
            #expect(secret.contains(name), "\(name)")
        }
        for name in [
            "x-ratelimit-remaining-tokens", "password-policies", "last-password-change-date-time",
            "token-endpoint-auth-methods-supported", "max-tokens", "prompt-tokens", "completion-tokens", "tokenizer",
            "password-changed-at", "secretary",
        ] {
            #expect(ExtraSecretNames.benignNames.contains(name), "\(name)")
        }
    }
}
