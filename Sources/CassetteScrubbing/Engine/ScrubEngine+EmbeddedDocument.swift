import CassetteModel

extension ScrubEngine {
    /// Whether a value under a secret's name is a document that names its own secrets: a JSON
    /// object, as text or as base64 of it (a Secret Manager payload holding a service-account key
    /// file, a payment provider's client token holding an authorization JWT beside its merchant id
    /// and configuration URL), in which a member's name says secret or a string holds a token of a
    /// known shape (an address does not count: it says nothing of the other members). Such a
    /// document is read for what it holds, its ordinary members kept; a document that names none of
    /// its secrets stays one secret whole.
    ///
    /// The judgement is the same on the scrubbed document (a placeholder under `private_key` still
    /// names a secret), so a second scrub changes nothing.
    mutating func isDocumentNamingItsSecrets(_ text: String, _ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, depth < ScrubEngine.maximumDepth - 1 else { return false }
        let document: [UInt8]
        if bytes.first == UInt8(ascii: "{") {
            document = bytes
        } else if bytes.first == UInt8(ascii: "e"), let (decoded, _) = ScrubTextCodecs.base64Text(text),
            decoded.utf8.first == UInt8(ascii: "{")
        {
            // Base64 of a JSON object starts `ey`: `{"` or `{\n` encoded.
            document = Array(decoded.utf8)
        } else {
            return false
        }
        guard case .object(let members)? = try? JSONParser.parse(document), members.count >= 2 else { return false }
        return namesSecret(members, depth: 0)
    }

    /// Whether an object, or one below it (to a depth of three), has a member named like a secret
    /// that holds a string, or a string that holds a token of a known shape.
    private mutating func namesSecret(_ members: [JSONValue.Member], depth: Int) -> Bool {
        for member in members {
            switch member.value {
            case .string(let value) where !value.isEmpty:
                if isSecretName(member.key, in: .jsonKey) || holdsToken(value) { return true }
            case .object(let inner) where depth < 3:
                if namesSecret(inner, depth: depth + 1) { return true }
            default:
                continue
            }
        }
        return false
    }

    /// Whether a string holds a token of a known shape of sixteen characters or more (a JWT with a
    /// query after it); an email address is no token.
    private mutating func holdsToken(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count >= 16 else { return false }
        return detections(in: value, bytes).contains {
            $0.range.count >= 16 && $0.rule.name != ScrubRule.email.rawValue
        }
    }
}
